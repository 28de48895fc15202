//! The cube in a game: what the game is played for (cube, terms, match
//! score) and the cube actions (`double`, `take`, `drop`, `beaver`) with
//! their legality (`protocol/rules.md` §8).
//!
//! A double comes at the start of the mover's turn, before its pick: the
//! phase turns to [`Phase::Take`] and the opponent, now the side to move,
//! answers. A take doubles the cube and gives it to the taker, a beaver
//! quadruples it and gives it to the beaverer; either way the doubler is
//! to move again, its pick due. A drop ends the game.

use super::{GameState, Phase, RuleError, StateError};
use crate::cube::{Cube, CubeAction, CubeError, MatchScore, Scoring, Terms};

impl GameState {
    /// The doubling cube.
    #[inline]
    pub const fn cube(&self) -> Cube {
        self.cube
    }

    /// How the game is scored (the engine's options).
    #[inline]
    pub const fn terms(&self) -> &Terms {
        &self.terms
    }

    /// The match and the score before this game; `None` in money play.
    #[inline]
    pub const fn match_score(&self) -> Option<&MatchScore> {
        self.match_score.as_ref()
    }

    /// Sets the terms of scoring.
    pub fn set_terms(&mut self, terms: Terms) {
        self.terms = terms;
    }

    /// Sets the match and its score before this game (`None`: money play).
    pub fn set_match(&mut self, m: Option<MatchScore>) {
        self.match_score = m;
    }

    /// Sets the cube; the state's cube facts are then checked
    /// ([`GameState::check_stakes`]) by whoever finishes building it.
    pub fn set_cube(&mut self, cube: Cube) {
        self.cube = cube;
    }

    /// True when this game has a cube: points scoring, and a match (but in
    /// the Crawford game) or money play with the cube on.
    pub fn cube_in_play(&self) -> bool {
        self.cube_unavailable().is_none()
    }

    fn cube_unavailable(&self) -> Option<CubeError> {
        if self.objective == crate::board::Objective::BearOffLast {
            return Some(CubeError::NoCube); // Anti-Backgammon (rules §9)
        }
        if self.terms.scoring == Scoring::Single {
            return Some(CubeError::NoCube);
        }
        match &self.match_score {
            Some(m) if m.is_crawford_game() => Some(CubeError::Crawford),
            Some(_) => None,
            None if self.terms.cube => None,
            None => Some(CubeError::NoCube),
        }
    }

    /// Checks that the cube, the phase and the terms agree: a turned cube
    /// or a pending double needs the cube in play; a double offered came
    /// from a side that could double.
    pub fn check_stakes(&self) -> Result<(), StateError> {
        let turned = !self.cube.is_centred() || self.phase == Phase::Take;
        if turned {
            if let Some(why) = self.cube_unavailable() {
                return Err(StateError(format!("the cube is turned but {why}")));
            }
        }
        if self.phase == Phase::Take {
            let doubler = self.to_move.other();
            if !self.cube.available_to(doubler) {
                return Err(StateError(format!(
                    "{doubler} doubled a cube {} owns",
                    self.to_move
                )));
            }
            if self.cube.doubled(1, self.to_move).is_none() {
                return Err(StateError("the cube is at its highest value".into()));
            }
        }
        Ok(())
    }

    /// Why the side to move may not double now, if it may not: the cube
    /// in play, after turn 0, before the pick, centred or its own.
    pub fn double_refusal(&self) -> Option<CubeError> {
        if self.is_over() {
            return Some(CubeError::NoCube);
        }
        if let Some(why) = self.cube_unavailable() {
            return Some(why);
        }
        if self.in_opening() {
            return Some(CubeError::Opening);
        }
        match self.phase {
            Phase::Take => return Some(CubeError::OfferPending),
            Phase::Play => return Some(CubeError::NotStartOfTurn),
            Phase::Pick => {}
        }
        if !self.cube.available_to(self.to_move) {
            return Some(CubeError::NotYours);
        }
        if self.cube.doubled(1, self.to_move.other()).is_none() {
            return Some(CubeError::MaxCube);
        }
        None
    }

    /// True when the side to move may double now.
    pub fn may_double(&self) -> bool {
        self.double_refusal().is_none()
    }

    /// True when the side to move, answering a double, may beaver: money
    /// play with beavers on, and room on the cube for two doublings.
    pub fn may_beaver(&self) -> bool {
        self.phase == Phase::Take
            && !self.is_over()
            && self.match_score.is_none()
            && self.terms.beavers
            && self.cube.doubled(2, self.to_move).is_some()
    }

    /// The cube actions the side to move may make now: `double` at the
    /// start of a turn where it may double; `take`, `drop` (and `beaver`)
    /// when a double is offered; none otherwise.
    pub fn cube_actions(&self) -> Vec<CubeAction> {
        if self.is_over() {
            return Vec::new();
        }
        if self.phase == Phase::Take {
            let mut out = vec![CubeAction::Take, CubeAction::Drop];
            if self.may_beaver() {
                out.push(CubeAction::Beaver);
            }
            return out;
        }
        if self.may_double() {
            vec![CubeAction::Double]
        } else {
            Vec::new()
        }
    }

    /// Makes a cube action, checked against the rules (on error the state
    /// is unchanged).
    pub fn cube_action(&mut self, action: CubeAction) -> Result<(), RuleError> {
        if let Some(r) = self.result() {
            return Err(RuleError::GameOver(r));
        }
        let offer = self.phase == Phase::Take;
        match action {
            CubeAction::Double => {
                if let Some(why) = self.double_refusal() {
                    return Err(RuleError::Cube(why));
                }
                self.position = self.position.flip();
                self.to_move = self.to_move.other();
                self.phase = Phase::Take;
            }
            CubeAction::Take | CubeAction::Beaver => {
                if !offer {
                    return Err(RuleError::Cube(CubeError::NoOffer));
                }
                let times = if action == CubeAction::Beaver {
                    if !self.may_beaver() {
                        return Err(RuleError::Cube(CubeError::NoBeavers));
                    }
                    2
                } else {
                    1
                };
                let cube = self
                    .cube
                    .doubled(times, self.to_move)
                    .ok_or(RuleError::Cube(CubeError::MaxCube))?;
                self.cube = cube;
                self.position = self.position.flip();
                self.to_move = self.to_move.other();
                self.phase = Phase::Pick;
            }
            CubeAction::Drop => {
                if !offer {
                    return Err(RuleError::Cube(CubeError::NoOffer));
                }
                self.dropped = true;
            }
        }
        Ok(())
    }

    /// The state the doubler doubled from (its pick due, the cube as it
    /// was) while a double waits for its answer or was dropped; the state
    /// itself otherwise. Cube decisions are judged from it.
    pub fn doubler_view(&self) -> GameState {
        if self.phase != Phase::Take {
            return *self;
        }
        let mut g = *self;
        g.position = g.position.flip();
        g.to_move = g.to_move.other();
        g.phase = Phase::Pick;
        g.dropped = false;
        g
    }

    /// Fails while a double waits for its answer.
    pub(super) fn check_no_offer(&self) -> Result<(), RuleError> {
        if self.phase == Phase::Take {
            return Err(RuleError::Cube(CubeError::OfferPending));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::WinKind;
    use crate::cube::{Crawford, MatchProgress};
    use crate::numbers::Side;
    use crate::pos;

    fn money_cube(jacoby: bool, beavers: bool) -> Terms {
        Terms {
            cube: true,
            jacoby,
            beavers,
            ..Terms::default()
        }
    }

    /// A standard game after the opening pair (3, 5), X to pick.
    fn after_opening(terms: Terms, m: Option<MatchScore>) -> GameState {
        let mut g = GameState::standard();
        g.set_terms(terms);
        g.set_match(m);
        g.pick(3).unwrap();
        g.pick(5).unwrap();
        g
    }

    fn act(g: &mut GameState, a: CubeAction) {
        g.cube_action(a).unwrap_or_else(|e| panic!("{a}: {e}"));
    }

    #[test]
    fn no_cube_in_todays_game() {
        let mut g = after_opening(Terms::default(), None);
        let before = g;
        assert_eq!(
            g.cube_action(CubeAction::Double),
            Err(RuleError::Cube(CubeError::NoCube))
        );
        assert_eq!(g, before);
        assert!(g.cube_actions().is_empty());
    }

    #[test]
    fn double_legality() {
        let terms = money_cube(true, false);
        let mut g = GameState::standard();
        g.set_terms(terms);
        // Turn 0: no double.
        assert_eq!(
            g.cube_action(CubeAction::Double),
            Err(RuleError::Cube(CubeError::Opening))
        );
        g.pick(3).unwrap();
        g.pick(5).unwrap();
        assert_eq!(g.cube_actions(), [CubeAction::Double]);
        // No answer without an offer.
        for a in [CubeAction::Take, CubeAction::Drop, CubeAction::Beaver] {
            assert_eq!(g.cube_action(a), Err(RuleError::Cube(CubeError::NoOffer)));
        }
        // After the pick: too late.
        let mut picked = g;
        picked.pick(6).unwrap();
        assert_eq!(
            picked.cube_action(CubeAction::Double),
            Err(RuleError::Cube(CubeError::NotStartOfTurn))
        );
        // X doubles: Y to answer, nothing else allowed.
        act(&mut g, CubeAction::Double);
        assert_eq!((g.to_move(), g.phase()), (Side::Y, Phase::Take));
        assert_eq!(g.cube_actions(), [CubeAction::Take, CubeAction::Drop]);
        assert_eq!(g.pick(2), Err(RuleError::Cube(CubeError::OfferPending)));
        assert_eq!(
            g.cube_action(CubeAction::Double),
            Err(RuleError::Cube(CubeError::OfferPending))
        );
        assert_eq!(
            g.cube_action(CubeAction::Beaver),
            Err(RuleError::Cube(CubeError::NoBeavers))
        );
        // Y takes: cube 2 on Y's side, X picks as usual and may not redouble.
        act(&mut g, CubeAction::Take);
        assert_eq!((g.to_move(), g.phase()), (Side::X, Phase::Pick));
        assert_eq!(g.cube(), Cube::new(2, Some(Side::Y)).unwrap());
        assert_eq!(g.position(), GameState::standard().position());
        assert_eq!(
            g.cube_action(CubeAction::Double),
            Err(RuleError::Cube(CubeError::NotYours))
        );
        g.make_turn(6, "24/18,13/8").unwrap();
        // Y owns the cube: Y may redouble to 4.
        assert!(g.may_double());
        act(&mut g, CubeAction::Double);
        act(&mut g, CubeAction::Take);
        assert_eq!(g.cube(), Cube::new(4, Some(Side::X)).unwrap());
    }

    #[test]
    fn a_dropped_double_scores_the_cube_before_it() {
        let mut g = after_opening(money_cube(true, false), None);
        act(&mut g, CubeAction::Double);
        act(&mut g, CubeAction::Take);
        g.make_turn(6, "24/18,13/8").unwrap();
        act(&mut g, CubeAction::Double); // Y redoubles to 4
        let before = g;
        act(&mut g, CubeAction::Drop); // X drops: Y wins 2
        let r = g.result().unwrap();
        assert_eq!(
            (r.winner, r.points, r.cube, r.dropped),
            (Side::Y, 2, 2, true)
        );
        assert_eq!(r.kind, WinKind::Single);
        assert!(g.is_over());
        assert!(matches!(g.pick(1), Err(RuleError::GameOver(_))));
        assert!(g.cube_actions().is_empty());
        // A drop of the first double wins 1.
        let mut first = after_opening(money_cube(true, false), None);
        act(&mut first, CubeAction::Double);
        act(&mut first, CubeAction::Drop);
        assert_eq!(first.result().unwrap().points_for_x(), 1);
        assert_ne!(before.result(), g.result());
    }

    /// Y (to move) bears off its last checker in its next play; X has
    /// borne off nothing: a gammon.
    fn gammon_state(terms: Terms, cube: Cube) -> GameState {
        let mut g = GameState::new(
            pos!(x 1 => 1; o 12 => 15),
            Side::Y,
            crate::numbers::Numbers::from_parts([Some(3), Some(5)], [2, 2]),
            6,
            Phase::Pick,
        )
        .unwrap();
        g.set_terms(terms);
        g.set_cube(cube);
        g.check_stakes().unwrap();
        g
    }

    fn finish(mut g: GameState) -> crate::game::GameResult {
        g.make_turn(1, "1/off").unwrap();
        g.result().unwrap()
    }

    #[test]
    fn a_gammon_on_a_cube_of_4_and_the_jacoby_rule() {
        let four = Cube::new(4, Some(Side::Y)).unwrap();
        let r = finish(gammon_state(money_cube(true, true), four));
        assert_eq!((r.winner, r.kind, r.points), (Side::Y, WinKind::Gammon, 8));
        assert_eq!(r.points_for_x(), -8);
        // Jacoby on, cube never turned: the gammon counts 1.
        let r = finish(gammon_state(money_cube(true, true), Cube::CENTRED));
        assert_eq!((r.kind, r.points), (WinKind::Gammon, 1));
        // Jacoby off: 2.
        let r = finish(gammon_state(money_cube(false, false), Cube::CENTRED));
        assert_eq!(r.points, 2);
        // No cube (today's game): 2, whatever Jacoby says.
        let r = finish(gammon_state(Terms::default(), Cube::CENTRED));
        assert_eq!(r.points, 2);
        // Single scoring: 1.
        let single = Terms {
            scoring: Scoring::Single,
            ..Terms::default()
        };
        let r = finish(gammon_state(single, Cube::CENTRED));
        assert_eq!(r.points, 1);
        // A turned cube needs the cube in play.
        let mut g = gammon_state(Terms::default(), Cube::CENTRED);
        g.set_cube(four);
        assert!(g.check_stakes().is_err());
    }

    #[test]
    fn a_beaver_quadruples_the_cube_for_the_beaverer() {
        let mut g = after_opening(money_cube(true, true), None);
        act(&mut g, CubeAction::Double);
        assert_eq!(
            g.cube_actions(),
            [CubeAction::Take, CubeAction::Drop, CubeAction::Beaver]
        );
        act(&mut g, CubeAction::Beaver);
        assert_eq!(g.cube(), Cube::new(4, Some(Side::Y)).unwrap());
        assert_eq!((g.to_move(), g.phase()), (Side::X, Phase::Pick));
        assert!(!g.may_double());
        // No beaver in a match, even with the option on.
        let m = MatchScore::new(5).unwrap();
        let mut g = after_opening(money_cube(true, true), Some(m));
        act(&mut g, CubeAction::Double);
        assert!(!g.may_beaver());
        assert_eq!(
            g.cube_action(CubeAction::Beaver),
            Err(RuleError::Cube(CubeError::NoBeavers))
        );
    }

    #[test]
    fn crawford_game_has_no_cube_post_crawford_has() {
        let crawford = MatchScore::with_score(5, [4, 2], Crawford::Game).unwrap();
        // The cube option is irrelevant in a match.
        let mut g = after_opening(Terms::default(), Some(crawford));
        assert_eq!(
            g.cube_action(CubeAction::Double),
            Err(RuleError::Cube(CubeError::Crawford))
        );
        let post = MatchScore::with_score(5, [4, 2], Crawford::After).unwrap();
        let mut g = after_opening(Terms::default(), Some(post));
        // The trailer (X at 2... here X leads; either may double) doubles.
        act(&mut g, CubeAction::Double);
        act(&mut g, CubeAction::Drop);
        let r = g.result().unwrap();
        // A match won by a drop: X at 4-away... X leads 4-2 and wins 1.
        assert_eq!((r.winner, r.points), (Side::X, 1));
        assert_eq!(
            post.after_game(r.winner, r.points),
            MatchProgress::Won {
                winner: Side::X,
                score: [5, 2]
            }
        );
        // No Jacoby rule in a match: a gammon on 1 counts 2.
        let mut g = gammon_state(Terms::default(), Cube::CENTRED);
        g.set_match(Some(MatchScore::new(7).unwrap()));
        assert_eq!(finish(g).points, 2);
    }
}
