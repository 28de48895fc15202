//! The network's inputs: a full NC state encoded from the side to move's view.
//!
//! Layout (see `protocol/net-format.md`), [`INPUTS`] in all:
//!
//! | inputs | what |
//! | --- | --- |
//! | 0..96 | the mover's points 1..=24, four units each (TD-Gammon's encoding) |
//! | 96, 97 | the mover's bar (n/2) and borne-off checkers (n/15) |
//! | 98..196, 196, 197 | the same for the opponent, in its own coordinates |
//! | 196..205 | the mover's current number 1..=9, one-hot |
//! | 205..214 | the opponent's current number 1..=9, one-hot |
//! | 214..217, 217..220 | doublet credits of the mover, of the opponent (≥1, ≥2, ≥3) |
//! | 220 | the phase: 1 when the mover's pair is fixed and its play pending |
//! | 221..228 | the alphabet size k = 3..=9, one-hot |
//! | 228, 229 | pip counts of the mover and the opponent, /100 |
//!
//! A point with `n` checkers sets its units to `[n≥1, n≥2, n≥3, (n−3)/2 if
//! n>3]`. Most inputs are zero, so a state is a short list of
//! (index, value) pairs and the first layer sums only their weight columns.

use crate::board::{Checkers, BAR, OFF};
use crate::game::{GameState, Phase};

/// Units per point.
const UNITS: usize = 4;
/// Inputs per side: 24 points, the bar and the borne-off checkers.
pub const SIDE_INPUTS: usize = 24 * UNITS + 2;
/// First input of the mover's current number (one-hot, 9 wide).
pub const MOVER_NUMBER: usize = 2 * SIDE_INPUTS;
/// First input of the opponent's current number.
pub const OPPONENT_NUMBER: usize = MOVER_NUMBER + 9;
/// First input of the mover's doublet credits (3 wide).
pub const MOVER_CREDITS: usize = OPPONENT_NUMBER + 9;
/// First input of the opponent's doublet credits.
pub const OPPONENT_CREDITS: usize = MOVER_CREDITS + 3;
/// The phase input.
pub const PHASE_PLAY: usize = OPPONENT_CREDITS + 3;
/// First input of the alphabet size (one-hot for k = 3..=9).
pub const ALPHABET: usize = PHASE_PLAY + 1;
/// The two pip-count inputs.
pub const PIPS: usize = ALPHABET + 7;
/// Number of inputs.
pub const INPUTS: usize = PIPS + 2;
/// The most inputs a state can set (15 points × 4 units + bar + off, twice,
/// plus the NC inputs), rounded up.
pub const MAX_ACTIVE: usize = 160;

/// The non-zero inputs of one state.
#[derive(Clone, Debug)]
pub struct Features {
    index: [u16; MAX_ACTIVE],
    value: [f32; MAX_ACTIVE],
    len: usize,
}

impl Features {
    /// Encodes `state` from its side to move's view.
    pub fn of(state: &GameState) -> Features {
        let mut f = Features {
            index: [0; MAX_ACTIVE],
            value: [0.0; MAX_ACTIVE],
            len: 0,
        };
        let position = state.position();
        f.side(0, position.mover());
        f.side(SIDE_INPUTS, position.opponent());
        let mover = state.to_move();
        let numbers = state.numbers();
        if let Some(n) = numbers.current(mover) {
            f.push(MOVER_NUMBER + usize::from(n) - 1, 1.0);
        }
        if let Some(n) = numbers.current(mover.other()) {
            f.push(OPPONENT_NUMBER + usize::from(n) - 1, 1.0);
        }
        f.credits(MOVER_CREDITS, numbers.credits(mover));
        f.credits(OPPONENT_CREDITS, numbers.credits(mover.other()));
        if state.phase() == Phase::Play {
            f.push(PHASE_PLAY, 1.0);
        }
        f.push(ALPHABET + usize::from(state.k()) - 3, 1.0);
        let (mp, op) = position.pips();
        f.push(PIPS, mp as f32 / 100.0);
        f.push(PIPS + 1, op as f32 / 100.0);
        f
    }

    #[inline(always)]
    fn push(&mut self, index: usize, value: f32) {
        self.index[self.len] = index as u16;
        self.value[self.len] = value;
        self.len += 1;
    }

    fn side(&mut self, base: usize, c: Checkers) {
        let mut occupied = c.occupied() & !(1 << BAR);
        while occupied != 0 {
            let p = occupied.trailing_zeros() as usize;
            occupied &= occupied - 1;
            let n = c.count(p);
            let at = base + (p - 1) * UNITS;
            self.push(at, 1.0);
            if n >= 2 {
                self.push(at + 1, 1.0);
            }
            if n >= 3 {
                self.push(at + 2, 1.0);
            }
            if n > 3 {
                self.push(at + 3, f32::from(n - 3) / 2.0);
            }
        }
        if c.bar() > 0 {
            self.push(base + 24 * UNITS, f32::from(c.bar()) / 2.0);
        }
        if c.count(OFF) > 0 {
            self.push(base + 24 * UNITS + 1, f32::from(c.off()) / 15.0);
        }
    }

    fn credits(&mut self, base: usize, credits: u8) {
        for i in 0..usize::from(credits.min(3)) {
            self.push(base + i, 1.0);
        }
    }

    /// The (index, value) pairs of the non-zero inputs, in no set order.
    pub fn active(&self) -> impl Iterator<Item = (usize, f32)> + '_ {
        self.index[..self.len]
            .iter()
            .zip(&self.value[..self.len])
            .map(|(&i, &v)| (usize::from(i), v))
    }

    /// All [`INPUTS`] inputs as a dense vector.
    pub fn dense(&self) -> Vec<f32> {
        let mut out = vec![0.0; INPUTS];
        for (i, v) in self.active() {
            out[i] += v;
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_inputs() {
        let g = GameState::standard();
        let d = Features::of(&g).dense();
        assert_eq!(d.len(), INPUTS);
        // Mover's 6 point holds 5: units 1, 1, 1, 1.
        let six = 5 * UNITS;
        assert_eq!(&d[six..six + 4], &[1.0, 1.0, 1.0, 1.0]);
        // Opponent's 24 point holds 2.
        let o24 = SIDE_INPUTS + 23 * UNITS;
        assert_eq!(&d[o24..o24 + 4], &[1.0, 1.0, 0.0, 0.0]);
        // No numbers yet, two credits each, k = 6.
        assert!(d[MOVER_NUMBER..MOVER_CREDITS].iter().all(|&v| v == 0.0));
        assert_eq!(
            &d[MOVER_CREDITS..PHASE_PLAY],
            &[1.0, 1.0, 0.0, 1.0, 1.0, 0.0]
        );
        assert_eq!(d[ALPHABET + 3], 1.0);
        assert_eq!(d[PIPS], 1.67);
    }
}
