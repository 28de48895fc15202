//! `ncbg-referee`: plays matches between two NCBP engines, or tournaments
//! between more, records every game in a match file, and reports results,
//! Elo and SPRT (a match) or a rating list and crosstable (a tournament). See README.md and
//! `protocol/match-file.md`. One module a subcommand: [`run`] (a match, the
//! default), [`merge`], [`export`] (`export-mat`); the logic itself is in the
//! library (`ncbg::referee`).
// The argument docs double as `--help` text, where `<name>` is meant literally.
#![allow(rustdoc::invalid_html_tags)]

mod export;
mod merge;
mod run;
mod signals;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum};
use ncbg::matchfile::{GameRecord, MatchFile};
use ncbg::referee::config::Rules;
use ncbg::referee::judge::check_record;
use ncbg::referee::report::{FinalReport, RatingSettings};
use ncbg::referee::sprt::Sprt;
use ncbg::referee::store;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

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
        /// Write the merged games to this match file (an existing one is
        /// refused unless --force).
        #[arg(long)]
        out: Option<PathBuf>,
        /// Let --out overwrite an existing file.
        #[arg(long, requires = "out")]
        force: bool,
        /// SPRT to evaluate: elo0=.. elo1=.. alpha=.. beta=..
        #[arg(long, num_args = 1..)]
        sprt: Vec<String>,
        /// Report format.
        #[arg(long, value_enum, default_value = "text")]
        format: ReportFormat,
        /// Accept files that lack shards or games of the schedule (a warning
        /// instead of a failure).
        #[arg(long)]
        partial: bool,
        /// Pool matches of the same engines and settings played on other
        /// openings (e.g. several seeds): their games are renumbered, each
        /// game pair kept apart.
        #[arg(long)]
        pool: bool,
        #[command(flatten)]
        rating: RatingArgs,
    },
    /// Writes a match file's games as a Jellyfish .mat file for GNU Backgammon;
    /// a tournament's, one file a pairing (OUT.<A>-vs-<B>.mat), or the one
    /// pairing --pair names (to OUT).
    ExportMat {
        /// The match file.
        matchfile: PathBuf,
        /// The .mat file to write (a tournament: the start of each file's name).
        out: PathBuf,
        /// Export only the games between these two engines, the first as
        /// gnubg's player 1.
        #[arg(long, value_name = "NAME1,NAME2")]
        pair: Option<String>,
    },
}

/// `--format`: how the final report is written.
#[derive(Clone, Copy, ValueEnum)]
pub(crate) enum ReportFormat {
    Text,
    Json,
}

/// How a tournament's ratings are anchored and their intervals found.
#[derive(clap::Args, Clone)]
pub(crate) struct RatingArgs {
    /// A tournament's rating anchor: the engine NAME gets rating ELO
    /// (default: the first engine at 0; merge: the one the first file
    /// recorded). Not for a match of two engines.
    #[arg(long, value_name = "NAME=ELO")]
    anchor: Option<String>,
    /// Bootstrap resamples behind a tournament's 95% intervals.
    #[arg(long, default_value_t = 1000)]
    bootstrap: usize,
}

#[derive(clap::Args)]
pub(crate) struct RunArgs {
    /// An engine: cmd=<command line> name=<name> option.<Name>=<value>
    /// tc=<[moves/]base[+inc], seconds> movetime=<ms> depth=<d> nodes=<n>.
    /// tc=60+0.6 is 60 s for the game, 0.6 s added per answer; tc=40/60+0.6
    /// gives 60 s more after every 40 answers (go sends movestogo). Two for
    /// a match, more for a tournament. Every engine is started and
    /// handshaken once before the first game: one that cannot start or
    /// finish the handshake stops the referee with the reason (exit 1).
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE")]
    engine: Vec<String>,
    /// The `--engine` settings, one list per occurrence (filled from the
    /// parsed arguments: clap's derive cannot group them).
    #[arg(skip)]
    engine_groups: Vec<Vec<String>>,
    /// Which engines of a tournament meet: every pair (round-robin) or the
    /// first engine against each other (gauntlet).
    #[arg(
        long,
        default_value = "round-robin",
        value_name = "round-robin|gauntlet"
    )]
    tournament: String,
    #[command(flatten)]
    rating: RatingArgs,
    /// Settings shared by every engine (same keys as --engine).
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE")]
    each: Vec<String>,
    /// Games to play (default: one round); not with --rounds.
    #[arg(long, conflicts_with = "rounds")]
    games: Option<u64>,
    /// Rounds: every opening twice, colours swapped (per pairing in a
    /// tournament); once with --no-repeat.
    #[arg(long)]
    rounds: Option<u64>,
    /// Every opening once, the colours alternating from one opening to the
    /// next (cutechess-cli without -repeat), not twice with colours
    /// swapped: for two copies of one deterministic engine, whose colour-
    /// swapped games are the same game. Each game counts alone (no game
    /// pairs: the trinomial model).
    #[arg(long)]
    no_repeat: bool,
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
    /// Game: standard, nackgammon, hypergammon, race (Backgammon Race) or anti
    /// (Anti-Backgammon: drawn after 500 turns a side).
    #[arg(long, default_value = "standard")]
    variant: String,
    /// Turns after which a game is a draw.
    #[arg(long, default_value_t = 1000)]
    max_turns: u32,
    /// Do not adjudicate a game whose full state occurs for the third time
    /// as a draw.
    #[arg(long)]
    no_repetition: bool,
    /// Play matches to N points (1..64) instead of single games: each
    /// scheduled game (--games, --rounds count them) is a whole match
    /// between its two engines, with the Crawford rule and the cube.
    #[arg(long, value_name = "N")]
    match_length: Option<u32>,
    /// How a win counts: points (1, 2, 3 for single, gammon, backgammon)
    /// or single (every win 1 point).
    #[arg(long, default_value = "points", value_name = "points|single")]
    scoring: String,
    /// Money play with the doubling cube.
    #[arg(long)]
    cube: bool,
    /// Money play with the cube: gammons count single until the cube is turned.
    #[arg(long)]
    jacoby: bool,
    /// Money play with the cube: a taker may beaver (redouble at once).
    #[arg(long)]
    beavers: bool,
    /// Grace beyond the clock or movetime: `auto` (300 ms plus 3 times the
    /// engine's slowest `isready` round trip in the game, at most 2 s more:
    /// it grows with the machine's load) or a fixed number of milliseconds.
    #[arg(long, default_value = "auto")]
    timeout_margin: String,
    /// Milliseconds to wait for ncbpok and readyok.
    #[arg(long, default_value_t = 10_000)]
    handshake_timeout: u64,
    /// Milliseconds to wait for an answer with neither clock nor movetime.
    #[arg(long, default_value_t = 300_000)]
    answer_timeout: u64,
    /// Match file: every finished game is appended at once.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Continue the match in --out, skipping its finished games (after a
    /// crash, kill -9, or SIGINT/SIGTERM: the first signal ends the games
    /// under way, reports the finished ones and exits with status 130).
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
    format: ReportFormat,
    /// Engine log: every line sent to and read from every engine, with its
    /// UTC time, the engine's name and process id, and `>` (to the engine),
    /// `<` (from it) or `!` (started, exited, killed). Appended to.
    #[arg(long, value_name = "FILE")]
    log: Option<PathBuf>,
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
            force,
            sprt,
            format,
            partial,
            pool,
            rating,
        }) => merge::merge(
            &files,
            out.as_deref(),
            &sprt,
            format,
            merge::How {
                partial,
                pool,
                force,
            },
            &rating,
        )
        .map_err(Failure::from),
        Some(Command::ExportMat {
            matchfile,
            out,
            pair,
        }) => export::export_mat(&matchfile, &out, pair.as_deref()).map_err(Failure::from),
        None => run::run(cli.run),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Interrupted) => ExitCode::from(130),
        Err(Failure::Error(e)) => {
            note!("ncbg-referee: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Why a command did not succeed.
pub(crate) enum Failure {
    /// An error, reported on standard error.
    Error(String),
    /// SIGINT or SIGTERM: what was finished is kept (exit status 130).
    Interrupted,
}

impl From<String> for Failure {
    fn from(e: String) -> Failure {
        Failure::Error(e)
    }
}

pub(crate) fn parse_sprt(words: &[String]) -> Result<Option<Sprt>, String> {
    if words.is_empty() {
        Ok(None)
    } else {
        Sprt::parse(words).map(Some)
    }
}

impl RatingArgs {
    /// The library's rating settings.
    pub(crate) fn settings(&self) -> RatingSettings {
        RatingSettings {
            anchor: self.anchor.clone(),
            bootstrap: self.bootstrap,
        }
    }
}

/// Writes `text` to standard output. A closed pipe (`ncbg-referee ... |
/// head -1`) ends the output quietly: it is not an error of the referee's.
pub(crate) fn emit(text: &str) -> Result<(), String> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|_| out.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(format!("cannot write the report: {e}")),
    }
}

/// Writes the final report in `format`.
pub(crate) fn emit_report(report: &FinalReport, format: ReportFormat) -> Result<(), String> {
    emit(&report.render(matches!(format, ReportFormat::Json)))
}

/// Writes a line to standard error; a closed standard error is ignored.
#[macro_export]
macro_rules! note {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

/// Warns on stderr about every game of `games` whose moves do not replay to
/// its recorded end under `rules` (a record edited or damaged by hand:
/// [`check_record`]); such games still count.
pub(crate) fn warn_unreplayable(games: &[GameRecord], rules: &Rules, file: &str) {
    const SHOWN: usize = 10;
    let bad: Vec<(u64, String)> = games
        .iter()
        .filter_map(|g| check_record(g, rules).err().map(|why| (g.index, why)))
        .collect();
    for (index, why) in bad.iter().take(SHOWN) {
        note!("ncbg-referee: warning: {file}: game {index}: {why}");
    }
    if bad.len() > SHOWN {
        note!(
            "ncbg-referee: warning: {file}: {} more games whose moves do not give their recorded end",
            bad.len() - SHOWN
        );
    }
}

pub(crate) fn read_match(path: &Path) -> Result<MatchFile, String> {
    store::read(path)
}

pub(crate) fn names_of(file: &MatchFile, path: &Path) -> Result<[String; 2], String> {
    file.header.names().ok_or_else(|| {
        if file.header.entries.is_empty() {
            // As `ncbg analyze` says it: what the file is not, and how it starts.
            let first = std::fs::read_to_string(path)
                .ok()
                .and_then(|t| t.lines().map(str::trim).find(|l| !l.is_empty()).map(|l| {
                    format!(" (first line: '{}')", l.chars().take(40).collect::<String>())
                }))
                .unwrap_or_default();
            format!(
                "{}: not a referee match file: no header of `meta` lines, as `ncbg-referee --out` writes{first}",
                path.display()
            )
        } else {
            format!(
                "{}: a match file whose header names no engines (`meta engine0=` and `meta engine1=`)",
                path.display()
            )
        }
    })
}

/// Every engine name of a match file (two, or a tournament's).
pub(crate) fn all_names_of(file: &MatchFile, path: &Path) -> Result<Vec<String>, String> {
    names_of(file, path)?;
    Ok(file.header.engine_names())
}
