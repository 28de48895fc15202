//! The engine binary while it searches: `isready` answered at once, `stop`
//! giving exactly one `bestmove`, `busy` errors, `quit` and end of input.

mod engine_util;

use engine_util::Engine;
use std::time::Duration;

/// Reads lines until one that is not an `info` line, and returns it.
fn next_non_info(e: &mut Engine) -> String {
    loop {
        let l = e.line();
        if !l.starts_with("info ") {
            return l;
        }
    }
}

/// Starts `go infinite` and waits for its first `info` line.
fn start_infinite(e: &mut Engine) {
    e.send("go infinite");
    let l = e.line();
    assert!(l.starts_with("info depth 1 "), "{l}");
}

/// An engine searching on `threads` threads.
fn engine(threads: usize) -> Engine {
    let mut e = Engine::start();
    assert!(e
        .ask(&format!("setoption name Threads value {threads}"))
        .is_empty());
    e
}

#[test]
fn isready_is_answered_during_an_infinite_search() {
    for threads in [1, 2] {
        isready_during_search(threads);
    }
}

fn isready_during_search(threads: usize) {
    let mut e = engine(threads);
    e.ask("position startpos moves 3 5");
    start_infinite(&mut e);
    for _ in 0..50 {
        e.send("isready");
        assert_eq!(next_non_info(&mut e), "readyok");
    }
    e.send("stop");
    let best = next_non_info(&mut e);
    assert!(best.starts_with("bestmove "), "{best}");
    assert!(e.sync().is_empty(), "one bestmove only");
}

#[test]
fn a_rejected_stop_or_quit_leaves_the_search_running() {
    let mut e = engine(1);
    e.ask("position startpos moves 3 5");
    start_infinite(&mut e);
    // Lines that only look like `stop` or `quit` to a looser trim: each is
    // one error, and the search goes on (no bestmove, the engine stays).
    for bad in [
        "stop\x0b",
        "\x0cstop",
        "stop\u{a0}",
        "\x0cquit",
        "quit\r\r",
        "stop x",
    ] {
        e.send(bad);
        let l = next_non_info(&mut e);
        assert!(l.starts_with("error "), "{bad:?}: {l}");
    }
    assert!(
        e.sync().iter().all(|l| l.starts_with("info ")),
        "no bestmove while searching"
    );
    e.send("stop");
    let best = next_non_info(&mut e);
    assert!(best.starts_with("bestmove "), "{best}");
}

#[test]
fn stop_gives_exactly_one_bestmove_every_time() {
    for threads in [1, 2] {
        one_bestmove_per_stop(threads);
    }
}

fn one_bestmove_per_stop(threads: usize) {
    let mut e = engine(threads);
    e.ask("position startpos moves 3 5 6");
    for round in 0..20 {
        if round % 2 == 0 {
            start_infinite(&mut e);
            e.send("stop");
        } else {
            // go and stop at once, before the search has reported anything.
            e.send_bytes(b"go infinite\nstop\n");
        }
        let best = next_non_info(&mut e);
        assert!(best.starts_with("bestmove "), "{best}");
        // Extra stops are ignored; nothing else comes.
        e.send("stop");
        assert!(e.sync().is_empty(), "round {round}");
    }
    // A stop with no search is ignored.
    assert!(e.ask("stop").is_empty());
}

#[test]
fn an_infinite_search_waits_for_stop_even_when_it_ends() {
    for threads in [1, 2] {
        infinite_waits_for_stop(threads);
    }
}

fn infinite_waits_for_stop(threads: usize) {
    let mut e = engine(threads);
    // Y bears off its last two checkers with any pick: the search proves the
    // win at depth 1 and ends, but `go infinite` must wait for `stop`.
    e.ask("position state /y4iBAADAAAAAA:Ypick:x1y2:d00:k6");
    e.send("go infinite");
    e.send("isready");
    assert_eq!(next_non_info(&mut e), "readyok");
    let mut early = Vec::new();
    while let Some(l) = e.line_within(Duration::from_millis(300)) {
        early.push(l);
    }
    assert!(early.iter().all(|l| l.starts_with("info ")), "{early:?}");
    e.send("stop");
    let best = next_non_info(&mut e);
    assert!(best.ends_with(":1/off(2)"), "{best}");
    assert!(e.sync().is_empty());
}

#[test]
fn state_changes_are_busy_during_a_search() {
    let mut e = Engine::start();
    e.ask("position startpos moves 3 5");
    let before = e.key("stateid");
    start_infinite(&mut e);
    for cmd in [
        "position startpos",
        "go depth 1",
        "setoption name Hash value 1",
        "newgame",
        "choose-number 4",
        "move 4:24/20,24/19",
        "perft 1",
        "bench depth 1",
        // `busy` comes before the arguments are judged: malformed ones too.
        "setoption name Bogus",
        "setoption na+me Clear Hash",
        "position junk",
        "go nodes x",
        "choose-number",
        "move",
        "perft x",
        "bench\tdepth",
    ] {
        e.send(cmd);
        let l = next_non_info(&mut e);
        assert!(l.starts_with("error busy "), "{cmd}: {l}");
    }
    // Read-only commands work during the search.
    e.send("legal");
    let mut legal = Vec::new();
    loop {
        let l = next_non_info(&mut e);
        let done = l.starts_with("legalok");
        legal.push(l);
        if done {
            break;
        }
    }
    assert_eq!(legal.last().unwrap(), "legalok 5");
    e.send("d");
    let mut stateid = None;
    loop {
        let l = next_non_info(&mut e);
        if let Some(id) = l.strip_prefix("stateid ") {
            stateid = Some(id.to_string());
        }
        if l == "dok" {
            break;
        }
    }
    assert_eq!(stateid.as_deref(), Some(before.as_str()));
    e.send("eval");
    while !next_non_info(&mut e).starts_with("evalok ") {}
    e.send("stop");
    assert!(next_non_info(&mut e).starts_with("bestmove "));
    // Nothing changed, and the engine is idle again.
    assert_eq!(e.key("stateid"), before);
    assert!(e.ask("choose-number 4").is_empty());
}

#[test]
fn quit_during_a_search_gives_its_bestmove_and_exits() {
    for threads in [1, 2] {
        quit_during_search(threads);
    }
}

fn quit_during_search(threads: usize) {
    let mut e = engine(threads);
    e.ask("position startpos moves 3 5");
    start_infinite(&mut e);
    e.send("quit");
    assert!(e.wait_exit().success());
    let rest = e.rest();
    let best: Vec<&String> = rest.iter().filter(|l| !l.starts_with("info ")).collect();
    assert_eq!(best.len(), 1, "{rest:?}");
    assert!(best[0].starts_with("bestmove "), "{rest:?}");
}

#[test]
fn end_of_input_is_quit() {
    // During a search: the bestmove, then exit 0.
    let mut e = Engine::start();
    e.ask("position startpos moves 3 5");
    start_infinite(&mut e);
    e.close_stdin();
    assert!(e.wait_exit().success());
    let rest = e.rest();
    let best: Vec<&String> = rest.iter().filter(|l| !l.starts_with("info ")).collect();
    assert_eq!(best.len(), 1, "{rest:?}");
    assert!(best[0].starts_with("bestmove "), "{rest:?}");
    // When idle: exit 0 and nothing printed. A last line without '\n' counts.
    let mut e = Engine::start();
    e.send_bytes(b"isready");
    e.close_stdin();
    assert!(e.wait_exit().success());
    assert_eq!(e.rest(), ["readyok"]);
}

#[test]
fn logs_stay_off_stdout() {
    let mut e = Engine::start_with(&[("RUST_LOG", "trace")]);
    assert!(e.ask("position startpos moves 3 5").is_empty());
    let lines = e.go("go depth 2");
    assert!(
        lines
            .iter()
            .all(|l| l.starts_with("info depth ") || l.starts_with("bestmove ")),
        "{lines:?}"
    );
    assert_eq!(
        e.ask("fly"),
        ["error unknown-command 'fly' is not a command"]
    );
    e.send("quit");
    assert!(e.wait_exit().success());
    assert!(e.rest().is_empty());
}

/// `perft` and `bench` run on the search thread: `isready` is answered while
/// they run, other commands are busy, and `stop` ends them with a partial
/// answer.
#[test]
fn perft_and_bench_leave_the_engine_responsive() {
    let mut e = Engine::start();
    e.send("position startpos moves 3 5");
    e.send("perft 6");
    e.send("isready");
    assert_eq!(next_non_info(&mut e), "readyok");
    e.send("newgame");
    assert!(next_non_info(&mut e).starts_with("error busy "));
    e.send("stop");
    let l = next_non_info(&mut e);
    assert!(
        l.starts_with("perft 6 nodes ") && l.ends_with(" partial"),
        "{l}"
    );
    // A whole perft has no `partial`, and its count is the known one.
    e.send("perft 2");
    assert!(next_non_info(&mut e).starts_with("perft 2 nodes 3635 "));
    e.send("bench depth 6");
    e.send("isready");
    assert_eq!(next_non_info(&mut e), "readyok");
    // Each state's line comes as it is searched (the first is quick), not
    // all at the end.
    let first = e.line();
    assert!(first.starts_with("info string bench 1 "), "{first}");
    // Into the second state (a few hundred milliseconds at depth 6).
    std::thread::sleep(Duration::from_millis(50));
    e.send("stop");
    let mut lines = Vec::new();
    let total = loop {
        let l = e.line();
        if !l.starts_with("info ") {
            break l;
        }
        lines.push(l);
    };
    assert!(
        total.contains(" nodes ") && total.ends_with(" partial"),
        "{total}"
    );
    // A state the stop cut short says so: only the last line can (the
    // stop may also land between two states, and then none does).
    let partial = lines.iter().filter(|l| l.ends_with(" partial")).count();
    assert!(partial <= 1, "{lines:?}");
    assert!(
        partial == 0 || lines.last().unwrap().ends_with(" partial"),
        "{lines:?}"
    );
    // Idle again.
    assert!(e.ask("choose-number 4").is_empty());
}

/// With its stdout closed, the engine ends even while a search writes
/// nothing: `go infinite` at its depth cap waits silently for `stop`, so
/// only a watch on stdout itself can notice that nobody reads any more.
#[test]
fn a_closed_stdout_ends_a_silent_search() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command, Stdio};
    use std::time::Instant;
    let mut child = Command::new(env!("CARGO_BIN_EXE_ncbg"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    writeln!(
        stdin,
        "setoption name Depth value 1\nposition startpos moves 3 5\ngo infinite"
    )
    .unwrap();
    stdin.flush().unwrap();
    let mut line = String::new();
    stdout.read_line(&mut line).unwrap();
    assert!(line.starts_with("info depth 1"), "{line}");
    std::thread::sleep(Duration::from_millis(100));
    drop(stdout);
    let closed = Instant::now();
    // A generous bound against a hang, not a speed goal.
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if closed.elapsed() > Duration::from_secs(10) {
            let _ = child.kill();
            panic!("the engine runs on with its stdout closed");
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    eprintln!("exited {:?} after stdout closed", closed.elapsed());
    assert!(status.success());
    drop(stdin);
}
