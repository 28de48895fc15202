//! What a game is won by: bearing off first, or, in Anti-Backgammon, not
//! (`protocol/rules.md` §9). The board alone does not tell the two apart, so
//! the state carries its [`Objective`], and every judgement of a finished
//! game (the result, the search's leaves) reads it here.

use super::{GameState, StateError};
use crate::board::{Objective, Outcome, Variant};

/// Turns a side may make after turn 0 in Anti-Backgammon before the game is
/// drawn (§9: 500 a side).
pub const ANTI_TURN_LIMIT_PER_SIDE: u32 = 500;

impl GameState {
    /// What the game is won by.
    #[inline(always)]
    pub const fn objective(&self) -> Objective {
        self.objective
    }

    /// The variant the state shows it belongs to (what a game loaded from
    /// a full-state ID is played as): Anti-Backgammon by its object,
    /// Hypergammon by its 3 checkers a side, Backgammon Race while a
    /// checker waits in a pool, else the standard game (a Nackgammon or a
    /// race game whose checkers have all entered plays as the standard
    /// game from there on).
    pub fn variant(&self) -> Variant {
        let (mover, opponent) = self.position.pools();
        if self.objective == Objective::BearOffLast {
            Variant::Anti
        } else if self.position.checkers_per_side() == Variant::Hypergammon.checkers_per_side() {
            Variant::Hypergammon
        } else if mover + opponent > 0 {
            Variant::Race
        } else {
            Variant::Standard
        }
    }

    /// Sets what the game is won by. Anti-Backgammon has no cube: the state
    /// is refused when its cube is turned or a double is pending.
    pub fn set_objective(&mut self, objective: Objective) -> Result<(), StateError> {
        let mut next = *self;
        next.objective = objective;
        next.check_objective()?;
        *self = next;
        Ok(())
    }

    /// Checks that an Anti-Backgammon state has no cube in it.
    pub(crate) fn check_objective(&self) -> Result<(), StateError> {
        let turned =
            !self.cube.is_centred() || self.cube.value() != 1 || self.phase == super::Phase::Take;
        if self.objective == Objective::BearOffLast && turned {
            return Err(StateError(
                "Anti-Backgammon is played without the doubling cube".into(),
            ));
        }
        Ok(())
    }

    /// The state as the plain game would see it: the waiting checkers on
    /// the bar (a checker waiting, like one on the bar, has 25 pips to go
    /// and enters the same way) and the object to bear off first. What an
    /// evaluation trained on the plain game reads; the caller turns its
    /// value round when [`GameState::objective`] is
    /// [`Objective::BearOffLast`].
    #[inline]
    pub fn plain_view(&self) -> GameState {
        let mut plain = *self;
        plain.position = self.position.pools_on_bar();
        plain.objective = Objective::BearOffFirst;
        plain
    }

    /// The finished game's outcome from the side to move's point of view, by
    /// the game's object: in Anti-Backgammon the side that bore off every
    /// checker loses what it would have won. `None` while the game goes on
    /// (a dropped double is not looked at: see [`GameState::result`]).
    #[inline]
    pub fn outcome(&self) -> Option<Outcome> {
        let o = self.position.outcome()?;
        Some(match self.objective {
            Objective::BearOffFirst => o,
            Objective::BearOffLast => Outcome {
                mover_won: !o.mover_won,
                kind: o.kind,
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::board::{Objective, Variant, WinKind};
    use crate::game::GameState;
    use crate::numbers::{NumberRules, Side};
    use crate::pos;

    /// A state tells its variant: anti by its object, hypergammon by its
    /// checkers, race while a checker waits.
    #[test]
    fn a_state_tells_its_variant() {
        let rules = NumberRules::default();
        for (v, shown) in [
            (Variant::Standard, Variant::Standard),
            (Variant::Nackgammon, Variant::Standard),
            (Variant::Hypergammon, Variant::Hypergammon),
            (Variant::Race, Variant::Race),
            (Variant::Anti, Variant::Anti),
        ] {
            let s = GameState::start(v, rules);
            assert_eq!(s.variant(), shown, "{v}");
            let back = crate::ids::state_id::decode(&crate::ids::state_id::encode(&s)).unwrap();
            assert_eq!(back.variant(), shown, "{v} by its ID");
        }
        // A race game once every checker has entered is the standard game.
        let entered = GameState::from_position(pos!(x 19 => 15; o 19 => 15), rules);
        assert_eq!(entered.variant(), Variant::Standard);
    }

    #[test]
    fn anti_mirrors_the_result() {
        // X (to move) has borne everything off but one checker on its 1
        // point, Y has nothing off: X bears off and would win a gammon.
        let pos = pos!(x 1 => 1; o 12 => 15);
        let mut g = GameState::from_position(pos, NumberRules::default());
        g.pick(3).unwrap();
        g.pick(5).unwrap();
        let mut anti = g;
        anti.set_objective(Objective::BearOffLast).unwrap();
        for (state, winner) in [(g, Side::X), (anti, Side::Y)] {
            let mut s = state;
            s.make_turn(6, "1/off").unwrap();
            let r = s.result().unwrap();
            assert_eq!((r.winner, r.kind, r.points), (winner, WinKind::Gammon, 2));
            // From Y's side (to move now): Y lost the plain game, won the anti.
            assert_eq!(s.outcome().unwrap().mover_won, winner == Side::Y);
        }
        assert_eq!(
            GameState::start(Variant::Anti, NumberRules::default()).objective(),
            Objective::BearOffLast
        );
    }
}
