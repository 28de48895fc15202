//! The verdict on a cube decision of a game record, gnubg's way: at a turn
//! where the mover could double (and did or did not), and at each answer
//! to a double (take, drop, beaver). The equities are the engine's
//! ([`crate::search::cube::analysis`]: the net's chances at the doubler's
//! state, made cubeful by [`crate::eval::cube`]); the loss of the action
//! taken is the equity of the best action minus the equity of the action
//! taken, in millipoints, judged with the same thresholds as a checker
//! play.
//!
//! Scale: millipoints per unit of the cube, a pass is +1000 for the
//! doubler. In money play that is the cubeful equity; in a match the MWC
//! is normalised as gnubg's "EMG" (equivalent to money game) does:
//! `2 (MWC - lose) / (win - lose) - 1`, where `win` and `lose` are the
//! doubler's MWC after winning and after losing a single game at the cube's
//! value before the double.

use super::{AnalysisError, Thresholds, TurnReport, Verdict};
use crate::cube::CubeAction;
use crate::eval::cube::live::GameAtScore;
use crate::eval::cube::{CubeAnalysis, WinShares};
use crate::eval::NnEval;
use crate::game::{GameState, Phase};
use crate::ids::state_id;
use serde::Serialize;

/// The cube analysis behind a cube row of a game's analysis.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CubeReport {
    /// gnubg's verdict for the doubler ("No double, take", "Double, pass",
    /// "Too good to double, pass", ...).
    pub verdict: String,
    /// The doubler's equity without a double (millipoints, see the module).
    pub no_double: i32,
    /// The doubler's equity when it doubles and the opponent takes.
    pub double_take: i32,
    /// The doubler's equity when it doubles and the opponent drops.
    pub double_pass: i32,
    /// A match: the equities are normalised MWC (see the module).
    pub in_match: bool,
}

/// The token of a cube row where the mover could double and did not.
pub const NO_DOUBLE: &str = "no-double";

/// The doubler's MWC after winning and after losing a single game at the
/// cube's value before the double; `None` in money play.
fn single_game_mwc(state: &GameState) -> Option<(f64, f64)> {
    let view = state.doubler_view();
    let m = view.match_score()?;
    let me = view.to_move();
    let no_shares = WinShares {
        gammon: 0.0,
        backgammon: 0.0,
    };
    let game = GameAtScore::of_side(m, me, [no_shares; 2]);
    let c = view.cube().value();
    Some((game.after(0, c), game.after(1, c)))
}

/// Millipoints of an equity (money: per unit of the cube) or an MWC
/// (normalised by the single game's MWC swing, see the module).
fn mp(analysis: &CubeAnalysis, swing: Option<(f64, f64)>, e: f64) -> i32 {
    let v = match swing {
        Some((win, lose)) if analysis.in_match && win - lose > 1e-9 => {
            2.0 * (e - lose) / (win - lose) - 1.0
        }
        _ => e,
    };
    (v * 1000.0).round() as i32
}

/// Judges the cube decision before a turn of a game record: `played` is
/// the cube action taken from `state` (`None`: the mover could double and
/// played on without doubling). `index` is the turn's index in the record.
/// An error when no cube decision is due at `state`.
pub fn judge_cube(
    net: &NnEval,
    index: usize,
    state: &GameState,
    played: Option<CubeAction>,
    thresholds: &Thresholds,
) -> Result<TurnReport, AnalysisError> {
    let analysis = crate::search::cube::analysis(state, net)
        .ok_or_else(|| AnalysisError("no cube decision is due here".into()))?;
    let swing = single_game_mwc(state);
    let nd = mp(&analysis, swing, analysis.no_double);
    let dt = mp(&analysis, swing, analysis.double_take);
    let dp = mp(&analysis, swing, analysis.double_pass);
    // The doubler assumes the best answer: the smaller of take and pass.
    let doubled = dt.min(dp);
    let (choices, played_token): (Vec<(&str, i32)>, &str) = if state.phase() == Phase::Take {
        // The taker's equities are the doubler's, negated; a beaver
        // doubles the take's stake.
        let mut c = vec![("take", -dt), ("drop", -dp)];
        if state.may_beaver() {
            c.push(("beaver", -2 * dt));
        }
        let token = match played {
            Some(a @ (CubeAction::Take | CubeAction::Drop | CubeAction::Beaver)) => a.token(),
            _ => return Err(AnalysisError("a double needs an answer".into())),
        };
        (c, token)
    } else {
        let token = match played {
            None => NO_DOUBLE,
            Some(CubeAction::Double) => "double",
            Some(a) => {
                return Err(AnalysisError(format!(
                    "'{}' with no double offered",
                    a.token()
                )))
            }
        };
        (vec![(NO_DOUBLE, nd), ("double", doubled)], token)
    };
    let played_score = choices
        .iter()
        .find(|(t, _)| *t == played_token)
        .map(|c| c.1)
        .ok_or_else(|| AnalysisError(format!("'{played_token}' is not allowed here")))?;
    let (best, best_score) = choices
        .iter()
        .copied()
        .max_by_key(|c| c.1)
        .expect("two choices at least");
    let best = if played_score >= best_score {
        played_token
    } else {
        best
    };
    let loss = (best_score - played_score).max(0);
    Ok(TurnReport {
        turn: index,
        side: state.to_move().to_string(),
        state: state_id::encode(state),
        played: played_token.to_string(),
        played_score,
        best: best.to_string(),
        best_score,
        loss,
        verdict: Verdict::of(loss, thresholds),
        depth: 0,
        play_depth: None,
        nodes: 0,
        exact: false,
        stage: state.position().stage(),
        best_turns: None,
        played_turns: None,
        cube: Some(CubeReport {
            verdict: analysis.verdict.text(analysis.redouble).to_string(),
            no_double: nd,
            double_take: dt,
            double_pass: dp,
            in_match: analysis.in_match,
        }),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube::Terms;

    fn opened(terms: Terms) -> GameState {
        let mut g = GameState::standard();
        g.set_terms(terms);
        g.pick(3).unwrap();
        g.pick(5).unwrap();
        g
    }

    #[test]
    fn money_rows_follow_the_engines_cube_analysis() {
        let net = NnEval::embedded();
        let t = Thresholds::default();
        let g = opened(Terms {
            cube: true,
            beavers: true,
            ..Terms::default()
        });
        let a = crate::search::cube::analysis(&g, &net).unwrap();
        let no = judge_cube(&net, 2, &g, None, &t).unwrap();
        let c = no.cube.clone().unwrap();
        assert!(!c.in_match);
        assert_eq!(c.double_pass, 1000);
        assert_eq!(c.no_double, (a.no_double * 1000.0).round() as i32);
        assert_eq!(c.verdict, a.verdict.text(false));
        assert_eq!(no.played, NO_DOUBLE);
        // The double: valued at the smaller of take and pass; the loss is
        // what no double (the best here) keeps more.
        let d = judge_cube(&net, 2, &g, Some(CubeAction::Double), &t).unwrap();
        assert_eq!(d.played_score, c.double_take.min(c.double_pass));
        assert_eq!(d.best_score, c.no_double.max(d.played_score));
        assert_eq!(d.loss, d.best_score - d.played_score);
        // The answers: minus the doubler's equities, a beaver twice the take.
        let mut offered = g;
        offered.cube_action(CubeAction::Double).unwrap();
        let answers: Vec<TurnReport> = [CubeAction::Take, CubeAction::Drop, CubeAction::Beaver]
            .into_iter()
            .map(|a| judge_cube(&net, 3, &offered, Some(a), &t).unwrap())
            .collect();
        assert_eq!(answers[0].played_score, -c.double_take);
        assert_eq!(answers[1].played_score, -1000);
        assert_eq!(answers[2].played_score, -2 * c.double_take);
        // An about even game: dropping is a blunder, and all three share
        // one best.
        assert_eq!(answers[1].verdict, Verdict::Blunder);
        assert!(answers.iter().all(|r| r.best == answers[0].best));
        assert!(answers.iter().any(|r| r.loss == 0));
        assert_eq!(answers[0].side, "Y");
    }

    #[test]
    fn a_cube_row_where_no_decision_is_due_is_an_error() {
        let net = NnEval::embedded();
        let t = Thresholds::default();
        // No cube in play.
        let g = opened(Terms::default());
        assert!(judge_cube(&net, 2, &g, None, &t).is_err());
        // An answer with no offer, a double while one is pending.
        let mut g = opened(Terms {
            cube: true,
            ..Terms::default()
        });
        assert!(judge_cube(&net, 2, &g, Some(CubeAction::Take), &t).is_err());
        g.cube_action(CubeAction::Double).unwrap();
        assert!(judge_cube(&net, 3, &g, Some(CubeAction::Double), &t).is_err());
        assert!(judge_cube(&net, 3, &g, None, &t).is_err());
        // No beavers: a beaver is no choice.
        assert!(judge_cube(&net, 3, &g, Some(CubeAction::Beaver), &t).is_err());
    }
}
