//! How NC's match equity table is computed: a recursion over the scores
//! from the end of the match back to 0-0, each game an even game played
//! under the live-cube model (`super::live`), whose values at the end of
//! a game are read from the entries already computed (post-Crawford
//! scores first, then the Crawford game, then the scores before it, by
//! the points still needed). The table itself, and how it is read, is
//! `super::met`.

use super::live::GameAtScore;
use super::met::{MatchEquityTable, WinShares};
use crate::cube::Crawford;

impl MatchEquityTable {
    /// The table for matches up to `max` points (at most 64) when every
    /// game's wins split by `shares`.
    pub fn compute(max: u16, shares: WinShares) -> MatchEquityTable {
        let mut t = MatchEquityTable::blank(max, shares);
        let max = t.max_length();
        t.set([1, 1], Crawford::After, 0.5);
        t.set([1, 1], Crawford::Game, 0.5);
        for b in 2..=max {
            let post = t.start_value([1, b], Crawford::After);
            t.set([1, b], Crawford::After, post);
            let crawford = t.start_value([1, b], Crawford::Game);
            t.set([1, b], Crawford::Game, crawford);
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

    /// The MWC at the start of a game at this score (an even game, the
    /// cube centred on 1).
    fn start_value(&self, need: [u16; 2], crawford: Crawford) -> f64 {
        let game = GameAtScore {
            met: self,
            need,
            crawford,
            shares: [self.shares(); 2],
        };
        game.centred(1).at(0.5)
    }
}
