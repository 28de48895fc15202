//! `ncbg`: the No-Chance Backgammon engine and its command-line tools.
//!
//! With no subcommand, `ncbg` speaks NCBP (protocol/ncbp.md) on stdin and
//! stdout (see [`engine_loop`]); `ncbg perft` counts game trees, `ncbg
//! bench` runs the engine's fixed search workload, `ncbg analyze` analyses
//! positions and recorded games in batch (see [`analyze`]) and `ncbg
//! tables` builds, probes and lists exact-value tables (see [`tables`]).
//!
//! The subcommands print with [`outln!`]: when the reader of stdout goes
//! away (`ncbg perft 6 | head -1`), the program ends quietly with status 0
//! instead of panicking on the broken pipe. The engine loop does the same
//! with its own writer.

/// `println!` for the subcommands: a line to stdout; a closed stdout ends
/// the program quietly ([`write_out`]).
macro_rules! outln {
    ($($arg:tt)*) => {
        $crate::write_out(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// `eprintln!` for progress and logs: a line to stderr; a closed stderr
/// (`ncbg tables build ... 2>&1 | head -1`) is ignored, so that progress
/// output never ends the work.
macro_rules! errln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

mod analyze;
mod engine_loop;
mod tables;

use clap::{Args, Parser, Subcommand};
use ncbg::board::Variant;
use ncbg::game::GameState;
use ncbg::ids::{position_id, state_id};
use ncbg::numbers::NumberRules;
use ncbg::perft;
use std::io::{ErrorKind, Write};
use std::process::ExitCode;
use std::time::Instant;

#[derive(Parser)]
#[command(
    name = "ncbg",
    version,
    about = "No-Chance Backgammon engine",
    after_help = "With no command, ncbg is the engine: it reads NCBP commands on stdin and answers on \
                  stdout (protocol/ncbp.md). Type `ncbp` to start, `quit` to end.",
    args_conflicts_with_subcommands = true
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// For experiments: change one of the search's tuning knobs, which each
    /// game otherwise chooses itself (repeat for more). Knobs:
    /// HyperMoveFilter, HyperMoveFilterSmallAlphabet, FilterPerNumber,
    /// FilterReduction, OddDepths, FutilityMargin, HyperFutilityMargin,
    /// ProgressAfter, ProgressWeight (docs/engine.md, "Tuning").
    #[arg(long, value_name = "NAME=VALUE", value_parser = tune_setting)]
    tune: Vec<String>,
}

/// The knobs of the `--tune` settings (a later setting of a knob wins).
fn tune_of(settings: &[String]) -> Result<ncbg::search::Tune, String> {
    let mut tune = ncbg::search::Tune::new();
    for setting in settings {
        tune.set_from(setting)?;
    }
    Ok(tune)
}

/// A `--tune` value, checked as the engine will read it.
fn tune_setting(text: &str) -> Result<String, String> {
    ncbg::search::Tune::new().set_from(text)?;
    Ok(text.to_string())
}

#[derive(Subcommand)]
enum Command {
    /// Count the nodes of the game tree (move generator check and benchmark).
    Perft(PerftArgs),
    /// Run the engine's `bench`: a fixed search workload whose node count is
    /// the same on every machine.
    Bench(BenchArgs),
    /// Analyse positions (full-state IDs), a referee match file or a gnubg
    /// `.mat`.
    Analyze(analyze::AnalyzeArgs),
    /// Exact-value tables: build (solve), probe, verify and list.
    Tables(tables::TablesArgs),
}

#[derive(Args)]
struct PerftArgs {
    /// Depth in plies; every depth from 1 up is reported.
    #[arg(default_value_t = 3)]
    depth: u32,
    /// Classic tree: each ply sums over the 21 dice rolls (instead of NC picks).
    #[arg(long)]
    classic: bool,
    /// Start from this full-state ID (NC) instead of the variant's start.
    #[arg(long, conflicts_with_all = ["position", "pair", "variant"])]
    state: Option<String>,
    /// Start from this gnubg Position ID (side to move on roll).
    #[arg(long)]
    position: Option<String>,
    /// Initial numbers x0,y0 of the NC tree (turn 0 already played).
    #[arg(long, default_value = "3,5")]
    pair: String,
    /// Game: standard, nackgammon, hypergammon, race or anti.
    #[arg(long, default_value = "standard")]
    variant: Variant,
    /// Alphabet size k for NC picks.
    #[arg(long, default_value_t = 6)]
    k: u8,
    /// Doublet credits per player.
    #[arg(long, default_value_t = 2)]
    credits: u8,
    /// Build every leaf position instead of counting leaves in bulk.
    #[arg(long)]
    generate: bool,
}

#[derive(Args)]
struct BenchArgs {
    /// Search depth in turns (1 to 6), as the engine's `bench depth <d>`.
    #[arg(default_value_t = ncbg::engine::search_job::BENCH_DEPTH,
          value_parser = clap::value_parser!(u32).range(1..=i64::from(ncbg::engine::command::MAX_BENCH_DEPTH)))]
    depth: u32,
}

/// Writes `args` to stdout. A reader that went away (a broken pipe) ends
/// the program at once with status 0, as `head` expects; another write
/// error ends it with status 2 and a message.
pub fn write_out(args: std::fmt::Arguments) {
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_fmt(args).and_then(|()| out.flush()) {
        if e.kind() == ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        // Not eprintln!: stderr may be gone too.
        let _ = writeln!(
            std::io::stderr(),
            "ncbg: cannot write to standard output: {e}"
        );
        std::process::exit(2);
    }
}

fn main() -> ExitCode {
    env_logger::init();
    let cli = Cli::parse();
    let result = match cli.command {
        Some(Command::Perft(args)) => run_perft(&args),
        Some(Command::Bench(args)) => {
            let total = ncbg::engine::search_job::bench(args.depth, &mut |l| outln!("{l}"));
            outln!("{total}");
            Ok(())
        }
        Some(Command::Analyze(args)) => analyze::run(&args),
        Some(Command::Tables(args)) => tables::run(&args),
        None => tune_of(&cli.tune).and_then(engine_loop::run),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // One line a problem (a command may report several).
            for line in e.lines() {
                errln!("ncbg: {line}");
            }
            ExitCode::from(2)
        }
    }
}

fn run_perft(args: &PerftArgs) -> Result<(), String> {
    let rules = NumberRules::new(args.k, args.credits)?;
    let position = match &args.position {
        Some(id) => position_id::decode_with(id, args.variant.checkers_per_side())
            .map_err(|e| format!("bad --position: {e}"))?,
        None => args.variant.start(),
    };
    let state = match &args.state {
        Some(id) => state_id::decode(id).map_err(|e| format!("bad --state: {e}"))?,
        None => {
            let (x0, y0) = parse_pair(&args.pair)?;
            let mut g = GameState::from_position(position, rules);
            g.set_objective(args.variant.objective())
                .map_err(|e| e.to_string())?;
            g.pick(x0).map_err(|e| format!("bad --pair: {e}"))?;
            g.pick(y0).map_err(|e| format!("bad --pair: {e}"))?;
            g
        }
    };
    let tree = if args.classic { "classic" } else { "nc" };
    let start = if args.classic {
        position_id::encode(state.position())
    } else {
        state_id::encode(&state)
    };
    outln!("perft {tree} from {start}");
    for depth in 1..=args.depth {
        let t = Instant::now();
        let nodes = match (args.classic, args.generate) {
            (true, false) => perft::classic(state.position(), depth),
            (true, true) => perft::classic_generated(state.position(), depth),
            (false, false) => perft::nc(&state, depth),
            (false, true) => perft::nc_generated(&state, depth),
        };
        let secs = t.elapsed().as_secs_f64();
        outln!(
            "depth {depth} nodes {nodes} time {:.0} ms nps {:.0}",
            secs * 1000.0,
            nodes as f64 / secs.max(1e-9)
        );
    }
    Ok(())
}

fn parse_pair(text: &str) -> Result<(u8, u8), String> {
    let bad = || format!("'{text}' is not two numbers like 3,5");
    let (a, b) = text.split_once(',').ok_or_else(bad)?;
    Ok((
        a.trim().parse().map_err(|_| bad())?,
        b.trim().parse().map_err(|_| bad())?,
    ))
}
