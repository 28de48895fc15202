//! `ncbg-referee [--engine ...]...`: plays a match between two engines or a
//! tournament between more (or its shard, or the rest of it with
//! `--resume`), appending each finished game to the match file at once, with
//! a progress line and the final report.

use crate::{emit_report, note, parse_sprt, signals, warn_unreplayable, Failure, RunArgs};
use ncbg::cube::{Scoring, Terms};
use ncbg::matchfile::{GameRecord, ScoringRules};
use ncbg::numbers::NumberRules;
use ncbg::referee::config::{EngineConfig, Rules, Timeouts};
use ncbg::referee::log::EngineLog;
use ncbg::referee::plan::{MatchPlan, MatchSettings, OpeningsChoice};
use ncbg::referee::report::{FinalReport, Report, SprtStop};
use ncbg::referee::runner::{self, RunContext, RunEnd};
use ncbg::referee::schedule::Shard;
use ncbg::referee::sprt::SprtDecision;
use ncbg::referee::standings::TournamentReport;
use ncbg::referee::store::{self, Store, WriteFailures};
use std::io::{IsTerminal, Write};
use std::sync::Arc;
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
        anchor: args.rating.anchor.clone(),
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
            scoring: scoring(args)?,
        },
        timeouts: {
            let (margin, measured) = Timeouts::parse_margin(&args.timeout_margin)?;
            Timeouts {
                handshake: Duration::from_millis(args.handshake_timeout),
                margin,
                measured,
                unlimited: Duration::from_millis(args.answer_timeout),
            }
        },
        concurrency: args.concurrency,
        openings,
        rounds: args.rounds,
        repeat: !args.no_repeat,
        games: args.games,
        shard: args.shard.as_deref().map(Shard::parse).transpose()?,
    })
}

/// How the command line scores games (`--match-length`, `--scoring`,
/// `--cube`, ...), checked.
fn scoring(args: &RunArgs) -> Result<ScoringRules, String> {
    let scoring = Scoring::from_name(&args.scoring)
        .ok_or_else(|| format!("--scoring {}: points or single", args.scoring))?;
    if args.jacoby && !args.cube {
        return Err("--jacoby needs the cube in money play (--cube)".into());
    }
    if args.match_length == Some(0) {
        return Err("--match-length 0: a match is to 1 point or more".into());
    }
    let rules = ScoringRules {
        match_length: args.match_length.unwrap_or(0),
        terms: Terms {
            cube: args.cube,
            // Only the money cube has the rule; the engines' default elsewhere.
            jacoby: args.jacoby || (!args.cube && Terms::default().jacoby),
            beavers: args.beavers,
            scoring,
        },
    };
    rules.check()?;
    Ok(rules)
}

/// `d` as `1h02m`, `3m07s` or `42s`.
fn short_duration(d: Duration) -> String {
    let s = d.as_secs();
    match s {
        0..=59 => format!("{s}s"),
        60..=3599 => format!("{}m{:02}s", s / 60, s % 60),
        _ => format!("{}h{:02}m", s / 3600, s / 60 % 60),
    }
}

/// The time left to play `left` games at the pace of this run's `played`
/// games in `elapsed` (games played at once included).
fn eta(elapsed: Duration, played: usize, left: u64) -> Option<Duration> {
    (played > 0 && left > 0).then(|| elapsed.mul_f64(left as f64 / played as f64))
}

/// Starts every engine once and runs its handshake (nothing to start when
/// no game is left). A SIGINT or SIGTERM meanwhile ends the waits at once:
/// an interrupt, not an engine's failure.
fn check_engines(
    plan: &MatchPlan,
    ctx: &RunContext,
    left: usize,
) -> Result<Option<runner::Started>, Failure> {
    if left == 0 {
        return Ok(None);
    }
    runner::check_engines(&plan.config, ctx)
        .map(Some)
        .map_err(|e| match ctx.interrupted() {
            true => {
                note!("ncbg-referee: interrupted while the engines started: no game played");
                Failure::Interrupted
            }
            false => e.into(),
        })
}

pub fn run(args: RunArgs) -> Result<(), Failure> {
    let mut plan = plan(&args)?;
    let sprt = parse_sprt(&args.sprt)?;
    let names = plan.names();
    let name_refs: Vec<&str> = names.iter().map(String::as_str).collect();
    let pair = (names.len() == 2).then(|| [name_refs[0], name_refs[1]]);
    let mut rating = args.rating.settings();
    if pair.is_none() && sprt.is_some() {
        return Err("--sprt needs exactly two engines".to_string().into());
    }
    if plan.plays_matches() && sprt.is_some() {
        return Err(
            "--sprt tests games of money play, not matches (--match-length): the games of a \
             match are not independent"
                .to_string()
                .into(),
        );
    }
    rating.check(&name_refs)?;
    let log = match &args.log {
        Some(path) => {
            let f = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| format!("{}: {e}", path.display()))?;
            Some(Arc::new(EngineLog::new(Box::new(
                std::io::LineWriter::new(f),
            ))))
        }
        None => None,
    };
    signals::install();
    let ctx = RunContext {
        log,
        interrupt: Some(&signals::INTERRUPTED),
    };
    // Scheduled units: games, or matches with --match-length.
    let total = plan.games.len() as u64;
    let matches = plan.plays_matches();
    let length = plan.config.rules.scoring.match_length;
    // The match file: new, or resumed from its last complete line. The
    // engines are started before a new file is written, so an engine that
    // cannot play leaves no file behind.
    let mut done: Vec<GameRecord> = Vec::new();
    let mut file: Option<Store> = None;
    let mut started = None;
    let units = std::mem::take(&mut plan.games);
    let resuming = args.resume
        && args
            .out
            .as_deref()
            .is_some_and(|p| std::fs::metadata(p).is_ok_and(|m| m.len() > 0));
    if !resuming {
        // A file that would be refused is refused before any engine starts.
        if let Some(path) = args.out.as_deref().filter(|_| !args.resume) {
            store::refuse_existing(path, store::RESUME_HINT)?;
        }
        started = check_engines(&plan, &ctx, units.len())?;
    }
    let todo;
    if let Some(path) = &args.out {
        let (store, old) = Store::open(path, &plan.header, args.resume)?;
        // A resumed tournament reports with the anchor its file recorded,
        // unless this run gives one.
        rating = rating.or_header(&old.header);
        warn_unreplayable(&old.games, &plan.config.rules, &path.display().to_string());
        plan.games = units;
        (done, todo) = plan.resume(old, &path.display().to_string())?;
        file = Some(store);
    } else {
        todo = plan.jobs(units);
    }
    // The progress line, and the SPRT's state when it has decided.
    let progress = |games: &[GameRecord]| match pair {
        Some(pair) => {
            let mut r = Report::new(games, pair, sprt);
            r.add_matches(games, length);
            let stop = r.sprt.as_ref().and_then(|s| {
                (s.decision != SprtDecision::Continue).then_some(SprtStop {
                    games: r.games,
                    llr: s.llr,
                    decision: s.decision,
                })
            });
            (r.progress_line(total), stop)
        }
        None => {
            let anchor = rating.anchor_of(&name_refs).unwrap_or((0, 0.0));
            let r = TournamentReport::new(games, &name_refs, anchor, 0);
            (r.progress_line(total), None)
        }
    };
    let tty = std::io::stderr().is_terminal();
    let mut writes = WriteFailures::default();
    let mut end = RunEnd::Finished;
    let mut sprt_stop = progress(&done).1;
    if sprt_stop.is_none() {
        if resuming {
            started = check_engines(&plan, &ctx, todo.len())?;
        }
        let to_play = todo.len();
        let mut played = 0;
        let began = Instant::now();
        let mut last_report = Instant::now();
        end = runner::run(&plan.config, todo, started, &ctx, |mut g| {
            if let Some(f) = file.as_mut() {
                if let Err(e) = f.append(&g) {
                    note!("ncbg-referee: cannot write game {}: {e}", g.index);
                    writes.failed(g.index, e.to_string());
                }
            }
            g.moves = Vec::new();
            done.push(g);
            played += 1;
            // The report costs O(games): past 1000 games, at most once a
            // second, but after every game while an SPRT may decide.
            if done.len() > 1000
                && played < to_play
                && sprt.is_none()
                && last_report.elapsed() < Duration::from_secs(1)
            {
                return writes.go_on();
            }
            last_report = Instant::now();
            let (mut line, stop) = progress(&done);
            if sprt_stop.is_none() {
                sprt_stop = stop;
            }
            // A match's games are not counted ahead: no ETA for matches.
            let left = total.saturating_sub(done.len() as u64);
            if let Some(t) = eta(began.elapsed(), played, left).filter(|_| !matches) {
                line.push_str(&format!("  ETA {}", short_duration(t)));
            }
            if !args.quiet {
                let mut err = std::io::stderr();
                let _ = if tty {
                    write!(err, "\r{line}\x1b[K")
                } else {
                    writeln!(err, "{line}")
                };
            }
            sprt_stop.is_none() && writes.go_on()
        });
        if tty && !args.quiet {
            note!();
        }
    }
    if end == RunEnd::Interrupted {
        let resume = if args.out.is_some() {
            "; the match file keeps them: run the same command with --resume to finish the match"
        } else {
            " (no --out: they are not kept)"
        };
        let of = match matches {
            true => format!("games of {total} scheduled matches"),
            false => format!("of {total} games"),
        };
        note!(
            "ncbg-referee: interrupted after {} {of}{resume}",
            done.len()
        );
    }
    let mut report = FinalReport::new(&done, &names, sprt, &rating)?;
    report.add_matches(&done, length);
    if let Some(stop) = sprt_stop {
        report.note_sprt_stop(stop);
    }
    emit_report(&report, args.format)?;
    if let Some(e) = writes.failure(args.out.as_deref()) {
        return Err(e.into());
    }
    match end {
        RunEnd::Interrupted => Err(Failure::Interrupted),
        RunEnd::Finished => Ok(()),
    }
}
