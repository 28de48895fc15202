//! Play styles for self-play: an evaluation that leans one side towards a
//! way of playing its own net undervalues, so that the data holds the
//! positions such play leads to, and their results.
//!
//! Why: analysing ncbg's games against the sparring partner's `deep`
//! player (`ncbg analyze`, then the net's values against the games'
//! results) showed the net's contact values biased by about half a point in
//! its own favour, and the bias grows with the opponent's checkers held
//! back (correlation +0.5): the net never meets a holding game in its own
//! play, so it does not know what one is worth. A [`HoldingEval`] side
//! values each of its anchors (two or more checkers) on the opponent's
//! home board and bar point at a fixed bonus while contact lasts; the
//! other side plays the plain net. Labels stay the plain net's (the
//! self-play driver searches the styled side's states again without the
//! style), so only the positions and the results change.
//!
//! `td`'s one-ply games use the same styles as choices: [`holding_choice`]
//! (the net plus the anchor bonus) and [`handcrafted_choice`] (the
//! handcrafted evaluation in place of the net).

use crate::trajectory::equity;
use ncbg::board::{Position, Stage};
use ncbg::eval::nn::OUTPUTS;
use ncbg::eval::{finish, Evaluator, Handcrafted};
use ncbg::game::GameState;
use ncbg::numbers::Side;
use ncbg::turn::Turn;

/// Points of the opponent's home board and its bar point, in the side's own
/// coordinates (its 24 is the opponent's ace point).
const HOLDING_POINTS: std::ops::RangeInclusive<usize> = 18..=24;

/// A side's anchors on `HOLDING_POINTS` while contact lasts, else 0.
pub fn holding_anchors(pos: &Position, mover: bool) -> i32 {
    if pos.stage() != Stage::Contact {
        return 0;
    }
    let side = if mover { pos.mover() } else { pos.opponent() };
    HOLDING_POINTS.filter(|&p| side.count(p) >= 2).count() as i32
}

/// The net's value plus `bonus` millipoints for each anchor the styled
/// side holds back (see the module doc), for whichever side is to move.
pub struct HoldingEval<E> {
    inner: E,
    side: Side,
    bonus: i32,
}

impl<E: Evaluator> HoldingEval<E> {
    /// Styles `side`'s play on top of `inner`.
    pub fn new(inner: E, side: Side, bonus: i32) -> HoldingEval<E> {
        HoldingEval { inner, side, bonus }
    }

    fn style(&self, state: &GameState) -> i32 {
        let mine = state.to_move() == self.side;
        let anchors = holding_anchors(state.position(), mine);
        if mine {
            self.bonus * anchors
        } else {
            -self.bonus * anchors
        }
    }
}

impl<E: Evaluator> Evaluator for HoldingEval<E> {
    fn evaluate(&self, state: &GameState) -> i32 {
        finish(self.inner.evaluate(state) + self.style(state))
    }

    fn terms(&self, state: &GameState) -> Vec<(&'static str, String)> {
        let mut t = self.inner.terms(state);
        t.push(("holding style", self.style(state).to_string()));
        t
    }
}

/// The holding style's equity of the state after a turn of `side`'s: the
/// net's equity for the mover plus the bonus for each anchor `side` holds
/// back in `child` (see `td`'s `TdConfig::holding_share`).
fn holding_equity(value: &[f32; OUTPUTS], child: &GameState, side: Side, bonus: i32) -> f32 {
    let mine = child.to_move() == side;
    let anchors = holding_anchors(child.position(), mine);
    equity(value) + anchors as f32 * bonus as f32 / 1000.0
}

/// The choice the holding style makes at one ply for the mover of `state`:
/// the best by `holding_equity`, `values` the net's values of `choices`.
pub fn holding_choice(
    state: &GameState,
    choices: &[Turn],
    values: &[[f32; OUTPUTS]],
    bonus: i32,
) -> usize {
    let styled =
        |i: usize| holding_equity(&values[i], &choices[i].after(state), state.to_move(), bonus);
    (0..choices.len())
        .max_by(|&a, &b| styled(a).total_cmp(&styled(b)))
        .unwrap_or(0)
}

/// The handcrafted evaluation's value of `turn` for the mover of `state`:
/// of the state after it (a finished game by its points, above any value).
pub fn handcrafted_value(h: &Handcrafted, state: &GameState, turn: &Turn) -> i32 {
    let child = turn.after(state);
    match child.outcome() {
        Some(o) => -o.mover_points() * 1_000_000,
        None => -h.evaluate(&child),
    }
}

/// The choice the handcrafted evaluation makes at one ply: the child best
/// for the mover ([`handcrafted_value`]).
pub fn handcrafted_choice(h: &Handcrafted, state: &GameState, choices: &[Turn]) -> usize {
    (0..choices.len())
        .max_by_key(|&i| handcrafted_value(h, state, &choices[i]))
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ncbg::eval::NnEval;

    #[test]
    fn the_styled_side_values_its_anchors_back() {
        let mut g = GameState::standard();
        g.pick(3).unwrap();
        g.pick(5).unwrap();
        // The start: X holds the opponent's ace point (its 24) with two
        // checkers, so does Y.
        let pos = g.position();
        assert_eq!(
            (holding_anchors(pos, true), holding_anchors(pos, false)),
            (1, 1)
        );
        let plain = NnEval::embedded().evaluate(&g);
        let x = HoldingEval::new(NnEval::embedded(), Side::X, 100);
        let y = HoldingEval::new(NnEval::embedded(), Side::Y, 100);
        // X to move: X's style adds its anchor, Y's style takes Y's off.
        assert_eq!(x.evaluate(&g), finish(plain + 100));
        assert_eq!(y.evaluate(&g), finish(plain - 100));
    }
}
