//! Plays a schedule on worker threads. Each worker owns one process per
//! engine (two in a match, up to N in a tournament), started (and
//! handshaken) when first needed and restarted after it forfeits, so an
//! engine that crashes loses its games and the others play on; finished
//! games go back to the caller one by one, in the order they finish, so the
//! caller can record each at once.
//!
//! Before the first game, [`check_engines`] starts every engine once: one
//! that cannot start or finish its handshake stops the match with its error
//! instead of forfeiting game after game. An interrupt (SIGINT, SIGTERM in
//! the binary) abandons the games under way at once.

use super::config::{EngineConfig, MatchConfig};
use super::engine_process::{EngineProcess, Watch};
use super::judge::{self, Fault, GameSetup};
use super::log::EngineLog;
use super::matches::MatchUnit;
use super::tournament::TourGame;
use crate::matchfile::{ForfeitReason, GameEnd, GameRecord, MatchGame};
use crate::numbers::Side;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::thread;
use std::time::Duration;

/// How often the caller's thread looks at the interrupt flag.
const INTERRUPT_POLL: Duration = Duration::from_millis(50);

/// What a run shares besides its configuration: the engine log, and the
/// flag that interrupts it (set from a signal handler).
#[derive(Clone, Default)]
pub struct RunContext {
    /// The engine log (`--log`).
    pub log: Option<Arc<EngineLog>>,
    /// When set, the run stops at once: games under way are abandoned
    /// (not passed on), their engines ended.
    pub interrupt: Option<&'static AtomicBool>,
}

impl RunContext {
    /// Whether the interrupt flag is set.
    pub fn interrupted(&self) -> bool {
        self.interrupt.is_some_and(|f| f.load(Ordering::SeqCst))
    }
}

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunEnd {
    /// Every game was played, or the caller asked to stop.
    Finished,
    /// The interrupt flag was set: games under way were abandoned.
    Interrupted,
}

/// How long a failure's report waits for the engine's process to end, to
/// say how it ended.
const EXIT_WAIT: Duration = Duration::from_millis(200);

/// ` (exit status: 3)`, ` (signal: 11 (SIGSEGV))`: how the engine's process
/// ended, for a failure's detail; empty while it runs on.
fn how_it_ended(p: &mut EngineProcess) -> String {
    match p.exit_status(EXIT_WAIT) {
        Some(status) => format!(" ({status})"),
        None => String::new(),
    }
}

/// The watch of an engine of this run: its log, and `abort` and the
/// interrupt end its waits.
fn watch(engine: &EngineConfig, ctx: &RunContext, abort: &Arc<AtomicBool>) -> Watch {
    Watch {
        name: engine.name.clone(),
        log: ctx.log.clone(),
        abort: Some(abort.clone()),
        interrupt: ctx.interrupt,
    }
}

/// Starts an engine and runs the handshake.
fn start(
    engine: &EngineConfig,
    cfg: &MatchConfig,
    ctx: &RunContext,
    abort: &Arc<AtomicBool>,
) -> Result<EngineProcess, Fault> {
    let mut p =
        EngineProcess::spawn_watched(&engine.command, watch(engine, ctx, abort)).map_err(|e| {
            Fault {
                reason: ForfeitReason::Spawn,
                detail: format!("cannot start '{}': {e}", engine.command.join(" ")),
            }
        })?;
    if let Err(f) = judge::handshake(&mut p, engine, &cfg.rules, &cfg.timeouts) {
        let mut f = handshake_fault(f);
        f.detail += &how_it_ended(&mut p);
        return Err(f);
    }
    Ok(p)
}

/// A failed handshake of an engine started during the match forfeits with
/// reason `handshake`, whatever went wrong in it (an exit, silence, a
/// malformed line: the detail says which), as the match file's format
/// promises: `crash` and the others are for a game under way.
fn handshake_fault(f: Fault) -> Fault {
    Fault {
        reason: ForfeitReason::Handshake,
        ..f
    }
}

/// Engines started and past their handshake, one slot per engine of the
/// match, ready for the first worker ([`check_engines`]).
pub struct Started {
    slots: Vec<Option<EngineProcess>>,
    abort: Arc<AtomicBool>,
}

/// Starts every engine of `cfg` once and runs its handshake, before the
/// first game: an engine that cannot start, or does not finish the
/// handshake, is an error naming it and why (the operating system's error,
/// the handshake's fault, how the process ended), so a match is never played
/// as a row of forfeits of an engine that could not play at all. The
/// engines started are kept for the first worker.
pub fn check_engines(cfg: &MatchConfig, ctx: &RunContext) -> Result<Started, String> {
    let abort = Arc::new(AtomicBool::new(false));
    let mut slots = Vec::new();
    for engine in &cfg.engines {
        let mut p = EngineProcess::spawn_watched(&engine.command, watch(engine, ctx, &abort))
            .map_err(|e| {
                format!(
                    "engine '{}': cannot start '{}': {e}",
                    engine.name,
                    engine.command.join(" ")
                )
            })?;
        if let Err(f) = judge::handshake(&mut p, engine, &cfg.rules, &cfg.timeouts) {
            return Err(format!(
                "engine '{}' ('{}'): handshake failed: {}{}",
                engine.name,
                engine.command.join(" "),
                judge::cut_detail(&f.detail),
                how_it_ended(&mut p)
            ));
        }
        slots.push(Some(p));
    }
    Ok(Started { slots, abort })
}

/// What a worker plays: one game, or a whole match (its games in
/// sequence, each passed on as it finishes).
#[derive(Clone, Debug)]
pub enum Job {
    /// One scheduled game.
    Game(TourGame),
    /// A match to N points, from where it stands.
    Match(MatchUnit),
}

impl Job {
    /// The scheduled unit's index.
    pub fn index(&self) -> u64 {
        match self {
            Job::Game(g) => g.spec.index,
            Job::Match(m) => m.first.spec.index,
        }
    }
}

/// Plays one game with the worker's processes (starting missing ones);
/// `slots` holds one process slot per engine of `cfg`; `in_match`: the
/// game's place in its match.
fn play_one(
    cfg: &MatchConfig,
    ctx: &RunContext,
    abort: &Arc<AtomicBool>,
    game: &TourGame,
    in_match: Option<MatchGame>,
    slots: &mut [Option<EngineProcess>],
) -> GameRecord {
    let [a, b] = game.engines;
    let setup = GameSetup {
        spec: &game.spec,
        engines: [&cfg.engines[a], &cfg.engines[b]],
        rules: &cfg.rules,
        timeouts: &cfg.timeouts,
        in_match,
    };
    for side in [Side::X, Side::Y] {
        let e = game.engines[setup.engine_of(side)];
        if slots[e].is_none() {
            match start(&cfg.engines[e], cfg, ctx, abort) {
                Ok(p) => slots[e] = Some(p),
                Err(f) => return setup.forfeit_before_start(side, f),
            }
        }
    }
    // a < b: the two slots from the two halves.
    let (low, high) = slots.split_at_mut(b);
    let (Some(p0), Some(p1)) = (low[a].as_mut(), high[0].as_mut()) else {
        unreachable!("both engines were started above")
    };
    let mut record = judge::play_game([p0, p1], &setup);
    // A crash says how the process ended (an exit status, a signal), or
    // that it had only closed its output.
    if let GameEnd::Forfeit {
        loser,
        reason: ForfeitReason::Crash,
    } = record.end
    {
        let crashed = if game.engines[setup.engine_of(loser)] == a {
            p0
        } else {
            p1
        };
        if !abort.load(Ordering::SeqCst) {
            match how_it_ended(crashed) {
                // The output ended, not the process.
                ended if ended.is_empty() => {
                    record.detail = record.detail.replacen(
                        "the engine exited",
                        "the engine closed its output",
                        1,
                    ) + "; its process ran on"
                }
                ended => record.detail += &ended,
            }
        }
    }
    record
}

/// A finished game on its way to the caller, with the channel on which
/// its worker waits for the caller to have taken it in.
struct Finished {
    record: GameRecord,
    taken: mpsc::SyncSender<()>,
}

struct Shared {
    cfg: Arc<MatchConfig>,
    ctx: RunContext,
    queue: Arc<Mutex<VecDeque<Job>>>,
    stop: Arc<AtomicBool>,
    abort: Arc<AtomicBool>,
}

/// Plays games from the queue until it is empty or the run stops; a match
/// is played game after game until it is over. After each game the worker
/// waits until the caller has taken the record in (and perhaps decided to
/// stop, e.g. on an SPRT decision) before it starts the next game, so no
/// game is started after the caller said stop (a match cut so is left
/// unfinished: `--resume` goes on with it).
fn worker(shared: Shared, mut slots: Vec<Option<EngineProcess>>, tx: mpsc::Sender<Finished>) {
    let Shared {
        cfg,
        ctx,
        queue,
        stop,
        abort,
    } = shared;
    slots.resize_with(cfg.engines.len(), || None);
    let (taken, was_taken) = mpsc::sync_channel(1);
    let go_on = || !stop.load(Ordering::SeqCst) && !abort.load(Ordering::SeqCst);
    // Plays one game and passes it on; false: the run stops.
    let mut play = |game: &TourGame, in_match: Option<MatchGame>| -> Option<GameRecord> {
        let record = play_one(&cfg, &ctx, &abort, game, in_match, &mut slots);
        if abort.load(Ordering::SeqCst) {
            // Interrupted: the game was cut short, not finished.
            return None;
        }
        if let GameEnd::Forfeit { loser, .. } = record.end {
            let e = match loser {
                Side::X => game.x(),
                Side::Y => game.y(),
            };
            if let Some(p) = slots[e].take() {
                p.shutdown();
            }
        }
        let finished = Finished {
            record: record.clone(),
            taken: taken.clone(),
        };
        tx.send(finished).ok()?;
        loop {
            match was_taken.recv_timeout(INTERRUPT_POLL) {
                Ok(()) => return Some(record),
                Err(mpsc::RecvTimeoutError::Timeout) if !abort.load(Ordering::SeqCst) => {}
                Err(_) => return None,
            }
        }
    };
    'jobs: while go_on() {
        let next = queue.lock().map(|mut q| q.pop_front()).unwrap_or(None);
        match next {
            None => break,
            Some(Job::Game(game)) => {
                if play(&game, None).is_none() {
                    break;
                }
            }
            Some(Job::Match(mut unit)) => {
                while !unit.score.is_over() {
                    if !go_on() {
                        break 'jobs;
                    }
                    let (game, place) = unit.next_game();
                    let Some(record) = play(&game, Some(place)) else {
                        break 'jobs;
                    };
                    unit.add(&record);
                }
            }
        }
    }
    for p in slots.into_iter().flatten() {
        p.shutdown();
    }
}

/// Plays `games` with `cfg.concurrency` workers, the first of them using
/// the engines `started` (from [`check_engines`]; `None`: every worker
/// starts its own when first needed). `on_record` gets every finished game
/// as soon as it ends; when it returns false no new game is started, not
/// even by a worker whose game ended at the same time (each worker waits
/// for `on_record` before it takes its next game); games under way still
/// finish and are passed on. When `ctx`'s interrupt flag
/// is set, the games under way are abandoned at once (their engines ended,
/// nothing more passed on) and the run returns [`RunEnd::Interrupted`].
pub fn run(
    cfg: &MatchConfig,
    games: Vec<Job>,
    started: Option<Started>,
    ctx: &RunContext,
    mut on_record: impl FnMut(GameRecord) -> bool,
) -> RunEnd {
    let (mut first, abort) = match started {
        Some(s) => (s.slots, s.abort),
        None => (Vec::new(), Arc::new(AtomicBool::new(false))),
    };
    if games.is_empty() {
        return RunEnd::Finished;
    }
    let workers = cfg.concurrency.clamp(1, games.len());
    let cfg = Arc::new(cfg.clone());
    let queue = Arc::new(Mutex::new(VecDeque::from(games)));
    let stop = Arc::new(AtomicBool::new(false));
    let (tx, rx) = mpsc::channel();
    let handles: Vec<_> = (0..workers)
        .map(|_| {
            let shared = Shared {
                cfg: cfg.clone(),
                ctx: ctx.clone(),
                queue: queue.clone(),
                stop: stop.clone(),
                abort: abort.clone(),
            };
            let (slots, tx) = (std::mem::take(&mut first), tx.clone());
            thread::spawn(move || worker(shared, slots, tx))
        })
        .collect();
    drop(tx);
    let mut end = RunEnd::Finished;
    loop {
        if ctx.interrupted() {
            abort.store(true, Ordering::SeqCst);
            end = RunEnd::Interrupted;
            break;
        }
        match rx.recv_timeout(INTERRUPT_POLL) {
            Ok(Finished { record, taken }) => {
                if !on_record(record) {
                    stop.store(true, Ordering::SeqCst);
                }
                // The worker waits for this before its next game.
                let _ = taken.try_send(());
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
        }
    }
    for h in handles {
        let _ = h.join();
    }
    // Games that finished before the interrupt and wait in the channel
    // (a game cut short is never sent).
    for finished in rx.try_iter() {
        on_record(finished.record);
    }
    end
}
