//! `ncbg-referee`: plays matches between two NCBP engines, records every game
//! in a match file, and reports results, Elo and SPRT. See README.md and
//! `protocol/match-file.md`.
// The argument docs double as `--help` text, where `<name>` is meant literally.
#![allow(rustdoc::invalid_html_tags)]

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum};
use ncbg::board::Variant;
use ncbg::numbers::NumberRules;
use ncbg::referee::config::{EngineConfig, MatchConfig, Rules, Timeouts};
use ncbg::referee::record::{GameRecord, Header, MatchFile};
use ncbg::referee::report::Report;
use ncbg::referee::schedule::{self, Shard};
use ncbg::referee::sprt::{Sprt, SprtDecision};
use ncbg::referee::store::{self, Store};
use ncbg::referee::{mat, runner};
use std::collections::HashSet;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

#[derive(Parser)]
#[command(
    name = "ncbg-referee",
    version,
    about = "Engine-vs-engine matches for No-Chance Backgammon over NCBP",
    args_conflicts_with_subcommands = true
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    run: RunArgs,
}

#[derive(Subcommand)]
enum Command {
    /// Reports on several match files together (e.g. the shards of one match).
    Merge {
        /// Match files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Write the merged games to this match file.
        #[arg(long)]
        out: Option<PathBuf>,
        /// SPRT to evaluate: elo0=.. elo1=.. alpha=.. beta=..
        #[arg(long, num_args = 1..)]
        sprt: Vec<String>,
        /// Report format.
        #[arg(long, value_enum, default_value = "text")]
        format: Format,
    },
    /// Writes a match file's games as a Jellyfish .mat file for GNU Backgammon.
    ExportMat {
        /// The match file.
        matchfile: PathBuf,
        /// The .mat file to write.
        out: PathBuf,
    },
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Text,
    Json,
}

#[derive(clap::Args)]
struct RunArgs {
    /// An engine: cmd=<command line> name=<name> option.<Name>=<value>
    /// tc=<base+inc s> movetime=<ms> depth=<d> nodes=<n>. Exactly two.
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE")]
    engine: Vec<String>,
    /// The `--engine` settings, one list per occurrence (filled from the
    /// parsed arguments: clap's derive cannot group them).
    #[arg(skip)]
    engine_groups: Vec<Vec<String>>,
    /// Settings shared by both engines (same keys as --engine).
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE")]
    each: Vec<String>,
    /// Games to play (default: one round).
    #[arg(long)]
    games: Option<u64>,
    /// Rounds: every opening twice, colours swapped.
    #[arg(long)]
    rounds: Option<u64>,
    /// Games played at once.
    #[arg(long, default_value_t = 1)]
    concurrency: usize,
    /// Openings file: one full-state ID a line.
    #[arg(long)]
    openings: Option<PathBuf>,
    /// Use N random openings (reproducible with --seed).
    #[arg(long, value_name = "N")]
    random_openings: Option<usize>,
    /// Random turns after the initial pair in a random opening.
    #[arg(long, default_value_t = 2)]
    opening_turns: u32,
    /// Seed of the random openings.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Alphabet size k.
    #[arg(long, default_value_t = 6)]
    k: u8,
    /// Doublet credits per player.
    #[arg(long, default_value_t = 2)]
    credits: u8,
    /// Start position: standard, nackgammon or hypergammon.
    #[arg(long, default_value = "standard")]
    variant: String,
    /// Turns after which a game is a draw.
    #[arg(long, default_value_t = 1000)]
    max_turns: u32,
    /// Do not adjudicate a game whose full state occurs for the third time
    /// as a draw.
    #[arg(long)]
    no_repetition: bool,
    /// Milliseconds of grace beyond the clock or movetime.
    #[arg(long, default_value_t = 100)]
    timeout_margin: u64,
    /// Milliseconds to wait for ncbpok and readyok.
    #[arg(long, default_value_t = 10_000)]
    handshake_timeout: u64,
    /// Milliseconds to wait for an answer with neither clock nor movetime.
    #[arg(long, default_value_t = 300_000)]
    answer_timeout: u64,
    /// Match file: every finished game is appended at once.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Continue the match in --out, skipping its finished games.
    #[arg(long)]
    resume: bool,
    /// Play only shard i of n (0-based): game pairs p with p % n == i.
    #[arg(long, value_name = "I/N")]
    shard: Option<String>,
    /// SPRT: elo0=.. elo1=.. alpha=.. beta=.. ; stops the match when decided.
    #[arg(long, num_args = 1..)]
    sprt: Vec<String>,
    /// Final report format.
    #[arg(long, value_enum, default_value = "text")]
    format: Format,
    /// No progress line on stderr.
    #[arg(long)]
    quiet: bool,
}

fn main() -> ExitCode {
    env_logger::init();
    let matches = Cli::command().get_matches();
    let mut cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(e) => e.exit(),
    };
    cli.run.engine_groups = matches
        .get_occurrences::<String>("engine")
        .map(|occ| occ.map(|o| o.cloned().collect()).collect())
        .unwrap_or_default();
    let result = match cli.command {
        Some(Command::Merge {
            files,
            out,
            sprt,
            format,
        }) => merge(&files, out.as_deref(), &sprt, format),
        Some(Command::ExportMat { matchfile, out }) => export_mat(&matchfile, &out),
        None => run(cli.run),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("ncbg-referee: {e}");
            ExitCode::FAILURE
        }
    }
}

fn parse_sprt(words: &[String]) -> Result<Option<Sprt>, String> {
    if words.is_empty() {
        Ok(None)
    } else {
        Sprt::parse(words).map(Some)
    }
}

fn print_report(report: &Report, format: Format) {
    match format {
        Format::Text => print!("{}", report.to_text()),
        Format::Json => println!("{}", report.to_json()),
    }
}

fn read_match(path: &Path) -> Result<MatchFile, String> {
    store::read(path)
}

fn names_of(file: &MatchFile, path: &Path) -> Result<[String; 2], String> {
    match (file.header.get("engine0"), file.header.get("engine1")) {
        (Some(a), Some(b)) => Ok([a.to_string(), b.to_string()]),
        _ => Err(format!("{}: no engine names in the header", path.display())),
    }
}

fn rules_of(file: &MatchFile) -> NumberRules {
    let get = |k: &str, d: u8| file.header.get(k).and_then(|v| v.parse().ok()).unwrap_or(d);
    NumberRules::new(get("k", 6), get("credits", 2)).unwrap_or_default()
}

fn merge(
    files: &[PathBuf],
    out: Option<&Path>,
    sprt: &[String],
    format: Format,
) -> Result<(), String> {
    let sprt = parse_sprt(sprt)?;
    let mut games: Vec<GameRecord> = Vec::new();
    let mut seen = HashSet::new();
    let mut names: Option<[String; 2]> = None;
    let mut header = Header::default();
    for path in files {
        let file = read_match(path)?;
        let these = names_of(&file, path)?;
        match &names {
            None => {
                names = Some(these);
                header = file.header.clone();
            }
            Some(n) if *n != these => {
                return Err(format!(
                    "{}: engines {} and {} differ from {} and {}",
                    path.display(),
                    these[0],
                    these[1],
                    n[0],
                    n[1]
                ))
            }
            Some(_) => {}
        }
        for g in file.games {
            if seen.insert(g.index) {
                games.push(g);
            } else {
                eprintln!("ncbg-referee: game {} appears twice; first kept", g.index);
            }
        }
    }
    games.sort_by_key(|g| g.index);
    let names = names.ok_or("no match file")?;
    if let Some(out) = out {
        header.entries.retain(|(k, _)| k != "shard");
        store::write(out, &header, &games)?;
    }
    let report = Report::new(&games, [&names[0], &names[1]], sprt);
    print_report(&report, format);
    Ok(())
}

fn export_mat(matchfile: &Path, out: &Path) -> Result<(), String> {
    let file = read_match(matchfile)?;
    let names = names_of(&file, matchfile)?;
    if file.header.get("variant").is_some_and(|v| v != "standard") {
        return Err("only standard-variant matches can be exported to .mat".into());
    }
    let (text, skipped) = mat::export(&file.games, [&names[0], &names[1]], rules_of(&file));
    std::fs::write(out, text).map_err(|e| format!("{}: {e}", out.display()))?;
    for s in &skipped {
        eprintln!("ncbg-referee: game {} not exported: {}", s.index, s.why);
    }
    eprintln!(
        "ncbg-referee: wrote {} games to {}",
        file.games.len() - skipped.len(),
        out.display()
    );
    Ok(())
}

fn run(args: RunArgs) -> Result<(), String> {
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
