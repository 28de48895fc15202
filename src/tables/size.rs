//! What a table build takes, counted before anything is built: the sizes of
//! a space in 128-bit arithmetic (every board of 15 checkers a side has
//! about 10^21 boards, past any 64-bit count), the limits of the solver's
//! indices, and the refusals of a build that cannot run or does not fit in
//! the machine's memory.
//!
//! Nothing here enumerates a space or takes memory for one: a build of
//! every board of 12 checkers a side is refused from its count at once,
//! where listing its side configurations alone wanted 30 GB.

use super::{Kind, Spec};

/// The most boards a solvable space may hold: the solver keeps a board's
/// index (children, parents, levels) in 32 bits.
pub const MAX_BOARDS: u128 = u32::MAX as u128;

/// C(n, r) in 128 bits (0 when r > n); `None` past 128 bits (never for the
/// spaces of up to 15 checkers on 26 slots this module counts).
pub fn binom_wide(n: u32, r: u32) -> Option<u128> {
    if r > n {
        return Some(0);
    }
    let r = r.min(n - r);
    let mut c: u128 = 1;
    for i in 0..r {
        // c * (n - i) / (i + 1) is exact at every step.
        c = c.checked_mul(u128::from(n - i))? / u128::from(i + 1);
    }
    Some(c)
}

/// The sizes of a space, counted, not listed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Size {
    /// Side configurations.
    pub sides: u128,
    /// Board indices (valid or not): `sides²`.
    pub boards: u128,
    /// Number states of a board.
    pub number_states: u128,
    /// States (table entries): `boards × number_states`.
    pub states: u128,
    /// Peak memory of a solve in bytes (see [`Size::of`]).
    pub bytes: u128,
}

impl Size {
    /// Counts `spec`'s space (the spec is checked first).
    ///
    /// The memory is estimated as 2 bytes a state for the entries, and the
    /// more of the values' changes of the largest level (12 bytes a
    /// changed state, its share of the states taken as a twentieth) and
    /// the turns' counts of open children (a byte a state); 15 a board
    /// (levels, places in them, marks, the initial codes), the side move
    /// tables (about 8 bytes a play, taken as 20 plays a configuration,
    /// blocked set and pair). Writing the table adds nothing: it goes out
    /// a block at a time.
    pub fn of(spec: Spec) -> Result<Size, String> {
        spec.check()?;
        let overflow = || format!("{spec}: too many states to count");
        let slots = spec.space.slots().len() as u32;
        let n = u32::from(spec.space.max_on_board);
        let sides = binom_wide(n + slots, slots).ok_or_else(overflow)?;
        let boards = sides.checked_mul(sides).ok_or_else(overflow)?;
        let c = u128::from(spec.credits) + 1;
        let k = u128::from(spec.k);
        let number_states = k * k * c * c;
        let states = boards.checked_mul(number_states).ok_or_else(overflow)?;
        let blocks: u128 = match spec.space.kind {
            Kind::Bearoff => 1,
            Kind::Full => 1 + 24 * u128::from(spec.space.max_on_board / 2),
        };
        let pairs = k * (k + 1) / 2;
        let tables = sides
            .checked_mul(blocks * pairs * (20 * 8 + 4))
            .ok_or_else(overflow)?;
        let bytes = states
            .checked_mul(3)
            .and_then(|b| b.checked_add(boards.checked_mul(15)?))
            .and_then(|b| b.checked_add(tables))
            .ok_or_else(overflow)?;
        Ok(Size {
            sides,
            boards,
            number_states,
            states,
            bytes,
        })
    }

    /// Whether the solver can index the space at all: `Err` names the
    /// count and the limit ([`MAX_BOARDS`]). No `--force` changes this.
    pub fn check_solvable(&self, spec: Spec) -> Result<(), String> {
        if self.boards > MAX_BOARDS {
            return Err(format!(
                "{spec}: {} boards ({} states), more than the {MAX_BOARDS} boards the solver can index; \
                 no table of this space can be built",
                short_count(self.boards),
                short_count(self.states)
            ));
        }
        Ok(())
    }

    /// Whether the solve fits in `memory` bytes (the machine's, when it
    /// is known): `Err` names both sizes, and `force` skips the check.
    pub fn check_memory(&self, memory: Option<u64>, force: bool) -> Result<(), String> {
        match memory {
            Some(m) if self.bytes > u128::from(m) && !force => Err(format!(
                "the solve needs about {} of memory (estimated peak memory), more than this machine's {}; --force builds anyway",
                gigabytes(self.bytes),
                gigabytes(u128::from(m))
            )),
            _ => Ok(()),
        }
    }
}

/// `12345` or, past a million, `1.23e18`: a count for a message.
pub fn short_count(n: u128) -> String {
    if n < 1_000_000 {
        n.to_string()
    } else {
        format!("{:.2e}", n as f64)
    }
}

/// Bytes as `12.3 GB` (10^9 bytes).
pub fn gigabytes(bytes: u128) -> String {
    format!("{:.1} GB", bytes as f64 / 1e9)
}

/// The machine's memory in bytes (`MemTotal` of `/proc/meminfo`), where
/// the system says.
pub fn machine_memory() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kib.checked_mul(1024)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::index::{binom, StateIndex};
    use crate::tables::Space;

    #[test]
    fn wide_binomials_agree_with_the_table_and_go_past_it() {
        for n in 0..40 {
            for r in 0..=n {
                assert_eq!(
                    binom_wide(n, r),
                    Some(u128::from(binom(n as usize, r as usize)))
                );
            }
        }
        // C(40, 15): every board of 15 checkers a side, 25 slots.
        assert_eq!(binom_wide(40, 25), Some(40_225_345_056));
        assert_eq!(binom_wide(3, 5), Some(0));
    }

    #[test]
    fn sizes_agree_with_the_index_where_it_exists() {
        for (space, k, c) in [
            (Space::bearoff(3, 15), 3, 1),
            (Space::full(2), 4, 2),
            (Space::bearoff(6, 15), 6, 2),
        ] {
            let spec = Spec {
                space,
                k,
                credits: c,
            };
            let size = Size::of(spec).unwrap();
            let index = StateIndex::new(space, k, c);
            assert_eq!(size.sides, index.sides.len() as u128);
            assert_eq!(size.boards, index.boards() as u128);
            assert_eq!(size.states, index.states() as u128);
            size.check_solvable(spec).unwrap();
        }
    }

    /// Every board of n checkers a side grows with n (no count wraps), and
    /// past 4 checkers no such space is solvable; every bear-off is.
    #[test]
    fn counts_grow_and_past_the_index_limit_are_refused() {
        let mut last = 0;
        for n in 1..=15 {
            let spec = Spec {
                space: Space::full(n),
                k: 6,
                credits: 2,
            };
            let size = Size::of(spec).unwrap();
            assert!(size.states > last, "{n}");
            last = size.states;
            let solvable = size.check_solvable(spec);
            assert_eq!(solvable.is_ok(), n <= 4, "{n}: {solvable:?}");
            let bearoff = Spec {
                space: Space::bearoff(n, 15),
                k: 9,
                credits: 9,
            };
            Size::of(bearoff).unwrap().check_solvable(bearoff).unwrap();
        }
        let e = Size::of(Spec {
            space: Space::full(12),
            k: 6,
            credits: 2,
        })
        .and_then(|s| {
            s.check_solvable(Spec {
                space: Space::full(12),
                k: 6,
                credits: 2,
            })
        })
        .unwrap_err();
        assert!(e.contains("boards") && e.contains("4294967295"), "{e}");
    }

    #[test]
    fn memory_is_refused_unless_forced() {
        let spec = Spec {
            space: Space::full(4),
            k: 9,
            credits: 9,
        };
        let size = Size::of(spec).unwrap();
        let e = size.check_memory(Some(1 << 30), false).unwrap_err();
        assert!(e.contains("--force") && e.contains("1.1 GB"), "{e}");
        size.check_memory(Some(1 << 30), true).unwrap();
        size.check_memory(None, false).unwrap();
    }
}
