//! The `Hash` option against the real binary: a table larger than the
//! memory the engine may have is refused with one `error` line, and the
//! engine goes on with its old table.

mod engine_util;

use engine_util::Engine;

#[test]
fn a_hash_larger_than_the_memory_limit_is_an_error_not_an_abort() {
    // 1.5 GiB of address space: the engine runs, 4 GiB of table cannot.
    let mut e = Engine::start_with_memory_limit(1_536 * 1024);
    e.send("setoption name Hash value 4096");
    e.send("isready");
    let reply = e.line();
    assert!(
        reply.starts_with("error bad-value Hash 4096: cannot allocate 4096 MiB"),
        "{reply}"
    );
    assert!(reply.contains("it stays 16 MiB"), "{reply}");
    assert_eq!(e.line(), "readyok");
    // The engine still plays, and a size that fits is taken.
    e.send("setoption name Hash value 64");
    e.send("position startpos moves 3 5");
    e.send("go depth 2");
    loop {
        let l = e.line();
        assert!(!l.starts_with("error"), "{l}");
        if l.starts_with("bestmove ") {
            break;
        }
    }
    e.send("quit");
}

/// Resident memory of a process in KiB (Linux).
fn resident_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

#[test]
fn a_large_table_is_not_filled_before_readyok() {
    // 1 GiB of table: its zeroed pages come from the system untouched, so
    // the engine does not write a gigabyte before answering.
    let mut e = Engine::start();
    e.send("setoption name Hash value 1024");
    e.send("isready");
    assert_eq!(e.line(), "readyok");
    if let Some(kib) = resident_kib(e.pid()) {
        assert!(kib < 256 * 1024, "resident {kib} KiB after Hash 1024");
    }
    e.send("quit");
}
