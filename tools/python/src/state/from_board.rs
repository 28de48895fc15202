//! A game state from both sides' checkers as Python gives them
//! (`State.from_board`): the counts, the pools, the side to move, the
//! numbers, credits, alphabet and phase, each checked with a clear error.

use crate::errors::Error;
use ncbg::board::{Checkers, Objective, Position, SLOTS};
use ncbg::game::{GameState, Phase};
use ncbg::numbers::{NumberRules, Numbers, Side};
use pyo3::prelude::*;

/// The state `State.from_board` describes (its arguments, as Python gave
/// them); `ncbg.Error` for an impossible one.
#[allow(clippy::type_complexity, clippy::too_many_arguments)]
pub(super) fn state(
    x: Vec<i64>,
    y: Vec<i64>,
    turn: &str,
    numbers: Option<(Option<i64>, Option<i64>)>,
    credits: Option<(i64, i64)>,
    k: i64,
    phase: &str,
    pool: Option<(i64, i64)>,
    anti: bool,
) -> PyResult<GameState> {
    let side = |name: &str, v: &[i64]| -> PyResult<Checkers> {
        let counts = v
            .iter()
            .enumerate()
            .map(|(i, &n)| crate::errors::int(&format!("{name}'s count at index {i}"), n, "0-15"))
            .collect::<PyResult<Vec<u8>>>()?;
        let slots: [u8; SLOTS] = counts.as_slice().try_into().map_err(|_| {
            Error::new_err(format!(
                "{name}'s board has {} counts, not {SLOTS}",
                v.len()
            ))
        })?;
        Checkers::from_slots(&slots)
            .ok_or_else(|| Error::new_err(format!("{name} has more than 15 checkers")))
    };
    let (px, py) = pool.unwrap_or((0, 0));
    let pooled = |name: &str, c: Checkers, n: i64| -> PyResult<Checkers> {
        let n = crate::errors::int(&format!("{name}'s pool"), n, "0-15")?;
        // The library keeps waiting checkers as off-board ones moved
        // into the pool: they are added to the borne-off slot first.
        let mut slots = c.to_slots();
        slots[0] = slots[0].saturating_add(n);
        Checkers::from_slots(&slots)
            .and_then(|c| c.with_pool(n))
            .ok_or_else(|| {
                Error::new_err(format!(
                    "{name} has more than 15 checkers with its {n} waiting in the pool"
                ))
            })
    };
    let (xs, ys) = (
        pooled("X", side("X", &x)?, px)?,
        pooled("Y", side("Y", &y)?, py)?,
    );
    let to_move = match turn {
        "X" | "x" => Side::X,
        "Y" | "y" => Side::Y,
        _ => return Err(Error::new_err(format!("turn '{turn}' is not X or Y"))),
    };
    let position = match to_move {
        Side::X => Position::new(xs, ys),
        Side::Y => Position::new(ys, xs),
    }
    .map_err(|e| Error::new_err(e.to_string()))?;
    let phase = match phase {
        "pick" => Phase::Pick,
        "play" => Phase::Play,
        _ => {
            return Err(Error::new_err(format!(
                "phase '{phase}' is not pick or play"
            )))
        }
    };
    let (n0, n1) = numbers.unwrap_or((None, None));
    let number = |v: Option<i64>| -> PyResult<Option<u8>> {
        v.map(|n| crate::errors::int("number", n, "1-9"))
            .transpose()
    };
    let (c0, c1) = credits.unwrap_or((2, 2));
    let (k, c0) = rules_args(k, c0)?;
    let (_, c1) = rules_args(i64::from(k), c1)?;
    let numbers = Numbers::from_parts([number(n0)?, number(n1)?], [c0, c1]);
    let mut state = GameState::new(position, to_move, numbers, k, phase)
        .map_err(|e| Error::new_err(e.to_string()))?;
    if anti {
        state
            .set_objective(Objective::BearOffLast)
            .map_err(|e| Error::new_err(e.to_string()))?;
    }
    Ok(state)
}

/// `k` and a credit count as bytes, as `Error` when they cannot be (the
/// library checks their ranges).
pub(super) fn rules_args(k: i64, credits: i64) -> PyResult<(u8, u8)> {
    let range = format!("{}..={}", NumberRules::MIN_K, NumberRules::MAX_K);
    let k = crate::errors::int("alphabet size", k, &range)?;
    let credits = crate::errors::int(
        "doublet credits",
        credits,
        &format!("0..={}", NumberRules::MAX_CREDITS),
    )?;
    Ok((k, credits))
}
