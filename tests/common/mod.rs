//! Helpers shared by the integration tests: random positions, temporary
//! folders ([`temp_dir`]) and the `ncbg` binary run on an input ([`run`]).
#![allow(dead_code)]

pub mod run;
pub mod temp_dir;

use ncbg::board::{Checkers, Position, BAR, OFF, SLOTS};
use ncbg::rng::Rng;

/// Where a random side's checkers tend to be.
#[derive(Clone, Copy, Debug)]
pub enum Layout {
    /// Anywhere on the board or the bar, some borne off.
    Anywhere,
    /// Everything in the home board or off (bear-off positions).
    Home,
    /// Mostly home, a few stragglers outside (bear-off rules re-checked).
    NearlyHome,
    /// Several checkers on the bar.
    Bar,
}

const LAYOUTS: [Layout; 4] = [
    Layout::Anywhere,
    Layout::Home,
    Layout::NearlyHome,
    Layout::Bar,
];

fn random_side(rng: &mut Rng, n: u8, layout: Layout, forbidden: u32) -> Checkers {
    let mut slots = [0u8; SLOTS];
    let in_play = 1 + rng.below(u64::from(n)) as u8;
    slots[OFF] = n - in_play;
    for _ in 0..in_play {
        // The layout's points may all be taken by the other side: then the
        // checker goes anywhere allowed (the bar always is).
        for attempt in 0.. {
            if attempt > 50 {
                let open: Vec<usize> = (1..=BAR).filter(|&s| forbidden & (1 << s) == 0).collect();
                slots[open[rng.index(open.len())]] += 1;
                break;
            }
            let slot = match layout {
                Layout::Anywhere => 1 + rng.index(25),
                Layout::Home => 1 + rng.index(6),
                Layout::NearlyHome => {
                    if rng.chance(1, 8) {
                        7 + rng.index(19)
                    } else {
                        1 + rng.index(6)
                    }
                }
                Layout::Bar => {
                    if rng.chance(1, 3) {
                        BAR
                    } else {
                        1 + rng.index(24)
                    }
                }
            };
            if forbidden & (1 << slot) == 0 {
                slots[slot] += 1;
                break;
            }
        }
    }
    Checkers::from_slots(&slots).expect("at most 15")
}

/// A random valid position with `n` checkers a side (not finished).
pub fn random_position(rng: &mut Rng, n: u8) -> Position {
    let mover_layout = LAYOUTS[rng.index(LAYOUTS.len())];
    let opponent_layout = if rng.chance(1, 2) {
        Layout::Anywhere
    } else {
        LAYOUTS[rng.index(4)]
    };
    let mover = random_side(rng, n, mover_layout, 0);
    // The opponent may not use points the mover holds (its slot 25 - p).
    let mut forbidden = 0u32;
    for p in 1..=24 {
        if mover.count(p) > 0 {
            forbidden |= 1 << (25 - p);
        }
    }
    let opponent = random_side(rng, n, opponent_layout, forbidden);
    Position::new(mover, opponent).expect("valid by construction")
}

/// A random valid Backgammon Race position: the mover has 1 to 15
/// checkers waiting in its pool, the opponent 0 to 15; the checkers that
/// have entered lie anywhere (the bar included), and now and then one side
/// has borne some off (never both pool and off, as in play).
pub fn random_race_position(rng: &mut Rng) -> Position {
    let side = |rng: &mut Rng, pool: u8, forbidden: u32| -> Checkers {
        let mut slots = [0u8; SLOTS];
        let entered = 15 - pool;
        for _ in 0..entered {
            loop {
                let slot = if rng.chance(1, 6) {
                    BAR
                } else {
                    1 + rng.index(24)
                };
                if forbidden & (1 << slot) == 0 {
                    slots[slot] += 1;
                    break;
                }
            }
        }
        slots[OFF] = pool;
        Checkers::from_slots(&slots)
            .and_then(|c| c.with_pool(pool))
            .expect("15 checkers")
    };
    let mover_pool = 1 + rng.index(15) as u8;
    let mover = side(rng, mover_pool, 0);
    let mut forbidden = 0u32;
    for p in 1..=24 {
        if mover.count(p) > 0 {
            forbidden |= 1 << (25 - p);
        }
    }
    let opponent = if rng.chance(1, 4) {
        // A few checkers home or off, to keep the bear-off rule in play.
        random_side(rng, 15, Layout::NearlyHome, forbidden)
    } else {
        let pool = rng.index(16) as u8;
        side(rng, pool, forbidden)
    };
    Position::new(mover, opponent).expect("valid by construction")
}
