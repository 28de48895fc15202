//! Inference: the net's output sums for one state.
//!
//! The first layer adds, for each non-zero input, its value times its
//! weight column to the biases; ReLU; the second layer is a dot product per
//! output. The same loops are compiled twice: for AVX2, chosen at run time
//! where the CPU has it, and for any x86-64 or other machine. They do the
//! same operations in the same order (Rust never fuses a multiply and an
//! add on its own), so the two agree to the last bit, and a search gives
//! the same answer on every machine.
//!
//! (An explicit AVX2 kernel that kept 64 hidden sums in registers while
//! adding each input's column measured no faster, 565 ns an evaluation
//! against 450–560: the columns, 118 KB for 128 units, come from L2, and
//! those loads bound the first layer either way.)

#[cfg(test)]
use super::features::Features;
use super::features::Inputs;
use super::{file, Network, OUTPUTS};

/// A dot product in eight independent lanes, so that it vectorizes (one
/// running sum would chain every addition).
#[inline(always)]
fn dot(a: &[f32], b: &[f32]) -> f32 {
    let mut lanes = [0.0f32; 8];
    let (a8, b8) = (a.chunks_exact(8), b.chunks_exact(8));
    let (ra, rb) = (a8.remainder(), b8.remainder());
    for (x, y) in a8.zip(b8) {
        for i in 0..8 {
            lanes[i] += x[i] * y[i];
        }
    }
    let mut sum: f32 = lanes.iter().sum();
    for (x, y) in ra.iter().zip(rb) {
        sum += x * y;
    }
    sum
}

/// The logistic function.
#[inline(always)]
pub(super) fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

impl Network {
    /// The raw output sums for `inputs` (encoded [`Features`], or a state
    /// read directly): the AVX2 build of the loops where the CPU has it,
    /// else the portable one; the same bits either way.
    #[inline]
    pub(super) fn forward<I: Inputs>(&self, inputs: &I) -> [f32; OUTPUTS] {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU has AVX2, checked just above.
            return unsafe { self.forward_avx2(inputs) };
        }
        self.forward_portable(inputs)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn forward_avx2<I: Inputs>(&self, inputs: &I) -> [f32; OUTPUTS] {
        self.forward_portable(inputs)
    }

    /// The portable path: the usual widths get loops of a fixed length
    /// (unrolled, no bounds checks), any other width general loops.
    #[inline(always)]
    pub(super) fn forward_portable<I: Inputs>(&self, inputs: &I) -> [f32; OUTPUTS] {
        if self.hidden == 128 {
            self.forward_fixed::<128, I>(inputs)
        } else if self.hidden == 256 {
            self.forward_fixed::<256, I>(inputs)
        } else {
            self.forward_general(inputs)
        }
    }

    #[inline(always)]
    fn forward_fixed<const H: usize, I: Inputs>(&self, inputs: &I) -> [f32; OUTPUTS] {
        let mut acc: [f32; H] = self.b1[..H].try_into().expect("H hidden units");
        let w1 = &self.w1[..self.features.inputs() * H];
        inputs.for_each_input(self.features, |i, v| {
            let column: &[f32; H] = w1[i * H..(i + 1) * H].try_into().expect("a column");
            if v == 1.0 {
                for j in 0..H {
                    acc[j] += column[j];
                }
            } else {
                for j in 0..H {
                    acc[j] += v * column[j];
                }
            }
        });
        for a in acc.iter_mut() {
            *a = a.max(0.0);
        }
        self.output_layer(&acc)
    }

    #[inline(always)]
    fn forward_general<I: Inputs>(&self, inputs: &I) -> [f32; OUTPUTS] {
        let h = self.hidden;
        let mut buffer = [0.0f32; file::MAX_HIDDEN];
        let acc = &mut buffer[..h];
        acc.copy_from_slice(&self.b1);
        inputs.for_each_input(self.features, |i, v| {
            let column = &self.w1[i * h..(i + 1) * h];
            if v == 1.0 {
                for (a, w) in acc.iter_mut().zip(column) {
                    *a += w;
                }
            } else {
                for (a, w) in acc.iter_mut().zip(column) {
                    *a += v * w;
                }
            }
        });
        for a in acc.iter_mut() {
            *a = a.max(0.0);
        }
        self.output_layer(acc)
    }

    /// The second layer over the hidden units (after ReLU).
    #[inline(always)]
    fn output_layer(&self, hidden: &[f32]) -> [f32; OUTPUTS] {
        let h = self.hidden;
        let mut out = [0.0; OUTPUTS];
        for (o, out) in out.iter_mut().enumerate() {
            *out = dot(hidden, &self.w2[o * h..(o + 1) * h]) + self.b2[o];
        }
        out
    }

    /// The raw output sums by the loops built for any machine (no AVX2),
    /// for holding the two builds against each other.
    #[cfg(test)]
    fn logits_portable(&self, features: &Features) -> [f32; OUTPUTS] {
        assert_eq!(features.set(), self.features);
        self.forward_portable(features)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::nn::FeatureSet;
    use crate::game::GameState;
    use crate::rng::Rng;

    /// States after 0 to 59 random turns of seeded games.
    fn random_states(n: u64) -> Vec<GameState> {
        let mut out = Vec::new();
        for seed in 1..=n {
            let mut rng = Rng::new(seed);
            let mut g = GameState::standard();
            for _ in 0..rng.index(60) {
                match crate::turn::random_turn(&g, &mut rng) {
                    Some(c) => g = c.after(&g),
                    None => break,
                }
            }
            out.push(g);
        }
        out
    }

    /// A net of `set` and width `h` with seeded weights in -0.5..0.5.
    fn random_net(set: FeatureSet, h: usize, seed: u64) -> Network {
        let mut rng = Rng::new(seed);
        let mut w = |n: usize| -> Vec<f32> { (0..n).map(|_| rng.unit() as f32 - 0.5).collect() };
        let n = set.inputs();
        Network::from_parts(set, h, w(n * h), w(h), w(OUTPUTS * h), w(OUTPUTS)).unwrap()
    }

    #[test]
    fn both_paths_give_the_same_bits_for_every_width() {
        let states = random_states(300);
        let mut nets = vec![(*Network::embedded()).clone()];
        for (set, h, seed) in [
            (FeatureSet::Board, 64, 1),
            (FeatureSet::Board, 128, 2),
            (FeatureSet::Contact, 192, 3),
            (FeatureSet::Board, 256, 5),
            (FeatureSet::Board, 40, 4),
        ] {
            nets.push(random_net(set, h, seed));
        }
        for net in &nets {
            for g in &states {
                let f = Features::of(g, net.features());
                let fast = net.forward(g);
                assert_eq!(fast, net.logits_portable(&f), "{g:?}");
                assert_eq!(fast, net.logits(&f));
            }
        }
    }

    #[test]
    fn relu_cuts_negative_sums_and_the_bias_counts() {
        // 64 hidden units, biases -1 and +1 in turn, no first-layer
        // weights; each output sums the hidden units with weight 1.
        let set = FeatureSet::Board;
        let h = 64;
        let b1: Vec<f32> = (0..h)
            .map(|j| if j % 2 == 0 { -1.0 } else { 1.0 })
            .collect();
        let net = Network::from_parts(
            set,
            h,
            vec![0.0; set.inputs() * h],
            b1,
            vec![1.0; OUTPUTS * h],
            vec![0.5; OUTPUTS],
        )
        .unwrap();
        assert_eq!(net.forward(&GameState::standard()), [32.5; OUTPUTS]);
    }
}
