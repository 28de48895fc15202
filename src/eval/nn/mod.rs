//! The learned evaluation: a small neural network over the full NC state,
//! trained by self-play (`tools/train`), and its [`Evaluator`].
//!
//! One hidden layer of ReLU units over the sparse inputs of
//! [`features`]; five sigmoid outputs, GNU Backgammon's way, all for the
//! side to move: the chances to win, to win a gammon or more, to win a
//! backgammon, to lose a gammon or more, to lose a backgammon. The expected
//! points follow from them ([`Probabilities::equity`]).
//!
//! Inference is plain Rust: the first layer adds the weight columns of the
//! inputs that are set (a few dozen of 230 or 257, by the net's
//! [`FeatureSet`]), the second is a dot product per output. The net the engine plays with is embedded in the binary
//! ([`Network::embedded`]); [`file`] reads and writes other nets.
//!
//! ```
//! use ncbg::game::GameState;
//! use ncbg::eval::nn::Network;
//!
//! let net = Network::embedded();
//! let p = net.probabilities(&GameState::standard());
//! assert!(p.win > 0.0 && p.win < 1.0);
//! ```

pub mod contact;
pub mod features;
pub mod file;

use super::Evaluator;
use crate::game::GameState;
pub use features::FeatureSet;
use features::{Features, Inputs};
use std::sync::{Arc, OnceLock};

/// Number of outputs.
pub const OUTPUTS: usize = 5;

/// The net embedded in the binary (see `tools/train/README.md` for the
/// command that made it).
static EMBEDDED_BYTES: &[u8] = include_bytes!("default.ncnn");

/// A value network: weights and biases of its two layers.
#[derive(Clone, Debug, PartialEq)]
pub struct Network {
    features: FeatureSet,
    hidden: usize,
    /// First layer, input-major: the `hidden` weights of input `i` start at
    /// `i * hidden`.
    w1: Vec<f32>,
    b1: Vec<f32>,
    /// Second layer, output-major.
    w2: Vec<f32>,
    b2: Vec<f32>,
}

/// The net's outputs for the side to move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Probabilities {
    /// Chance to win.
    pub win: f32,
    /// Chance to win a gammon or a backgammon.
    pub win_gammon: f32,
    /// Chance to win a backgammon.
    pub win_backgammon: f32,
    /// Chance to lose a gammon or a backgammon.
    pub lose_gammon: f32,
    /// Chance to lose a backgammon.
    pub lose_backgammon: f32,
}

impl Probabilities {
    /// From the five outputs in file order.
    pub fn from_array(p: [f32; OUTPUTS]) -> Probabilities {
        Probabilities {
            win: p[0],
            win_gammon: p[1],
            win_backgammon: p[2],
            lose_gammon: p[3],
            lose_backgammon: p[4],
        }
    }

    /// The five outputs in file order.
    pub fn to_array(self) -> [f32; OUTPUTS] {
        [
            self.win,
            self.win_gammon,
            self.win_backgammon,
            self.lose_gammon,
            self.lose_backgammon,
        ]
    }

    /// The chances made consistent, the one place where the net's five
    /// independent outputs are reconciled (search, `eval`, analysis and the
    /// GUI all read them through [`Network::probabilities`]): each chance
    /// is cut to `0..=1`, a gammon chance to its side's win chance
    /// (`lose-gammon` to `1 - win`), a backgammon chance to its gammon chance.
    pub fn consistent(self) -> Probabilities {
        let win = self.win.clamp(0.0, 1.0);
        let win_gammon = self.win_gammon.clamp(0.0, win);
        let lose_gammon = self.lose_gammon.clamp(0.0, 1.0 - win);
        Probabilities {
            win,
            win_gammon,
            win_backgammon: self.win_backgammon.clamp(0.0, win_gammon),
            lose_gammon,
            lose_backgammon: self.lose_backgammon.clamp(0.0, lose_gammon),
        }
    }

    /// True when the chances are consistent: every gammon chance at most
    /// its side's win chance, every backgammon chance at most its gammon.
    pub fn is_consistent(&self) -> bool {
        (0.0..=1.0).contains(&self.win)
            && (0.0..=self.win).contains(&self.win_gammon)
            && (0.0..=self.win_gammon).contains(&self.win_backgammon)
            && (0.0..=1.0 - self.win).contains(&self.lose_gammon)
            && (0.0..=self.lose_gammon).contains(&self.lose_backgammon)
    }

    /// Expected points for the side to move, from the consistent chances.
    pub fn equity(&self) -> f32 {
        let p = self.consistent();
        let lose = 1.0 - p.win;
        p.win - lose + p.win_gammon - p.lose_gammon + p.win_backgammon - p.lose_backgammon
    }

    /// The same chances seen by the other side.
    pub fn flip(&self) -> Probabilities {
        Probabilities {
            win: 1.0 - self.win,
            win_gammon: self.lose_gammon,
            win_backgammon: self.lose_backgammon,
            lose_gammon: self.win_gammon,
            lose_backgammon: self.win_backgammon,
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

#[inline(always)]
fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

impl Network {
    /// A net from its layers; `None` when the sizes do not fit `features`
    /// and `hidden`.
    pub fn from_parts(
        features: FeatureSet,
        hidden: usize,
        w1: Vec<f32>,
        b1: Vec<f32>,
        w2: Vec<f32>,
        b2: Vec<f32>,
    ) -> Option<Network> {
        (hidden > 0
            && w1.len() == features.inputs() * hidden
            && b1.len() == hidden
            && w2.len() == OUTPUTS * hidden
            && b2.len() == OUTPUTS)
            .then_some(Network {
                features,
                hidden,
                w1,
                b1,
                w2,
                b2,
            })
    }

    /// The layers: first-layer weights (input-major) and biases, second-layer
    /// weights (output-major) and biases.
    pub fn parts(&self) -> (&[f32], &[f32], &[f32], &[f32]) {
        (&self.w1, &self.b1, &self.w2, &self.b2)
    }

    /// The inputs the net reads.
    pub fn features(&self) -> FeatureSet {
        self.features
    }

    /// Number of hidden units.
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// The net embedded in the binary (read once, shared).
    pub fn embedded() -> Arc<Network> {
        static NET: OnceLock<Arc<Network>> = OnceLock::new();
        NET.get_or_init(|| {
            Arc::new(file::read(EMBEDDED_BYTES).expect("the embedded net file is valid"))
        })
        .clone()
    }

    /// The raw output sums (before the sigmoid) for inputs encoded in the
    /// net's own feature set.
    pub fn logits(&self, features: &Features) -> [f32; OUTPUTS] {
        assert_eq!(
            features.set(),
            self.features,
            "inputs of another feature set"
        );
        self.forward(features)
    }

    /// The raw output sums for `inputs` (encoded [`Features`], or a state
    /// read directly): on AVX2 machines with code compiled for it, else
    /// portable code; both do the same operations in the same order (Rust
    /// never fuses a multiply and an add on its own), so the results are the
    /// same bit for bit.
    #[inline]
    fn forward<I: Inputs>(&self, inputs: &I) -> [f32; OUTPUTS] {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU has AVX2, checked just above.
            return unsafe { self.forward_avx2(inputs) };
        }
        self.forward_sized(inputs)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn forward_avx2<I: Inputs>(&self, inputs: &I) -> [f32; OUTPUTS] {
        self.forward_sized(inputs)
    }

    /// The net's usual width gets loops of a fixed length (unrolled, no
    /// bounds checks); any other width the general loops.
    #[inline(always)]
    fn forward_sized<I: Inputs>(&self, inputs: &I) -> [f32; OUTPUTS] {
        if self.hidden == 128 {
            self.forward_fixed::<128, I>(inputs)
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
        let mut out = [0.0; OUTPUTS];
        for (o, out) in out.iter_mut().enumerate() {
            *out = dot(&acc, &self.w2[o * H..(o + 1) * H]) + self.b2[o];
        }
        out
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
        let mut out = [0.0; OUTPUTS];
        for (o, out) in out.iter_mut().enumerate() {
            *out = dot(acc, &self.w2[o * h..(o + 1) * h]) + self.b2[o];
        }
        out
    }

    /// The chances for `state`'s side to move, made consistent
    /// ([`Probabilities::consistent`]): what every user of the net reads.
    pub fn probabilities(&self, state: &GameState) -> Probabilities {
        self.raw_probabilities(state).consistent()
    }

    /// The five outputs as the net gives them (for the trainer's checks and
    /// for measuring how often they need [`Probabilities::consistent`]).
    pub fn raw_probabilities(&self, state: &GameState) -> Probabilities {
        let l = self.forward(state);
        Probabilities::from_array(l.map(sigmoid))
    }
}

/// Millipoints for the search from expected points: strictly between -3000
/// and 3000 and never a non-zero multiple of 1000 (kept for finished games).
pub fn to_millipoints(equity: f32) -> i32 {
    super::finish((equity * 1000.0).round() as i32)
}

/// The learned evaluation, for the search.
#[derive(Clone, Debug)]
pub struct NnEval {
    net: Arc<Network>,
}

impl NnEval {
    /// An evaluation with `net`.
    pub fn new(net: Arc<Network>) -> NnEval {
        NnEval { net }
    }

    /// The evaluation with the embedded net.
    pub fn embedded() -> NnEval {
        NnEval::new(Network::embedded())
    }

    /// The net.
    pub fn network(&self) -> &Arc<Network> {
        &self.net
    }
}

impl Evaluator for NnEval {
    fn evaluate(&self, state: &GameState) -> i32 {
        to_millipoints(self.net.probabilities(state).equity())
    }

    fn terms(&self, state: &GameState) -> Vec<(&'static str, String)> {
        let p = self.net.probabilities(state);
        vec![
            ("win", format!("{:.4}", p.win)),
            ("win-gammon", format!("{:.4}", p.win_gammon)),
            ("win-backgammon", format!("{:.4}", p.win_backgammon)),
            ("lose-gammon", format!("{:.4}", p.lose_gammon)),
            ("lose-backgammon", format!("{:.4}", p.lose_backgammon)),
            ("equity", format!("{:.4}", p.equity())),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn millipoints_stay_off_finished_game_values() {
        assert_eq!(to_millipoints(1.0), 1001);
        assert_eq!(to_millipoints(-2.0), -2001);
        assert_eq!(to_millipoints(5.0), 2999);
        assert_eq!(to_millipoints(0.0), 1);
        assert_eq!(to_millipoints(0.3217), 322);
    }

    #[test]
    fn consistent_cuts_each_chance_to_its_bound_and_keeps_consistent_ones() {
        // The issue's example: win 0.9534 with lose-gammon 0.1072.
        let raw = Probabilities::from_array([0.9534, 0.97, 0.98, 0.1072, 0.2]);
        assert!(!raw.is_consistent());
        let p = raw.consistent();
        assert!(p.is_consistent());
        assert_eq!(p.win, 0.9534);
        assert_eq!(p.win_gammon, 0.9534);
        assert_eq!(p.win_backgammon, 0.9534);
        assert!((p.lose_gammon - (1.0 - 0.9534)).abs() < 1e-7);
        assert_eq!(p.lose_backgammon, p.lose_gammon);
        assert_eq!(raw.equity(), p.equity());
        let fine = Probabilities::from_array([0.6, 0.2, 0.05, 0.1, 0.01]);
        assert!(fine.is_consistent());
        assert_eq!(fine.consistent(), fine);
    }

    #[test]
    fn flip_is_an_involution_and_negates_equity() {
        let p = Probabilities::from_array([0.6, 0.2, 0.05, 0.1, 0.01]);
        assert_eq!(p.flip().flip(), p);
        assert!((p.equity() + p.flip().equity()).abs() < 1e-6);
    }

    #[test]
    fn file_round_trip() {
        let net = Network::embedded();
        let bytes = file::write(&net);
        assert_eq!(file::read(&bytes).unwrap(), *net);
    }

    #[test]
    fn bad_files_are_named() {
        let bytes = file::write(&Network::embedded());
        assert!(matches!(
            file::read(&bytes[..bytes.len() - 3]),
            Err(file::NetError::Truncated { .. })
        ));
        assert_eq!(file::read(b"hello world"), Err(file::NetError::BadMagic));
        let mut corrupt = bytes.clone();
        corrupt[100] ^= 1;
        assert_eq!(file::read(&corrupt), Err(file::NetError::Checksum));
        let mut shape = bytes.clone();
        shape[16] = 7;
        assert!(matches!(
            file::read(&shape),
            Err(file::NetError::Shape { inputs: 7, .. })
        ));
        let mut set = bytes.clone();
        set[12] = 3;
        assert_eq!(file::read(&set), Err(file::NetError::FeatureSet(3)));
        // A set 1 file relabelled as set 2 has too few inputs for it.
        let mut relabelled = bytes.clone();
        relabelled[12] = 2;
        assert!(matches!(
            file::read(&relabelled),
            Err(file::NetError::Shape {
                inputs: 230,
                needs: 257,
                ..
            })
        ));
    }

    #[test]
    fn a_contact_net_round_trips_and_reads_its_own_inputs() {
        let set = FeatureSet::Contact;
        let h = 4;
        let n = set.inputs();
        // Weights that only the contact inputs' last one (contact) moves.
        let mut w1 = vec![0.0; n * h];
        w1[(n - 1) * h] = 1.0;
        let net = Network::from_parts(
            set,
            h,
            w1,
            vec![0.0; h],
            vec![1.0; OUTPUTS * h],
            vec![0.0; OUTPUTS],
        )
        .unwrap();
        assert!(Network::from_parts(
            FeatureSet::Board,
            h,
            vec![0.0; n * h],
            vec![0.0; h],
            vec![0.0; OUTPUTS * h],
            vec![0.0; OUTPUTS]
        )
        .is_none());
        let bytes = file::write(&net);
        assert_eq!(u32::from_le_bytes(bytes[12..16].try_into().unwrap()), 2);
        assert_eq!(file::read(&bytes).unwrap(), net);
        // The start has contact: every output is sigmoid(1).
        let p = net.raw_probabilities(&GameState::standard());
        assert!((p.win - sigmoid(1.0)).abs() < 1e-6);
        let f = Features::of(&GameState::standard(), set);
        assert_eq!(net.logits(&f), [1.0; OUTPUTS]);
    }
}
