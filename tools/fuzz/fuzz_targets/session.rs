//! The NCBP session (`ncbg::engine::Session`) fed the input as protocol
//! lines, through the engine's own line reader (so too long and non-UTF-8
//! lines are in play too).
//!
//! A line that starts with the byte 0x01 is the harness's, not the
//! engine's: it becomes `move <token>` for one of the legal turns (chosen
//! by the bytes after it), so that short inputs reach deep games; that
//! `move` must be accepted silently.
//!
//! Asserted for every line: no panic; every output line is one line, and
//! an `error` line carries a code of ncbp.md §6; a command that is
//! rejected gets exactly one `error` line and changes nothing (game,
//! history, options); the silent commands print nothing when they succeed;
//! `legal` lists exactly the legal turns and ends with `legalok <count>`;
//! an `error` line is at most 250 bytes (quoted tokens are cut to 40
//! characters) unless it names a file; `d` ends with `dok` and its
//! `stateid` line is the game's; `eval` ends
//! with `evalok <v>`, `v` strictly between -3000 and 3000 and off
//! multiples of 1000; `go` ends with one `bestmove` whose token is a legal
//! turn; while a search job is out, every command that needs an idle
//! engine gets `error busy` and changes nothing.
//!
//! Searches are kept small: a `go` runs with at most 600 nodes (its
//! other limits as given, `infinite` dropped), `perft` at most depth 1,
//! `bench` depth 1. `setoption` lines that would allocate a large table
//! (`Hash` above 32), start many threads (`Threads` above 2) or read files
//! outside the working folder (a value with `/`, `\` or `..` for
//! `EvalFile`, `Tables`, `TablesPath`) are skipped.

#![no_main]

use libfuzzer_sys::fuzz_target;
use ncbg::engine::{parse_command, Command, LineReader, Reply, SearchJob, Session, Task};
use ncbg::game::GameState;
use ncbg::ids::state_id;
use ncbg::search::StopFlag;
use ncbg::turn::{self, legal_turns, TurnForm};
use ncbg_fuzz::{check_eval_value, check_line};
use std::io::Cursor;

/// What a rejected command must leave as it was.
#[derive(PartialEq, Debug)]
struct Observable {
    game: GameState,
    history: Vec<GameState>,
    options: ncbg::engine::options::Options,
}

fn observe(s: &Session) -> Observable {
    Observable {
        game: *s.game(),
        history: s.history().to_vec(),
        options: s.options().clone(),
    }
}

/// The commands not allowed while a search runs (ncbp.md §6, `busy`).
const IDLE_ONLY: [&str; 8] = [
    "position",
    "go",
    "setoption",
    "newgame",
    "choose-number",
    "move",
    "perft",
    "bench",
];

/// Lines the harness does not send (see the module comment).
fn skipped(line: &str) -> bool {
    let Ok(Some(Command::SetOption { name, value })) = parse_command(line) else {
        return false;
    };
    let name = name.to_ascii_lowercase();
    let value = value.unwrap_or_default();
    let number = value.trim_start_matches('+').parse::<u64>().ok();
    match name.as_str() {
        "hash" => number.is_none_or(|n| n > 32),
        "threads" => number.is_none_or(|n| n > 2),
        "evalfile" | "tables" | "tablespath" => {
            value.contains('/') || value.contains('\\') || value.contains("..")
        }
        _ => false,
    }
}

/// Checks the lines a finished command printed.
fn check_lines(cmd: &Option<Command>, lines: &[String], before: &Observable, s: &Session) {
    for l in lines {
        check_line(l);
    }
    let errors = lines.iter().filter(|l| l.starts_with("error ")).count();
    if errors > 0 {
        assert_eq!(lines.len(), 1, "an error comes alone: {lines:?}");
        // Quoted tokens are cut to 40 characters (ncbp.md §6), so an error
        // line stays short; only a file is named in full.
        let file = ["EvalFile", "Tables", "TablesPath"]
            .iter()
            .any(|o| lines[0].starts_with(&format!("error bad-value {o} ")));
        assert!(
            file || lines[0].len() <= 250,
            "a long error line ({} bytes): {}",
            lines[0].len(),
            lines[0]
        );
        assert_eq!(
            &observe(s),
            before,
            "a rejected command changed the session"
        );
        return;
    }
    let Some(cmd) = cmd else {
        // An empty line: nothing.
        assert!(lines.is_empty(), "an empty line printed {lines:?}");
        return;
    };
    match cmd {
        Command::SetOption { .. }
        | Command::NewGame
        | Command::ChooseNumber(_)
        | Command::Move(_) => assert!(lines.is_empty(), "a silent command printed {lines:?}"),
        Command::Position(_) => assert!(
            lines.iter().all(|l| l.starts_with("info string Tables: ")),
            "position printed {lines:?}"
        ),
        Command::Ncbp => {
            assert!(lines[0].starts_with("id name "));
            assert_eq!(lines.last().map(String::as_str), Some("ncbpok"));
        }
        Command::IsReady => assert_eq!(lines, ["readyok"]),
        Command::Legal => {
            let game = s.game();
            let (last, listed) = lines.split_last().expect("legalok");
            assert_eq!(last, &format!("legalok {}", listed.len()));
            let turns = legal_turns(game);
            if game.is_over() {
                assert!(listed.is_empty());
            } else if game.pending_pair().is_some() {
                for l in listed {
                    let token = l.strip_prefix("legal play ").expect("legal play");
                    let t = turn::read(game, token, TurnForm::Answer)
                        .unwrap_or_else(|e| panic!("listed play {token} does not read: {e}"));
                    assert!(ncbg_fuzz::is_legal_turn(&t, game));
                }
            } else {
                let numbers: std::collections::BTreeSet<String> = turns
                    .iter()
                    .map(|t| t.token(game))
                    .map(|t| t.split(':').next().unwrap_or_default().to_string())
                    .collect();
                assert_eq!(listed.len(), numbers.len(), "legal lists {lines:?}");
            }
        }
        Command::Display => {
            assert_eq!(lines.last().map(String::as_str), Some("dok"));
            let id = format!("stateid {}", state_id::encode(s.game()));
            assert!(lines.contains(&id), "d shows no {id}");
        }
        Command::Eval => {
            let last = lines.last().expect("evalok");
            let v: i32 = last
                .strip_prefix("evalok ")
                .and_then(|v| v.parse().ok())
                .unwrap_or_else(|| panic!("eval ends with {last:?}"));
            check_eval_value(v);
            for l in &lines[..lines.len() - 1] {
                assert!(l.starts_with("eval "), "eval printed {l:?}");
            }
        }
        other => panic!("{} answered with lines {lines:?}", other.name()),
    }
}

/// Runs a search job small, checks its lines, and gives the searcher back.
fn run_job(s: &mut Session, mut job: Box<SearchJob>) {
    let state = job.state;
    match job.task {
        Task::Go => {
            job.limits.infinite = false;
            job.limits.nodes = Some(job.limits.nodes.unwrap_or(u64::MAX).min(600));
        }
        Task::Perft(d) => job.task = Task::Perft(d.min(1)),
        Task::Bench(d) => job.task = Task::Bench(d.min(1)),
    }
    let task = job.task;
    let stop = StopFlag::new(false);
    let mut info = Vec::new();
    let done = job.run(&stop, &mut |l| info.push(l));
    for l in &info {
        check_line(l);
        assert!(l.starts_with("info "), "search printed {l:?}");
    }
    check_line(&done.bestmove);
    match task {
        Task::Go => {
            let token = done
                .bestmove
                .strip_prefix("bestmove ")
                .unwrap_or_else(|| panic!("go ended with {:?}", done.bestmove));
            let t = turn::read(&state, token, TurnForm::Answer)
                .unwrap_or_else(|e| panic!("bestmove {token} does not read: {e}"));
            assert!(
                ncbg_fuzz::is_legal_turn(&t, &state),
                "bestmove {token} is not legal"
            );
        }
        Task::Perft(_) => assert!(done.bestmove.starts_with("perft "), "{}", done.bestmove),
        Task::Bench(_) => assert!(done.bestmove.ends_with(" nps"), "{}", done.bestmove),
    }
    s.search_finished(done.searcher);
}

/// The harness's line: `move` with a legal turn's token.
fn legal_move(s: &Session, choice: &[u8]) -> Option<String> {
    let game = s.game();
    let turns = legal_turns(game);
    if turns.is_empty() {
        return None;
    }
    let i = choice.iter().map(|&b| usize::from(b)).sum::<usize>() % turns.len();
    Some(format!("move {}", turns[i].token(game)))
}

fuzz_target!(|data: &[u8]| {
    let mut reader = LineReader::new(Cursor::new(data));
    let mut session = Session::new();
    let mut lines = Vec::new();
    while let Some(line) = reader.next_line() {
        match line {
            Ok(l) => lines.push(l),
            Err(e) => {
                let text = e.to_string();
                check_line(&text);
                assert!(
                    text.starts_with("error too-long ") || text.starts_with("error bad-encoding "),
                    "{text}"
                );
            }
        }
        if lines.len() >= 48 {
            break;
        }
    }
    let mut i = 0;
    while i < lines.len() {
        let mut line = lines[i].clone();
        i += 1;
        let harness = line.starts_with('\u{1}');
        if harness {
            match legal_move(&session, &line.as_bytes()[1..]) {
                Some(m) => line = m,
                None => continue,
            }
        }
        if skipped(&line) {
            continue;
        }
        let cmd = parse_command(&line).ok().flatten();
        let before = observe(&session);
        match session.execute_line(&line) {
            Reply::Lines(out) => {
                if harness {
                    assert!(out.is_empty(), "{line} (a legal turn) got {out:?}");
                }
                check_lines(&cmd, &out, &before, &session);
            }
            Reply::Search(job) => {
                assert!(matches!(
                    cmd,
                    Some(Command::Go(_) | Command::Perft(_) | Command::Bench { .. })
                ));
                // The next line arrives while the job is out.
                if i < lines.len() && !skipped(&lines[i]) && !lines[i].starts_with('\u{1}') {
                    let next = &lines[i];
                    i += 1;
                    let busy_before = observe(&session);
                    let next_cmd = parse_command(next).ok().flatten();
                    match session.execute_line(next) {
                        Reply::Lines(out) => {
                            for l in &out {
                                check_line(l);
                            }
                            // ncbp.md §6: `busy` comes before the
                            // arguments are judged.
                            let first = next.split([' ', '\t']).find(|w| !w.is_empty());
                            let idle_only = next_cmd.as_ref().is_some_and(Command::needs_idle)
                                || first.is_some_and(|w| IDLE_ONLY.contains(&w));
                            if idle_only {
                                assert_eq!(out.len(), 1, "{next} while busy: {out:?}");
                                assert!(out[0].starts_with("error busy "), "{next}: {out:?}");
                            }
                            assert_eq!(observe(&session), busy_before, "{next} while busy");
                        }
                        Reply::Search(_) => panic!("{next} started a second search"),
                        Reply::Stop | Reply::Quit => {}
                    }
                }
                run_job(&mut session, job);
            }
            Reply::Stop | Reply::Quit => {
                assert_eq!(observe(&session), before);
            }
        }
        // Every state the session holds has a full-state ID that reads back.
        let game = *session.game();
        assert_eq!(state_id::decode(&state_id::encode(&game)), Ok(game));
    }
});
