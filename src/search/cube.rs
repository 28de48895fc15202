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
    analysis_with(state, net, CUBE_EFFICIENCY)
}

/// [`analysis`] with the cube efficiency `x` in place of
/// [`CUBE_EFFICIENCY`] (for measuring it: `examples/cube_duel.rs`).
pub fn analysis_with(state: &GameState, net: &NnEval, x: f64) -> Option<CubeAnalysis> {
    if state.is_over() || !(state.phase() == Phase::Take || state.may_double()) {
        return None;
    }
    let view = state.doubler_view();
    let p = net.network_for(&view).probabilities(&view);
    Some(analyse(state, &p, x))
}

/// The cube decision of `state`'s side to move, when one is due.
pub fn decide(state: &GameState, net: &NnEval) -> Option<CubeDecision> {
    decide_with(state, net, CUBE_EFFICIENCY)
}

/// [`decide`] with the cube efficiency `x` in place of [`CUBE_EFFICIENCY`].
pub fn decide_with(state: &GameState, net: &NnEval, x: f64) -> Option<CubeDecision> {
    let analysis = analysis_with(state, net, x)?;
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

    #[test]
    fn the_efficiency_reaches_the_analysis() {
        let net = NnEval::embedded();
        let mut g = GameState::standard();
        g.set_terms(Terms {
            cube: true,
            ..Terms::default()
        });
        g.pick(3).unwrap();
        g.pick(5).unwrap();
        assert_eq!(
            decide(&g, &net),
            decide_with(&g, &net, CUBE_EFFICIENCY),
            "decide is decide_with at the engine's efficiency"
        );
        // A centred cube is worth something live and nothing dead: the
        // no-double equity moves with the efficiency.
        let dead = analysis_with(&g, &net, 0.0).unwrap();
        let live = analysis_with(&g, &net, 1.0).unwrap();
        assert!(
            (dead.no_double - live.no_double).abs() > 1e-3,
            "{dead:?} {live:?}"
        );
    }
}
