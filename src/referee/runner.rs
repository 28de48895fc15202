//! Plays a schedule on worker threads. Each worker owns one process per
//! engine (two in a match, up to N in a tournament), started (and
//! handshaken) when first needed and restarted after it forfeits, so an
//! engine that crashes loses its games and the others play on; finished games go back to the caller one by one, in the order
//! they finish, so the caller can record each at once.

use super::config::{EngineConfig, MatchConfig};
use super::engine::EngineProcess;
use super::judge::{self, Fault, GameSetup};
use super::tournament::TourGame;
use crate::matchfile::{ForfeitReason, GameEnd, GameRecord};
use crate::numbers::Side;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::thread;

/// Starts an engine and runs the handshake.
fn start(engine: &EngineConfig, cfg: &MatchConfig) -> Result<EngineProcess, Fault> {
    let mut p = EngineProcess::spawn(&engine.command).map_err(|e| Fault {
        reason: ForfeitReason::Spawn,
        detail: format!("cannot start {}: {e}", engine.command.join(" ")),
    })?;
    judge::handshake(&mut p, engine, &cfg.rules, &cfg.timeouts)?;
    Ok(p)
}

/// Plays one game with the worker's processes (starting missing ones);
/// `slots` holds one process slot per engine of `cfg`.
fn play_one(cfg: &MatchConfig, game: &TourGame, slots: &mut [Option<EngineProcess>]) -> GameRecord {
    let [a, b] = game.engines;
    let setup = GameSetup {
        spec: &game.spec,
        engines: [&cfg.engines[a], &cfg.engines[b]],
        rules: &cfg.rules,
        timeouts: &cfg.timeouts,
    };
    for side in [Side::X, Side::Y] {
        let e = game.engines[setup.engine_of(side)];
        if slots[e].is_none() {
            match start(&cfg.engines[e], cfg) {
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
    judge::play_game([p0, p1], &setup)
}

fn worker(
    cfg: Arc<MatchConfig>,
    queue: Arc<Mutex<VecDeque<TourGame>>>,
    stop: Arc<AtomicBool>,
    tx: mpsc::Sender<GameRecord>,
) {
    let mut slots: Vec<Option<EngineProcess>> = cfg.engines.iter().map(|_| None).collect();
    while !stop.load(Ordering::SeqCst) {
        let next = queue.lock().map(|mut q| q.pop_front()).unwrap_or(None);
        let Some(game) = next else { break };
        let record = play_one(&cfg, &game, &mut slots);
        if let GameEnd::Forfeit { loser, .. } = record.end {
            let e = match loser {
                Side::X => game.x(),
                Side::Y => game.y(),
            };
            if let Some(p) = slots[e].take() {
                p.shutdown();
            }
        }
        if tx.send(record).is_err() {
            break;
        }
    }
    for p in slots.into_iter().flatten() {
        p.shutdown();
    }
}

/// Plays `games` with `cfg.concurrency` workers. `on_record` gets every
/// finished game as soon as it ends; when it returns false no new game is
/// started (games under way still finish and are passed on).
pub fn run(cfg: &MatchConfig, games: Vec<TourGame>, mut on_record: impl FnMut(GameRecord) -> bool) {
    if games.is_empty() {
        return;
    }
    let workers = cfg.concurrency.clamp(1, games.len());
    let cfg = Arc::new(cfg.clone());
    let queue = Arc::new(Mutex::new(VecDeque::from(games)));
    let stop = Arc::new(AtomicBool::new(false));
    let (tx, rx) = mpsc::channel();
    let handles: Vec<_> = (0..workers)
        .map(|_| {
            let (cfg, queue, stop, tx) = (cfg.clone(), queue.clone(), stop.clone(), tx.clone());
            thread::spawn(move || worker(cfg, queue, stop, tx))
        })
        .collect();
    drop(tx);
    for record in rx {
        if !on_record(record) {
            stop.store(true, Ordering::SeqCst);
        }
    }
    for h in handles {
        let _ = h.join();
    }
}
