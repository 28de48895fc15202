//! `ncbg`: the No-Chance Backgammon engine and its command-line tools.
//!
//! With no subcommand, `ncbg` speaks NCBP (protocol/ncbp.md) on stdin and
//! stdout. Three threads, as in the chess engine Rustic: a reader thread turns
//! stdin into lines, a search thread runs `go`, and the main thread owns the
//! [`Session`] and stdout. They talk over one crossbeam channel of
//! [`Event`]s; `stop` reaches a running search through a shared flag.

use clap::{Args, Parser, Subcommand};
use crossbeam_channel::{unbounded, Receiver, Sender};
use ncbg::board::Variant;
use ncbg::engine::{EngineError, LineReader, Reply, SearchDone, SearchJob, Session};
use ncbg::game::GameState;
use ncbg::ids::{position_id, state_id};
use ncbg::numbers::NumberRules;
use ncbg::perft;
use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread;
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
        None => run_engine(),
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

/// What the main thread waits for.
enum Event {
    /// A line from stdin, or the error line it deserves.
    Line(Result<String, EngineError>),
    /// Stdin is closed.
    Eof,
    /// An `info` line from the search thread.
    Info(String),
    /// The search thread finished a search.
    Done(SearchDone),
}

/// The search under way, as the main thread sees it.
struct Running {
    /// `go infinite`: the `bestmove` waits for `stop` even if the search ends.
    infinite: bool,
    /// `stop` (or `quit`) was received.
    stopped: bool,
    /// The finished search, held back until `stop` (infinite only).
    held: Option<SearchDone>,
}

/// Writes protocol lines to stdout, flushing each.
struct Output(std::io::Stdout);

impl Output {
    fn line(&mut self, line: &str) {
        let mut out = self.0.lock();
        if writeln!(out, "{line}").and_then(|()| out.flush()).is_err() {
            // Nobody is listening any more.
            log::info!("stdout closed; exiting");
            std::process::exit(0);
        }
    }
}

fn spawn_reader(events: Sender<Event>) {
    thread::spawn(move || {
        let mut reader = LineReader::new(std::io::stdin().lock());
        while let Some(line) = reader.next_line() {
            if events.send(Event::Line(line)).is_err() {
                return;
            }
        }
        let _ = events.send(Event::Eof);
    });
}

fn spawn_searcher(jobs: Receiver<Box<SearchJob>>, events: Sender<Event>, stop: Arc<AtomicBool>) {
    thread::spawn(move || {
        for job in jobs {
            let mut emit = |line: String| {
                let _ = events.send(Event::Info(line));
            };
            let done = job.run_guarded(&stop, &mut emit);
            if events.send(Event::Done(done)).is_err() {
                return;
            }
        }
    });
}

/// The engine: runs until `quit` or the end of stdin.
fn run_engine() -> Result<(), String> {
    let (events_tx, events) = unbounded::<Event>();
    let (jobs_tx, jobs) = unbounded::<Box<SearchJob>>();
    let stop = Arc::new(AtomicBool::new(false));
    spawn_reader(events_tx.clone());
    spawn_searcher(jobs, events_tx, Arc::clone(&stop));

    let mut session = Session::new();
    let mut out = Output(std::io::stdout());
    let mut running: Option<Running> = None;
    let mut quitting = false;

    for event in events.iter() {
        match event {
            Event::Info(line) => out.line(&line),
            Event::Done(done) => match running.as_mut() {
                Some(run) if run.infinite && !run.stopped => run.held = Some(done),
                _ => {
                    running = None;
                    finish(&mut session, &mut out, done);
                }
            },
            Event::Eof => {
                log::debug!("end of input");
                quitting = true;
            }
            Event::Line(_) if quitting => {}
            Event::Line(Err(e)) => out.line(&e.to_string()),
            Event::Line(Ok(line)) => {
                log::debug!("> {line}");
                match session.execute_line(&line) {
                    Reply::Lines(lines) => lines.iter().for_each(|l| out.line(l)),
                    Reply::Search(job) => {
                        stop.store(false, Ordering::SeqCst);
                        running = Some(Running {
                            infinite: job.limits.infinite,
                            stopped: false,
                            held: None,
                        });
                        jobs_tx
                            .send(job)
                            .map_err(|e| format!("the search thread is gone: {e}"))?;
                    }
                    Reply::Stop => stop_search(&mut running, &stop, &mut session, &mut out),
                    Reply::Quit => quitting = true,
                }
            }
        }
        if quitting {
            // A running search is stopped; its bestmove comes first.
            stop_search(&mut running, &stop, &mut session, &mut out);
            if running.is_none() {
                return Ok(());
            }
        }
    }
    Ok(())
}

/// Prints the `bestmove` of a finished search and makes the session idle.
fn finish(session: &mut Session, out: &mut Output, done: SearchDone) {
    out.line(&done.bestmove);
    session.search_finished(done.searcher);
}

/// Stops the running search, if any; prints a held `bestmove` at once.
fn stop_search(
    running: &mut Option<Running>,
    stop: &AtomicBool,
    session: &mut Session,
    out: &mut Output,
) {
    let Some(run) = running.as_mut() else {
        return;
    };
    run.stopped = true;
    stop.store(true, Ordering::SeqCst);
    if let Some(done) = run.held.take() {
        *running = None;
        finish(session, out, done);
    }
}
