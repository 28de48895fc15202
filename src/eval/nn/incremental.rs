//! Incremental evaluation: each thread keeps the inputs and the first
//! layer's fixed-point sums of the last state it evaluated, and the next
//! state's sums are those corrected by the inputs that differ.
//!
//! The search evaluates siblings one after another (the children of a node
//! for its move order, the leaves below a node one ply from the horizon),
//! and siblings differ in a handful of inputs: the checkers the turn moved,
//! a hit, the number picked, the pip counts. A correction costs a weight
//! column per changed input where a sum from scratch costs one per set
//! input (a few dozen). The sums are integers (see `forward`), so the
//! corrected sums are the same bits as sums from scratch: the value of a
//! state never depends on what was evaluated before it.
//!
//! Nets of feature set 1 (the embedded nets of the standard game and of
//! Hypergammon) find the changed inputs from the state itself: a side's
//! checkers are packed four bits a slot, so the slots that differ from the
//! last state's are the nibbles of an XOR, and only their units (and the
//! few inputs of the numbers and pips) are compared. The other sets encode
//! the whole state and compare its list of inputs with the last one's.

use super::features::{
    number_inputs, slot_inputs, FeatureSet, Features, BOARD_INPUTS, MAX_ACTIVE, MAX_INPUTS,
    MOVER_NUMBER, SIDE_INPUTS, UNITS,
};
use super::{file, Network, OUTPUTS};
use crate::board::SLOTS;
use crate::game::GameState;
use std::cell::RefCell;

/// What a thread keeps of the last state it evaluated.
struct Last {
    /// [`Network::id`] of the net that evaluated it; 0 for none.
    net: u64,
    /// Its side to move (`Side as u8`).
    mover: u8,
    /// Its non-zero inputs are `features[current]`; the other buffer is
    /// where the next state is encoded.
    features: [Features; 2],
    current: usize,
    /// Its inputs, dense (non-zero only where `features[current]` has them).
    inputs: [f32; MAX_INPUTS],
    /// Its first-layer sums.
    sums: [i32; file::MAX_HIDDEN],
    /// `seen[i] == epoch`: input `i` is set in the state being evaluated
    /// (a stamp per evaluation, so the array is never cleared).
    seen: [u32; MAX_INPUTS],
    epoch: u32,
    /// The corrections of the state being evaluated, each an input and the
    /// value to add at (negative: the old value taken off), gathered before
    /// any is applied so that the sums are read and written once.
    changes: [(u16, f32); 2 * MAX_ACTIVE + 2],
}

thread_local! {
    static LAST: RefCell<Last> = const {
        RefCell::new(Last {
            net: 0,
            mover: u8::MAX,
            features: [
                Features::none(FeatureSet::Board),
                Features::none(FeatureSet::Board),
            ],
            current: 0,
            inputs: [0.0; MAX_INPUTS],
            sums: [0; file::MAX_HIDDEN],
            seen: [0; MAX_INPUTS],
            epoch: 0,
            changes: [(0, 0.0); 2 * MAX_ACTIVE + 2],
        })
    };
}

/// Inputs of set 1 after the two sides' checkers (the numbers, credits,
/// phase, alphabet and pips).
const NUMBER_INPUTS: usize = BOARD_INPUTS - MOVER_NUMBER;
/// The board's slots (off, the points, the bar) of a side's packed
/// checkers, without the pool: set 1 reads the state as it stands.
const BOARD_BITS: u128 = (1u128 << (4 * SLOTS)) - 1;
/// The most corrections between two states of set 1: every unit of every
/// slot and every other input, each taken off and added.
const MAX_BOARD_CHANGES: usize = 2 * (2 * SLOTS * UNITS + NUMBER_INPUTS);
/// Past this many corrections a sum from scratch is cheaper (it adds one
/// column for each input the state sets: a few dozen).
const BOARD_SCRATCH: usize = 48;

/// What a thread keeps of the last state a net of feature set 1
/// evaluated: its sides' checkers and its other inputs, from which the
/// next state's changed inputs are found without encoding it whole.
struct BoardLast {
    /// [`Network::id`] of the net that evaluated it; 0 for none.
    net: u64,
    /// Its side to move (`Side as u8`).
    mover: u8,
    /// The mover's and the opponent's checkers, packed, board slots only.
    sides: [u128; 2],
    /// Its inputs from [`MOVER_NUMBER`] on.
    numbers: [f32; NUMBER_INPUTS],
    /// Its first-layer sums.
    sums: [i32; file::MAX_HIDDEN],
    /// The corrections of the state being evaluated.
    changes: [(u16, f32); MAX_BOARD_CHANGES],
}

thread_local! {
    static BOARD_LAST: RefCell<BoardLast> = const {
        RefCell::new(BoardLast {
            net: 0,
            mover: u8::MAX,
            sides: [0; 2],
            numbers: [0.0; NUMBER_INPUTS],
            sums: [0; file::MAX_HIDDEN],
            changes: [(0, 0.0); MAX_BOARD_CHANGES],
        })
    };
}

/// Appends to `out` (at `*n`, which it advances) the corrections that take
/// input `i` from `old` to `new`: the old value taken off (a negative value)
/// where it was set, the new one added where it is set; nothing where the
/// two are equal. The one rule of both incremental paths.
#[inline(always)]
fn push_change(out: &mut [(u16, f32)], n: &mut usize, i: usize, old: f32, new: f32) {
    if old != new {
        if old != 0.0 {
            out[*n] = (i as u16, -old);
            *n += 1;
        }
        if new != 0.0 {
            out[*n] = (i as u16, new);
            *n += 1;
        }
    }
}

/// Writes to `out` the corrections that take the inputs of set 1 from
/// (`old_sides`, `old_numbers`) to (`sides`, `numbers`), and returns how
/// many: for each input that differs, its old value taken off (a negative
/// value) where it was set and its new value added where it is set.
#[inline(always)]
fn board_changes(
    old_sides: &[u128; 2],
    old_numbers: &[f32; NUMBER_INPUTS],
    sides: &[u128; 2],
    numbers: &[f32; NUMBER_INPUTS],
    out: &mut [(u16, f32); MAX_BOARD_CHANGES],
) -> usize {
    let mut n = 0;
    let mut change = |i: usize, old: f32, new: f32| push_change(out, &mut n, i, old, new);
    for s in 0..2 {
        let (old, new) = (old_sides[s], sides[s]);
        let mut differ = old ^ new;
        while differ != 0 {
            let slot = (differ.trailing_zeros() / 4) as usize;
            differ &= !(0xF << (4 * slot));
            let count = |bits: u128| ((bits >> (4 * slot)) & 0xF) as u8;
            let (at, was) = slot_inputs(slot, count(old));
            let (_, is) = slot_inputs(slot, count(new));
            for u in 0..UNITS {
                change(s * SIDE_INPUTS + at + u, was[u], is[u]);
            }
        }
    }
    // Which of the other inputs differ, as a mask first (a loop without
    // branches, which vectorizes): two to four of them as a rule.
    let mut differ = 0u64;
    for j in 0..NUMBER_INPUTS {
        differ |= u64::from(old_numbers[j] != numbers[j]) << j;
    }
    while differ != 0 {
        let j = differ.trailing_zeros() as usize;
        differ &= differ - 1;
        change(MOVER_NUMBER + j, old_numbers[j], numbers[j]);
    }
    n
}

impl Network {
    /// The raw output sums for `state`, from the thread's last evaluated
    /// state where that is cheaper; the same bits as [`Network::forward`].
    #[inline]
    pub(super) fn forward_state(&self, state: &GameState) -> [f32; OUTPUTS] {
        if self.features == FeatureSet::Board {
            return BOARD_LAST.with(|last| {
                let last = &mut *last.borrow_mut();
                #[cfg(target_arch = "x86_64")]
                if std::arch::is_x86_feature_detected!("avx2") {
                    // SAFETY: the CPU has AVX2, checked just above.
                    return unsafe { self.forward_board_avx2(state, last) };
                }
                self.forward_board(state, last)
            });
        }
        LAST.with(|last| {
            let last = &mut *last.borrow_mut();
            last.features[1 - last.current].encode(state, self.features);
            let mover = state.to_move() as u8;
            #[cfg(target_arch = "x86_64")]
            if std::arch::is_x86_feature_detected!("avx2") {
                // SAFETY: the CPU has AVX2, checked just above.
                return unsafe { self.forward_from_avx2(mover, last) };
            }
            self.forward_from(mover, last)
        })
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn forward_from_avx2(&self, mover: u8, last: &mut Last) -> [f32; OUTPUTS] {
        self.forward_from(mover, last)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn forward_board_avx2(&self, state: &GameState, last: &mut BoardLast) -> [f32; OUTPUTS] {
        self.forward_board(state, last)
    }

    /// The sums of `state` for a net of set 1, corrected from the last
    /// state's (or from none: the biases), which it then becomes.
    #[inline(always)]
    fn forward_board(&self, state: &GameState, last: &mut BoardLast) -> [f32; OUTPUTS] {
        let position = state.position();
        let sides = [
            position.mover().bits() & BOARD_BITS,
            position.opponent().bits() & BOARD_BITS,
        ];
        let mut numbers = [0.0f32; NUMBER_INPUTS];
        number_inputs(state, &mut |i, v| numbers[i - MOVER_NUMBER] = v);
        let mover = state.to_move() as u8;
        let sums = &mut last.sums[..self.hidden];
        // A correction where the side to move is the last state's
        // (otherwise the two sides' inputs trade places and nearly all
        // change) and it is cheaper than a sum from scratch.
        let mut cost = usize::MAX;
        if last.net == self.id && last.mover == mover {
            cost = board_changes(
                &last.sides,
                &last.numbers,
                &sides,
                &numbers,
                &mut last.changes,
            );
        }
        if cost > BOARD_SCRATCH {
            sums.copy_from_slice(&self.quantized.b1);
            let none = [0.0; NUMBER_INPUTS];
            cost = board_changes(&[0; 2], &none, &sides, &numbers, &mut last.changes);
        }
        self.apply_changes(sums, &last.changes[..cost]);
        last.net = self.id;
        last.mover = mover;
        last.sides = sides;
        last.numbers = numbers;
        self.outputs_from_sums(sums)
    }

    /// The sums of the state encoded in `last`'s spare buffer (with `mover`
    /// to move) from the last state's, which it then becomes.
    #[inline(always)]
    fn forward_from(&self, mover: u8, last: &mut Last) -> [f32; OUTPUTS] {
        let next = 1 - last.current;
        let features = &last.features[next];
        let previous = &last.features[last.current];
        if last.epoch == u32::MAX {
            last.seen = [0; MAX_INPUTS];
            last.epoch = 0;
        }
        last.epoch += 1;
        let epoch = last.epoch;
        let sums = &mut last.sums[..self.hidden];
        // A correction is tried where the side to move is the last state's
        // (otherwise the two sides' inputs trade places and nearly all
        // change) and given up for a sum from scratch once it has cost as
        // many weight columns as that would.
        let set = features.len();
        let mut corrected = last.net == self.id && last.mover == mover;
        let mut cost = 0usize;
        if corrected {
            for (i, v) in features.active() {
                // An input given twice (no feature set does that) would be
                // corrected to one of its values, not their sum.
                if last.seen[i] == epoch || cost > set {
                    corrected = false;
                    break;
                }
                last.seen[i] = epoch;
                push_change(&mut last.changes, &mut cost, i, last.inputs[i], v);
                last.inputs[i] = v;
            }
        }
        if corrected {
            for (i, _) in previous.active() {
                if last.seen[i] != epoch {
                    last.changes[cost] = (i as u16, -last.inputs[i]);
                    cost += 1;
                    last.inputs[i] = 0.0;
                }
            }
            self.apply_changes(sums, &last.changes[..cost]);
        } else {
            // From scratch. The inputs kept are non-zero only where the
            // last state's or this one's are set.
            self.hidden_sums(features, sums);
            for (i, _) in previous.active().chain(features.active()) {
                last.inputs[i] = 0.0;
            }
            for (i, v) in features.active() {
                last.inputs[i] += v;
            }
            last.net = self.id;
            last.mover = mover;
        }
        last.current = next;
        self.outputs_from_sums(sums)
    }
}

#[cfg(test)]
mod tests {
    use crate::board::Variant;
    use crate::eval::nn::features::Features;
    use crate::eval::nn::forward::tests::{random_net, random_two_layer_net};
    use crate::eval::nn::{FeatureSet, Network};
    use crate::game::GameState;
    use crate::numbers::NumberRules;
    use crate::rng::Rng;

    /// The states of a few seeded random games, in play order (consecutive
    /// states differ in a few inputs), then shuffled (they differ in many).
    fn states() -> Vec<GameState> {
        let mut out = Vec::new();
        for seed in 1..=20 {
            let mut rng = Rng::new(seed);
            // Races and Anti-Backgammon too: checkers enter from the pools.
            let variant = [Variant::Standard, Variant::Race, Variant::Anti][seed as usize % 3];
            let mut g = GameState::start(variant, NumberRules::default());
            while !g.is_over() && out.len() < seed as usize * 60 {
                out.push(g);
                for c in crate::turn::legal_turns(&g).into_iter().take(8) {
                    out.push(c.after(&g));
                }
                match crate::turn::random_turn(&g, &mut rng) {
                    Some(c) => g = c.after(&g),
                    None => break,
                }
            }
        }
        let mut rng = Rng::new(99);
        let mut shuffled = out.clone();
        rng.shuffle(&mut shuffled);
        out.extend(shuffled);
        out
    }

    #[test]
    fn corrected_sums_are_the_bits_of_sums_from_scratch() {
        let states = states();
        assert!(states.len() > 2000);
        let nets = [
            (*Network::embedded()).clone(),
            random_net(FeatureSet::Contact, 64, 7),
            random_net(FeatureSet::Board, 40, 8),
            random_two_layer_net(FeatureSet::Board, 128, 32, 9),
            random_net(FeatureSet::Context, 48, 10),
        ];
        // Nets taking turns on one thread: each switch starts from scratch.
        for (n, s) in states.iter().enumerate() {
            let net = &nets[n % 7 % 5];
            let f = Features::of(s, net.features());
            assert_eq!(net.forward_state(s), net.forward(&f), "{s:?}");
        }
        assert!(states.iter().any(|s| s.position().pools().0 > 0));
        for net in &nets {
            for s in &states {
                let f = Features::of(s, net.features());
                assert_eq!(net.forward_state(s), net.forward(&f), "{s:?}");
            }
        }
    }
}
