//! An outside check of a table: the Bellman equations of values and turns
//! on random states, through the rules' own turn generator.
//!
//! The solver reads children from its move tables ([`super::moves`]); this
//! check reads them from [`crate::turn::legal_turns`] over a
//! [`GameState`], the path the engine plays by, and asks of each sampled
//! live state: is its value the best of its choices' values, and are its
//! turns 1 + the fewest (a win) or most (a loss) of its best choices'? A
//! table that passes on many random states has its values and turns
//! consistent with the rules wherever it was sampled (`ncbg tables
//! verify`).

use super::probe::Table;
use super::Value;
use crate::game::{GameState, Phase};
use crate::numbers::{Numbers, Side};
use crate::rng::Rng;

/// What [`verify`] found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Verdict {
    /// Live states checked.
    pub checked: u64,
    /// Of them won, lost and drawn for the side to move.
    pub won: u64,
    /// Lost.
    pub lost: u64,
    /// Drawn.
    pub drawn: u64,
    /// States whose value is not the best of their choices'.
    pub bad_values: u64,
    /// States whose turns do not follow from their best choices'.
    pub bad_turns: u64,
    /// The state IDs of the first failures (at most 10).
    pub failures: Vec<String>,
}

/// Checks `samples` random live states of `table` (seeded by `seed`).
pub fn verify(table: &Table, samples: u64, seed: u64) -> Result<Verdict, String> {
    let index = table.index();
    let spec = table.spec();
    let mut rng = Rng::new(seed);
    let mut v = Verdict::default();
    let mut tries = 0u64;
    while v.checked < samples {
        tries += 1;
        if tries > samples.saturating_mul(1000).max(1000) {
            return Err("the table has too few live states to sample".into());
        }
        let b = rng.index(index.boards());
        let Some(pos) = index.board(b) else { continue };
        if pos.outcome().is_some() {
            continue;
        }
        let ns = index.number_state(rng.index(index.number_states()));
        let side = if rng.chance(1, 2) { Side::X } else { Side::Y };
        let (mut cur, mut cred) = ([None; 2], [0; 2]);
        cur[side.index()] = Some(ns.own);
        cur[side.other().index()] = Some(ns.theirs);
        cred[side.index()] = ns.mover_credits;
        cred[side.other().index()] = ns.opponent_credits;
        let state = GameState::new(
            pos,
            side,
            Numbers::from_parts(cur, cred),
            spec.k,
            Phase::Pick,
        )
        .map_err(|e| e.to_string())?;
        let exact = table.probe(&state)?;
        let choices = table.choices(&state)?;
        v.checked += 1;
        match exact.value {
            Value::Win(_) => v.won += 1,
            Value::Loss(_) => v.lost += 1,
            Value::Draw => v.drawn += 1,
        }
        let best = choices
            .iter()
            .map(|c| c.exact.value.points())
            .max()
            .unwrap_or(0);
        let ranks = choices
            .iter()
            .filter(|c| c.exact.value.points() == best)
            .map(|c| c.exact.rank);
        let turns = match exact.value {
            Value::Draw => Some(0),
            Value::Win(_) => ranks.min().map(|r| r + 1),
            Value::Loss(_) => ranks.max().map(|r| r + 1),
        };
        let value_ok = best == exact.value.points();
        let turns_ok = turns == Some(exact.rank);
        v.bad_values += u64::from(!value_ok);
        v.bad_turns += u64::from(value_ok && !turns_ok);
        if (!value_ok || !turns_ok) && v.failures.len() < 10 {
            v.failures.push(crate::ids::state_id::encode(&state));
        }
    }
    Ok(v)
}
