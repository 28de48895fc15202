//! Latency of the engine binary while it searches (not a test: timings vary
//! by machine). Spawns the real `ncbg` and measures, over 1000 tries each:
//!
//! - `isready` → `readyok` while `go infinite` runs;
//! - `stop` → `bestmove` of a running `go infinite`.
//!
//! Run with `cargo bench --bench latency` (a release-profile binary), or
//! `cargo bench --bench latency -- 2` to search on two threads (`Threads`).

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
        let mut line = String::new();
        loop {
            line.clear();
            let n = self.stdout.read_line(&mut line).expect("read");
            assert!(n > 0, "ncbg closed its output");
            if line.starts_with(prefix) {
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
    let threads: usize = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(1);
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
    println!("Threads {threads}");
    report("isready -> readyok (searching)", ready);
    report("stop -> bestmove", stop);
    e.send("quit");
    let _ = child.wait();
}
