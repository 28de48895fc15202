//! `ncbg analyze`: batch analysis of positions or of recorded games.
//!
//! The input (a file, or standard input) is a match file written by
//! `ncbg-referee` or `ncbg-gui` (recognised by its first line), a gnubg
//! `.mat` (Jellyfish, as they export it; [`ncbg::matchfile::mat`]), or a
//! list of full-state IDs, one a line (`#` comments and blank lines
//! skipped). Results go to stdout as a table, JSON lines or TSV; bad lines
//! of a list are reported on stderr, naming the line, and skipped, but an
//! input none of whose lines is a full-state ID is one error. With
//! `--tables` (files) or `--tables-path` (folders), turns a table covers
//! get exact verdicts.

use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};
use ncbg::analysis::output::{self, Format, GameNumber};
use ncbg::analysis::{
    analyze_position, judge_turn, played_turns_at, run_parallel, shallower_note, AnalysisError,
    AnalysisSettings, Effort, PlayedTurn, Preset, Thresholds, Totals, TurnReport,
};
use ncbg::board::Variant;
use ncbg::cube::{CubeAction, Terms};
use ncbg::eval::NnEval;
use ncbg::game::GameState;
use ncbg::matchfile::{mat, start_state, GameRecord, MatchFile, ScoringRules};
use ncbg::numbers::NumberRules;
use ncbg::tables::Table;
use std::io::Read;
use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

/// `--format`: the library's output formats ([`Format`]) as a command-line
/// value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum OutputFormat {
    /// A readable table.
    Table,
    /// One JSON object a line.
    Json,
    /// Tab-separated values with a header line.
    Tsv,
}

#[derive(Args)]
pub struct AnalyzeArgs {
    /// Input file: a referee match file, a gnubg `.mat`, or full-state IDs
    /// one a line; `-` or nothing for standard input.
    input: Option<String>,
    /// The quick analysis: a fraction of the default's time, less stable,
    /// labelled `quick` in the output (see docs/analysis.md).
    #[arg(long)]
    quick: bool,
    /// The deepest depth searched, in turns (the default analysis's:
    /// 5, with depths 3 and 4 weighed in 1:2:1; the quick one's: 4).
    #[arg(long)]
    depth: Option<u32>,
    /// Judge by the deepest depth alone, not the mean of the two deepest
    /// (one odd, one even).
    #[arg(long)]
    single_depth: bool,
    /// Node cap per analysed turn (deterministic).
    #[arg(long)]
    nodes: Option<u64>,
    /// Time cap per analysed turn in milliseconds (not reproducible).
    #[arg(long)]
    movetime: Option<u64>,
    /// Number of best choices listed per position.
    #[arg(long, default_value_t = 3)]
    multipv: usize,
    /// Output format.
    #[arg(long, value_enum, default_value_t = OutputFormat::Table)]
    format: OutputFormat,
    /// Threads, each analysing whole turns; results are identical for any
    /// number.
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
    /// Folders of exact-value tables, separated by `;`: every table file
    /// in them is used, after those of `--tables` (the engine's
    /// `TablesPath`).
    #[arg(long, default_value = "")]
    tables_path: String,
    /// A net file (`.ncnn`) to evaluate with instead of the embedded net
    /// (the engine's `EvalFile`).
    #[arg(long)]
    net: Option<String>,
}

pub fn run(args: &AnalyzeArgs) -> Result<(), String> {
    let text = read_input(args.input.as_deref())?;
    let thresholds = Thresholds::new(args.error, args.blunder)?;
    let preset = if args.quick { "quick" } else { "default" };
    let mut settings = output::settings(preset, args.depth, args.nodes, args.movetime, thresholds)?;
    if args.single_depth {
        settings.both_parities = false;
        settings.preset = Preset::Custom;
    }
    let mut tables = ncbg::tables::open_list(&args.tables)?;
    tables.extend(ncbg::tables::open_folders(&args.tables_path)?);
    let net = NnEval::file_or_embedded(match &args.net {
        None => None,
        Some(path) => Some(Arc::new(
            ncbg::eval::nn::file::load(Path::new(path)).map_err(|e| format!("{path}: {e}"))?,
        )),
    });
    let search = Search {
        args,
        settings: &settings,
        net: &net,
        tables: &tables,
    };
    if MatchFile::is_match_file(&text) {
        let file = MatchFile::parse(&text);
        // Rules the header gets wrong stop the analysis before it starts.
        let numbers = file.header.numbers()?;
        let variant = file.header.variant()?;
        // Lines that look like games but do not read as one are reported.
        for (i, line) in text.lines().enumerate() {
            if line.starts_with("game\t") && GameRecord::parse_line(line).is_none() {
                errln!("ncbg analyze: line {}: not a complete game record", i + 1);
            }
        }
        // In game order, numbered as the file numbers them (a match's
        // games by their match's index and their number in it).
        let mut records: Vec<(GameNumber, &GameRecord)> = file
            .games
            .iter()
            .map(|g| {
                let in_match = g.stakes.in_match.map(|m| m.game);
                (
                    GameNumber {
                        index: g.index,
                        in_match,
                    },
                    g,
                )
            })
            .collect();
        records.sort_by_key(|(n, _)| *n);
        let limits: Vec<(String, String)> = (0..)
            .map_while(|i| {
                let name = file.header.get(&format!("engine{i}"))?;
                let limits = file.header.get(&format!("limits{i}"))?;
                Some((name.to_string(), limits.to_string()))
            })
            .collect();
        let stakes = file.header.scoring()?;
        games(&search, &records, variant, numbers, &stakes, &limits)
    } else if mat::is_mat(&text) {
        let (records, numbers) = mat::read(&text).map_err(|e| format!("{}: {e}", name(args)))?;
        // Numbered as the file's `Game N` lines: from 1.
        let records: Vec<(GameNumber, &GameRecord)> = records
            .iter()
            .map(|g| {
                let number = GameNumber {
                    index: g.index + 1,
                    in_match: None,
                };
                (number, g)
            })
            .collect();
        // A `.mat`'s stakes: its match length (its games carry their
        // scores), or money play with the cube (and beavers) when it has
        // cube actions, as `mat::read` replays them.
        let match_length = records
            .iter()
            .find_map(|(_, g)| g.stakes.in_match.map(|_| mat::match_length(&text)))
            .unwrap_or(0);
        let any_cube = records
            .iter()
            .any(|(_, g)| g.moves.iter().any(|t| CubeAction::from_token(t).is_some()));
        let stakes = ScoringRules {
            terms: Terms {
                cube: any_cube && match_length == 0,
                beavers: any_cube && match_length == 0,
                ..Terms::default()
            },
            match_length: u32::from(match_length),
        };
        games(&search, &records, Variant::Standard, numbers, &stakes, &[])
    } else {
        positions(&search, &text)
    }
}

/// The input's name in messages.
fn name(args: &AnalyzeArgs) -> &str {
    match args.input.as_deref() {
        None | Some("-") => "standard input",
        Some(p) => p,
    }
}

/// The state a game starts from, with its stakes (the library's
/// [`ScoringRules::stake`]: the terms and, in a match, the score before the
/// game).
fn game_start(
    game: &GameRecord,
    variant: Variant,
    numbers: NumberRules,
    stakes: &ScoringRules,
) -> Result<GameState, String> {
    let mut start = start_state(&game.opening, variant, numbers)?;
    stakes.stake(&mut start, game)?;
    Ok(start)
}

/// What every search of a run shares.
struct Search<'a> {
    args: &'a AnalyzeArgs,
    settings: &'a AnalysisSettings,
    net: &'a NnEval,
    tables: &'a [Arc<Table>],
}

impl OutputFormat {
    fn out(self) -> Format {
        match self {
            OutputFormat::Table => Format::Table,
            OutputFormat::Json => Format::Json,
            OutputFormat::Tsv => Format::Tsv,
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
fn positions(search: &Search, text: &str) -> Result<(), String> {
    let Search {
        args,
        settings,
        net,
        tables,
    } = *search;
    // Not one line is a full-state ID (or no line at all): the input is
    // something else, and one error says so (not one per line).
    if let Some(why) = output::not_a_list(text) {
        return Err(format!("{}: {why}", name(args)));
    }
    let read = output::read_positions(text);
    let mut items: Vec<(usize, GameState)> = Vec::new();
    for item in read {
        match item {
            Ok(item) => items.push(item),
            Err(e) => errln!("ncbg analyze: {e}"),
        }
    }
    let bar = progress(items.len());
    let results = run_parallel(
        &items,
        args.jobs,
        args.hash,
        net,
        tables,
        |searcher, (_, state)| analyze_position(searcher, state, settings, args.multipv),
        || bar.inc(1),
    );
    bar.finish_and_clear();
    outln!("{}", output::settings_line(args.format.out(), settings));
    if args.format == OutputFormat::Tsv {
        outln!("{}", output::POSITIONS_TSV_HEADER);
    }
    for ((line, _), result) in items.iter().zip(results) {
        match result {
            Ok(report) => output::position_lines(args.format.out(), *line, &report)
                .iter()
                .for_each(|l| outln!("{l}")),
            Err(e) => errln!("ncbg analyze: line {line}: {e}"),
        }
    }
    Ok(())
}

/// Recorded games (a match file's or a `.mat`'s, each with the number the
/// output gives it, in game order): every played turn against the
/// engine's best, the turns of all games shared among the jobs. `limits`
/// are the engines' limits as the match file records them (name, limits),
/// for the note where the analysis is shallower than the play.
fn games(
    search: &Search,
    records: &[(GameNumber, &GameRecord)],
    variant: Variant,
    numbers: NumberRules,
    stakes: &ScoringRules,
    limits: &[(String, String)],
) -> Result<(), String> {
    let Search {
        args,
        settings,
        net,
        tables,
    } = *search;
    // Every game replayed first: a game that does not replay is reported
    // and skipped; the turns of the others are the work.
    let mut replayed: Vec<Result<Vec<PlayedTurn>, AnalysisError>> = Vec::new();
    let mut work: Vec<(usize, PlayedTurn)> = Vec::new();
    for (g, (_, game)) in records.iter().enumerate() {
        let turns = game_start(game, variant, numbers, stakes)
            .map_err(AnalysisError)
            .and_then(|start| played_turns_at(&start, &game.moves, &game.depths));
        if let Ok(turns) = &turns {
            work.extend(turns.iter().map(|t| (g, *t)));
        }
        replayed.push(turns);
    }
    let bar = progress(work.len());
    let started = Instant::now();
    let results = run_parallel(
        &work,
        args.jobs,
        args.hash,
        net,
        tables,
        |searcher, (_, turn)| judge_turn(searcher, net, turn, settings),
        || bar.inc(1),
    );
    bar.finish_and_clear();
    let thread_ms =
        started.elapsed().as_secs_f64() * 1000.0 * args.jobs.clamp(1, work.len().max(1)) as f64;

    outln!("{}", output::settings_line(args.format.out(), settings));
    let mut players: Vec<(String, Totals)> = Vec::new();
    if args.format == OutputFormat::Tsv {
        outln!("{}", output::GAMES_TSV_HEADER);
    }
    let mut results = work.iter().map(|(g, _)| *g).zip(results).peekable();
    let (mut searched, mut nodes) = (0usize, 0u64);
    for (g, ((number, game), replay)) in records.iter().zip(&replayed).enumerate() {
        let mut turns: Vec<TurnReport> = Vec::new();
        let mut failed = replay.as_ref().err().cloned();
        while let Some((_, r)) = results.next_if(|(i, _)| *i == g) {
            match r {
                Ok(t) => turns.push(t),
                Err(e) => failed = failed.or(Some(e)),
            }
        }
        if let Some(e) = failed {
            errln!("ncbg analyze: game {number}: {e}");
            continue;
        }
        for t in &turns {
            let name = if t.side == "X" {
                &game.x_name
            } else {
                &game.y_name
            };
            outln!("{}", output::turn_line(args.format.out(), *number, name, t));
            if !t.exact && t.cube.is_none() {
                searched += 1;
                nodes += t.nodes;
            }
        }
        output::add_to_players(&mut players, [&game.x_name, &game.y_name], &turns);
    }
    for (name, t) in &players {
        if let Some(l) = output::totals_line(args.format.out(), name, t) {
            outln!("{l}");
        }
    }
    if searched > 0 {
        let spent = Effort {
            nodes: nodes as f64 / searched as f64,
            ms: thread_ms / searched as f64,
        };
        for (name, limits) in limits {
            if let Some(note) = shallower_note(name, limits, settings, spent) {
                errln!("ncbg analyze: {note}");
                if let Some(l) = output::note_line(args.format.out(), &note) {
                    outln!("{l}");
                }
            }
        }
    }
    Ok(())
}
