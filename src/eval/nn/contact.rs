//! Feature set 2's contact inputs: what a one-layer net cannot compute from
//! the raw board, above all who can hit whom with which number.
//!
//! In NC the mover's next pair always holds the opponent's current number,
//! and a number's shot is known before it is played, so "a direct shot at
//! distance d" and "a shot with the number the opponent gave me" are the
//! board facts the evaluation needs most. A single ReLU layer over TD-Gammon's
//! point encoding cannot form "a checker of mine d pips behind a blot of
//! theirs" (it is a product of two inputs), so these inputs spell it out.
//!
//! Layout, from [`CONTACT`] on (see `protocol/net-format.md`):
//!
//! | offset | what |
//! | --- | --- |
//! | 0..9 | the mover has a direct shot at distance d = 1..=9 (1 or 0) |
//! | 9..18 | the opponent has a direct shot at distance d = 1..=9 on the mover |
//! | 18 | the mover has a direct shot with the opponent's current number |
//! | 19 | the opponent has a direct shot with the mover's current number |
//! | 20, 21 | blots on points 1..=24, mover and opponent, n/4 |
//! | 22, 23 | points made in the home board, mover and opponent, n/6 |
//! | 24, 25 | longest run of made points, mover and opponent, n/6 |
//! | 26 | contact: 1 until the game is a race |
//!
//! A direct shot is a checker (on a point or the bar) exactly d pips behind
//! an opponent's blot; blocks between them do not matter for one number.

use crate::board::{Checkers, Position, BAR, POINT_BITS};
use crate::game::GameState;

/// First contact input (after feature set 1's inputs).
pub const CONTACT: usize = 230;
/// Number of contact inputs.
pub const CONTACT_INPUTS: usize = 27;
/// Distances with a shot input: the largest alphabet's numbers.
const DISTANCES: usize = 9;

/// Bitset (bit d−1) of the distances 1..=9 at which the mover of `position`
/// has a direct shot at an opponent's blot.
#[inline(always)]
fn shots(position: &Position) -> u32 {
    let mine = position.mover().occupied() & (POINT_BITS | (1 << BAR));
    let blots = position.opponent_blots();
    let mut set = 0;
    for d in 1..=DISTANCES {
        if (mine >> d) & blots != 0 {
            set |= 1 << (d - 1);
        }
    }
    set
}

/// Made points (two or more checkers) on points 1..=24.
#[inline(always)]
fn made(c: Checkers) -> u32 {
    c.occupied_twice() & POINT_BITS
}

/// The longest run of consecutive set bits.
#[inline(always)]
fn longest_run(mut bits: u32) -> u32 {
    let mut n = 0;
    while bits != 0 {
        bits &= bits << 1;
        n += 1;
    }
    n
}

/// Calls `f` with each non-zero contact input of `state` (absolute indices).
#[inline(always)]
pub fn for_each_input<F: FnMut(usize, f32)>(state: &GameState, f: &mut F) {
    let position = state.position();
    let flipped = position.flip();
    let (mine, theirs) = (shots(position), shots(&flipped));
    for d in 0..DISTANCES {
        if mine & (1 << d) != 0 {
            f(CONTACT + d, 1.0);
        }
    }
    for d in 0..DISTANCES {
        if theirs & (1 << d) != 0 {
            f(CONTACT + DISTANCES + d, 1.0);
        }
    }
    let mover = state.to_move();
    let numbers = state.numbers();
    if let Some(n) = numbers.current(mover.other()) {
        if mine & (1 << (n - 1)) != 0 {
            f(CONTACT + 18, 1.0);
        }
    }
    if let Some(n) = numbers.current(mover) {
        if theirs & (1 << (n - 1)) != 0 {
            f(CONTACT + 19, 1.0);
        }
    }
    let (m, o) = (position.mover(), position.opponent());
    for (at, c) in [(20, m), (21, o)] {
        let blots = (c.singles() & POINT_BITS).count_ones();
        if blots > 0 {
            f(CONTACT + at, blots as f32 / 4.0);
        }
    }
    for (at, c) in [(22, m), (23, o)] {
        let home = (made(c) & 0b111_1110).count_ones();
        if home > 0 {
            f(CONTACT + at, home as f32 / 6.0);
        }
    }
    for (at, c) in [(24, m), (25, o)] {
        let run = longest_run(made(c));
        if run > 0 {
            f(CONTACT + at, run as f32 / 6.0);
        }
    }
    if !position.is_race() {
        f(CONTACT + 26, 1.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Phase;
    use crate::numbers::{Numbers, Side};

    fn dense(state: &GameState) -> Vec<f32> {
        let mut d = vec![0.0; CONTACT + CONTACT_INPUTS];
        for_each_input(state, &mut |i, v| d[i] += v);
        d[CONTACT..].to_vec()
    }

    #[test]
    fn start_position_has_contact_and_no_blots() {
        let d = dense(&GameState::standard());
        assert!(d[..20].iter().all(|&v| v == 0.0), "no blots, no shots");
        assert_eq!(&d[20..22], &[0.0, 0.0]);
        // 6 point made (home), 8 and 13 made: longest run 1.
        assert_eq!(d[22], 1.0 / 6.0);
        assert_eq!(d[24], 1.0 / 6.0);
        assert_eq!(d[26], 1.0);
    }

    #[test]
    fn longest_run_counts_consecutive_bits() {
        assert_eq!(longest_run(0), 0);
        assert_eq!(longest_run(0b1011_1000), 3);
        assert_eq!(longest_run(0b1111_1101_1110), 6);
    }

    #[test]
    fn shots_see_each_distance_and_the_known_numbers() {
        // Mover: 14 checkers on its 6 point, a blot on its 13 point.
        // Opponent: 14 on its 1 point (the mover's 24), a blot on its 16
        // point (the mover's 9).
        let mut mine = [0u8; 26];
        mine[6] = 14;
        mine[13] = 1;
        let mut theirs = [0u8; 26];
        theirs[16] = 1;
        theirs[1] = 14;
        let position = Position::new(
            Checkers::from_slots(&mine).unwrap(),
            Checkers::from_slots(&theirs).unwrap(),
        )
        .unwrap();
        // The mover's 13 is 4 pips behind the blot on its 9.
        assert_eq!(shots(&position), 1 << 3);
        // The opponent's 16 is 4 pips behind the mover's blot (its own 12).
        assert_eq!(shots(&position.flip()), 1 << 3);
        let with = |x: u8, y: u8| {
            let numbers = Numbers::from_parts([Some(x), Some(y)], [2, 2]);
            dense(&GameState::new(position, Side::X, numbers, 6, Phase::Pick).unwrap())
        };
        // Y's current 4 is half of X's next pair: X hits with it.
        let d = with(2, 4);
        assert_eq!(d[3], 1.0);
        assert_eq!(d[9 + 3], 1.0);
        assert_eq!((d[18], d[19]), (1.0, 0.0));
        // X's current 4: Y's shot with it (X cannot give it again now).
        let d = with(4, 2);
        assert_eq!((d[18], d[19]), (0.0, 1.0));
        assert_eq!((d[20], d[21]), (0.25, 0.25));
        assert_eq!(d[26], 1.0);
    }
}
