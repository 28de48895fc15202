//! The judge: plays one game between two engines over NCBP and decides it.
//!
//! The judge keeps the authoritative [`GameState`]; engines only propose. Each
//! decision is `position ... moves ...` plus `go ...`, answered by `bestmove
//! <token>`, which is checked against the rules. Any failure to answer
//! correctly loses the game by forfeit with its [`ForfeitReason`]. The judge
//! talks through [`EnginePort`], so it does no process I/O itself and can be
//! tested with scripted engines.

use super::config::{EngineConfig, Rules, Timeouts};
use super::schedule::GameSpec;
use crate::cube::{CubeAction, MatchScore};
use crate::game::GameState;
use crate::ids::state_id;
use crate::matchfile::Opening;
use crate::matchfile::{ForfeitReason, GameEnd, GameRecord, MatchGame, Stakes};
use crate::ncbp_client::reply::bestmove_token;
use crate::notation::cut_to;
use crate::numbers::Side;
use std::time::{Duration, Instant};

mod answer;
mod ending;
mod port;

pub use crate::duel::REPETITIONS;
pub use crate::ncbp_client::Fault;
pub use crate::ncbp_client::PortError;
pub use answer::apply_answer;
pub use ending::check_record;
use ending::{end_now, ending};
use port::{go_command, send, wait_for_answer, GameClock};
pub use port::{handshake, ready_without_answers, scoring_options, EnginePort};

/// The most characters of an engine's text a forfeit's detail quotes.
pub const QUOTED: usize = 40;
/// The most characters of a forfeit's detail (the rest is cut, `...`
/// added), so an engine's megabytes never reach the match file.
pub const MAX_DETAIL: usize = 300;

/// A detail cut to [`MAX_DETAIL`] characters.
pub(crate) fn cut_detail(detail: &str) -> String {
    cut_to(detail, MAX_DETAIL)
}

/// An engine's text (a line, a token) as a detail quotes it: in single
/// quotes, cut to [`QUOTED`] characters (as NCBP's error messages quote).
pub(crate) fn quoted(text: &str) -> String {
    format!("'{}'", cut_to(text, QUOTED))
}

/// What the judge needs to play one game.
pub struct GameSetup<'a> {
    /// The scheduled game.
    pub spec: &'a GameSpec,
    /// Both engines, by engine index (not by side).
    pub engines: [&'a EngineConfig; 2],
    /// Rules.
    pub rules: &'a Rules,
    /// Timeouts.
    pub timeouts: &'a Timeouts,
    /// The game's place in its match (the score before it), in a match.
    pub in_match: Option<MatchGame>,
}

impl GameSetup<'_> {
    /// The engine index playing `side`.
    pub fn engine_of(&self, side: Side) -> usize {
        match side {
            Side::X => self.spec.x_engine,
            Side::Y => 1 - self.spec.x_engine,
        }
    }

    /// A record for this game ending with `end` after `moves` before any
    /// turn was played (the cube on 1).
    pub fn record(&self, end: GameEnd, detail: String, moves: Vec<String>) -> GameRecord {
        self.record_at(None, end, detail, moves, Vec::new())
    }

    /// A record for this game ending with `end` after `moves` in `state`
    /// (the detail cut to [`MAX_DETAIL`] characters): the cube's value (at
    /// a drop, before the refused double) and the points as the match's
    /// scoring gives them; `depths`, one a token, kept where one is known.
    fn record_at(
        &self,
        state: Option<&GameState>,
        end: GameEnd,
        detail: String,
        moves: Vec<String>,
        depths: Vec<Option<u32>>,
    ) -> GameRecord {
        let depths = match depths.iter().any(Option::is_some) && depths.len() == moves.len() {
            true => depths,
            false => Vec::new(),
        };
        let (cube, dropped) = match state {
            Some(s) => match s.result() {
                Some(r) => (r.cube, r.dropped),
                None => (s.cube().value(), false),
            },
            None => (1, false),
        };
        let points = self.rules.scoring.points(end, cube, dropped);
        GameRecord {
            depths,
            index: self.spec.index,
            pair: self.spec.pair,
            round: self.spec.round,
            opening: self.spec.opening.clone(),
            x_name: self.engines[self.engine_of(Side::X)].name.clone(),
            y_name: self.engines[self.engine_of(Side::Y)].name.clone(),
            end,
            detail: cut_detail(&detail),
            moves,
            stakes: Stakes {
                in_match: self.in_match,
                cube,
                points: (points != end.points()).then_some(points),
                dropped,
            },
        }
    }

    /// The record of a game lost before it started by the engine playing
    /// `side`.
    pub fn forfeit_before_start(&self, side: Side, failure: Fault) -> GameRecord {
        self.record(
            GameEnd::Forfeit {
                loser: side,
                reason: failure.reason,
            },
            failure.detail,
            Vec::new(),
        )
    }
}

/// The rules layer's match score of a game at `place` in a match to
/// `length` points.
pub(crate) fn match_score(length: u32, place: &MatchGame) -> Result<MatchScore, String> {
    let length = u16::try_from(length).map_err(|_| format!("match length {length}"))?;
    let score = place.score.map(|p| u16::try_from(p).unwrap_or(u16::MAX));
    MatchScore::with_score(length, score, place.crawford)
}

/// The `position` base's match part: ` score <x> <y>` and ` crawford` or
/// ` postcrawford` (ncbp.md), empty outside a match.
fn score_words(place: Option<&MatchGame>) -> String {
    let Some(m) = place else {
        return String::new();
    };
    let crawford = match m.crawford {
        crate::cube::Crawford::Before => "",
        crate::cube::Crawford::Game => " crawford",
        crate::cube::Crawford::After => " postcrawford",
    };
    format!(" score {} {}{crawford}", m.score[0], m.score[1])
}

/// The state a game starts from (with the match's scoring terms and, in a
/// match, the score before it at `place`), the `position` base and the
/// referee's own turn-0 tokens.
fn opening_state(
    opening: &Opening,
    rules: &Rules,
    place: Option<&MatchGame>,
) -> Result<(GameState, String, Vec<String>), String> {
    let stakes = |state: &mut GameState| -> Result<(), String> {
        state.set_terms(rules.scoring.terms);
        if let Some(m) = place {
            state.set_match(Some(match_score(rules.scoring.match_length, m)?));
        }
        Ok(())
    };
    match opening {
        Opening::Pair { x0, y0 } => {
            let mut state = GameState::start(rules.variant, rules.numbers);
            stakes(&mut state)?;
            state.pick(*x0).map_err(|e| e.to_string())?;
            state.pick(*y0).map_err(|e| e.to_string())?;
            Ok((
                state,
                format!("startpos{}", score_words(place)),
                vec![x0.to_string(), y0.to_string()],
            ))
        }
        Opening::State(id) => {
            let mut state = state_id::decode(id).map_err(|e| e.0)?;
            stakes(&mut state)?;
            // The ID as the engine must see it: with the match's score.
            let base = match place {
                Some(_) => format!("state {}", state_id::encode(&state)),
                None => format!("state {id}"),
            };
            Ok((state, base, Vec::new()))
        }
    }
}

/// Plays one game. `ports` are indexed by engine (0, 1), both already past
/// the handshake. Never panics on engine output; every outcome is a record.
pub fn play_game(ports: [&mut dyn EnginePort; 2], setup: &GameSetup) -> GameRecord {
    let opening = opening_state(&setup.spec.opening, setup.rules, setup.in_match.as_ref());
    let (mut state, base, mut moves) = match opening {
        Ok(s) => s,
        Err(why) => {
            // A bad opening is the referee's problem, not an engine's: a draw.
            return setup.record(GameEnd::MaxTurns, format!("bad opening: {why}"), Vec::new());
        }
    };
    // The depth of each token's search, `None` for the referee's own.
    let mut depths: Vec<Option<u32>> = vec![None; moves.len()];
    let forfeit =
        |state: &GameState, side: Side, f: Fault, moves: Vec<String>, depths: Vec<Option<u32>>| {
            setup.record_at(
                Some(state),
                GameEnd::Forfeit {
                    loser: side,
                    reason: f.reason,
                },
                f.detail,
                moves,
                depths,
            )
        };
    for side in [Side::X, Side::Y] {
        let port = &mut *ports[setup.engine_of(side)];
        if let Err(f) =
            send(port, "newgame").and_then(|_| ready_without_answers(port, setup.timeouts))
        {
            return forfeit(&state, side, f, moves, depths);
        }
    }
    let clock_of = |side: Side| {
        setup.engines[setup.engine_of(side)]
            .limits
            .clock
            .map(GameClock::new)
    };
    let mut clocks = [clock_of(Side::X), clock_of(Side::Y)];
    // Each side's slowest `isready` round trip this game: the machine's
    // load as its engine meets it (see `Timeouts::grace`).
    let mut slowest_ready = [Duration::ZERO; 2];
    let mut ending = ending(setup.rules);
    loop {
        if let Some((end, detail)) = end_now(&mut ending, &state) {
            return setup.record_at(Some(&state), end, detail, moves, depths);
        }
        let side = state.to_move();
        let engine = setup.engines[setup.engine_of(side)];
        let port = &mut *ports[setup.engine_of(side)];
        let mut position = format!("position {base}");
        if !moves.is_empty() {
            position.push_str(" moves ");
            position.push_str(&moves.join(" "));
        }
        // `isready` first: the engine answers it after everything it wrote
        // before, so a `bestmove` read before `readyok` answered no `go` (a
        // second answer to its last search) and is never taken for this one.
        let asked = Instant::now();
        if let Err(f) = ready_without_answers(port, setup.timeouts) {
            return forfeit(&state, side, f, moves, depths);
        }
        let slowest = &mut slowest_ready[side.index()];
        *slowest = (*slowest).max(asked.elapsed());
        let go = go_command(&engine.limits, clocks, side);
        if let Err(f) = send(port, &position).and_then(|_| send(port, &go)) {
            return forfeit(&state, side, f, moves, depths);
        }
        let start = Instant::now();
        let margin = setup.timeouts.grace(slowest_ready[side.index()]);
        let own_clock = clocks[side.index()];
        let mut allowed = match (own_clock.map(|c| c.left), engine.limits.movetime) {
            (Some(left), Some(mt)) => Some(left.min(mt)),
            (Some(left), None) => Some(left),
            (None, Some(mt)) => Some(mt),
            (None, None) => None,
        };
        let deadline = start
            + match allowed {
                Some(t) => t + margin,
                None => setup.timeouts.unlimited,
            };
        let (line, depth) = match wait_for_answer(port, deadline) {
            Ok(answer) => answer,
            Err(mut f) => {
                if f.reason == ForfeitReason::Timeout {
                    f.detail = format!("no bestmove after {} ms", start.elapsed().as_millis());
                }
                return forfeit(&state, side, f, moves, depths);
            }
        };
        let elapsed = start.elapsed();
        if let Some(t) = allowed.take() {
            if elapsed > t + margin {
                let f = Fault::new(
                    ForfeitReason::Timeout,
                    format!(
                        "answered after {} ms, allowed {} ms",
                        elapsed.as_millis(),
                        t.as_millis()
                    ),
                );
                return forfeit(&state, side, f, moves, depths);
            }
        }
        if let Some(c) = clocks[side.index()].as_mut() {
            c.answered(elapsed);
        }
        let Some(Some(token)) = bestmove_token(&line) else {
            let f = Fault::new(ForfeitReason::Malformed, "bestmove without a token");
            return forfeit(&state, side, f, moves, depths);
        };
        let opening = state.in_opening();
        let canonical = match apply_answer(&mut state, token) {
            Ok(canonical) => canonical,
            Err(f) => return forfeit(&state, side, f, moves, depths),
        };
        // A cube action is not a turn: the turn cap counts checker turns.
        let cube_action = CubeAction::from_token(&canonical).is_some();
        moves.push(canonical);
        depths.push(depth);
        ending.played(!opening && !cube_action);
    }
}

#[cfg(test)]
mod tests;
