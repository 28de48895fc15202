//! `ncbg analyze`: batch analysis of positions or of a referee match file.
//!
//! The input (a file, or standard input) is either a list of full-state IDs,
//! one a line (`#` comments and blank lines skipped), or a match file written
//! by `ncbg-referee` (recognised by its first line). Results go to stdout as a
//! table, JSON lines or TSV; bad input lines are reported on stderr, naming
//! the line, and skipped. With `--tables`, turns a table covers get exact
//! verdicts.

use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};
use ncbg::analysis::output::{self, Format as Out};
use ncbg::analysis::{analyze_game, analyze_position, run_parallel, Thresholds, Totals};
use ncbg::eval::nn::Network;
use ncbg::game::GameState;
use ncbg::matchfile::{GameRecord, MatchFile};
use ncbg::search::{Limits, Settings};
use ncbg::tables::Table;
use std::io::Read;
use std::path::Path;
use std::sync::Arc;
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
    /// Exact-value table files (`ncbg tables build`), separated by `;`: a
    /// turn whose state one covers gets the table's exact verdict.
    #[arg(long, default_value = "")]
    tables: String,
    /// A net file (`.ncnn`) to evaluate with instead of the embedded net
    /// (the engine's `EvalFile`).
    #[arg(long)]
    net: Option<String>,
}

pub fn run(args: &AnalyzeArgs) -> Result<(), String> {
    let text = read_input(args.input.as_deref())?;
    let limits = output::limits(args.depth, args.nodes, args.movetime);
    let settings = Settings {
        move_overhead: Duration::ZERO,
        ..Settings::default()
    };
    let thresholds = Thresholds::new(args.error, args.blunder)?;
    let tables = ncbg::tables::open_list(&args.tables)?;
    let net = match &args.net {
        None => Network::embedded(),
        Some(path) => Arc::new(
            ncbg::eval::nn::file::load(Path::new(path)).map_err(|e| format!("{path}: {e}"))?,
        ),
    };
    if MatchFile::is_match_file(&text) {
        games(args, &text, &limits, &settings, &thresholds, &net, &tables)
    } else {
        positions(args, &text, &limits, &settings, &net, &tables)
    }
}

impl Format {
    fn out(self) -> Out {
        match self {
            Format::Table => Out::Table,
            Format::Json => Out::Json,
            Format::Tsv => Out::Tsv,
        }
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
    net: &Arc<Network>,
    tables: &[Arc<Table>],
) -> Result<(), String> {
    let mut items: Vec<(usize, GameState)> = Vec::new();
    for item in output::read_positions(text) {
        match item {
            Ok(item) => items.push(item),
            Err(e) => eprintln!("ncbg analyze: {e}"),
        }
    }
    let bar = progress(items.len());
    let results = run_parallel(
        &items,
        args.jobs,
        args.hash,
        net,
        tables,
        |searcher, (_, state)| analyze_position(searcher, state, limits, settings, args.multipv),
        || bar.inc(1),
    );
    bar.finish_and_clear();
    if args.format == Format::Tsv {
        println!("{}", output::POSITIONS_TSV_HEADER);
    }
    for ((line, _), result) in items.iter().zip(results) {
        match result {
            Ok(report) => output::position_lines(args.format.out(), *line, &report)
                .iter()
                .for_each(|l| println!("{l}")),
            Err(e) => eprintln!("ncbg analyze: line {line}: {e}"),
        }
    }
    Ok(())
}

/// A referee match file: every played turn against the engine's best.
fn games(
    args: &AnalyzeArgs,
    text: &str,
    limits: &Limits,
    settings: &Settings,
    thresholds: &Thresholds,
    net: &Arc<Network>,
    tables: &[Arc<Table>],
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
        net,
        tables,
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
        println!("{}", output::GAMES_TSV_HEADER);
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
            println!(
                "{}",
                output::turn_line(args.format.out(), game.index, name, t)
            );
        }
        output::add_to_players(&mut players, [&game.x_name, &game.y_name], &turns);
    }
    for (name, t) in &players {
        if let Some(l) = output::totals_line(args.format.out(), name, t) {
            println!("{l}");
        }
    }
    Ok(())
}
