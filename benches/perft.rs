//! Classic perft from the standard start, ncbg against the `bkgm` crate, side
//! by side in one run on the same machine.
//!
//!     cargo bench --bench perft            (depth 3, best of 3 runs)
//!     cargo bench --bench perft -- 2 5     (depth 2, best of 5 runs)
//!
//! bkgm's loop is the one of its own `bkgm-perft` binary: every leaf position
//! is built and recursed into. ncbg is timed twice: with every leaf position
//! built (`classic_generated`, like for like with bkgm) and with bulk-counted
//! leaves (`perft::classic`). The three runs alternate, and each program's
//! best time is kept.

use bkgm::dice::ALL_21;
use bkgm::{ClassicRules, PositionRules};
use ncbg::board::Variant;
use std::time::Instant;

fn bkgm_perft(position: &bkgm::Position<15>, depth: usize) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut total = 0;
    for (dice, _) in ALL_21 {
        let legal = <ClassicRules as PositionRules<15>>::legal_positions(*position, &dice);
        for next in legal.iter() {
            total += bkgm_perft(next, depth - 1);
        }
    }
    total
}

/// Runs each program `runs` times, alternating them (so that a change in the
/// machine's speed hits all alike), and keeps each one's best time.
fn alternate(runs: usize, programs: &mut [&mut dyn FnMut() -> u64]) -> Vec<(u64, f64)> {
    let mut best = vec![(0, f64::INFINITY); programs.len()];
    for _ in 0..runs {
        for (program, best) in programs.iter_mut().zip(best.iter_mut()) {
            let t = Instant::now();
            let nodes = program();
            *best = (nodes, best.1.min(t.elapsed().as_secs_f64()));
        }
    }
    best
}

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let depth = args.first().copied().unwrap_or(3);
    let runs = args.get(1).copied().unwrap_or(3);

    let start = Variant::Standard.start();
    let bk_start = bkgm::codecs::gnuid::decode_position::<15>("4HPwATDgc/ABMA").expect("start id");

    let d = depth as u32;
    let timed = alternate(
        runs,
        &mut [
            &mut || bkgm_perft(&bk_start, depth),
            &mut || ncbg::perft::classic_generated(&start, d),
            &mut || ncbg::perft::classic(&start, d),
        ],
    );
    let [(bk_nodes, bk_time), (gen_nodes, gen_time), (bulk_nodes, bulk_time)] = timed[..] else {
        unreachable!("three programs")
    };
    assert_eq!(bk_nodes, gen_nodes, "node counts differ");
    assert_eq!(bk_nodes, bulk_nodes, "node counts differ");

    let mnps = |n: u64, t: f64| n as f64 / t / 1e6;
    println!("classic perft depth {depth}, {bk_nodes} nodes, best of {runs} runs");
    println!(
        "  bkgm 0.6                 {:8.3} s  {:7.1} M nodes/s",
        bk_time,
        mnps(bk_nodes, bk_time)
    );
    println!(
        "  ncbg (leaves generated)  {:8.3} s  {:7.1} M nodes/s  {:.2}x bkgm",
        gen_time,
        mnps(gen_nodes, gen_time),
        bk_time / gen_time
    );
    println!(
        "  ncbg (leaves counted)    {:8.3} s  {:7.1} M nodes/s  {:.2}x bkgm",
        bulk_time,
        mnps(bulk_nodes, bulk_time),
        bk_time / bulk_time
    );
}
