//! Engine work as tasks: starting and restarting engine processes, and
//! asking the engine whose side is to move for its turn. An answer is
//! applied only if the game has not changed since the question (its
//! generation) and the library judges it legal; otherwise it is dropped, or
//! reported as a fault and never reaches the board.

use crate::app::{Player, Shared, SlotFault, SlotStatus, State, Thinking};
use crate::driver::{Engine, EngineFault, HANDSHAKE_TIMEOUT};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::watch;

/// The person's actions, each followed by a look whether an engine is now
/// to move ([`kick`]). A trait on the shared state so that the HTTP
/// handlers call `shared.act(...)`, while `app` (the state) knows nothing of
/// the engines' tasks.
pub trait Act {
    /// Runs a person's action: on success the game moves on (and an engine
    /// may start thinking), on error nothing changes and the message is kept
    /// for the page too.
    fn act(&self, action: impl FnOnce(&mut State) -> Result<(), String>) -> Result<(), String>;
}

impl Act for Arc<Shared> {
    fn act(&self, action: impl FnOnce(&mut State) -> Result<(), String>) -> Result<(), String> {
        let mut st = self.lock();
        let result = st.act(action);
        self.changes.send_replace(st.version);
        drop(st);
        kick(self);
        result
    }
}

/// Starts every engine slot.
pub fn start_all(shared: &Arc<Shared>) {
    for slot in 0..shared.slots.len() {
        restart(shared, slot);
    }
}

/// (Re)starts slot `slot`: any search is aborted, the old process killed,
/// a new one started with the current game's rules.
pub fn restart(shared: &Arc<Shared>, slot: usize) {
    let Some(s) = shared.slots.get(slot) else {
        return;
    };
    s.abort.send_modify(|e| *e += 1);
    // This start's epoch: a later restart bumps it again.
    let epoch = *s.abort.borrow();
    let rule_options = {
        let mut st = shared.lock();
        st.status[slot] = SlotStatus::Starting;
        if st.thinking.as_ref().is_some_and(|t| t.slot == slot) {
            st.thinking = None;
        }
        if st.fault.as_ref().is_some_and(|f| f.slot == slot) {
            st.fault = None;
        }
        shared.changed(&mut st);
        vec![
            ("Variant", st.game.variant.name().to_string()),
            ("Alphabet", st.game.rules.k.to_string()),
            ("DoubletCredits", st.game.rules.doublet_credits.to_string()),
        ]
    };
    let shared = shared.clone();
    tokio::spawn(async move {
        let s = &shared.slots[slot];
        let mut guard = s.engine.lock().await;
        if let Some(old) = guard.take() {
            old.shutdown().await;
        }
        let result = Engine::start(&s.cfg, &rule_options, HANDSHAKE_TIMEOUT).await;
        let mut st = shared.lock();
        match result {
            Ok(engine) => {
                st.id_names[slot] = engine.id_name.clone();
                tokio::spawn(watch_exit(shared.clone(), slot, epoch, engine.ended()));
                *guard = Some(engine);
                st.status[slot] = SlotStatus::Ready;
            }
            Err(fault) => {
                // On stderr too: a mistyped `--engine cmd=` shows in the
                // terminal that started the board, not only on the page.
                log::error!(
                    "engine {} ({}): {fault}",
                    crate::app::slot_letter(slot),
                    s.cfg.name
                );
                set_fault(&mut st, slot, &s.cfg.name, fault.what(), &fault.to_string());
            }
        }
        shared.changed(&mut st);
        drop(st);
        drop(guard);
        kick(&shared);
    });
}

/// Slot `slot` failed: its status and the page's fault banner say so.
fn set_fault(st: &mut State, slot: usize, name: &str, what: &str, detail: &str) {
    let f = SlotFault::new(slot, name, what, detail);
    st.status[slot] = SlotStatus::Faulted(f.detail.clone());
    st.fault = Some(f);
}

/// Waits for the engine started in `epoch` to end (`ended`); if it ended
/// on its own (no restart since) and nothing has reported it yet, it is
/// reported at once, even while idle, and the slot let go of.
async fn watch_exit(
    shared: Arc<Shared>,
    slot: usize,
    epoch: u64,
    ended: impl std::future::Future<Output = ()>,
) {
    ended.await;
    let s = &shared.slots[slot];
    // A search in progress reports the crash itself: wait for it.
    let mut guard = s.engine.lock().await;
    if *s.abort.borrow() != epoch || guard.is_none() {
        return;
    }
    let mut st = shared.lock();
    if matches!(st.status[slot], SlotStatus::Faulted(_)) {
        return;
    }
    *guard = None;
    set_fault(
        &mut st,
        slot,
        &s.cfg.name,
        "stopped unexpectedly",
        "the engine's process ended (or closed its output) while it was idle",
    );
    shared.changed(&mut st);
}

/// Starts the engine to move thinking, if an engine is to move, ready, not
/// paused and not already thinking.
pub fn kick(shared: &Arc<Shared>) {
    let mut st = shared.lock();
    let game = &st.game;
    if game.is_over() || (st.paused && !st.step) || st.thinking.is_some() || game.picked.is_some() {
        return;
    }
    let side = game.current.to_move();
    let Player::Engine(slot) = st.player(side) else {
        return;
    };
    if st.status.get(slot) != Some(&SlotStatus::Ready) || st.fault.is_some() {
        return;
    }
    if let Some(h) = st.hint.as_ref().filter(|h| h.running) {
        // An engine is to move: a hint still searching (for a position
        // that is gone) lets go of its engine at once.
        h.stop.send_replace(true);
    }
    let (stop_tx, stop_rx) = watch::channel(false);
    st.step = false;
    let generation = st.generation;
    let position = st.game.position_command();
    let stakes = stakes_options(&st);
    let go = st.search.go_line();
    let answer = if st.search.movetime > 0 {
        Duration::from_millis(st.search.movetime)
            + shared.answer_timeout.min(Duration::from_secs(10))
    } else {
        shared.answer_timeout
    };
    st.thinking = Some(Thinking {
        slot,
        side: side.to_string(),
        info: None,
        lines: Vec::new(),
        generation,
        stop: stop_tx,
    });
    st.status[slot] = SlotStatus::Thinking;
    shared.changed(&mut st);
    drop(st);
    let shared = shared.clone();
    tokio::spawn(async move {
        think(
            shared,
            slot,
            generation,
            (stakes, position),
            go,
            answer,
            stop_rx,
        )
        .await;
    });
}

async fn think(
    shared: Arc<Shared>,
    slot: usize,
    generation: u64,
    (stakes, position): (Vec<(String, String)>, String),
    go: String,
    answer: Duration,
    mut stop: watch::Receiver<bool>,
) {
    let s = &shared.slots[slot];
    let mut abort = s.abort.subscribe();
    let epoch = *abort.borrow_and_update();
    let mut guard = s.engine.lock().await;
    let Some(engine) = guard.as_mut() else {
        let mut st = shared.lock();
        if st.generation == generation {
            st.thinking = None;
        }
        shared.changed(&mut st);
        return;
    };
    let on_info = |info: crate::driver::InfoLine| {
        let mut st = shared.lock();
        if let Some(t) = st.thinking.as_mut().filter(|t| t.generation == generation) {
            t.lines.push(info.clone());
            if t.lines.len() > 40 {
                t.lines.remove(0);
            }
            t.info = Some(info);
            shared.changed(&mut st);
        }
    };
    let search = async {
        engine.set_stakes(&stakes, HANDSHAKE_TIMEOUT).await?;
        engine
            .search(&position, &go, answer, &mut stop, on_info)
            .await
    };
    let result = tokio::select! {
        r = search => Some(r),
        _ = abort.wait_for(|e| *e != epoch) => None,
    };
    let Some(result) = result else {
        // Restarted: the restart task owns the slot now.
        return;
    };
    let mut st = shared.lock();
    let current = st.generation == generation;
    let mut pause = Duration::ZERO;
    if current {
        if let Some(t) = st.thinking.take() {
            st.last_search = Some((t.slot, t.side, t.info));
        }
    }
    match result {
        Ok(token) if current => match st.game.apply_engine(&token) {
            Ok(canonical) => {
                if ncbg::cube::CubeAction::from_token(&canonical).is_some() {
                    st.cube_note = Some(crate::app::CubeNote {
                        slot,
                        side: st.game.states[st.game.tokens.len() - 1].to_move(),
                        action: canonical,
                        at: st.game.tokens.len() - 1,
                        analysis: engine.cube_note.take(),
                    });
                }
                st.generation += 1;
                st.status[slot] = SlotStatus::Ready;
                if st.players.iter().all(|p| matches!(p, Player::Engine(_))) {
                    // Watching: the person sees each move before the next.
                    pause = Duration::from_millis(st.search.delay);
                }
            }
            Err(why) => {
                let detail = format!(
                    "it answered an illegal turn 'bestmove {}': {why}",
                    crate::app::cut(&token)
                );
                set_fault(
                    &mut st,
                    slot,
                    &s.cfg.name,
                    "sent an answer the board cannot take",
                    &detail,
                );
            }
        },
        Ok(_) => st.status[slot] = SlotStatus::Ready,
        Err(fault) => {
            if matches!(fault, EngineFault::Crash(_) | EngineFault::Timeout(_)) {
                // The process is gone or wedged: it needs a restart.
                *guard = None;
            }
            set_fault(&mut st, slot, &s.cfg.name, fault.what(), &fault.to_string());
        }
    }
    shared.changed(&mut st);
    drop(st);
    drop(guard);
    if pause.is_zero() {
        kick(&shared);
    } else {
        tokio::spawn(async move {
            tokio::time::sleep(pause).await;
            kick(&shared);
        });
    }
}

/// The stakes options the engines are sent for the current game (none
/// for the default game: an engine without the cube still plays it).
fn stakes_options(st: &State) -> Vec<(String, String)> {
    if st.stakes.is_default() {
        Vec::new()
    } else {
        st.stakes.engine_options()
    }
}

/// Stops the search in progress: the engine answers at once and its answer
/// is played.
pub fn stop(shared: &Arc<Shared>) -> Result<(), String> {
    let st = shared.lock();
    match &st.thinking {
        Some(t) => {
            t.stop.send_replace(true);
            Ok(())
        }
        None => Err("no engine is thinking".into()),
    }
}

/// How many choices a hint ranks.
pub const HINT_CHOICES: usize = 5;

/// The person asks for a hint: the engine of the other side (or engine A
/// when people play both sides) searches the position now with the search
/// limits and `multipv` [`HINT_CHOICES`]; its lines are kept in
/// `State::hint` as they come, for this generation of the game only.
pub fn hint(shared: &Arc<Shared>) -> Result<(), String> {
    let mut st = shared.lock();
    if st.game.is_over() {
        return Err("the game is over".into());
    }
    if !st.human_to_move() {
        return Err("a hint is for your own turn".into());
    }
    if st.thinking.is_some() {
        return Err("an engine is thinking".into());
    }
    if st.hint.as_ref().is_some_and(|h| h.running) {
        return Err("the hint is being searched".into());
    }
    let opp = st.player(st.game.current.to_move().other());
    let slot = match opp {
        Player::Engine(i) => Some(i),
        Player::Human => (!shared.slots.is_empty()).then_some(0),
    }
    .filter(|&i| st.status.get(i) == Some(&SlotStatus::Ready))
    .ok_or("no engine is ready to give a hint")?;
    let (stop_tx, mut stop_rx) = watch::channel(false);
    let generation = st.generation;
    let position = st.game.position_command();
    let stakes = stakes_options(&st);
    let mut search = st.search;
    if search.depth == 0 && search.movetime == 0 {
        search.movetime = 1000;
    }
    let go = format!("{} multipv {HINT_CHOICES}", search.go_line());
    let answer = if search.movetime > 0 {
        Duration::from_millis(search.movetime) + shared.answer_timeout.min(Duration::from_secs(10))
    } else {
        shared.answer_timeout
    };
    st.hint = Some(crate::app::Hint {
        slot,
        generation,
        asked: generation,
        picked: None,
        running: true,
        error: None,
        lines: Default::default(),
        stop: stop_tx,
    });
    shared.changed(&mut st);
    drop(st);
    let shared = shared.clone();
    tokio::spawn(async move {
        let s = &shared.slots[slot];
        let mut guard = s.engine.lock().await;
        let fresh = |st: &crate::app::State| {
            st.generation == generation
                && st.hint.as_ref().is_some_and(|h| h.generation == generation)
        };
        let result = match guard.as_mut() {
            None => Err("the engine is not running".to_string()),
            Some(engine) if !*stop_rx.borrow() => {
                match engine.set_stakes(&stakes, HANDSHAKE_TIMEOUT).await {
                    Err(f) => Err(f.to_string()),
                    Ok(()) => {
                        let on_line = |i: usize, info: crate::driver::InfoLine| {
                            let mut st = shared.lock();
                            if fresh(&st) {
                                if let Some(h) = st.hint.as_mut() {
                                    h.lines.insert(i, info);
                                }
                                shared.changed(&mut st);
                            }
                        };
                        engine
                            .search_lines(&position, &go, answer, &mut stop_rx, on_line)
                            .await
                            .map(|_| ())
                            .map_err(|f| f.to_string())
                    }
                }
            }
            Some(_) => Ok(()),
        };
        let dead = result.is_err() && guard.as_mut().is_some_and(|e| !e.is_alive());
        if dead {
            *guard = None;
        }
        drop(guard);
        let mut st = shared.lock();
        if dead && !matches!(st.status[slot], SlotStatus::Faulted(_)) {
            let detail = format!(
                "asked for a hint: {}",
                result.as_ref().err().map_or("", String::as_str)
            );
            set_fault(&mut st, slot, &s.cfg.name, "stopped unexpectedly", &detail);
        }
        if fresh(&st) {
            if let Some(h) = st.hint.as_mut() {
                h.running = false;
                h.error = result.err();
            }
        } else if let Some(h) = st.hint.as_mut().filter(|h| h.generation == generation) {
            h.running = false;
        }
        shared.changed(&mut st);
        drop(st);
        kick(&shared);
    });
    Ok(())
}
