//! `ncbg`: the No-Chance Backgammon engine and its command-line tools.
//!
//! With no subcommand, `ncbg` speaks NCBP (protocol/ncbp.md) on stdin and
//! stdout (see [`engine_loop`]); `ncbg perft` counts game trees and `ncbg
//! analyze` analyses positions and recorded games in batch (see [`analyze`]);
//! `ncbg tables` builds and probes exact-value tables (see [`tables`]).

mod analyze;
mod engine_loop;
mod tables;

use clap::{Args, Parser, Subcommand};
use ncbg::board::Variant;
use ncbg::game::GameState;
use ncbg::ids::{position_id, state_id};
use ncbg::numbers::NumberRules;
use ncbg::perft;
use std::process::ExitCode;
use std::time::Instant;

#[derive(Parser)]
#[command(name = "ncbg", version, about = "No-Chance Backgammon engine")]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Count the nodes of the game tree (move generator check and benchmark).
    Perft(PerftArgs),
    /// Analyse positions (full-state IDs) or a referee match file.
    Analyze(analyze::AnalyzeArgs),
    /// Exact-value tables: build (solve) and probe.
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
    /// Start position: standard, nackgammon or hypergammon.
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

fn main() -> ExitCode {
    env_logger::init();
    let cli = Cli::parse();
    let result = match cli.command {
        Some(Command::Perft(args)) => run_perft(&args),
        Some(Command::Analyze(args)) => analyze::run(&args),
        Some(Command::Tables(args)) => tables::run(&args),
        None => engine_loop::run(),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("ncbg: {e}");
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
    println!("perft {tree} from {start}");
    for depth in 1..=args.depth {
        let t = Instant::now();
        let nodes = match (args.classic, args.generate) {
            (true, false) => perft::classic(state.position(), depth),
            (true, true) => perft::classic_generated(state.position(), depth),
            (false, false) => perft::nc(&state, depth),
            (false, true) => perft::nc_generated(&state, depth),
        };
        let secs = t.elapsed().as_secs_f64();
        println!(
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
