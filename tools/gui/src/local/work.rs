//! The board's engine work, run by the host between the page's requests:
//! the engine's turn, the person's hint (each one search on the
//! [`LineEngine`], its progress shown as it goes) and a review's analysis
//! (a slice of turns at a time).

use super::{LineEngine, Local, HINT_CHOICES};
use crate::app::{cut, Player, SlotFault, SlotStatus, State};
use crate::review::Analysis;
use crate::slots::{multipv_index, stop_sender, Thinking};
use crate::view;
use ncbg::analysis::{judge_turn, AnalysisSettings, PlayedTurn, TurnReport};
use ncbg::eval::NnEval;
use ncbg::host::Instant;
use ncbg::ncbp_client::reply::{bestmove_token, first_word, parse_info};
use ncbg::search::Searcher;
use serde_json::Value;

/// The least time between two snapshots of a running search.
pub const PROGRESS_MS: u64 = 100;

/// A search's progress: a new version of the state, and its snapshot for
/// the host when [`PROGRESS_MS`] have passed since the last.
fn show(st: &mut State, names: &[String], shown: &mut Instant, progress: &mut dyn FnMut(Value)) {
    st.version += 1;
    if shown.elapsed().as_millis() >= u128::from(PROGRESS_MS) {
        *shown = Instant::now();
        progress(view::snapshot(names, st));
    }
}

/// Engine work due.
#[derive(Debug)]
pub(super) enum Work {
    /// The engine's turn, for the game's `generation`.
    Turn { generation: u64 },
    /// The person's hint, for the game's `generation`.
    Hint { generation: u64 },
    /// The review's analysis of a game, a slice of turns at a time.
    Analysis(Box<Analyzing>),
}

/// A review's analysis under way: the turns to judge, the verdicts so far,
/// the searcher they share (as `analyze_game` shares it: the same
/// verdicts).
pub(super) struct Analyzing {
    /// The game's index in the file.
    pub(super) game: usize,
    /// The file it belongs to.
    pub(super) file: Option<String>,
    pub(super) turns: Vec<PlayedTurn>,
    pub(super) reports: Vec<TurnReport>,
    pub(super) searcher: Searcher,
    pub(super) net: NnEval,
    pub(super) settings: AnalysisSettings,
}

impl std::fmt::Debug for Analyzing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Analyzing(game {}, {}/{} turns)",
            self.game,
            self.reports.len(),
            self.turns.len()
        )
    }
}

/// The time an analysis slice may take before the board's other work and
/// the page's requests have their turn.
pub const ANALYSIS_SLICE_MS: u64 = 200;

impl Local {
    /// Makes the engine's turn due if the engine is to move (the server's
    /// `kick`): the snapshot then shows it thinking. True when there is
    /// work for [`Local::run_work`].
    pub fn start_work(&mut self) -> bool {
        let st = &mut self.st;
        let game = &st.game;
        let idle = !(game.current.is_over()
            || (st.paused && !st.step)
            || st.thinking.is_some()
            || game.picked.is_some());
        if idle {
            let side = game.current.to_move();
            if let Player::Engine(slot) = st.player(side) {
                if st.status.get(slot) == Some(&SlotStatus::Ready) && st.fault.is_none() {
                    st.step = false;
                    let generation = st.generation;
                    st.thinking = Some(Thinking {
                        slot,
                        side: side.to_string(),
                        info: None,
                        lines: Vec::new(),
                        generation,
                        stop: stop_sender(),
                    });
                    st.status[slot] = SlotStatus::Thinking;
                    st.version += 1;
                    self.work.push_back(Work::Turn { generation });
                }
            }
        }
        !self.work.is_empty()
    }

    /// Runs the oldest work due on `engine`. Returns the milliseconds to
    /// wait before the next engine turn (the watching delay when engines
    /// play each other; else 0). While a search runs, `progress` is given
    /// the snapshot with its latest `info` lines (at most every
    /// [`PROGRESS_MS`] ms), as the server streams them.
    pub fn run_work(
        &mut self,
        engine: &mut dyn LineEngine,
        progress: &mut dyn FnMut(Value),
    ) -> u64 {
        match self.work.pop_front() {
            Some(Work::Turn { generation }) => self.turn(engine, generation, progress),
            Some(Work::Hint { generation }) => {
                self.run_hint(engine, generation, progress);
                0
            }
            Some(Work::Analysis(a)) => {
                self.analyze(a);
                0
            }
            None => 0,
        }
    }

    /// Judges turns of analysis `a` for up to `analysis_slice_ms`; the
    /// rest is queued again (after the work that came meanwhile). A new
    /// file loaded since drops it.
    fn analyze(&mut self, mut a: Box<Analyzing>) {
        if self.st.review.file != a.file {
            return;
        }
        let began = Instant::now();
        while a.reports.len() < a.turns.len() {
            let turn = a.turns[a.reports.len()];
            match judge_turn(&mut a.searcher, &a.net, &turn, &a.settings) {
                Ok(r) => a.reports.push(r),
                Err(e) => {
                    let failed = Analysis::Failed { error: e.0 };
                    self.st.review.analysis.insert(a.game, failed);
                    self.st.version += 1;
                    return;
                }
            }
            if began.elapsed().as_millis() >= u128::from(self.analysis_slice_ms) {
                break;
            }
        }
        if a.reports.len() < a.turns.len() {
            let running = Analysis::Running {
                done: a.reports.len(),
                of: a.turns.len(),
            };
            self.st.review.analysis.insert(a.game, running);
            self.st.version += 1;
            self.work.push_back(Work::Analysis(a));
            return;
        }
        let done = Analysis::Done {
            turns: std::mem::take(&mut a.reports),
            settings: a.settings.describe(),
        };
        self.st.review.analysis.insert(a.game, done);
        self.st.version += 1;
    }

    /// The stakes options for the current game (none for the default game),
    /// sent to the engine when they changed, with `isready`: an `error`
    /// before `readyok` (no cube options) is the engine's refusal.
    fn send_stakes(&mut self, engine: &mut dyn LineEngine) -> Result<(), String> {
        let wanted = if self.st.stakes.is_default() {
            Vec::new()
        } else {
            self.st.stakes.engine_options()
        };
        if wanted == self.stakes_sent {
            return Ok(());
        }
        let lines = if wanted.is_empty() {
            [
                ("Cube", "false"),
                ("Jacoby", "true"),
                ("Beavers", "false"),
                ("MatchLength", "0"),
            ]
            .iter()
            .map(|(n, v)| (n.to_string(), v.to_string()))
            .collect()
        } else {
            wanted.clone()
        };
        let mut text = String::new();
        for (name, value) in &lines {
            text.push_str(&format!("setoption name {name} value {value}\n"));
        }
        text.push_str("isready\n");
        let mut refusal = None;
        engine.feed(&text, &mut |line| {
            if first_word(line) == Some("error") && refusal.is_none() {
                refusal = Some(cut(line));
            }
        });
        if let Some(e) = refusal {
            return Err(format!(
                "it refused the cube's options ({e}): play money without the cube"
            ));
        }
        self.stakes_sent = wanted;
        Ok(())
    }

    /// Runs a search: `position` and `go` with `multipv` lines; each
    /// `info` goes to `on_info` with its index; returns the `bestmove`
    /// token and the cube note (`info string cube ...`).
    fn search(
        engine: &mut dyn LineEngine,
        position: &str,
        go: &str,
        mut on_info: impl FnMut(usize, ncbg::ncbp_client::reply::InfoLine),
    ) -> Result<(String, Option<String>), String> {
        let mut best: Option<Result<String, String>> = None;
        let mut note = None;
        engine.feed(&format!("{position}\n{go}\n"), &mut |line| {
            if best.is_some() {
                return;
            }
            if let Some(token) = bestmove_token(line) {
                best = Some(
                    token
                        .map(str::to_string)
                        .ok_or_else(|| "'bestmove' without a turn token".to_string()),
                );
                return;
            }
            match first_word(line) {
                Some("info") => {
                    if let Some(n) = line.strip_prefix("info string cube ") {
                        note = Some(cut(n.trim()));
                    }
                    if let Some(info) = parse_info(line) {
                        on_info(multipv_index(line), info);
                    }
                }
                Some("error") => best = Some(Err(cut(line))),
                _ => {}
            }
        });
        best.unwrap_or_else(|| Err("it ended its search without a 'bestmove'".into()))
            .map(|b| (b, note))
    }

    fn fault(&mut self, what: &str, detail: &str) {
        let f = SlotFault::new(0, &self.names[0], what, detail);
        self.st.status[0] = SlotStatus::Faulted(f.detail.clone());
        self.st.fault = Some(f);
    }

    /// The engine's turn (the server's `think`).
    fn turn(
        &mut self,
        engine: &mut dyn LineEngine,
        generation: u64,
        progress: &mut dyn FnMut(Value),
    ) -> u64 {
        if self.st.generation != generation {
            return 0;
        }
        let result = self.send_stakes(engine).and_then(|()| {
            let position = self.st.game.position_command();
            let go = self.st.search.go_line();
            let (st, names) = (&mut self.st, &self.names);
            let mut shown = Instant::now();
            Self::search(engine, &position, &go, |_, info| {
                if let Some(t) = st.thinking.as_mut() {
                    t.lines.push(info.clone());
                    if t.lines.len() > 40 {
                        t.lines.remove(0);
                    }
                    t.info = Some(info);
                    show(st, names, &mut shown, progress);
                }
            })
        });
        let st = &mut self.st;
        if let Some(t) = st.thinking.take() {
            st.last_search = Some((t.slot, t.side, t.info));
        }
        st.version += 1;
        let mut pause = 0;
        match result {
            Ok((token, note)) => match st.game.apply_engine(&token) {
                Ok(canonical) => {
                    if ncbg::cube::CubeAction::from_token(&canonical).is_some() {
                        st.cube_note = Some(crate::app::CubeNote {
                            slot: 0,
                            side: st.game.states[st.game.tokens.len() - 1].to_move(),
                            action: canonical,
                            at: st.game.tokens.len() - 1,
                            analysis: note,
                        });
                    }
                    st.generation += 1;
                    st.status[0] = SlotStatus::Ready;
                    if st.players.iter().all(|p| matches!(p, Player::Engine(_))) {
                        pause = st.search.delay;
                    }
                }
                Err(why) => {
                    let detail = format!(
                        "it answered an illegal turn 'bestmove {}': {why}",
                        cut(&token)
                    );
                    self.fault("sent an answer the board cannot take", &detail);
                }
            },
            Err(e) if e.starts_with("it refused the cube") => {
                self.fault(crate::slots::NO_CUBE, &e);
            }
            Err(e) => self.fault("sent an answer the board cannot take", &e),
        }
        pause
    }

    /// The person's hint (the server's `controller::hint` task).
    fn run_hint(
        &mut self,
        engine: &mut dyn LineEngine,
        generation: u64,
        progress: &mut dyn FnMut(Value),
    ) {
        let fresh = |st: &State| {
            st.generation == generation
                && st.hint.as_ref().is_some_and(|h| h.generation == generation)
        };
        if !fresh(&self.st) {
            if let Some(h) = self.st.hint.as_mut() {
                h.running = false;
            }
            return;
        }
        let mut search = self.st.search;
        if search.depth == 0 && search.movetime == 0 {
            search.movetime = 1000;
        }
        let go = format!("{} multipv {HINT_CHOICES}", search.go_line());
        let result = self.send_stakes(engine).and_then(|()| {
            let position = self.st.game.position_command();
            let (st, names) = (&mut self.st, &self.names);
            let mut shown = Instant::now();
            Self::search(engine, &position, &go, |i, info| {
                if let Some(h) = st.hint.as_mut() {
                    h.lines.insert(i, info);
                    show(st, names, &mut shown, progress);
                }
            })
        });
        if let Some(h) = self.st.hint.as_mut() {
            h.running = false;
            h.error = result.err();
        }
        self.st.version += 1;
    }
}
