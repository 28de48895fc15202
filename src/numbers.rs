//! The NC number rules: which number a player may pick.
//!
//! Numbers come from the alphabet 1..=k (k = 6 by default, 3..=9 allowed).
//! In turn 0, X picks `x0`, then Y picks `y0 != x0`; nobody moves. In every
//! later turn the mover picks a new number that differs from its own previous
//! number, and from the opponent's current number unless the mover spends one
//! of its doublet credits (2 a game by default): picking the opponent's number
//! gives a doublet. X then plays the pair (new x, y) and Y plays (x, new y).

use std::fmt;

/// A player. X picks first and moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// The first player.
    X,
    /// The second player.
    Y,
}

impl Side {
    /// The other player.
    #[inline(always)]
    #[must_use]
    pub const fn other(self) -> Side {
        match self {
            Side::X => Side::Y,
            Side::Y => Side::X,
        }
    }

    /// 0 for X, 1 for Y.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `'X'` or `'Y'`.
    pub const fn letter(self) -> char {
        match self {
            Side::X => 'X',
            Side::Y => 'Y',
        }
    }

    /// Reads `X` or `Y` (either case).
    pub fn from_letter(c: char) -> Option<Side> {
        match c {
            'X' | 'x' => Some(Side::X),
            'Y' | 'y' => Some(Side::Y),
            _ => None,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// The fixed rules of the number picks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NumberRules {
    /// Alphabet size: numbers are 1..=k.
    pub k: u8,
    /// Doublets each player may take in a game.
    pub doublet_credits: u8,
}

impl NumberRules {
    /// The smallest alphabet: with k = 3 a legal pick always exists.
    pub const MIN_K: u8 = 3;
    /// The largest alphabet.
    pub const MAX_K: u8 = crate::pair::MAX_NUMBER;
    /// The most doublet credits a player may be given.
    pub const MAX_CREDITS: u8 = 9;

    /// Rules with alphabet `k` and `doublet_credits` a player, if in range.
    pub fn new(k: u8, doublet_credits: u8) -> Result<NumberRules, String> {
        if !(Self::MIN_K..=Self::MAX_K).contains(&k) {
            return Err(format!(
                "alphabet size {k} out of range ({}..={})",
                Self::MIN_K,
                Self::MAX_K
            ));
        }
        if doublet_credits > Self::MAX_CREDITS {
            return Err(format!(
                "{doublet_credits} doublet credits is more than {}",
                Self::MAX_CREDITS
            ));
        }
        Ok(NumberRules { k, doublet_credits })
    }
}

impl Default for NumberRules {
    /// The paper's rules: numbers 1..=6, two doublets a player.
    fn default() -> NumberRules {
        NumberRules {
            k: 6,
            doublet_credits: 2,
        }
    }
}

/// A set of numbers in 1..=9.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct NumberSet(u16);

impl NumberSet {
    /// The empty set.
    pub const EMPTY: NumberSet = NumberSet(0);

    /// Every number in 1..=k.
    pub const fn up_to(k: u8) -> NumberSet {
        NumberSet(((1u16 << k) - 1) << 1)
    }

    /// True when `n` is in the set.
    #[inline]
    pub const fn contains(self, n: u8) -> bool {
        n < 16 && self.0 & (1 << n) != 0
    }

    /// The set without `n`.
    #[inline]
    #[must_use]
    pub const fn without(self, n: u8) -> NumberSet {
        if n < 16 {
            NumberSet(self.0 & !(1 << n))
        } else {
            self
        }
    }

    /// Number of members.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// True when empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The members, smallest first.
    pub fn iter(self) -> impl Iterator<Item = u8> {
        (1..=9).filter(move |&n| self.contains(n))
    }
}

/// Why a pick is not allowed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PickError {
    /// The number is not in 1..=k.
    OutOfRange { n: u8, k: u8 },
    /// The mover picked this number last time.
    SameAsOwn { n: u8 },
    /// Turn 0: Y may not pick X's number.
    SameAsOpening { n: u8 },
    /// The opponent's number, with no doublet credit left.
    NoDoubletCredit { n: u8 },
}

impl fmt::Display for PickError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PickError::OutOfRange { n, k } => write!(f, "{n} is not a number in 1-{k}"),
            PickError::SameAsOwn { n } => {
                write!(f, "{n} was the mover's previous number")
            }
            PickError::SameAsOpening { n } => {
                write!(f, "{n} was picked by X: the initial numbers must differ")
            }
            PickError::NoDoubletCredit { n } => write!(
                f,
                "{n} is the opponent's number, and the mover has no doublet left"
            ),
        }
    }
}

impl std::error::Error for PickError {}

/// Both players' current numbers and doublet credits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Numbers {
    current: [Option<u8>; 2],
    credits: [u8; 2],
}

impl Numbers {
    /// The state before turn 0: no numbers, full credits.
    pub const fn start(rules: NumberRules) -> Numbers {
        Numbers {
            current: [None, None],
            credits: [rules.doublet_credits, rules.doublet_credits],
        }
    }

    /// A given state (no checks: see [`crate::game::GameState::new`]).
    pub const fn from_parts(current: [Option<u8>; 2], credits: [u8; 2]) -> Numbers {
        Numbers { current, credits }
    }

    /// A player's current number (`None` before its turn-0 pick).
    #[inline(always)]
    pub const fn current(&self, side: Side) -> Option<u8> {
        self.current[side.index()]
    }

    /// Doublets a player may still take.
    #[inline(always)]
    pub const fn credits(&self, side: Side) -> u8 {
        self.credits[side.index()]
    }

    /// True while turn 0 is not finished.
    #[inline(always)]
    pub const fn in_opening(&self) -> bool {
        self.current[0].is_none() || self.current[1].is_none()
    }

    /// The numbers `side` may pick now (as the side to move), with alphabet `k`.
    pub fn legal_picks(&self, side: Side, k: u8) -> NumberSet {
        let all = NumberSet::up_to(k);
        let opponent = self.current(side.other());
        match (self.current(side), opponent) {
            // Turn 0: X picks anything, Y anything but X's number.
            (None, None) => all,
            (None, Some(x0)) => all.without(x0),
            (Some(own), None) => all.without(own),
            (Some(own), Some(theirs)) => {
                let mut set = all.without(own);
                if self.credits(side) == 0 {
                    set = set.without(theirs);
                }
                set
            }
        }
    }

    /// Checks a pick by `side`, returning whether it is a doublet.
    pub fn check_pick(&self, side: Side, n: u8, k: u8) -> Result<bool, PickError> {
        if n == 0 || n > k {
            return Err(PickError::OutOfRange { n, k });
        }
        let opponent = self.current(side.other());
        match self.current(side) {
            None => match opponent {
                Some(x0) if x0 == n => Err(PickError::SameAsOpening { n }),
                _ => Ok(false),
            },
            Some(own) if own == n => Err(PickError::SameAsOwn { n }),
            Some(_) => match opponent {
                Some(theirs) if theirs == n => {
                    if self.credits(side) == 0 {
                        Err(PickError::NoDoubletCredit { n })
                    } else {
                        Ok(true)
                    }
                }
                _ => Ok(false),
            },
        }
    }

    /// Records a pick already checked with [`Numbers::check_pick`].
    #[inline]
    pub(crate) fn record(&mut self, side: Side, n: u8, doublet: bool) {
        self.current[side.index()] = Some(n);
        if doublet {
            self.credits[side.index()] -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opening_picks() {
        let n = Numbers::start(NumberRules::default());
        assert_eq!(n.legal_picks(Side::X, 6), NumberSet::up_to(6));
        let mut n = n;
        n.record(Side::X, 3, false);
        assert!(!n.legal_picks(Side::Y, 6).contains(3));
        assert_eq!(n.legal_picks(Side::Y, 6).len(), 5);
        assert_eq!(
            n.check_pick(Side::Y, 3, 6),
            Err(PickError::SameAsOpening { n: 3 })
        );
        assert_eq!(
            n.check_pick(Side::Y, 7, 6),
            Err(PickError::OutOfRange { n: 7, k: 6 })
        );
    }

    #[test]
    fn doublet_needs_credit() {
        let mut n = Numbers::from_parts([Some(3), Some(5)], [0, 1]);
        assert_eq!(
            n.check_pick(Side::X, 5, 6),
            Err(PickError::NoDoubletCredit { n: 5 })
        );
        assert_eq!(
            n.check_pick(Side::X, 3, 6),
            Err(PickError::SameAsOwn { n: 3 })
        );
        assert_eq!(
            n.legal_picks(Side::X, 6).iter().collect::<Vec<_>>(),
            vec![1, 2, 4, 6]
        );
        n.record(Side::X, 6, false);
        assert_eq!(n.check_pick(Side::Y, 6, 6), Ok(true));
        assert_eq!(
            n.legal_picks(Side::Y, 6).iter().collect::<Vec<_>>(),
            vec![1, 2, 3, 4, 6]
        );
    }

    #[test]
    fn some_pick_is_always_legal_from_k3() {
        for own in 1..=3 {
            for theirs in 1..=3 {
                let n = Numbers::from_parts([Some(own), Some(theirs)], [0, 0]);
                assert!(!n.legal_picks(Side::X, 3).is_empty());
            }
        }
    }
}
