//! Which net values which state: the nets embedded in the binary (the main
//! one for 15 checkers a side, one for their states without doublet
//! credits at k = 5 and 6, two for NC-Hypergammon, and the family net that
//! reads the game's context, which plays Anti-Backgammon) and [`NnEval`], the
//! evaluation the search calls, which picks the net by the state (or plays
//! one net given by file for every state). The commands that made each net
//! are in `tools/train/README.md`.

use super::{file, to_millipoints, Network};
use crate::eval::Evaluator;
use crate::game::GameState;
use std::sync::{Arc, OnceLock};

/// The net embedded in the binary (see `tools/train/README.md` for the
/// command that made it).
pub(super) static EMBEDDED_BYTES: &[u8] = include_bytes!("default.ncnn");

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

/// The net embedded for Anti-Backgammon: family1, a net of feature set 3
/// (the game's context among its inputs: the pools and the object), trained
/// by self-play on the standard game, the race and Anti-Backgammon together
/// (`tools/train/EXPERIMENTS.md`, "One net for the family"). In
/// Anti-Backgammon it beats the main net with reversed chances by +677.8
/// Elo at depth 2 (SPRT accepted); in the standard game and the race it is
/// not yet as strong as the main net, which keeps them.
static FAMILY_BYTES: &[u8] = include_bytes!("family.ncnn");

/// Whether the embedded family net values `state`: a game of
/// Anti-Backgammon ([`crate::board::Objective::BearOffLast`]), any
/// alphabet and credits.
pub fn family_net_plays(state: &GameState) -> bool {
    state.objective() == crate::board::Objective::BearOffLast
}

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

impl Network {
    /// The net embedded in the binary (read once, shared).
    pub fn embedded() -> Arc<Network> {
        static NET: OnceLock<Arc<Network>> = OnceLock::new();
        shared(&NET, EMBEDDED_BYTES, "main net")
    }

    /// The net embedded for NC-Hypergammon (read once, shared).
    pub fn embedded_hyper() -> Arc<Network> {
        static NET: OnceLock<Arc<Network>> = OnceLock::new();
        shared(&NET, HYPER_BYTES, "Hypergammon net")
    }

    /// The net embedded for NC-Hypergammon at k = 6..=9 (read once, shared).
    pub fn embedded_hyper_high() -> Arc<Network> {
        static NET: OnceLock<Arc<Network>> = OnceLock::new();
        shared(&NET, HYPER_HIGH_BYTES, "Hypergammon net for k = 6..=9")
    }

    /// The net embedded for the states of 15 checkers a side at k = 5 and 6
    /// where neither side has a credit left (read once, shared).
    pub fn embedded_no_credits() -> Arc<Network> {
        static NET: OnceLock<Arc<Network>> = OnceLock::new();
        shared(&NET, NO_CREDITS_BYTES, "net without credits")
    }

    /// The family net embedded for Anti-Backgammon (read once, shared).
    pub fn embedded_family() -> Arc<Network> {
        static NET: OnceLock<Arc<Network>> = OnceLock::new();
        shared(&NET, FAMILY_BYTES, "family net")
    }

    /// The embedded net that plays `state`: the family net in
    /// Anti-Backgammon ([`family_net_plays`]); for three checkers a side
    /// ([`hyper_net_plays`]) the Hypergammon net up to k = 5 and the one for
    /// k = 6..=9 above; otherwise the net without credits at k = 5 and 6 where
    /// neither side has one left ([`no_credits_net_plays`]), the main one
    /// elsewhere.
    pub fn embedded_for(state: &GameState) -> Arc<Network> {
        NnEval::embedded().network_for(state).clone()
    }
}

/// An embedded net file, read into `cell` on first use and shared after.
fn shared(cell: &'static OnceLock<Arc<Network>>, bytes: &[u8], what: &str) -> Arc<Network> {
    cell.get_or_init(|| {
        Arc::new(
            file::read(bytes)
                .unwrap_or_else(|e| panic!("the embedded {what} is not a valid net file: {e}")),
        )
    })
    .clone()
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
    /// Anti-Backgammon ([`family_net_plays`]).
    family: Arc<Network>,
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
                family: Network::embedded_family(),
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
            Some(o) if family_net_plays(state) => &o.family,
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

    /// Anti-Backgammon is the family net's, whatever its alphabet and
    /// credits; the race and the standard game keep the main net.
    #[test]
    fn anti_backgammon_gets_the_family_net() {
        use crate::board::Variant;
        use crate::numbers::NumberRules;
        let family = Network::embedded_family();
        assert!(family.features().reads_context());
        let pair = NnEval::embedded();
        let opened = |variant: Variant, k: u8, credits: u8| {
            let mut s = GameState::start(variant, NumberRules::new(k, credits).unwrap());
            s.pick(2).unwrap();
            s.pick(3).unwrap();
            s
        };
        for (k, credits) in [(6, 2), (6, 0), (3, 0), (9, 2)] {
            let anti = opened(Variant::Anti, k, credits);
            assert!(family_net_plays(&anti));
            assert!(
                Arc::ptr_eq(pair.network_for(&anti), &family),
                "k {k} credits {credits}"
            );
            assert_eq!(
                pair.evaluate(&anti),
                to_millipoints(family.probabilities(&anti).equity())
            );
        }
        for variant in [Variant::Standard, Variant::Race, Variant::Nackgammon] {
            let s = opened(variant, 6, 2);
            assert!(!family_net_plays(&s));
            assert!(Arc::ptr_eq(pair.network_for(&s), &Network::embedded()));
        }
        // A net given by file still plays every game, Anti-Backgammon too.
        let single = NnEval::file_or_embedded(Some(Network::embedded()));
        let anti = opened(Variant::Anti, 6, 2);
        assert!(Arc::ptr_eq(single.network_for(&anti), &Network::embedded()));
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
}
