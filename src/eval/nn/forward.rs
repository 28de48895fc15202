//! Inference: the net's output sums for one state.
//!
//! The first layer is summed in fixed point: each weight is scaled by a
//! power of two `S` ([`Quantized`], chosen per net so that no hidden sum can
//! leave `i32`) and an input's contribution to the hidden sums is
//! `w * x * S` truncated to an integer. Integer sums do not depend on their order,
//! so a sum kept from one state and corrected by the inputs that changed
//! (`incremental`) gives the same bits as a sum from scratch, and the
//! search's siblings cost a few columns each instead of a few dozen. ReLU,
//! then the sums go back to `f32` (times `1/S`) for the layers after it: a
//! dot product per unit of the second hidden layer where the net has one
//! (ReLU again), and one per output.
//!
//! The same loops are compiled twice: for AVX2, chosen at run time where
//! the CPU has it, and for any x86-64 or other machine. They do the same
//! operations in the same order (Rust never fuses a multiply and an add on
//! its own), so the two agree to the last bit, and a search gives the same
//! answer on every machine.

use super::features::Features;
use super::fixed::{contribution, step};
use super::{file, Network, SecondLayer, OUTPUTS};

/// The first layer in fixed point.
#[derive(Clone, Debug)]
pub(super) struct Quantized {
    /// `S`, a power of two.
    pub(super) scale: f32,
    /// `1 / S`, exact.
    pub(super) inverse: f32,
    /// `w * S` (truncated) for each first-layer weight, input-major: the
    /// contribution of an input set to 1.
    pub(super) w1: Vec<i32>,
    /// `b * S` (truncated) for each bias.
    pub(super) b1: Vec<i32>,
}

/// The largest value any input takes (7.5: a bar of 15 checkers, n/2),
/// rounded up, for the bound on the hidden sums.
const INPUT_BOUND: f64 = 8.0;
/// The largest scale used: 2^22 leaves rounding errors far below the
/// precision the net is trained to.
const MAX_SHIFT: i32 = 22;

impl Quantized {
    /// The fixed-point layer of `w1` (input-major, `hidden` a column) and
    /// `b1`: the largest scale up to 2^22 for which every hidden sum, with
    /// every input at its largest, stays within `i32`.
    pub(super) fn new(hidden: usize, w1: &[f32], b1: &[f32]) -> Quantized {
        let mut worst = 0.0f64;
        for (j, b) in b1.iter().enumerate() {
            let column_sum: f64 = w1
                .iter()
                .skip(j)
                .step_by(hidden)
                .map(|w| f64::from(w.abs()))
                .sum();
            worst = worst.max(f64::from(b.abs()) + INPUT_BOUND * column_sum);
        }
        // Room for the rounding of each term, and a margin.
        let room = f64::from(i32::MAX) / 2.0 - (w1.len() / hidden.max(1) + 1) as f64;
        let mut shift = MAX_SHIFT;
        while shift > 0 && worst * f64::from(shift).exp2() > room {
            shift -= 1;
        }
        let scale = (shift as f32).exp2();
        Quantized {
            scale,
            inverse: 1.0 / scale,
            w1: w1.iter().map(|&w| contribution(w, scale)).collect(),
            b1: b1.iter().map(|&b| contribution(b, scale)).collect(),
        }
    }
}

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
    /// The raw output sums for `features`, summed from scratch: the AVX2
    /// build of the loops where the CPU has it, else the portable one; the
    /// same bits either way.
    #[inline]
    pub(super) fn forward(&self, features: &Features) -> [f32; OUTPUTS] {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU has AVX2, checked just above.
            return unsafe { self.forward_avx2(features) };
        }
        self.forward_portable(features)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn forward_avx2(&self, features: &Features) -> [f32; OUTPUTS] {
        self.forward_portable(features)
    }

    /// The portable path.
    #[inline(always)]
    pub(super) fn forward_portable(&self, features: &Features) -> [f32; OUTPUTS] {
        let mut buffer = [0i32; file::MAX_HIDDEN];
        let sums = &mut buffer[..self.hidden];
        self.hidden_sums(features, sums);
        self.outputs_from_sums(sums)
    }

    /// The first layer's fixed-point sums for `features`, from scratch.
    #[inline(always)]
    pub(super) fn hidden_sums(&self, features: &Features, sums: &mut [i32]) {
        debug_assert_eq!(features.set(), self.features);
        sums.copy_from_slice(&self.quantized.b1);
        if self.hidden == 128 {
            // A local array of the usual width, which stays in registers.
            let mut local: [i32; 128] = sums.try_into().expect("128 sums");
            for (i, v) in features.active() {
                self.add_input(&mut local, i, v);
            }
            sums.copy_from_slice(&local);
        } else {
            for (i, v) in features.active() {
                self.add_input(sums, i, v);
            }
        }
    }

    /// Adds input `i` at value `v` (not 0) to the sums.
    #[inline(always)]
    pub(super) fn add_input(&self, sums: &mut [i32], i: usize, v: f32) {
        self.change_input::<false>(sums, i, v);
    }

    /// Takes input `i` at value `v` (not 0) off the sums: exactly what
    /// [`Network::add_input`] added.
    #[inline(always)]
    pub(super) fn take_input(&self, sums: &mut [i32], i: usize, v: f32) {
        self.change_input::<true>(sums, i, v);
    }

    /// Applies corrections to the sums: each an input and a value, added
    /// where positive and taken off at its magnitude where negative (input
    /// values are never negative). The usual width works on a local array,
    /// so the sums are loaded and stored once, not once a column.
    #[inline(always)]
    pub(super) fn apply_changes(&self, sums: &mut [i32], changes: &[(u16, f32)]) {
        if self.hidden == 128 {
            let mut local: [i32; 128] = (&*sums).try_into().expect("128 sums");
            for &(i, v) in changes {
                self.change_signed(&mut local, usize::from(i), v);
            }
            sums.copy_from_slice(&local);
        } else {
            for &(i, v) in changes {
                self.change_signed(sums, usize::from(i), v);
            }
        }
    }

    #[inline(always)]
    fn change_signed(&self, sums: &mut [i32], i: usize, v: f32) {
        if v < 0.0 {
            self.take_input(sums, i, -v);
        } else {
            self.add_input(sums, i, v);
        }
    }

    /// Adds (or with `TAKE` takes off) input `i`'s contribution at `v`.
    /// The WebAssembly build does it in explicit SIMD128 (`simd128`: the
    /// same integers), where LLVM leaves the loop for `v != 1` scalar.
    #[inline(always)]
    fn change_input<const TAKE: bool>(&self, sums: &mut [i32], i: usize, v: f32) {
        let h = self.hidden;
        if v == 1.0 {
            let column = &self.quantized.w1[i * h..(i + 1) * h];
            #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
            super::simd128::change_column::<TAKE>(sums, column);
            #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
            for (s, &c) in sums.iter_mut().zip(column) {
                step::<TAKE>(s, c);
            }
        } else {
            let x = v * self.quantized.scale;
            let column = &self.w1[i * h..(i + 1) * h];
            #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
            super::simd128::change_scaled::<TAKE>(sums, column, x);
            #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
            for (s, &w) in sums.iter_mut().zip(column) {
                step::<TAKE>(s, contribution(w, x));
            }
        }
    }

    /// ReLU on the fixed-point sums, back to `f32`, and the second layer
    /// (the usual widths in arrays of their own size).
    #[inline(always)]
    pub(super) fn outputs_from_sums(&self, sums: &[i32]) -> [f32; OUTPUTS] {
        match self.hidden {
            128 => self.outputs_fixed::<128>(sums),
            256 => self.outputs_fixed::<256>(sums),
            _ => {
                let mut buffer = [0.0f32; file::MAX_HIDDEN];
                let hidden = &mut buffer[..self.hidden];
                self.relu_into(sums, hidden);
                self.output_layer(hidden)
            }
        }
    }

    #[inline(always)]
    fn outputs_fixed<const H: usize>(&self, sums: &[i32]) -> [f32; OUTPUTS] {
        let mut hidden = [0.0f32; H];
        self.relu_into(sums, &mut hidden);
        self.output_layer(&hidden)
    }

    #[inline(always)]
    fn relu_into(&self, sums: &[i32], hidden: &mut [f32]) {
        let inverse = self.quantized.inverse;
        for (x, &s) in hidden.iter_mut().zip(sums) {
            *x = s.max(0) as f32 * inverse;
        }
    }

    /// The layers after the first over its units (after ReLU): the second
    /// hidden layer where the net has one, then the outputs.
    #[inline(always)]
    fn output_layer(&self, hidden: &[f32]) -> [f32; OUTPUTS] {
        match &self.second {
            None => self.outputs_over(hidden),
            Some(layer) => {
                let mut buffer = [0.0f32; file::MAX_SECOND];
                let units = &mut buffer[..layer.units];
                self.second_layer_into(layer, hidden, units);
                self.outputs_over(units)
            }
        }
    }

    /// The second hidden layer's units (after ReLU) from the first's: its
    /// biases, plus each first-layer unit that is not zero (ReLU leaves
    /// many at zero) times its column of the transposed weights, in the
    /// first layer's order; every unit is one lane, so the loop vectorizes
    /// across units and each unit's sum has the same order on every path.
    #[inline(always)]
    fn second_layer_into(&self, layer: &SecondLayer, hidden: &[f32], units: &mut [f32]) {
        let n = units.len();
        units.copy_from_slice(&layer.b);
        // The units that are not zero, listed without a branch (which unit
        // is active is a coin toss for the branch predictor).
        let mut active = [0u16; file::MAX_HIDDEN];
        let mut count = 0;
        for (j, &x) in hidden.iter().enumerate() {
            active[count] = j as u16;
            count += usize::from(x != 0.0);
        }
        for &j in &active[..count] {
            let j = usize::from(j);
            let x = hidden[j];
            let column = &self.second_by_input[j * n..(j + 1) * n];
            for (u, &w) in units.iter_mut().zip(column) {
                *u += x * w;
            }
        }
        for u in units.iter_mut() {
            *u = u.max(0.0);
        }
    }

    /// The output layer over the last hidden layer's units.
    #[inline(always)]
    fn outputs_over(&self, last: &[f32]) -> [f32; OUTPUTS] {
        let n = last.len();
        let mut out = [0.0; OUTPUTS];
        for (o, out) in out.iter_mut().enumerate() {
            *out = dot(last, &self.w2[o * n..(o + 1) * n]) + self.b2[o];
        }
        out
    }
}

#[cfg(test)]
pub(super) mod tests {
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
    pub(in crate::eval::nn) fn random_net(set: FeatureSet, h: usize, seed: u64) -> Network {
        let mut rng = Rng::new(seed);
        let mut w = |n: usize| -> Vec<f32> { (0..n).map(|_| rng.unit() as f32 - 0.5).collect() };
        let n = set.inputs();
        Network::from_parts(set, h, w(n * h), w(h), w(OUTPUTS * h), w(OUTPUTS)).unwrap()
    }

    /// A net of two hidden layers (`h`, then `h2` units) with seeded
    /// weights in -0.5..0.5.
    pub(in crate::eval::nn) fn random_two_layer_net(
        set: FeatureSet,
        h: usize,
        h2: usize,
        seed: u64,
    ) -> Network {
        let mut rng = Rng::new(seed);
        let mut w = |n: usize| -> Vec<f32> { (0..n).map(|_| rng.unit() as f32 - 0.5).collect() };
        let n = set.inputs();
        let (w1, b1) = (w(n * h), w(h));
        let second = crate::eval::nn::SecondLayer {
            units: h2,
            w: w(h2 * h),
            b: w(h2),
        };
        Network::from_layers(set, h, w1, b1, Some(second), w(OUTPUTS * h2), w(OUTPUTS)).unwrap()
    }

    #[test]
    fn the_second_layer_is_relu_of_its_sums_and_the_outputs_read_it() {
        // First layer: every unit 1 (bias), no input weights. Second layer:
        // unit k sums the first layer with weight (k - 1) (so -h, 0, h, 2h),
        // bias 0.25; ReLU cuts the first. Output o weighs unit k by 1.
        let (set, h, h2) = (FeatureSet::Board, 8, 4);
        let second = crate::eval::nn::SecondLayer {
            units: h2,
            w: (0..h2 * h).map(|i| (i / h) as f32 - 1.0).collect(),
            b: vec![0.25; h2],
        };
        let net = Network::from_layers(
            set,
            h,
            vec![0.0; set.inputs() * h],
            vec![1.0; h],
            Some(second),
            vec![1.0; OUTPUTS * h2],
            vec![0.5; OUTPUTS],
        )
        .unwrap();
        let f = Features::of(&GameState::standard(), set);
        // 0 + 0.25 + 8.25 + 16.25 + 0.5
        assert_eq!(net.forward(&f), [25.25; OUTPUTS]);
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
        nets.push(random_two_layer_net(FeatureSet::Board, 256, 32, 6));
        nets.push(random_two_layer_net(FeatureSet::Contact, 40, 13, 7));
        for net in &nets {
            for g in &states {
                let f = Features::of(g, net.features());
                let fast = net.forward(&f);
                assert_eq!(fast, net.forward_portable(&f), "{g:?}");
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
        let f = Features::of(&GameState::standard(), set);
        assert_eq!(net.forward(&f), [32.5; OUTPUTS]);
    }

    #[test]
    fn the_scale_keeps_large_weights_in_range_and_the_sums_close() {
        // Weights of a few hundred: the scale drops so that no sum overflows,
        // and the fixed-point sums stay within rounding of exact ones.
        let set = FeatureSet::Board;
        let h = 64;
        let mut net = random_net(set, h, 9);
        net = Network::from_parts(
            set,
            h,
            net.w1.iter().map(|w| w * 800.0).collect(),
            net.b1.clone(),
            net.w2.iter().map(|w| w / 800.0).collect(),
            net.b2.clone(),
        )
        .unwrap();
        assert!(net.quantized.scale < (MAX_SHIFT as f32).exp2());
        for g in random_states(50) {
            let f = Features::of(&g, set);
            let mut sums = vec![0i32; h];
            net.hidden_sums(&f, &mut sums);
            for (j, s) in sums.iter().enumerate() {
                let exact: f64 = f64::from(net.b1[j])
                    + f.active()
                        .map(|(i, v)| f64::from(net.w1[i * h + j]) * f64::from(v))
                        .sum::<f64>();
                let got = f64::from(*s) / f64::from(net.quantized.scale);
                let slack = 200.0 / f64::from(net.quantized.scale);
                assert!((got - exact).abs() <= slack, "{got} vs {exact}");
            }
        }
    }
}
