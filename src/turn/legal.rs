//! The legal turns of a state ([`legal_turns`]), a random one
//! ([`random_turn`]), and the states they lead to ([`children_into`]: the
//! search's move list, in the same order, built without the turns).

use super::Turn;
use crate::board::Position;
use crate::game::{GameState, Phase};
use crate::movegen::{generate_prepared, PlaySink, Prepared};
use crate::pair::Pair;
use crate::play::Play;
use crate::rng::Rng;

/// Every legal turn of the side to move (empty when the game is over):
/// the checker turns, or the answers to a pending double. A double itself
/// is not listed (it is a choice before the turn, [`GameState::cube_actions`]).
pub fn legal_turns(state: &GameState) -> Vec<Turn> {
    if state.is_over() {
        return Vec::new();
    }
    if state.in_opening() {
        return state.legal_numbers().iter().map(Turn::Pick).collect();
    }
    match state.phase() {
        Phase::Take => state.cube_actions().into_iter().map(Turn::Cube).collect(),
        Phase::Play => state
            .legal_plays()
            .map(|plays| plays.into_iter().map(Turn::Play).collect())
            .unwrap_or_default(),
        Phase::Pick => {
            let mut out = Vec::new();
            for n in state.legal_numbers().iter() {
                let Some(pair) = state.pair_for(n) else {
                    continue;
                };
                for lp in crate::movegen::legal_plays(state.position(), pair) {
                    out.push(Turn::PickPlay(n, lp));
                }
            }
            out
        }
    }
}

/// The states after every legal turn of `state`, in the order of
/// [`legal_turns`] (so an index means the same turn in both), written
/// into `out` without building the turns: the search's move list.
pub(crate) fn children_into(state: &GameState, out: &mut Vec<GameState>) {
    out.clear();
    if state.is_over() {
        return;
    }
    if state.in_opening() {
        out.extend(
            state
                .legal_numbers()
                .iter()
                .map(|n| state.after_opening_pick(n)),
        );
        return;
    }
    match state.phase() {
        Phase::Take => {
            for a in state.cube_actions() {
                let mut next = *state;
                if next.cube_action(a).is_ok() {
                    out.push(next);
                }
            }
        }
        Phase::Play => {
            if let Some(pair) = state.pending_pair() {
                push_children(state, &Prepared::new(state.position()), None, pair, out);
            }
        }
        Phase::Pick => {
            let prepared = Prepared::new(state.position());
            for n in state.legal_numbers().iter() {
                if let Some(pair) = state.pair_for(n) {
                    push_children(state, &prepared, Some(n), pair, out);
                }
            }
        }
    }
}

/// The states after each play of `pair` (picked now as `n`, or pending),
/// or after no move when no checker can move.
#[inline]
fn push_children(
    state: &GameState,
    prepared: &Prepared,
    n: Option<u8>,
    pair: Pair,
    out: &mut Vec<GameState>,
) {
    struct Children<'a> {
        state: &'a GameState,
        n: Option<u8>,
        out: &'a mut Vec<GameState>,
    }
    impl PlaySink for Children<'_> {
        const WANTS_PLAYS: bool = false;

        #[inline(always)]
        fn add(&mut self, _: Play, after: Position) {
            self.out.push(match self.n {
                Some(n) => self.state.child(n, after),
                None => self.state.after_play(after),
            });
        }
    }
    let before = out.len();
    let mut sink = Children { state, n, out };
    generate_prepared(prepared, pair, &mut sink);
    if out.len() == before {
        let mut sink = Children { state, n, out };
        sink.add(Play::NONE, *state.position());
    }
}

/// A uniformly random legal turn (every turn equally likely), or `None` on
/// a finished game.
pub fn random_turn(state: &GameState, rng: &mut Rng) -> Option<Turn> {
    let turns = legal_turns(state);
    (!turns.is_empty()).then(|| turns[rng.index(turns.len())])
}
