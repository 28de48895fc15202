//! How NC's match equity table is computed: a recursion over the scores
//! from the end of the match back to 0-0, each game started by its first
//! mover (who wins it with the table's first-move chance; the colours
//! change every game, so the other player moves first in the next) and
//! played under the live-cube model (`super::live`), whose values at the
//! end of a game are read from the entries already computed (post-Crawford
//! scores first, then the Crawford game, then the scores before it, by the
//! points still needed). The table itself, and how it is read, is
//! `super::met`.

use super::live::GameAtScore;
use super::met::{MatchEquityTable, WinShares};
use crate::cube::Crawford;

impl MatchEquityTable {
    /// The table for matches up to `max` points (at most 64) when every
    /// game's wins split by `shares` and its first mover wins it with
    /// chance `first`.
    pub fn compute(max: u16, shares: WinShares, first: f64) -> MatchEquityTable {
        let mut t = MatchEquityTable::blank(max, shares, first);
        let max = t.max_length();
        for b in 2..=max {
            for crawford in [Crawford::After, Crawford::Game] {
                for need in [[1, b], [b, 1]] {
                    let value = t.start_value(need, crawford);
                    t.set(need, crawford, value);
                }
            }
        }
        for total in 4..=2 * max {
            for a in 2..=max {
                let Some(b) = total.checked_sub(a).filter(|b| (2..=max).contains(b)) else {
                    continue;
                };
                let value = t.start_value([a, b], Crawford::Before);
                t.set([a, b], Crawford::Before, value);
            }
        }
        t
    }

    /// The MWC of the first mover at the start of a game at this score
    /// (the cube centred on 1).
    fn start_value(&self, need: [u16; 2], crawford: Crawford) -> f64 {
        let game = GameAtScore {
            met: self,
            need,
            crawford,
            shares: [self.shares(); 2],
            starts_next: false,
        };
        game.centred(1).at(self.first_mover())
    }
}
