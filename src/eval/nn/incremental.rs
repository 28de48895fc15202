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

use super::features::{Inputs, MAX_ACTIVE, MAX_INPUTS};
use super::{file, Network, OUTPUTS};
use crate::game::GameState;
use std::cell::RefCell;

/// What a thread keeps of the last state it evaluated.
struct Last {
    /// [`Network::id`] of the net that evaluated it; 0 for none.
    net: u64,
    /// Its side to move (`Side as u8`).
    mover: u8,
    /// Its inputs, dense.
    inputs: [f32; MAX_INPUTS],
    /// The indices of its non-zero inputs (the first `set`).
    active: [u16; MAX_ACTIVE],
    set: usize,
    /// Its first-layer sums.
    sums: [i32; file::MAX_HIDDEN],
    /// `seen[i] == epoch`: input `i` is set in the state being evaluated
    /// (a stamp per evaluation, so the array is never cleared).
    seen: [u32; MAX_INPUTS],
    epoch: u32,
}

thread_local! {
    static LAST: RefCell<Last> = const {
        RefCell::new(Last {
            net: 0,
            mover: u8::MAX,
            inputs: [0.0; MAX_INPUTS],
            active: [0; MAX_ACTIVE],
            set: 0,
            sums: [0; file::MAX_HIDDEN],
            seen: [0; MAX_INPUTS],
            epoch: 0,
        })
    };
}

impl Network {
    /// The raw output sums for `state`, from the thread's last evaluated
    /// state where that is cheaper; the same bits as [`Network::forward`].
    #[inline]
    pub(super) fn forward_state(&self, state: &GameState) -> [f32; OUTPUTS] {
        LAST.with(|last| {
            let last = &mut *last.borrow_mut();
            #[cfg(target_arch = "x86_64")]
            if std::arch::is_x86_feature_detected!("avx2") {
                // SAFETY: the CPU has AVX2, checked just above.
                return unsafe { self.forward_from_avx2(state, last) };
            }
            self.forward_from(state, last)
        })
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn forward_from_avx2(&self, state: &GameState, last: &mut Last) -> [f32; OUTPUTS] {
        self.forward_from(state, last)
    }

    /// The sums of `state` from `last`'s (which then holds `state`).
    #[inline(always)]
    fn forward_from(&self, state: &GameState, last: &mut Last) -> [f32; OUTPUTS] {
        let mut active = [0u16; MAX_ACTIVE];
        let mut value = [0.0f32; MAX_ACTIVE];
        let mut set = 0usize;
        state.for_each_input(self.features, |i, v| {
            active[set] = i as u16;
            value[set] = v;
            set += 1;
        });
        if last.epoch == u32::MAX {
            last.seen = [0; MAX_INPUTS];
            last.epoch = 0;
        }
        last.epoch += 1;
        let epoch = last.epoch;
        let mover = state.to_move() as u8;
        let sums = &mut last.sums[..self.hidden];
        // A correction is tried where the side to move is the last state's
        // (otherwise the two sides' inputs trade places and nearly all
        // change) and given up for a sum from scratch once it has cost as
        // many weight columns as that would.
        let mut corrected = last.net == self.id && last.mover == mover;
        if corrected {
            let mut cost = 0usize;
            for (&i, &v) in active[..set].iter().zip(&value[..set]) {
                let i = usize::from(i);
                // An input given twice (no feature set does that) would be
                // corrected to one of its values, not their sum.
                if last.seen[i] == epoch || cost > set {
                    corrected = false;
                    break;
                }
                last.seen[i] = epoch;
                let old = last.inputs[i];
                if old != v {
                    if old != 0.0 {
                        self.take_input(sums, i, old);
                        cost += 1;
                    }
                    self.add_input(sums, i, v);
                    cost += 1;
                    last.inputs[i] = v;
                }
            }
        }
        if corrected {
            for &i in &last.active[..last.set] {
                let i = usize::from(i);
                if last.seen[i] != epoch {
                    self.take_input(sums, i, last.inputs[i]);
                    last.inputs[i] = 0.0;
                }
            }
        } else {
            // From scratch. The inputs kept are non-zero only where the
            // last state's or this one's are set.
            self.hidden_sums(state, sums);
            for &i in last.active[..last.set].iter().chain(&active[..set]) {
                last.inputs[usize::from(i)] = 0.0;
            }
            for (&i, &v) in active[..set].iter().zip(&value[..set]) {
                last.inputs[usize::from(i)] += v;
            }
            last.net = self.id;
            last.mover = mover;
        }
        last.active = active;
        last.set = set;
        self.outputs_from_sums(sums)
    }
}

#[cfg(test)]
mod tests {
    use crate::eval::nn::{FeatureSet, Network, OUTPUTS};
    use crate::game::GameState;
    use crate::rng::Rng;

    /// The states of a few seeded random games, in play order (consecutive
    /// states differ in a few inputs), then shuffled (they differ in many).
    fn states() -> Vec<GameState> {
        let mut out = Vec::new();
        for seed in 1..=20 {
            let mut rng = Rng::new(seed);
            let mut g = GameState::standard();
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
        for i in (1..shuffled.len()).rev() {
            shuffled.swap(i, rng.index(i + 1));
        }
        out.extend(shuffled);
        out
    }

    fn random_net(set: FeatureSet, h: usize, seed: u64) -> Network {
        let mut rng = Rng::new(seed);
        let mut w = |n: usize| -> Vec<f32> { (0..n).map(|_| rng.unit() as f32 - 0.5).collect() };
        let n = set.inputs();
        Network::from_parts(set, h, w(n * h), w(h), w(OUTPUTS * h), w(OUTPUTS)).unwrap()
    }

    #[test]
    fn corrected_sums_are_the_bits_of_sums_from_scratch() {
        let states = states();
        assert!(states.len() > 2000);
        let nets = [
            (*Network::embedded()).clone(),
            random_net(FeatureSet::Contact, 64, 7),
            random_net(FeatureSet::Board, 40, 8),
        ];
        // Nets taking turns on one thread: each switch starts from scratch.
        for (n, s) in states.iter().enumerate() {
            let net = &nets[n % 7 % 3];
            assert_eq!(net.forward_state(s), net.forward(s), "{s:?}");
        }
        for net in &nets {
            for s in &states {
                assert_eq!(net.forward_state(s), net.forward(s), "{s:?}");
            }
        }
    }
}
