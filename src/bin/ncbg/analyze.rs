//! `ncbg analyze`: batch analysis of positions or of a referee match file.
//!
//! The input (a file, or standard input) is either a list of full-state IDs,
//! one a line (`#` comments and blank lines skipped), or a match file written
//! by `ncbg-referee` (recognised by its first line). Results go to stdout as a
//! table, JSON lines or TSV; bad input lines are reported on stderr, naming
//! the line, and skipped.

use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};
use ncbg::analysis::{
    analyze_game, analyze_position, run_parallel, totals, PositionReport, Thresholds, Totals,
    TurnReport,
};
use ncbg::game::GameState;
use ncbg::ids::state_id;
use ncbg::matchfile::{GameRecord, MatchFile};
use ncbg::search::{Limits, Settings};
use serde::Serialize;
use std::io::Read;
use std::time::Duration;

/// Output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// A readable table.
    Table,
    /// One JSON object a line.
    Json,
    /// Tab-separated values with a header line.
    Tsv,
}

#[derive(Args)]
pub struct AnalyzeArgs {
    /// Input file: full-state IDs one a line, or a referee match file; `-` or
    /// nothing for standard input.
    input: Option<String>,
    /// Search depth in turns (the default limit: 3).
    #[arg(long)]
    depth: Option<u32>,
    /// Node limit per search.
    #[arg(long)]
    nodes: Option<u64>,
    /// Time limit per search in milliseconds.
    #[arg(long)]
    movetime: Option<u64>,
    /// Number of best choices listed per position.
    #[arg(long, default_value_t = 3)]
    multipv: usize,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    format: Format,
    /// Threads; results are identical for any number.
    #[arg(long, default_value_t = 1)]
    jobs: usize,
    /// Transposition table per thread, MiB.
    #[arg(long, default_value_t = 16)]
    hash: usize,
    /// Smallest loss (millipoints) flagged as an error.
    #[arg(long, default_value_t = 80)]
    error: i32,
    /// Smallest loss (millipoints) flagged as a blunder.
    #[arg(long, default_value_t = 160)]
    blunder: i32,
}

pub fn run(args: &AnalyzeArgs) -> Result<(), String> {
    let text = read_input(args.input.as_deref())?;
    let mut limits = Limits {
        depth: args.depth,
        nodes: args.nodes,
        movetime: args.movetime.map(Duration::from_millis),
        ..Limits::default()
    };
    if limits.depth.is_none() && limits.nodes.is_none() && limits.movetime.is_none() {
        limits.depth = Some(3);
    }
    let settings = Settings {
        move_overhead: Duration::ZERO,
        ..Settings::default()
    };
    if args.error > args.blunder || args.error <= 0 {
        return Err("--error must be positive and at most --blunder".into());
    }
    let thresholds = Thresholds {
        error: args.error,
        blunder: args.blunder,
    };
    if MatchFile::is_match_file(&text) {
        games(args, &text, &limits, &settings, &thresholds)
    } else {
        positions(args, &text, &limits, &settings)
    }
}

fn read_input(path: Option<&str>) -> Result<String, String> {
    let mut bytes = Vec::new();
    match path {
        None | Some("-") => std::io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|e| format!("cannot read standard input: {e}"))?,
        Some(p) => {
            bytes = std::fs::read(p).map_err(|e| format!("cannot read {p}: {e}"))?;
            bytes.len()
        }
    };
    // Bad bytes only spoil their own line.
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

fn progress(n: usize) -> ProgressBar {
    let bar = ProgressBar::new(n as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} {elapsed_precise} eta {eta}")
            .expect("valid template"),
    );
    bar
}

/// A positions file: one full-state ID a line.
fn positions(
    args: &AnalyzeArgs,
    text: &str,
    limits: &Limits,
    settings: &Settings,
) -> Result<(), String> {
    let mut items: Vec<(usize, GameState)> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        match state_id::decode(line) {
            Ok(s) if s.is_over() => eprintln!("ncbg analyze: line {}: the game is over", i + 1),
            Ok(s) => items.push((i + 1, s)),
            Err(e) => eprintln!("ncbg analyze: line {}: {e}", i + 1),
        }
    }
    let bar = progress(items.len());
    let results = run_parallel(
        &items,
        args.jobs,
        args.hash,
        |searcher, (_, state)| analyze_position(searcher, state, limits, settings, args.multipv),
        || bar.inc(1),
    );
    bar.finish_and_clear();
    if args.format == Format::Tsv {
        println!("line\tstate\trank\tchoice\tscore\texact\tdepth\tnodes");
    }
    for ((line, _), result) in items.iter().zip(results) {
        match result {
            Ok(report) => print_position(args.format, *line, &report),
            Err(e) => eprintln!("ncbg analyze: line {line}: {e}"),
        }
    }
    Ok(())
}

#[derive(Serialize)]
struct PositionLine<'a> {
    line: usize,
    #[serde(flatten)]
    report: &'a PositionReport,
}

fn print_position(format: Format, line: usize, r: &PositionReport) {
    match format {
        Format::Json => println!(
            "{}",
            serde_json::to_string(&PositionLine { line, report: r }).expect("serialisable")
        ),
        Format::Tsv => {
            for alt in &r.ranked {
                println!(
                    "{line}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
                    r.state, alt.rank, alt.choice, alt.score, alt.exact, r.depth, r.nodes
                );
            }
        }
        Format::Table => {
            println!("line {line}  {}", r.state);
            println!("  depth {}  nodes {}", r.depth, r.nodes);
            for alt in &r.ranked {
                let exact = if alt.exact { " exact" } else { "" };
                println!(
                    "  {:>2}. {:<28} {:>6}{exact}",
                    alt.rank, alt.choice, alt.score
                );
            }
        }
    }
}

/// A referee match file: every played turn against the engine's best.
fn games(
    args: &AnalyzeArgs,
    text: &str,
    limits: &Limits,
    settings: &Settings,
    thresholds: &Thresholds,
) -> Result<(), String> {
    let file = MatchFile::parse(text);
    let header = &file.header;
    // Rules the header gets wrong stop the analysis before it starts.
    header.numbers()?;
    header.variant()?;
    // Lines that look like games but do not read as one are reported.
    for (i, line) in text.lines().enumerate() {
        if line.starts_with("game\t") && GameRecord::parse_line(line).is_none() {
            eprintln!("ncbg analyze: line {}: not a complete game record", i + 1);
        }
    }
    let bar = progress(file.games.len());
    let results = run_parallel(
        &file.games,
        args.jobs,
        args.hash,
        |searcher, game| {
            let start = header
                .start_of(game)
                .map_err(ncbg::analysis::AnalysisError)?;
            analyze_game(searcher, &start, &game.moves, limits, settings, thresholds)
        },
        || bar.inc(1),
    );
    bar.finish_and_clear();

    let mut players: Vec<(String, Totals)> = Vec::new();
    if args.format == Format::Tsv {
        println!("game\tturn\tside\tplayer\tplayed\tplayed_score\tbest\tbest_score\tloss\tverdict\tdepth");
    }
    for (game, result) in file.games.iter().zip(results) {
        let turns = match result {
            Ok(t) => t,
            Err(e) => {
                eprintln!("ncbg analyze: game {}: {e}", game.index);
                continue;
            }
        };
        for t in &turns {
            let name = if t.side == "X" {
                &game.x_name
            } else {
                &game.y_name
            };
            print_turn(args.format, game.index, name, t);
        }
        for (side, total) in totals(&turns) {
            let name = game.name(side).to_string();
            match players.iter_mut().find(|(n, _)| *n == name) {
                Some((_, t)) => merge(t, &total),
                None => players.push((name, total)),
            }
        }
    }
    print_totals(args.format, &players);
    Ok(())
}

fn merge(into: &mut Totals, from: &Totals) {
    into.turns += from.turns;
    into.total_loss += from.total_loss;
    into.errors += from.errors;
    into.blunders += from.blunders;
}

#[derive(Serialize)]
struct TurnLine<'a> {
    game: u64,
    player: &'a str,
    #[serde(flatten)]
    turn: &'a TurnReport,
}

fn print_turn(format: Format, game: u64, player: &str, t: &TurnReport) {
    match format {
        Format::Json => println!(
            "{}",
            serde_json::to_string(&TurnLine {
                game,
                player,
                turn: t
            })
            .expect("serialisable")
        ),
        Format::Tsv => println!(
            "{game}\t{}\t{}\t{player}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
            t.turn,
            t.side,
            t.played,
            t.played_score,
            t.best,
            t.best_score,
            t.loss,
            t.verdict.name(),
            t.depth
        ),
        Format::Table => {
            let mark = match t.verdict.name() {
                "ok" => "",
                "error" => "  ? error",
                _ => "  ?? blunder",
            };
            println!(
                "game {game} turn {:>3} {} {:<10} played {:<26} best {:<26} loss {:>5}{mark}",
                t.turn, t.side, player, t.played, t.best, t.loss
            );
        }
    }
}

#[derive(Serialize)]
struct TotalsLine<'a> {
    totals: &'a str,
    turns: usize,
    total_loss: i64,
    error_rate: f64,
    errors: usize,
    blunders: usize,
}

fn print_totals(format: Format, players: &[(String, Totals)]) {
    for (name, t) in players {
        match format {
            Format::Json => println!(
                "{}",
                serde_json::to_string(&TotalsLine {
                    totals: name,
                    turns: t.turns,
                    total_loss: t.total_loss,
                    error_rate: t.error_rate(),
                    errors: t.errors,
                    blunders: t.blunders,
                })
                .expect("serialisable")
            ),
            Format::Tsv => {}
            Format::Table => println!(
                "{name}: {} turns, error rate {:.1} mp/turn, {} errors, {} blunders",
                t.turns,
                t.error_rate(),
                t.errors,
                t.blunders
            ),
        }
    }
}
