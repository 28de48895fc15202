//! A checker play: the up-to-four single-checker steps made with a pair.

use crate::board::{Position, BAR, OFF};
use std::fmt;

/// One checker moved by one number: from slot `from` (1..=24, or 25 for the
/// bar) to slot `to` (1..=24, or 0 for borne off), in the mover's coordinates.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Step {
    /// Source slot: 1..=24, or [`BAR`].
    pub from: u8,
    /// Destination slot: 1..=24, or [`OFF`].
    pub to: u8,
}

impl Step {
    /// A step from `from` to `to`.
    pub const fn new(from: usize, to: usize) -> Step {
        Step {
            from: from as u8,
            to: to as u8,
        }
    }

    /// True when the step enters from the bar.
    pub const fn enters(self) -> bool {
        self.from as usize == BAR
    }

    /// True when the step bears a checker off.
    pub const fn bears_off(self) -> bool {
        self.to as usize == OFF
    }
}

impl fmt::Debug for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.from, self.to)
    }
}

/// The steps of one checker play, in an order in which they are legal. A play
/// with no steps means no checker could move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Play {
    steps: [Step; 4],
    len: u8,
}

impl Play {
    /// The play of a turn where no checker can move.
    pub const NONE: Play = Play {
        steps: [Step { from: 0, to: 0 }; 4],
        len: 0,
    };

    /// A play made of the given steps (at most four).
    pub fn from_steps(steps: &[Step]) -> Play {
        assert!(steps.len() <= 4, "a play has at most four steps");
        let mut play = Play::NONE;
        for &s in steps {
            play.push(s);
        }
        play
    }

    /// A play of two steps.
    #[inline(always)]
    pub(crate) const fn from_pair(first: Step, second: Step) -> Play {
        Play {
            steps: [
                first,
                second,
                Step { from: 0, to: 0 },
                Step { from: 0, to: 0 },
            ],
            len: 2,
        }
    }

    /// Appends a step.
    #[inline(always)]
    pub(crate) fn push(&mut self, step: Step) {
        self.steps[self.len as usize] = step;
        self.len += 1;
    }

    /// The steps in play order.
    #[inline]
    pub fn steps(&self) -> &[Step] {
        &self.steps[..self.len as usize]
    }

    /// True for the play of a turn where no checker can move.
    #[inline]
    pub const fn is_none(&self) -> bool {
        self.len == 0
    }

    /// The position after making the steps on `before` (seen from the same side:
    /// not flipped). Does not check legality.
    pub fn apply(&self, before: &Position) -> Position {
        let mut after = *before;
        for s in self.steps() {
            after.move_checker(s.from as usize, s.to as usize);
        }
        after
    }
}

impl fmt::Debug for Play {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.steps()).finish()
    }
}
