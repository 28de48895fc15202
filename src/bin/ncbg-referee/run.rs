//! `ncbg-referee [--engine ...]...`: plays a match between two engines or a
//! tournament between more (or its shard, or the rest of it with
//! `--resume`), appending each finished game to the match file at once, with
//! a progress line and the final report.

use crate::{anchor_of, parse_sprt, FinalReport, RunArgs};
use ncbg::matchfile::GameRecord;
use ncbg::numbers::NumberRules;
use ncbg::referee::config::{EngineConfig, Rules, Timeouts};
use ncbg::referee::plan::{MatchPlan, MatchSettings, OpeningsChoice};
use ncbg::referee::report::Report;
use ncbg::referee::runner;
use ncbg::referee::schedule::Shard;
use ncbg::referee::sprt::SprtDecision;
use ncbg::referee::standings::TournamentReport;
use ncbg::referee::store::Store;
use std::io::IsTerminal;
use std::time::{Duration, Instant};

/// The match the command line describes (reading its openings file).
fn plan(args: &RunArgs) -> Result<MatchPlan, String> {
    let groups = &args.engine_groups;
    if groups.len() < 2 {
        return Err(format!("need at least two --engine, got {}", groups.len()));
    }
    let openings = match (&args.openings, args.random_openings) {
        (Some(_), Some(_)) => {
            return Err("--openings and --random-openings exclude each other".into())
        }
        (Some(path), None) => OpeningsChoice::File {
            path: path.display().to_string(),
            text: std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?,
        },
        (None, Some(n)) => OpeningsChoice::Random {
            n,
            seed: args.seed,
            turns: args.opening_turns,
        },
        (None, None) => OpeningsChoice::InitialPairs,
    };
    MatchPlan::new(MatchSettings {
        engines: groups
            .iter()
            .map(|own| EngineConfig::from_settings(&args.each, own))
            .collect::<Result<_, _>>()?,
        tournament: args.tournament.parse()?,
        rules: Rules {
            variant: args.variant.parse()?,
            numbers: NumberRules::new(args.k, args.credits)?,
            max_turns: args.max_turns,
            repetition: !args.no_repetition,
        },
        timeouts: Timeouts {
            handshake: Duration::from_millis(args.handshake_timeout),
            margin: Duration::from_millis(args.timeout_margin),
            unlimited: Duration::from_millis(args.answer_timeout),
        },
        concurrency: args.concurrency,
        openings,
        rounds: args.rounds,
        games: args.games,
        shard: args.shard.as_deref().map(Shard::parse).transpose()?,
    })
}

pub fn run(args: RunArgs) -> Result<(), String> {
    let mut plan = plan(&args)?;
    let sprt = parse_sprt(&args.sprt)?;
    let names = plan.names();
    let name_refs: Vec<&str> = names.iter().map(String::as_str).collect();
    let pair = (names.len() == 2).then(|| [name_refs[0], name_refs[1]]);
    if pair.is_none() {
        if sprt.is_some() {
            return Err("--sprt needs exactly two engines".into());
        }
        anchor_of(&args.rating, &name_refs)?;
    }
    let total = plan.games.len() as u64;
    // The match file: new, or resumed from its last complete line.
    let mut done: Vec<GameRecord> = Vec::new();
    let mut file: Option<Store> = None;
    let mut todo = std::mem::take(&mut plan.games);
    if let Some(path) = &args.out {
        let (store, old) = Store::open(path, &plan.header, args.resume)?;
        plan.games = todo;
        (done, todo) = plan.resume(old, &path.display().to_string())?;
        file = Some(store);
    }
    // The progress line, and whether to go on (an SPRT may have decided).
    let progress = |games: &[GameRecord]| match pair {
        Some(pair) => {
            let r = Report::new(games, pair, sprt);
            let go_on = r
                .sprt
                .as_ref()
                .is_none_or(|s| s.decision == SprtDecision::Continue);
            (r.progress_line(total), go_on)
        }
        None => {
            let anchor = anchor_of(&args.rating, &name_refs).unwrap_or((0, 0.0));
            let r = TournamentReport::new(games, &name_refs, anchor, 0);
            (r.progress_line(total), true)
        }
    };
    let decided = |games: &[GameRecord]| !progress(games).1;
    let tty = std::io::stderr().is_terminal();
    let mut write_error = None;
    if !decided(&done) {
        let to_play = todo.len();
        let mut played = 0;
        let mut last_report = Instant::now();
        runner::run(&plan.config, todo, |mut g| {
            if let Some(f) = file.as_mut() {
                if let Err(e) = f.append(&g) {
                    eprintln!("ncbg-referee: cannot write game {}: {e}", g.index);
                    write_error = Some(e.to_string());
                }
            }
            g.moves = Vec::new();
            done.push(g);
            played += 1;
            // The report costs O(games): past 1000 games, at most once a second.
            if done.len() > 1000
                && played < to_play
                && last_report.elapsed() < Duration::from_secs(1)
            {
                return true;
            }
            last_report = Instant::now();
            let (line, go_on) = progress(&done);
            if !args.quiet {
                if tty {
                    eprint!("\r{line}\x1b[K");
                } else {
                    eprintln!("{line}");
                }
            }
            go_on
        });
        if tty && !args.quiet {
            eprintln!();
        }
    }
    FinalReport::new(&done, &names, sprt, &args.rating)?.print(args.format);
    match write_error {
        Some(e) => Err(format!("some games could not be written: {e}")),
        None => Ok(()),
    }
}
