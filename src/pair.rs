//! The pair of numbers a checker play uses: the NC replacement for a roll of dice.

use std::fmt;

/// The largest number any alphabet may hold (k ≤ 9).
pub const MAX_NUMBER: u8 = 9;

/// Two numbers in 1..=9, kept as (higher, lower). Equal numbers are a doublet,
/// which gives four moves.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pair {
    hi: u8,
    lo: u8,
}

impl Pair {
    /// The pair of `a` and `b` in either order; `None` unless both are in 1..=9.
    pub const fn new(a: u8, b: u8) -> Option<Pair> {
        if a == 0 || b == 0 || a > MAX_NUMBER || b > MAX_NUMBER {
            return None;
        }
        Some(if a >= b {
            Pair { hi: a, lo: b }
        } else {
            Pair { hi: b, lo: a }
        })
    }

    /// The higher number.
    #[inline(always)]
    pub const fn hi(self) -> u8 {
        self.hi
    }

    /// The lower number.
    #[inline(always)]
    pub const fn lo(self) -> u8 {
        self.lo
    }

    /// True when both numbers are equal (four moves).
    #[inline(always)]
    pub const fn is_doublet(self) -> bool {
        self.hi == self.lo
    }

    /// The 21 classic dice rolls (numbers 1..=6), doublets included.
    pub fn classic_rolls() -> impl Iterator<Item = Pair> {
        Pair::all(6)
    }

    /// Every pair over the alphabet 1..=k, each unordered pair once.
    pub fn all(k: u8) -> impl Iterator<Item = Pair> {
        (1..=k).flat_map(move |hi| (1..=hi).map(move |lo| Pair { hi, lo }))
    }
}

impl fmt::Display for Pair {
    /// Written as the two digits, higher first: `65`, `33`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.hi, self.lo)
    }
}

impl fmt::Debug for Pair {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Pair({}, {})", self.hi, self.lo)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs() {
        assert_eq!(Pair::new(3, 5), Pair::new(5, 3));
        assert_eq!(Pair::new(3, 5).unwrap().hi(), 5);
        assert!(Pair::new(0, 5).is_none());
        assert!(Pair::new(10, 5).is_none());
        assert!(Pair::new(4, 4).unwrap().is_doublet());
        assert_eq!(Pair::classic_rolls().count(), 21);
        assert_eq!(Pair::all(9).count(), 45);
    }
}
