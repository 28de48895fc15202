//! The learned evaluation: a small neural network over the full NC state,
//! trained by self-play (`tools/train`), and its [`Evaluator`].
//!
//! One hidden layer of ReLU units over the sparse inputs of
//! [`features`] (or two: a small dense [`SecondLayer`] after it); five
//! sigmoid outputs, GNU Backgammon's way, all for the
//! side to move: the chances to win, to win a gammon or more, to win a
//! backgammon, to lose a gammon or more, to lose a backgammon. The expected
//! points follow from them ([`Probabilities::equity`]).
//!
//! Inference is plain Rust (`forward`): the first layer adds the weight
//! columns of the inputs that are set (a few dozen of 230 or 257, by the
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
//! NC-Hypergammon at k = 6..=9 ([`Network::embedded_hyper_high`]), chosen by the
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
pub mod features;
pub mod file;
mod forward;
mod incremental;
mod probabilities;

use super::Evaluator;
use crate::game::GameState;
pub use features::FeatureSet;
use features::Features;
use forward::{sigmoid, Quantized};
pub use probabilities::Probabilities;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};

/// Number of outputs.
pub const OUTPUTS: usize = 5;

/// The net embedded in the binary (see `tools/train/README.md` for the
/// command that made it).
static EMBEDDED_BYTES: &[u8] = include_bytes!("default.ncnn");

/// The net embedded for NC-Hypergammon (three checkers a side), trained on
/// its own states (see `tools/train/README.md`).
static HYPER_BYTES: &[u8] = include_bytes!("hyper.ncnn");

/// The net embedded for NC-Hypergammon above [`HYPER_NET_MAX_K`]: the
/// Hypergammon net taught k = 7, 8 and 9 by its own games there, then a
/// round of its own games at k = 3, 5 and 6 beside them (hyper8).
static HYPER_HIGH_BYTES: &[u8] = include_bytes!("hyper-high.ncnn");

/// The net embedded for the games of 15 checkers a side at the alphabets of
/// [`NO_CREDITS_NET_KS`] once neither side has a doublet credit left: from
/// such a state on the game is one without credits (`DoubletCredits 0`),
/// whatever the start gave, and this net (c0h) learned it from its own
/// games at k = 6, the standard start and Nackgammon's; its last step
/// (from c0g) was on the Nackgammon games alone (`tools/train/README.md`).
static NO_CREDITS_BYTES: &[u8] = include_bytes!("no-credits.ncnn");

/// The largest alphabet the embedded Hypergammon net (hyper6) plays. Its
/// generations learned from k = 4's exact values and from their own play at
/// k = 3, 5 and 6 (`tools/train/README.md`). Above it hyper8 plays, taught
/// k = 7..=9 by its own games there and then k = 3, 5 and 6 again: in
/// self-play at 20,000 nodes it beats hyper6 at k = 6 (+90.3 and +102.6 Elo
/// with two credits, +42.9 without) and is level with hyper6 at k = 5 and
/// with hyper7, the net it replaced, at k = 7..=9, but loses to hyper6 at
/// k = 3 and 4.
pub const HYPER_NET_MAX_K: u8 = 5;

/// Whether an embedded Hypergammon net values `state`: three checkers a
/// side (NC-Hypergammon); [`Network::embedded_hyper`] up to
/// [`HYPER_NET_MAX_K`], [`Network::embedded_hyper_high`] above.
pub fn hyper_net_plays(state: &GameState) -> bool {
    state.position().mover().total() == 3
}

/// The alphabets the embedded net without credits plays. Its line learned
/// k = 6 (its own games); in self-play at 20,000 nodes without credits the
/// engine with its parent c0g beats the engine with the main net for every
/// state at k = 6 (+124.7 Elo, Nackgammon +172.4) and at k = 5 (+58.0), but
/// not at k = 4 or 7 (−63.3, −34.3), where the main net keeps playing; c0h
/// is level with c0g at k = 5 (+8.5) and above it at k = 6.
pub const NO_CREDITS_NET_KS: std::ops::RangeInclusive<u8> = 5..=6;

/// Whether the embedded net without credits values `state`: a game that is
/// not NC-Hypergammon ([`hyper_net_plays`]) at a k of [`NO_CREDITS_NET_KS`]
/// where neither side has a doublet credit left, so that no doublet can be
/// played from here on.
pub fn no_credits_net_plays(state: &GameState) -> bool {
    use crate::numbers::Side;
    !hyper_net_plays(state)
        && NO_CREDITS_NET_KS.contains(&state.k())
        && state.numbers().credits(Side::X) == 0
        && state.numbers().credits(Side::Y) == 0
}

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

    /// The net embedded in the binary (read once, shared).
    pub fn embedded() -> Arc<Network> {
        static NET: OnceLock<Arc<Network>> = OnceLock::new();
        NET.get_or_init(|| {
            Arc::new(file::read(EMBEDDED_BYTES).expect("the embedded net file is valid"))
        })
        .clone()
    }

    /// The net embedded for NC-Hypergammon (read once, shared).
    pub fn embedded_hyper() -> Arc<Network> {
        static NET: OnceLock<Arc<Network>> = OnceLock::new();
        NET.get_or_init(|| {
            Arc::new(file::read(HYPER_BYTES).expect("the embedded Hypergammon net is valid"))
        })
        .clone()
    }

    /// The net embedded for NC-Hypergammon at k = 6..=9 (read once, shared).
    pub fn embedded_hyper_high() -> Arc<Network> {
        static NET: OnceLock<Arc<Network>> = OnceLock::new();
        NET.get_or_init(|| {
            Arc::new(file::read(HYPER_HIGH_BYTES).expect("the embedded Hypergammon net is valid"))
        })
        .clone()
    }

    /// The net embedded for the states of 15 checkers a side at k = 5 and 6
    /// where neither side has a credit left (read once, shared).
    pub fn embedded_no_credits() -> Arc<Network> {
        static NET: OnceLock<Arc<Network>> = OnceLock::new();
        NET.get_or_init(|| {
            Arc::new(
                file::read(NO_CREDITS_BYTES).expect("the embedded net without credits is valid"),
            )
        })
        .clone()
    }

    /// The embedded net that plays `state`: for three checkers a side
    /// ([`hyper_net_plays`]) the Hypergammon net up to k = 5 and the one for
    /// k = 6..=9 above; otherwise the net without credits at k = 5 and 6 where
    /// neither side has one left ([`no_credits_net_plays`]), the main one
    /// elsewhere.
    pub fn embedded_for(state: &GameState) -> Arc<Network> {
        NnEval::embedded().network_for(state).clone()
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
    pub fn probabilities(&self, state: &GameState) -> Probabilities {
        self.raw_probabilities(state).consistent()
    }

    /// The five outputs as the net gives them (for the trainer's checks and
    /// for measuring how often they need [`Probabilities::consistent`]).
    pub fn raw_probabilities(&self, state: &GameState) -> Probabilities {
        let l = self.forward_state(state);
        Probabilities::from_array(l.map(sigmoid))
    }
}

/// Millipoints for the search from expected points: strictly between -3000
/// and 3000 and never a non-zero multiple of 1000 (kept for finished games).
pub fn to_millipoints(equity: f32) -> i32 {
    super::finish((equity * 1000.0).round() as i32)
}

/// The learned evaluation, for the search: one net for every game, or the
/// embedded ones, each state valued by the net of its game.
#[derive(Clone, Debug)]
pub struct NnEval {
    net: Arc<Network>,
    /// The other embedded nets, where `net` does not play every game.
    others: Option<EmbeddedOthers>,
}

/// The embedded nets beside the main one.
#[derive(Clone, Debug)]
struct EmbeddedOthers {
    /// Three checkers a side up to [`HYPER_NET_MAX_K`].
    hyper: Arc<Network>,
    /// Three checkers a side above it.
    hyper_high: Arc<Network>,
    /// No credit left on either side ([`no_credits_net_plays`]).
    no_credits: Arc<Network>,
}

impl NnEval {
    /// An evaluation with `net` for every game (a net given by file).
    pub fn new(net: Arc<Network>) -> NnEval {
        NnEval { net, others: None }
    }

    /// The evaluation with the embedded nets: the Hypergammon nets for three
    /// checkers a side (up to k = 5, and above), the net without credits at
    /// k = 5 and 6 where neither side has one left, the main net elsewhere.
    pub fn embedded() -> NnEval {
        NnEval {
            net: Network::embedded(),
            others: Some(EmbeddedOthers {
                hyper: Network::embedded_hyper(),
                hyper_high: Network::embedded_hyper_high(),
                no_credits: Network::embedded_no_credits(),
            }),
        }
    }

    /// The evaluation with a net given by file (`Some`) for every game, or
    /// the embedded ones (`None`).
    pub fn file_or_embedded(net: Option<Arc<Network>>) -> NnEval {
        net.map_or_else(NnEval::embedded, NnEval::new)
    }

    /// The main net (for 15 checkers a side, but the states of
    /// [`no_credits_net_plays`]; every state's for a net given by file).
    pub fn network(&self) -> &Arc<Network> {
        &self.net
    }

    /// The net that values `state`.
    pub fn network_for(&self, state: &GameState) -> &Arc<Network> {
        match &self.others {
            Some(o) if hyper_net_plays(state) => {
                if state.k() <= HYPER_NET_MAX_K {
                    &o.hyper
                } else {
                    &o.hyper_high
                }
            }
            Some(o) if no_credits_net_plays(state) => &o.no_credits,
            _ => &self.net,
        }
    }
}

impl Evaluator for NnEval {
    fn evaluate(&self, state: &GameState) -> i32 {
        to_millipoints(self.network_for(state).probabilities(state).equity())
    }

    fn terms(&self, state: &GameState) -> Vec<(&'static str, String)> {
        let p = self.network_for(state).probabilities(state);
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
    fn the_embedded_pair_values_each_game_with_its_own_net() {
        use crate::board::Variant;
        use crate::numbers::NumberRules;
        let mut hyper = GameState::start(Variant::Hypergammon, NumberRules::new(3, 0).unwrap());
        hyper.pick(2).unwrap();
        hyper.pick(3).unwrap();
        let mut standard = GameState::standard();
        standard.pick(2).unwrap();
        standard.pick(3).unwrap();
        let main = Network::embedded();
        let own = Network::embedded_hyper();
        assert_ne!(*main, *own, "the Hypergammon net is a net of its own");
        let value = |net: &Network, s: &GameState| to_millipoints(net.probabilities(s).equity());
        let pair = NnEval::embedded();
        assert!(Arc::ptr_eq(pair.network_for(&hyper), &own));
        assert!(Arc::ptr_eq(pair.network_for(&standard), &main));
        assert_eq!(pair.evaluate(&hyper), value(&own, &hyper));
        assert_eq!(pair.evaluate(&standard), value(&main, &standard));
        assert!(Arc::ptr_eq(&Network::embedded_for(&hyper), &own));
        // Up to k = 5 the Hypergammon net plays; from k = 6 (the standard
        // numbers) on the one taught k = 7..=9 and then 6 again.
        let hyper_at = |k: u8| {
            let mut s = GameState::start(Variant::Hypergammon, NumberRules::new(k, 2).unwrap());
            s.pick(2).unwrap();
            s.pick(3).unwrap();
            s
        };
        let (low, high_k) = (hyper_at(HYPER_NET_MAX_K), hyper_at(HYPER_NET_MAX_K + 1));
        assert!(Arc::ptr_eq(pair.network_for(&low), &own));
        assert_eq!(pair.evaluate(&low), value(&own, &low));
        let high = Network::embedded_hyper_high();
        assert_ne!(*high, *own);
        for k in HYPER_NET_MAX_K + 1..=NumberRules::MAX_K {
            let s = hyper_at(k);
            assert!(Arc::ptr_eq(pair.network_for(&s), &high), "k = {k}");
            assert!(Arc::ptr_eq(&Network::embedded_for(&s), &high), "k = {k}");
            assert_eq!(pair.evaluate(&s), value(&high, &s));
        }
        assert_ne!(pair.evaluate(&high_k), value(&main, &high_k));
        // A net given by file plays every game.
        let single = NnEval::file_or_embedded(Some(main.clone()));
        assert_eq!(single.evaluate(&hyper), value(&main, &hyper));
        assert_ne!(single.evaluate(&hyper), pair.evaluate(&hyper));
    }

    #[test]
    fn states_without_credits_get_their_own_net() {
        use crate::board::Variant;
        use crate::numbers::NumberRules;
        let opened = |variant: Variant, k: u8, credits: u8| {
            let mut s = GameState::start(variant, NumberRules::new(k, credits).unwrap());
            s.pick(2).unwrap();
            s.pick(3).unwrap();
            s
        };
        let eval = NnEval::embedded();
        let main = Network::embedded();
        let none_left = Network::embedded_no_credits();
        assert_ne!(*main, *none_left, "a net of its own");
        for variant in [Variant::Standard, Variant::Nackgammon] {
            for k in [5, 6] {
                let without = opened(variant, k, 0);
                assert!(no_credits_net_plays(&without), "k = {k}");
                assert!(Arc::ptr_eq(eval.network_for(&without), &none_left));
                assert_eq!(
                    eval.evaluate(&without),
                    to_millipoints(none_left.probabilities(&without).equity())
                );
                // One credit left on either side keeps the main net.
                for credits in 1..=2 {
                    let with = opened(variant, k, credits);
                    assert!(!no_credits_net_plays(&with));
                    assert!(Arc::ptr_eq(eval.network_for(&with), &main));
                }
            }
        }
        // A game with credits, once both sides spent theirs (one each
        // here), is a game without credits from there on: the same net
        // values it.
        let mut spent = GameState::start(Variant::Standard, NumberRules::new(6, 1).unwrap());
        spent.pick(4).unwrap();
        spent.pick(5).unwrap();
        assert!(Arc::ptr_eq(eval.network_for(&spent), &main));
        use crate::numbers::Side;
        let left = |s: &GameState| s.numbers().credits(Side::X) + s.numbers().credits(Side::Y);
        // Each side takes the doublet (the other's current number) when it
        // may, another number when not, until both credits are spent.
        for _ in 0..8 {
            if left(&spent) == 0 {
                break;
            }
            assert!(Arc::ptr_eq(eval.network_for(&spent), &main));
            let theirs = spent.numbers().current(spent.to_move().other()).unwrap();
            let legal = spent.legal_numbers();
            let n = if legal.iter().any(|m| m == theirs)
                && spent.numbers().credits(spent.to_move()) > 0
            {
                theirs
            } else {
                legal.iter().next().unwrap()
            };
            spent.pick(n).unwrap();
            let play = spent.legal_plays().unwrap()[0];
            spent.play(&play).unwrap();
        }
        assert_eq!(left(&spent), 0, "both credits spent");
        assert!(Arc::ptr_eq(eval.network_for(&spent), &none_left));
        // Other alphabets keep the main net.
        for k in [3, 4, 7, 8, 9] {
            let s = opened(Variant::Standard, k, 0);
            assert!(!no_credits_net_plays(&s), "k = {k}");
            assert!(Arc::ptr_eq(eval.network_for(&s), &main), "k = {k}");
        }
        // Hypergammon without credits keeps its own net; a net given by file
        // plays every state.
        let hyper = GameState::start(Variant::Hypergammon, NumberRules::new(3, 0).unwrap());
        assert!(!no_credits_net_plays(&hyper));
        assert!(Arc::ptr_eq(
            eval.network_for(&hyper),
            &Network::embedded_hyper()
        ));
        let single = NnEval::new(main.clone());
        assert!(Arc::ptr_eq(
            single.network_for(&opened(Variant::Standard, 6, 0)),
            &main
        ));
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
    fn a_two_layer_net_is_a_version_2_file_and_round_trips() {
        let net = forward::tests::random_two_layer_net(FeatureSet::Contact, 24, 8, 3);
        let bytes = file::write(&net);
        let word = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap());
        assert_eq!(word(8), file::VERSION_TWO_LAYERS);
        assert_eq!((word(20), word(24), word(28)), (24, 8, OUTPUTS as u32));
        let back = file::read(&bytes).unwrap();
        assert_eq!(back, net);
        assert_eq!(back.second_layer().map(|l| l.units), Some(8));
        // One hidden layer stays version 1, byte for byte what it was.
        let one = file::write(&Network::embedded());
        assert_eq!(
            u32::from_le_bytes(one[8..12].try_into().unwrap()),
            file::VERSION
        );
        assert_eq!(one, EMBEDDED_BYTES);
        // A second layer of no units, or of too many, is refused by name.
        let mut empty = bytes.clone();
        empty[24..28].copy_from_slice(&0u32.to_le_bytes());
        assert!(matches!(
            file::read(&empty),
            Err(file::NetError::Shape {
                second: Some(0),
                ..
            })
        ));
        let err = file::read(&empty).unwrap_err().to_string();
        assert!(err.contains("x0x5") && err.contains("H2"), "{err}");
        let mut wide = bytes.clone();
        wide[24..28].copy_from_slice(&(file::MAX_SECOND as u32 + 1).to_le_bytes());
        let err = file::read(&wide).unwrap_err();
        assert!(err.to_string().contains("H2 <= 128"), "{err}");
        assert!(matches!(
            file::read(&bytes[..bytes.len() - 1]),
            Err(file::NetError::Truncated { .. })
        ));
        // Sizes that do not fit are no net.
        let l = net.second_layer().unwrap().clone();
        let (w1, b1, w2, b2) = net.parts();
        let short = SecondLayer {
            w: l.w[1..].to_vec(),
            ..l.clone()
        };
        assert!(Network::from_layers(
            FeatureSet::Contact,
            24,
            w1.to_vec(),
            b1.to_vec(),
            Some(short),
            w2.to_vec(),
            b2.to_vec()
        )
        .is_none());
        // The output layer reads the second layer's units, not the first's.
        assert!(Network::from_layers(
            FeatureSet::Contact,
            24,
            w1.to_vec(),
            b1.to_vec(),
            Some(l),
            vec![0.0; OUTPUTS * 24],
            b2.to_vec()
        )
        .is_none());
        // Another first layer keeps the rest.
        let zeroed = net
            .with_first_layer(vec![0.0; w1.len()], b1.to_vec())
            .unwrap();
        assert_eq!(zeroed.second_layer(), net.second_layer());
        assert_eq!(zeroed.parts().2, w2);
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
