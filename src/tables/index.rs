//! Compact indices of the states a table covers.
//!
//! A table's state is a board (both sides' checkers, seen from the side to
//! move) and a *number state*: the mover's previous number, the opponent's
//! current number and both sides' doublet credits. The pick phase of a
//! turn is the state; the checker play that follows the pick is part of the
//! mover's choice (see [`mod@super::solve`]).
//!
//! - One side's checkers (a *side configuration*) are ranked
//!   combinatorially: at most `n` checkers spread over the space's slots
//!   (the home points 1..=6 for bear-offs, the 24 points and the bar for
//!   full games), the rest borne off. Adding a slack type for the checkers
//!   not on the board makes it a multiset of exactly `n` over `L + 1` types,
//!   ranked in colexicographic order: `C(n + L, n)` configurations.
//! - A board is `mover * S + opponent` (`S` configurations a side); pairs
//!   that put both sides on one point are *invalid* indices, kept so that
//!   indexing stays a multiplication (as gnubg's Hypergammon database does).
//! - A number state is `((own - 1) * k + theirs - 1) * (c + 1)^2 +
//!   mover credits * (c + 1) + opponent credits`, for `c` credits.
//! - A state is `board * number states + number state`: the states of one
//!   board lie together, so the solver reads a child board's states it
//!   needs from one or two cache lines.

use super::Space;
use crate::board::{Checkers, Position, OFF, SLOTS};

/// `BINOM[n][r]` = C(n, r) for n, r < 40.
const BINOM: [[u64; 40]; 40] = {
    let mut t = [[0u64; 40]; 40];
    let mut n = 0;
    while n < 40 {
        t[n][0] = 1;
        let mut r = 1;
        while r <= n {
            t[n][r] = t[n - 1][r - 1] + if r < n { t[n - 1][r] } else { 0 };
            r += 1;
        }
        n += 1;
    }
    t
};

/// C(n, r), 0 when r > n.
pub fn binom(n: usize, r: usize) -> u64 {
    if n >= 40 || r >= 40 {
        return 0;
    }
    BINOM[n][r]
}

/// The side configurations of a space, ranked.
#[derive(Clone, Debug)]
pub struct SideIndex {
    space: Space,
    /// The slots a checker in play may occupy, in rank order.
    slots: Vec<usize>,
    /// `type_of[slot]`: the slot's rank type, or `u8::MAX` when outside.
    type_of: [u8; SLOTS],
    /// Every configuration, by rank.
    configs: Vec<Checkers>,
}

impl SideIndex {
    /// The configurations of `space`.
    pub fn new(space: Space) -> SideIndex {
        let slots = space.slots();
        let mut type_of = [u8::MAX; SLOTS];
        for (i, &s) in slots.iter().enumerate() {
            type_of[s] = i as u8;
        }
        let count = binom(usize::from(space.max_on_board) + slots.len(), slots.len()) as usize;
        let mut index = SideIndex {
            space,
            slots,
            type_of,
            configs: vec![Checkers::EMPTY; count],
        };
        let mut counts = vec![0u8; index.slots.len()];
        index.fill(0, usize::from(space.max_on_board), &mut counts);
        index
    }

    fn fill(&mut self, slot: usize, left: usize, counts: &mut [u8]) {
        if slot == counts.len() {
            let mut all = [0u8; SLOTS];
            let mut on = 0u8;
            for (i, &c) in counts.iter().enumerate() {
                all[self.slots[i]] = c;
                on += c;
            }
            all[OFF] = self.space.total - on;
            let side = Checkers::from_slots(&all).expect("at most 15 checkers");
            let r = self.rank(side).expect("a configuration of the space");
            self.configs[r] = side;
            return;
        }
        for c in 0..=left {
            counts[slot] = c as u8;
            self.fill(slot + 1, left - c, counts);
        }
        counts[slot] = 0;
    }

    /// The space.
    pub fn space(&self) -> Space {
        self.space
    }

    /// Number of configurations.
    pub fn len(&self) -> usize {
        self.configs.len()
    }

    /// True when there are none (never: the empty board is one).
    pub fn is_empty(&self) -> bool {
        self.configs.is_empty()
    }

    /// The configuration of rank `r`.
    pub fn config(&self, r: usize) -> Checkers {
        self.configs[r]
    }

    /// The rank of `side`, or `None` when it is not in the space (a checker
    /// outside its slots, too many on the board, another total).
    pub fn rank(&self, side: Checkers) -> Option<usize> {
        if side.total() != self.space.total {
            return None;
        }
        let n = usize::from(self.space.max_on_board);
        let slack = self.slots.len();
        let mut on = 0usize;
        let mut rank = 0u64;
        let mut i = 0usize; // position in the sorted multiset
        for s in 1..SLOTS {
            let c = usize::from(side.count(s));
            if c == 0 {
                continue;
            }
            let t = self.type_of[s];
            if t == u8::MAX {
                return None;
            }
            on += c;
            if on > n {
                return None;
            }
            for _ in 0..c {
                rank += binom(usize::from(t) + i, i + 1);
                i += 1;
            }
        }
        // The slack type takes the remaining places of the multiset.
        while i < n {
            rank += binom(slack + i, i + 1);
            i += 1;
        }
        Some(rank as usize)
    }
}

/// Indices of boards, number states and states of one table.
#[derive(Clone, Debug)]
pub struct StateIndex {
    /// Side configurations.
    pub sides: SideIndex,
    /// Alphabet size.
    pub k: u8,
    /// Doublet credits a player may hold (0..=credits).
    pub credits: u8,
}

/// A number state, unpacked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NumberState {
    /// The mover's previous number.
    pub own: u8,
    /// The opponent's current number.
    pub theirs: u8,
    /// The mover's doublet credits.
    pub mover_credits: u8,
    /// The opponent's doublet credits.
    pub opponent_credits: u8,
}

impl StateIndex {
    /// The indices of `space` with alphabet `k` and `credits` a player.
    pub fn new(space: Space, k: u8, credits: u8) -> StateIndex {
        StateIndex {
            sides: SideIndex::new(space),
            k,
            credits,
        }
    }

    /// The sizes of a table of `space`, `k` and `credits`, counted without
    /// listing its side configurations (as [`StateIndex::new`] does):
    /// (boards, number states), or `None` when its entries would not fit in
    /// memory (every board of 15 checkers a side, of 14, ...). For a
    /// header that names a table before the table is trusted.
    pub fn sizes(space: Space, k: u8, credits: u8) -> Option<(usize, usize)> {
        let n = usize::from(space.max_on_board);
        let slots = space.slots().len();
        // `binom` is 0 past its table: far more configurations than fit.
        let sides = usize::try_from(binom(n + slots, slots))
            .ok()
            .filter(|&s| s > 0)?;
        let boards = sides.checked_mul(sides)?;
        let c = usize::from(credits) + 1;
        let number_states = usize::from(k) * usize::from(k) * c * c;
        // Two bytes an entry.
        boards.checked_mul(number_states)?.checked_mul(2)?;
        Some((boards, number_states))
    }

    /// Board indices (valid or not).
    pub fn boards(&self) -> usize {
        self.sides.len() * self.sides.len()
    }

    /// Number states.
    pub fn number_states(&self) -> usize {
        let c = usize::from(self.credits) + 1;
        usize::from(self.k) * usize::from(self.k) * c * c
    }

    /// States (boards times number states).
    pub fn states(&self) -> usize {
        self.boards() * self.number_states()
    }

    /// The state of board `b` and number state `ns`.
    #[inline(always)]
    pub fn state(&self, b: usize, ns: usize) -> usize {
        b * self.number_states() + ns
    }

    /// The board of index `b`, or `None` for an invalid index (a shared
    /// point, or both sides finished).
    pub fn board(&self, b: usize) -> Option<Position> {
        let s = self.sides.len();
        if b >= s * s {
            return None;
        }
        Position::new(self.sides.config(b / s), self.sides.config(b % s)).ok()
    }

    /// The index of a board, or `None` when it is not in the table.
    pub fn board_index(&self, pos: &Position) -> Option<usize> {
        let m = self.sides.rank(pos.mover())?;
        let o = self.sides.rank(pos.opponent())?;
        Some(m * self.sides.len() + o)
    }

    /// The index of a number state, or `None` when out of range.
    pub fn number_index(&self, ns: NumberState) -> Option<usize> {
        let k = self.k;
        let c = usize::from(self.credits) + 1;
        let ok = |n: u8| (1..=k).contains(&n);
        if !ok(ns.own)
            || !ok(ns.theirs)
            || ns.mover_credits > self.credits
            || ns.opponent_credits > self.credits
        {
            return None;
        }
        let pair = usize::from(ns.own - 1) * usize::from(k) + usize::from(ns.theirs - 1);
        Some((pair * c + usize::from(ns.mover_credits)) * c + usize::from(ns.opponent_credits))
    }

    /// The number state of index `i` (`i` < [`StateIndex::number_states`]).
    pub fn number_state(&self, i: usize) -> NumberState {
        let c = usize::from(self.credits) + 1;
        let k = usize::from(self.k);
        NumberState {
            opponent_credits: (i % c) as u8,
            mover_credits: (i / c % c) as u8,
            theirs: (i / (c * c) % k) as u8 + 1,
            own: (i / (c * c * k)) as u8 + 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn side_ranks_are_a_bijection() {
        for space in [Space::bearoff(3, 15), Space::bearoff(4, 4), Space::full(2)] {
            let index = SideIndex::new(space);
            let mut seen = vec![false; index.len()];
            for (r, was_seen) in seen.iter_mut().enumerate() {
                let side = index.config(r);
                assert_eq!(index.rank(side), Some(r), "{space:?}");
                assert!(!*was_seen);
                *was_seen = true;
                assert_eq!(side.total(), space.total);
            }
            assert!(seen.iter().all(|&s| s));
        }
        assert_eq!(SideIndex::new(Space::bearoff(6, 15)).len(), 924);
        assert_eq!(SideIndex::new(Space::full(3)).len(), 3276);
    }

    #[test]
    fn outside_the_space_has_no_rank() {
        let index = SideIndex::new(Space::bearoff(3, 15));
        let mut slots = [0u8; SLOTS];
        slots[7] = 1;
        slots[OFF] = 14;
        assert_eq!(index.rank(Checkers::from_slots(&slots).unwrap()), None);
        slots[7] = 0;
        slots[1] = 4;
        slots[OFF] = 11;
        assert_eq!(index.rank(Checkers::from_slots(&slots).unwrap()), None);
    }

    #[test]
    fn number_states_round_trip() {
        let index = StateIndex::new(Space::full(1), 4, 2);
        for i in 0..index.number_states() {
            assert_eq!(index.number_index(index.number_state(i)), Some(i));
        }
    }
}
