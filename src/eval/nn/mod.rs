//! The learned evaluation: a small neural network over the full NC state,
//! trained by self-play (`tools/train`), and its
//! [`Evaluator`](super::Evaluator), [`NnEval`].
//!
//! One hidden layer of ReLU units over the sparse inputs of
//! [`features`] (or two: a small dense [`SecondLayer`] after it); five
//! sigmoid outputs, GNU Backgammon's way, all for the
//! side to move: the chances to win, to win a gammon or more, to win a
//! backgammon, to lose a gammon or more, to lose a backgammon. The expected
//! points follow from them ([`Probabilities::equity`]).
//!
//! Inference is plain Rust (`forward`): the first layer adds the weight
//! columns of the inputs that are set (a few dozen of 230, 257 or 270, by the
//! net's [`FeatureSet`]) in fixed point, the second is a dot product per
//! output; the same loops built for AVX2 and for any machine give the same
//! bits. Each thread corrects the sums of the state it evaluated last by the
//! inputs that changed (`incremental`), which gives the same bits again.
//! The chances are made consistent in one place
//! ([`Probabilities::consistent`]). The nets the
//! engine plays with are embedded in the binary: one for the games of 15
//! checkers a side, standard and Nackgammon ([`Network::embedded`]), one for
//! their states at k = 5 and 6 where neither side has a doublet credit left
//! ([`Network::embedded_no_credits`]), one
//! for NC-Hypergammon's three up to k = 5 ([`Network::embedded_hyper`]), one for
//! NC-Hypergammon at k = 6..=9 ([`Network::embedded_hyper_high`]), one that
//! reads the game's context for Anti-Backgammon ([`Network::embedded_family`]),
//! chosen by the
//! state ([`Network::embedded_for`], [`NnEval::embedded`]); [`mod@file`] reads
//! and writes other nets (a net given by file plays every game).
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
mod embedded;
pub mod features;
pub mod file;
mod fixed;
mod forward;
mod incremental;
mod probabilities;
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod simd128;

use crate::board::Objective;
use crate::game::GameState;
pub use embedded::{
    family_net_plays, hyper_net_plays, no_credits_net_plays, NnEval, HYPER_NET_MAX_K,
    NO_CREDITS_NET_KS,
};
pub use features::FeatureSet;
use features::Features;
use forward::{sigmoid, Quantized};
pub use probabilities::Probabilities;
use std::sync::atomic::{AtomicU64, Ordering};

/// Number of outputs.
pub const OUTPUTS: usize = 5;

/// A second hidden layer of ReLU units over the first's (file version 2):
/// `units` units, each a weighted sum of the first layer's `hidden` units.
#[derive(Clone, Debug, PartialEq)]
pub struct SecondLayer {
    /// Number of units (1 ..= [`file::MAX_SECOND`]).
    pub units: usize,
    /// Unit-major: the `hidden` weights of unit `k` start at `k * hidden`.
    pub w: Vec<f32>,
    /// One bias a unit.
    pub b: Vec<f32>,
}

/// A value network: weights and biases of its layers (one hidden layer, or
/// two with a [`SecondLayer`]).
#[derive(Clone, Debug)]
pub struct Network {
    features: FeatureSet,
    hidden: usize,
    /// First layer, input-major: the `hidden` weights of input `i` start at
    /// `i * hidden`.
    w1: Vec<f32>,
    b1: Vec<f32>,
    /// The second hidden layer, where the net has one.
    second: Option<SecondLayer>,
    /// Its weights transposed, input-major: the `units` weights from
    /// first-layer unit `j` start at `j * units` (inference's layout; empty
    /// without a second layer).
    second_by_input: Vec<f32>,
    /// Output layer over the last hidden layer, output-major: the weights
    /// of output `o` start at `o * n`, `n` that layer's width.
    w2: Vec<f32>,
    b2: Vec<f32>,
    /// The first layer in fixed point, as inference sums it.
    quantized: Quantized,
    /// Names these weights for the threads' incremental evaluation (a
    /// clone keeps it: same weights).
    id: u64,
}

/// Two nets are equal when their layers are.
impl PartialEq for Network {
    fn eq(&self, other: &Network) -> bool {
        self.features == other.features
            && self.hidden == other.hidden
            && self.w1 == other.w1
            && self.b1 == other.b1
            && self.second == other.second
            && self.w2 == other.w2
            && self.b2 == other.b2
    }
}

impl Network {
    /// A net from its layers; `None` when the sizes do not fit `features`
    /// and `hidden`, or `hidden` is 0 or over [`file::MAX_HIDDEN`].
    pub fn from_parts(
        features: FeatureSet,
        hidden: usize,
        w1: Vec<f32>,
        b1: Vec<f32>,
        w2: Vec<f32>,
        b2: Vec<f32>,
    ) -> Option<Network> {
        Network::from_layers(features, hidden, w1, b1, None, w2, b2)
    }

    /// A net of one or two hidden layers: the first (`w1`, `b1`), the
    /// `second` where given, and the output layer (`w2`, `b2`) over the
    /// last hidden one; `None` when a size does not fit, or a width is 0 or
    /// over its bound ([`file::MAX_HIDDEN`], [`file::MAX_SECOND`]).
    pub fn from_layers(
        features: FeatureSet,
        hidden: usize,
        w1: Vec<f32>,
        b1: Vec<f32>,
        second: Option<SecondLayer>,
        w2: Vec<f32>,
        b2: Vec<f32>,
    ) -> Option<Network> {
        static NEXT_ID: AtomicU64 = AtomicU64::new(1);
        let last = match &second {
            None => hidden,
            Some(l) => {
                if !(l.units > 0
                    && l.units <= file::MAX_SECOND
                    && l.w.len() == l.units * hidden
                    && l.b.len() == l.units)
                {
                    return None;
                }
                l.units
            }
        };
        if !(hidden > 0
            && hidden <= file::MAX_HIDDEN
            && w1.len() == features.inputs() * hidden
            && b1.len() == hidden
            && w2.len() == OUTPUTS * last
            && b2.len() == OUTPUTS)
        {
            return None;
        }
        let second_by_input = match &second {
            None => Vec::new(),
            Some(l) => (0..hidden * l.units)
                .map(|i| l.w[(i % l.units) * hidden + i / l.units])
                .collect(),
        };
        Some(Network {
            features,
            hidden,
            second_by_input,
            quantized: Quantized::new(hidden, &w1, &b1),
            id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
            w1,
            b1,
            second,
            w2,
            b2,
        })
    }

    /// The same net with another first layer of the same shape (`None`
    /// when the sizes differ): the other layers are kept.
    pub fn with_first_layer(&self, w1: Vec<f32>, b1: Vec<f32>) -> Option<Network> {
        Network::from_layers(
            self.features,
            self.hidden,
            w1,
            b1,
            self.second.clone(),
            self.w2.clone(),
            self.b2.clone(),
        )
    }

    /// The layers: first-layer weights (input-major) and biases, output-layer
    /// weights (output-major, over the last hidden layer) and biases; the
    /// second hidden layer, where there is one, is [`Network::second_layer`].
    pub fn parts(&self) -> (&[f32], &[f32], &[f32], &[f32]) {
        (&self.w1, &self.b1, &self.w2, &self.b2)
    }

    /// The second hidden layer, where the net has one.
    pub fn second_layer(&self) -> Option<&SecondLayer> {
        self.second.as_ref()
    }

    /// The inputs the net reads.
    pub fn features(&self) -> FeatureSet {
        self.features
    }

    /// Number of units of the first hidden layer.
    pub fn hidden(&self) -> usize {
        self.hidden
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

    /// The chances for `state`'s side to move, made consistent
    /// ([`Probabilities::consistent`]): what every user of the net reads.
    ///
    /// The game's context is read here, once for every user. A net of
    /// feature set 3 ([`FeatureSet::Context`]) reads it itself: its inputs
    /// hold the pools and the object, its chances are those of the game
    /// being played. A net of set 1 or 2 reads the board of
    /// [`GameState::plain_view`] (checkers waiting in a pool as on the
    /// bar), and in Anti-Backgammon, whose object is the reverse of the
    /// plain game's, its chances are [reversed](Probabilities::reversed).
    pub fn probabilities(&self, state: &GameState) -> Probabilities {
        let p = self.raw_probabilities(state).consistent();
        if self.features.reads_context() {
            return p;
        }
        match state.objective() {
            Objective::BearOffFirst => p,
            Objective::BearOffLast => p.reversed(),
        }
    }

    /// The five outputs as the net gives them (for the trainer's checks and
    /// for measuring how often they need [`Probabilities::consistent`]): for
    /// `state` itself with a net of set 3, else for its plain game's view.
    pub fn raw_probabilities(&self, state: &GameState) -> Probabilities {
        let l = if self.features.reads_context() {
            self.forward_state(state)
        } else {
            self.forward_state(&state.plain_view())
        };
        Probabilities::from_array(l.map(sigmoid))
    }
}

/// Millipoints for the search from expected points: strictly between -3000
/// and 3000 and never a non-zero multiple of 1000 (kept for finished games).
pub fn to_millipoints(equity: f32) -> i32 {
    super::finish((equity * 1000.0).round() as i32)
}

#[cfg(test)]
mod tests;
