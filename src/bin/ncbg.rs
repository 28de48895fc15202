fn main() {
    let d: u32 = std::env::args()
        .nth(1)
        .map(|s| s.parse().unwrap())
        .unwrap_or(3);
    let gen = std::env::args().nth(2).is_some();
    let start = ncbg::board::Variant::Standard.start();
    for depth in 1..=d {
        let t = std::time::Instant::now();
        let n = if gen {
            ncbg::perft::classic_generated(&start, depth)
        } else {
            ncbg::perft::classic(&start, depth)
        };
        let s = t.elapsed().as_secs_f64();
        println!(
            "depth {depth} nodes {n} time {s:.3}s nps {:.0}",
            n as f64 / s
        );
    }
}
