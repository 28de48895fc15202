//! `ncbg-referee [--engine ...]...`: plays a match (or its shard, or the rest
//! of it with `--resume`), appending each finished game to the match file at
//! once, with a progress line and the final report.

use crate::{names_of, parse_sprt, print_report, RunArgs};
use ncbg::board::Variant;
use ncbg::numbers::NumberRules;
use ncbg::referee::config::{EngineConfig, MatchConfig, Rules, Timeouts};
use ncbg::referee::record::{GameRecord, Header};
use ncbg::referee::report::Report;
use ncbg::referee::runner;
use ncbg::referee::schedule::{self, Shard};
use ncbg::referee::sprt::SprtDecision;
use ncbg::referee::store::Store;
use std::collections::HashSet;
use std::io::IsTerminal;
use std::time::{Duration, Instant};

pub fn run(args: RunArgs) -> Result<(), String> {
    let groups = &args.engine_groups;
    if groups.len() != 2 {
        return Err(format!("need exactly two --engine, got {}", groups.len()));
    }
    let e0 = EngineConfig::from_settings(&args.each, &groups[0])?;
    let mut e1 = EngineConfig::from_settings(&args.each, &groups[1])?;
    if e0.name == e1.name {
        e1.name.push_str("-2");
    }
    let variant: Variant = args.variant.parse()?;
    let numbers = NumberRules::new(args.k, args.credits)?;
    let rules = Rules {
        variant,
        numbers,
        max_turns: args.max_turns,
        repetition: !args.no_repetition,
    };
    let sprt = parse_sprt(&args.sprt)?;
    let shard = args.shard.as_deref().map(Shard::parse).transpose()?;
    let (openings, openings_source) = match (&args.openings, args.random_openings) {
        (Some(_), Some(_)) => {
            return Err("--openings and --random-openings exclude each other".into())
        }
        (Some(path), None) => {
            let text =
                std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
            (
                schedule::read_openings(&text)?,
                format!("file {}", path.display()),
            )
        }
        (None, Some(n)) => (
            schedule::random_openings(n.max(1), args.seed, args.opening_turns, variant, numbers),
            format!(
                "random {} seed {} turns {}",
                n.max(1),
                args.seed,
                args.opening_turns
            ),
        ),
        (None, None) => (
            schedule::all_initial_pairs(args.k),
            "initial pairs".to_string(),
        ),
    };
    let rounds = match (args.rounds, args.games) {
        (Some(r), _) => r,
        (None, Some(g)) => schedule::rounds_for(g, openings.len()),
        (None, None) => 1,
    };
    let games_cap = args
        .games
        .map(|g| g.min(rounds * 2 * openings.len() as u64));
    let all_games = schedule::build(&openings, rounds, games_cap, shard);
    // The whole schedule, all shards together (for `merge`'s check).
    let total_games = games_cap.unwrap_or(rounds * 2 * openings.len() as u64);
    let cfg = MatchConfig {
        engines: [e0, e1],
        rules,
        timeouts: Timeouts {
            handshake: Duration::from_millis(args.handshake_timeout),
            margin: Duration::from_millis(args.timeout_margin),
            unlimited: Duration::from_millis(args.answer_timeout),
        },
        concurrency: args.concurrency.max(1),
    };
    let names = [cfg.engines[0].name.clone(), cfg.engines[1].name.clone()];
    let header = Header {
        entries: vec![
            ("engine0".into(), names[0].clone()),
            ("engine1".into(), names[1].clone()),
            ("cmd0".into(), cfg.engines[0].command.join(" ")),
            ("cmd1".into(), cfg.engines[1].command.join(" ")),
            ("options0".into(), cfg.engines[0].options_text()),
            ("options1".into(), cfg.engines[1].options_text()),
            ("limits0".into(), cfg.engines[0].limits_text()),
            ("limits1".into(), cfg.engines[1].limits_text()),
            ("variant".into(), variant.name().into()),
            ("k".into(), args.k.to_string()),
            ("credits".into(), args.credits.to_string()),
            ("max-turns".into(), args.max_turns.to_string()),
            (
                "repetition".into(),
                if args.no_repetition { "off" } else { "on" }.into(),
            ),
            ("openings".into(), openings_source),
            ("rounds".into(), rounds.to_string()),
            (
                "games".into(),
                args.games.map_or("-".into(), |g| g.to_string()),
            ),
            ("total-games".into(), total_games.to_string()),
            (
                "shard".into(),
                shard.map_or("-".into(), |s| format!("{}/{}", s.index, s.count)),
            ),
        ],
    };

    // The match file: new, or resumed from its last complete line.
    let mut done: Vec<GameRecord> = Vec::new();
    let mut file: Option<Store> = None;
    if let Some(path) = &args.out {
        let (store, old) = Store::open(path, &header, args.resume)?;
        if let Ok(old_names) = names_of(&old, path) {
            if old_names != names {
                return Err(format!(
                    "{} holds a match between {} and {}",
                    path.display(),
                    old_names[0],
                    old_names[1]
                ));
            }
        }
        // Statistics need no moves: keep memory small on long matches.
        done = old
            .games
            .into_iter()
            .map(|mut g| {
                g.moves = Vec::new();
                g
            })
            .collect();
        file = Some(store);
    }
    let finished: HashSet<u64> = done.iter().map(|g| g.index).collect();
    let total = all_games.len() as u64;
    let todo: Vec<_> = all_games
        .into_iter()
        .filter(|g| !finished.contains(&g.index))
        .collect();
    let name_refs = [names[0].as_str(), names[1].as_str()];
    let decided = |games: &[GameRecord]| {
        let r = Report::new(games, name_refs, sprt);
        r.sprt
            .as_ref()
            .is_some_and(|s| s.decision != SprtDecision::Continue)
    };
    let tty = std::io::stderr().is_terminal();
    let mut write_error = None;
    if !decided(&done) {
        let to_play = todo.len();
        let mut played = 0;
        let mut last_report = Instant::now();
        runner::run(&cfg, todo, |mut g| {
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
            let report = Report::new(&done, name_refs, sprt);
            if !args.quiet {
                let line = report.progress_line(total);
                if tty {
                    eprint!("\r{line}\x1b[K");
                } else {
                    eprintln!("{line}");
                }
            }
            report
                .sprt
                .as_ref()
                .is_none_or(|s| s.decision == SprtDecision::Continue)
        });
        if tty && !args.quiet {
            eprintln!();
        }
    }
    let report = Report::new(&done, name_refs, sprt);
    print_report(&report, args.format);
    match write_error {
        Some(e) => Err(format!("some games could not be written: {e}")),
        None => Ok(()),
    }
}
