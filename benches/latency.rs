//! Latency of the engine binary while it searches (not a test: timings vary
//! by machine). Spawns the real `ncbg` and measures, over 1000 tries each:
//!
//! - `isready` → `readyok` while `go infinite` runs;
//! - `stop` → `bestmove` of a running `go infinite`;
//! - `go movetime 100` → `bestmove` over the turns of self-played games
//!   (100 answers): how far past its `movetime` the engine answers, as a
//!   referee's clock sees it.
//!
//! Run with `cargo bench --bench latency` (a release-profile binary), or
//! `cargo bench --bench latency -- 2` to search on two threads (`Threads`);
//! `-- 1 load 4` runs four busy threads beside the engine throughout (a
//! loaded machine: on 2 cores the engine then gets a share of one). The
//! answer times under load tell the engine's part of a late answer (a
//! clock checked too seldom, a search slow to stop) from the machine's
//! (an engine waiting for a processor, whatever it does).

use std::io::{BufRead, BufReader, Write};
use std::process::{ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

const TRIES: usize = 1000;

struct Engine {
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Engine {
    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").expect("write");
        self.stdin.flush().expect("flush");
    }

    /// Reads lines until one starts with `prefix`.
    fn until(&mut self, prefix: &str) -> String {
        self.until_any(&[prefix])
    }

    /// Reads lines until one starts with one of `prefixes`.
    fn until_any(&mut self, prefixes: &[&str]) -> String {
        let mut line = String::new();
        loop {
            line.clear();
            let n = self.stdout.read_line(&mut line).expect("read");
            assert!(n > 0, "ncbg closed its output");
            if prefixes.iter().any(|p| line.starts_with(p)) {
                return line.trim_end().to_string();
            }
        }
    }
}

fn report(name: &str, mut samples: Vec<Duration>) {
    samples.sort();
    let at = |q: f64| samples[((samples.len() - 1) as f64 * q).round() as usize];
    println!(
        "{name:<32} n {}  p50 {:>8.1} us  p99 {:>8.1} us  max {:>8.1} us",
        samples.len(),
        at(0.50).as_secs_f64() * 1e6,
        at(0.99).as_secs_f64() * 1e6,
        samples.last().unwrap().as_secs_f64() * 1e6
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let threads: usize = args.iter().find_map(|a| a.parse().ok()).unwrap_or(1);
    let load: usize = args
        .iter()
        .position(|a| a == "load")
        .and_then(|i| args.get(i + 1)?.parse().ok())
        .unwrap_or(0);
    let spinning = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let spinners: Vec<_> = (0..load)
        .map(|_| {
            let spinning = spinning.clone();
            std::thread::spawn(move || {
                let mut x = 0u64;
                while spinning.load(std::sync::atomic::Ordering::Relaxed) {
                    x = std::hint::black_box(x.wrapping_mul(6364136223846793005).wrapping_add(1));
                }
            })
        })
        .collect();
    let mut child = Command::new(env!("CARGO_BIN_EXE_ncbg"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start ncbg");
    let mut e = Engine {
        stdin: child.stdin.take().unwrap(),
        stdout: BufReader::new(child.stdout.take().unwrap()),
    };
    e.send(&format!("setoption name Threads value {threads}"));
    e.send("position startpos moves 3 5");
    e.send("isready");
    e.until("readyok");

    // readyok while searching.
    e.send("go infinite");
    e.until("info depth 1 ");
    let mut ready = Vec::with_capacity(TRIES);
    for _ in 0..TRIES {
        let t = Instant::now();
        e.send("isready");
        e.until("readyok");
        ready.push(t.elapsed());
    }
    e.send("stop");
    e.until("bestmove");

    // bestmove after stop.
    let mut stop = Vec::with_capacity(TRIES);
    for i in 0..TRIES {
        e.send("go infinite");
        e.until("info depth 1 ");
        // Let the search get into its deeper iterations now and then.
        if i % 10 == 0 {
            std::thread::sleep(Duration::from_millis(20));
        }
        let t = Instant::now();
        e.send("stop");
        e.until("bestmove");
        stop.push(t.elapsed());
    }

    // go movetime 100 -> bestmove along self-played games.
    const MOVETIME_MS: u64 = 100;
    let mut late = Vec::with_capacity(100);
    let mut early = 0;
    let mut answers = 0;
    let mut moves: Vec<String> = vec!["3".into(), "5".into()];
    while answers < 100 {
        e.send(&format!("position startpos moves {}", moves.join(" ")));
        e.send("isready");
        e.until("readyok");
        let t = Instant::now();
        e.send(&format!("go movetime {MOVETIME_MS}"));
        let answer = e.until_any(&["bestmove", "error"]);
        let elapsed = t.elapsed();
        if answer.starts_with("error") {
            // The game is over: another one.
            moves = vec!["3".into(), "5".into()];
            continue;
        }
        answers += 1;
        match elapsed.checked_sub(Duration::from_millis(MOVETIME_MS)) {
            Some(over) => late.push(over),
            None => {
                early += 1;
                late.push(Duration::ZERO);
            }
        }
        let token = answer.split_whitespace().nth(1).unwrap_or("").to_string();
        // An 80-turn game starts another.
        if token.is_empty() || moves.len() > 80 {
            moves = vec!["3".into(), "5".into()];
        } else {
            moves.push(token);
        }
    }
    spinning.store(false, std::sync::atomic::Ordering::Relaxed);
    for s in spinners {
        let _ = s.join();
    }
    println!("Threads {threads}, {load} busy threads beside the engine");
    report("isready -> readyok (searching)", ready);
    report("stop -> bestmove", stop);
    println!("go movetime {MOVETIME_MS}: {early} of 100 answers within it");
    report("  time past movetime", late);
    e.send("quit");
    let _ = child.wait();
}
