//! The cube decision of a `go`: double or not at the start of a turn, take,
//! drop or beaver when a double is offered. It is cheap on purpose: the
//! net's chances for the doubler's state (one evaluation, no search) turned
//! into cubeful equities by [`crate::eval::cube::analyse`].

use crate::cube::CubeAction;
use crate::eval::cube::{analyse, CubeAnalysis, CUBE_EFFICIENCY};
use crate::eval::NnEval;
use crate::game::{GameState, Phase};

/// A cube decision: the analysis behind it and the action, if any (none:
/// no double, play on).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CubeDecision {
    /// The equities and the verdict, for the doubler.
    pub analysis: CubeAnalysis,
    /// `double`, `take`, `drop` or `beaver`; `None` when the side to move
    /// may double but should not.
    pub action: Option<CubeAction>,
}

/// The cube analysis of `state` when a cube decision is due (a double is
/// pending, or the side to move may double); `None` otherwise. `net`
/// gives the doubler's chances.
pub fn analysis(state: &GameState, net: &NnEval) -> Option<CubeAnalysis> {
    if state.is_over() || !(state.phase() == Phase::Take || state.may_double()) {
        return None;
    }
    let view = state.doubler_view();
    let p = net.network_for(&view).probabilities(&view);
    Some(analyse(state, &p, CUBE_EFFICIENCY))
}

/// The cube decision of `state`'s side to move, when one is due.
pub fn decide(state: &GameState, net: &NnEval) -> Option<CubeDecision> {
    let analysis = analysis(state, net)?;
    let action = if state.phase() == Phase::Take {
        Some(analysis.answer(state.may_beaver()))
    } else {
        analysis.doubles().then_some(CubeAction::Double)
    };
    Some(CubeDecision { analysis, action })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube::Terms;

    #[test]
    fn no_decision_without_a_cube_and_an_answer_to_every_offer() {
        let net = NnEval::embedded();
        let mut g = GameState::standard();
        g.pick(3).unwrap();
        g.pick(5).unwrap();
        assert_eq!(decide(&g, &net), None);
        g.set_terms(Terms {
            cube: true,
            beavers: true,
            ..Terms::default()
        });
        // The opening position is about even: no double.
        let d = decide(&g, &net).unwrap();
        assert_eq!(d.action, None, "{}", d.analysis);
        // Offered anyway: the even game is a take or a beaver, never a drop.
        g.cube_action(CubeAction::Double).unwrap();
        let d = decide(&g, &net).unwrap();
        assert!(
            matches!(d.action, Some(CubeAction::Take | CubeAction::Beaver)),
            "{:?}",
            d
        );
        // After the take the doubler has no cube decision.
        g.cube_action(CubeAction::Take).unwrap();
        assert_eq!(decide(&g, &net), None);
    }
}
