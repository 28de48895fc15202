//! Running a search for `go`: the job handed to the search thread, the
//! `info` and `bestmove` lines, and `bench`.

use super::command::GoCommand;
use crate::eval::nn::Network;
use crate::eval::NnEval;
use crate::game::GameState;
use crate::host::Instant;
use crate::ids::state_id;
use crate::numbers::Side;
use crate::search::{Clock, Info, Limits, Searcher, Settings, StopFlag};
use crate::turn::legal_turns;
use std::panic::AssertUnwindSafe;
use std::sync::Arc;
use std::time::Duration;

/// What the search thread runs: a search for `go`, or one of the long
/// counting commands, which run there too so that the main thread stays free
/// for `isready` and `stop`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Task {
    /// `go`: ends with `bestmove`.
    Go,
    /// `perft <depth>`: ends with its `perft ...` line.
    Perft(u32),
    /// `bench [depth <d>]`: `info string bench ...` lines, then its total.
    Bench(u32),
}

/// A search to run: everything the search thread needs, including the
/// searcher itself (it comes back in [`SearchDone`]).
pub struct SearchJob {
    /// What to run.
    pub task: Task,
    /// The searcher, with its transposition table.
    pub searcher: Searcher,
    /// The state to search.
    pub state: GameState,
    /// The limits of the `go` command.
    pub limits: Limits,
    /// The option-derived settings.
    pub settings: Settings,
    /// The table size, to rebuild the searcher if the search panics.
    pub hash_mib: usize,
    /// Whether `info` lines carry `tbhits` (exact-value tables are loaded).
    pub tbhits: bool,
    /// The net of `EvalFile` (`None`: the embedded nets), whose chances
    /// make the cube decisions.
    pub net: Option<Arc<Network>>,
}

/// A finished search.
pub struct SearchDone {
    /// The searcher, to give back to the session.
    pub searcher: Searcher,
    /// The last line: `bestmove ...`, or the perft or bench result.
    pub bestmove: String,
}

/// The search limits of a `go` command for `state` (the side to move's clock
/// becomes [`Limits::clock`]).
pub fn limits(go: &GoCommand, state: &GameState) -> Limits {
    let ms = Duration::from_millis;
    let (time, inc) = match state.to_move() {
        Side::X => (go.xtime, go.xinc),
        Side::Y => (go.ytime, go.yinc),
    };
    Limits {
        depth: go.depth,
        nodes: go.nodes,
        movetime: go.movetime.map(ms),
        clock: time.map(|t| Clock {
            time: ms(t),
            increment: ms(inc.unwrap_or(0)),
            moves_to_go: go.movestogo,
        }),
        infinite: go.infinite,
        multipv: go.multipv.unwrap_or(1),
        root_choices: None,
    }
}

/// An `info` line: `info depth D [multipv i] score mp V [exact] nodes N nps X
/// [tbhits H] time T pv tok...` (`multipv` only when more than one line is
/// asked for, `tbhits` only when exact-value tables are loaded).
pub fn info_line(info: &Info, multipv: bool, tbhits: bool) -> String {
    let micros = info.time.as_micros().max(1);
    let nps = u128::from(info.nodes) * 1_000_000 / micros;
    let mut line = format!("info depth {}", info.depth);
    if multipv {
        line.push_str(&format!(" multipv {}", info.multipv));
    }
    line.push_str(&format!(
        " score {} nodes {} nps {nps}",
        info.score, info.nodes
    ));
    if tbhits {
        line.push_str(&format!(" tbhits {}", info.tbhits));
    }
    line.push_str(&format!(" time {} pv", info.time.as_millis()));
    for token in &info.pv {
        line.push(' ');
        line.push_str(token);
    }
    line
}

impl SearchJob {
    /// Runs the search to its limits or until `stop` is set, giving each
    /// `info` line to `emit`, and returns the searcher and the `bestmove` line.
    pub fn run(mut self, stop: &StopFlag, emit: &mut dyn FnMut(String)) -> SearchDone {
        match self.task {
            Task::Go => {}
            Task::Perft(depth) => {
                return SearchDone {
                    bestmove: perft_line(&self.state, depth, stop),
                    searcher: self.searcher,
                }
            }
            Task::Bench(depth) => {
                let last = bench_until(depth, stop, emit);
                return SearchDone {
                    bestmove: last,
                    searcher: self.searcher,
                };
            }
        }
        // A cube decision first: cheap (one evaluation, no search); a double,
        // or an answer to one, is the whole reply.
        let nn = NnEval::file_or_embedded(self.net.clone());
        if let Some(d) = crate::search::cube::decide(&self.state, &nn) {
            emit(format!("info string cube {}", d.analysis));
            if let Some(action) = d.action {
                return SearchDone {
                    searcher: self.searcher,
                    bestmove: format!("bestmove {action}"),
                };
            }
        }
        let (multipv, tbhits) = (self.limits.multipv > 1, self.tbhits);
        let result = self.searcher.search(
            &self.state,
            &self.limits,
            &self.settings,
            stop,
            &mut |info| emit(info_line(info, multipv, tbhits)),
        );
        let token = match result {
            Some(r) => r.best.token(&self.state),
            // Only a finished game has no answer, and `go` refuses those; keep
            // the promise of one legal answer anyway.
            None => fallback(&self.state),
        };
        SearchDone {
            searcher: self.searcher,
            bestmove: format!("bestmove {token}"),
        }
    }

    /// [`SearchJob::run`], but a panic inside the search still gives one
    /// legal `bestmove` (the first legal choice) and a fresh searcher.
    pub fn run_guarded(self, stop: &StopFlag, emit: &mut dyn FnMut(String)) -> SearchDone {
        let (state, hash_mib) = (self.state, self.hash_mib);
        match std::panic::catch_unwind(AssertUnwindSafe(|| self.run(stop, emit))) {
            Ok(done) => done,
            Err(_) => {
                log::error!("the search panicked on {}", state_id::encode(&state));
                SearchDone {
                    searcher: Searcher::new(hash_mib, Box::new(NnEval::embedded())),
                    bestmove: format!("bestmove {}", fallback(&state)),
                }
            }
        }
    }
}

/// The first legal choice's token (`pass` if there is none).
fn fallback(state: &GameState) -> String {
    legal_turns(state)
        .first()
        .map_or_else(|| "pass".to_string(), |c| c.token(state))
}

/// The states `bench` searches: turn 0, after the initial pair, a pending
/// pair, and positions from seeded random games (early, middle, contact with
/// no credits left, a race into the bear-off).
pub const BENCH_STATES: [&str; 7] = [
    "4HPwATDgc/ABMA:Xpick:x-y-:d22:k6",
    "4HPwATDgc/ABMA:Xpick:x3y5:d22:k6",
    "4HPwATDgc/ABMA:Xplay:x6y5:d22:k6",
    "4HPwESDgM/ggUA:Xpick:x6y2:d22:k6",
    "42xDBwCxzQBwGg:Xpick:x2y6:d02:k6",
    "ns8EAwS7MRWADA:Xpick:x2y4:d00:k6",
    "v3cRAAB/BgAAAA:Xpick:x2y6:d00:k6",
];

/// The depth of `bench` when none is given.
pub const BENCH_DEPTH: u32 = 4;

/// Runs `bench`: searches every [`BENCH_STATES`] state to `depth` with a fresh
/// 16 MiB table and default settings, so that the node count depends on
/// nothing but the code. Gives `emit` an `info string` line per state as
/// each is searched, and returns the total, `<nodes> nodes <nps> nps`.
pub fn bench(depth: u32, emit: &mut dyn FnMut(String)) -> String {
    bench_until(depth, &StopFlag::new(false), emit)
}

/// `perft <depth>` from `state`: `perft D nodes N time MS nps X`, with
/// `partial` at the end when `stop` cut it short.
pub fn perft_line(state: &GameState, depth: u32, stop: &StopFlag) -> String {
    let start = Instant::now();
    let (nodes, whole) = crate::perft::nc_until(state, depth, stop);
    let micros = start.elapsed().as_micros().max(1);
    format!(
        "perft {depth} nodes {nodes} time {} nps {}{}",
        micros / 1000,
        u128::from(nodes) * 1_000_000 / micros,
        if whole { "" } else { " partial" }
    )
}

/// [`bench()`] that `stop` cuts short: the state being searched gets its
/// nodes so far and `partial`, the states after it are left out, and the
/// total line ends with `partial`.
pub fn bench_until(depth: u32, stop: &StopFlag, emit: &mut dyn FnMut(String)) -> String {
    let stopped = || crate::host::stop_requested(stop);
    let mut total = 0u64;
    let start = Instant::now();
    let limits = Limits {
        depth: Some(depth),
        multipv: 1,
        ..Limits::default()
    };
    for (i, id) in BENCH_STATES.iter().enumerate() {
        if stopped() {
            break;
        }
        let Ok(state) = state_id::decode(id) else {
            emit(format!("info string bench {} bad state {id}", i + 1));
            continue;
        };
        let mut searcher = Searcher::new(16, Box::new(NnEval::embedded()));
        let nodes = searcher
            .search(&state, &limits, &Settings::default(), stop, &mut |_| {})
            .map_or(0, |r| r.nodes);
        let cut = stopped();
        total += nodes;
        emit(format!(
            "info string bench {} {} nodes {nodes}{}",
            i + 1,
            state_id::encode(&state),
            if cut { " partial" } else { "" }
        ));
    }
    let micros = start.elapsed().as_micros().max(1);
    format!(
        "{total} nodes {} nps{}",
        u128::from(total) * 1_000_000 / micros,
        if stopped() { " partial" } else { "" }
    )
}
