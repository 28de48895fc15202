//! Widening a net (`ncbg-train widen`): more hidden units, the same
//! function. The new units get small random input weights and a zero bias,
//! and weigh nothing in the outputs, so the wider net's outputs are the old
//! net's to the last bit; training then gives them their part (their
//! output weights get gradient from the first step, as their activations
//! are not zero). The cheap way to a larger net on two cores: it keeps what
//! the old one learned in millions of games.

use ncbg::eval::nn::{file::MAX_HIDDEN, FeatureSet, Network, OUTPUTS};
use ncbg::rng::Rng;

/// Scale of the new units' input weights (about a tenth of a fresh net's).
const NEW_WEIGHT: f32 = 0.02;

/// `net` reading the inputs of `features`, a set that extends its own (set
/// 2 holds set 1's inputs first): the new inputs weigh nothing, so the
/// outputs are the old net's to the last bit, and training gives them
/// their weights (an input that is set gets gradient from the first step).
pub fn with_features(net: &Network, features: FeatureSet) -> Result<Network, String> {
    let old = net.features();
    if !features.extends(old) {
        return Err(format!(
            "--features {}: the net reads set {}, which that set does not extend",
            features.id(),
            old.id()
        ));
    }
    let (w1, b1, w2, b2) = net.parts();
    let mut new_w1 = w1.to_vec();
    new_w1.resize(features.inputs() * net.hidden(), 0.0);
    Network::from_layers(
        features,
        net.hidden(),
        new_w1,
        b1.to_vec(),
        net.second_layer().cloned(),
        w2.to_vec(),
        b2.to_vec(),
    )
    .ok_or_else(|| "the net with new inputs has the wrong shape".to_string())
}

/// `net` with `hidden` units (at least its own, at most [`MAX_HIDDEN`]).
pub fn widen(net: &Network, hidden: usize, seed: u64) -> Result<Network, String> {
    let old = net.hidden();
    if hidden == old {
        return Ok(net.clone());
    }
    if net.second_layer().is_some() {
        return Err("widen: the net has two hidden layers; only a net of one is widened".into());
    }
    if hidden < old || hidden > MAX_HIDDEN {
        return Err(format!(
            "--hidden {hidden}: the net has {old} units, a wider one needs {old}..={MAX_HIDDEN}"
        ));
    }
    let (w1, b1, w2, b2) = net.parts();
    let inputs = net.features().inputs();
    let mut rng = Rng::new(seed);
    let mut new_w1 = Vec::with_capacity(inputs * hidden);
    for i in 0..inputs {
        new_w1.extend_from_slice(&w1[i * old..(i + 1) * old]);
        new_w1.extend((old..hidden).map(|_| (rng.unit() as f32 * 2.0 - 1.0) * NEW_WEIGHT));
    }
    let mut new_b1 = b1.to_vec();
    new_b1.resize(hidden, 0.0);
    let mut new_w2 = Vec::with_capacity(OUTPUTS * hidden);
    for o in 0..OUTPUTS {
        new_w2.extend_from_slice(&w2[o * old..(o + 1) * old]);
        new_w2.resize((o + 1) * hidden, 0.0);
    }
    Network::from_parts(net.features(), hidden, new_w1, new_b1, new_w2, b2.to_vec())
        .ok_or_else(|| "widened net has the wrong shape".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use ncbg::game::GameState;
    use ncbg::turn::random_turn;

    #[test]
    fn a_wider_net_gives_the_same_outputs() {
        let net = Network::embedded();
        let wide = widen(&net, 192, 1).unwrap();
        assert_eq!(wide.hidden(), 192);
        assert_ne!(
            widen(&net, 192, 2).unwrap(),
            wide,
            "the seed sets the new weights"
        );
        let mut rng = Rng::new(4);
        let mut g = GameState::standard();
        let mut seen = 0;
        while let Some(t) = random_turn(&g, &mut rng) {
            assert_eq!(wide.raw_probabilities(&g), net.raw_probabilities(&g));
            seen += 1;
            g = t.after(&g);
            if g.is_over() {
                break;
            }
        }
        assert!(seen > 10);
        assert_eq!(*widen(&net, 128, 1).unwrap().parts().0, *net.parts().0);
        assert!(widen(&net, 64, 1).is_err());
        assert!(widen(&net, MAX_HIDDEN + 1, 1).is_err());
    }

    #[test]
    fn new_inputs_change_nothing_until_trained() {
        let net = Network::embedded();
        assert_eq!(net.features(), FeatureSet::Board);
        let contact = with_features(&net, FeatureSet::Contact).unwrap();
        assert_eq!(contact.features(), FeatureSet::Contact);
        assert_eq!(
            contact.parts().0.len(),
            FeatureSet::Contact.inputs() * net.hidden()
        );
        let mut rng = Rng::new(9);
        let mut g = GameState::standard();
        let mut contact_states = 0;
        while let Some(t) = random_turn(&g, &mut rng) {
            assert_eq!(contact.raw_probabilities(&g), net.raw_probabilities(&g));
            contact_states += usize::from(!g.position().is_race());
            g = t.after(&g);
            if g.is_over() {
                break;
            }
        }
        assert!(contact_states > 10, "the contact inputs were set");
        assert_eq!(
            with_features(&contact, FeatureSet::Contact)
                .unwrap()
                .parts(),
            contact.parts()
        );
        assert!(with_features(&contact, FeatureSet::Board).is_err());
    }

    /// Set 3 from the embedded net (set 1) and from a set 2 net: the same
    /// chances, to the last bit, on states of the standard game and of
    /// Nackgammon; in a race the plain view's raw outputs (pools read on
    /// the bar); in Anti-Backgammon the raw outputs too, now read as the
    /// game's own chances (no reversal: training teaches the flag).
    #[test]
    fn set_3_from_sets_1_and_2_gives_the_parents_values() {
        use ncbg::board::Variant;
        use ncbg::numbers::NumberRules;
        let one = Network::embedded();
        let two = with_features(&one, FeatureSet::Contact).unwrap();
        for parent in [(*one).clone(), two] {
            let three = with_features(&parent, FeatureSet::Context).unwrap();
            assert_eq!(three.features(), FeatureSet::Context);
            assert_eq!(
                three.parts().0.len(),
                FeatureSet::Context.inputs() * parent.hidden()
            );
            assert!(with_features(&three, parent.features()).is_err());
            for (variant, k, credits) in [
                (Variant::Standard, 6, 2),
                (Variant::Nackgammon, 6, 2),
                (Variant::Standard, 5, 0),
                (Variant::Race, 6, 2),
                (Variant::Anti, 6, 2),
            ] {
                let mut rng = Rng::new(u64::from(k) * 7 + variant as u64);
                let rules = NumberRules::new(k, credits).unwrap();
                let mut g = GameState::start(variant, rules);
                let mut seen = 0;
                while let Some(t) = random_turn(&g, &mut rng) {
                    let raw = parent.raw_probabilities(&g);
                    assert_eq!(three.raw_probabilities(&g), raw, "{variant}");
                    let p = three.probabilities(&g);
                    if variant == Variant::Anti {
                        assert_eq!(p, raw.consistent());
                        assert_eq!(parent.probabilities(&g), p.reversed());
                    } else {
                        assert_eq!(p, parent.probabilities(&g), "{variant}");
                    }
                    seen += 1;
                    g = t.after(&g);
                    if g.is_over() {
                        break;
                    }
                }
                assert!(seen > 20, "{variant}");
            }
        }
    }

    /// A small net of two hidden layers (`deepen` on a fresh one).
    fn two_layer_net() -> Network {
        let one = crate::mlp::Mlp::new(FeatureSet::Board, 16, 1).to_network();
        crate::mlp::Mlp::deepen(&one, 4, 2).unwrap().to_network()
    }

    #[test]
    fn a_two_layer_net_gets_new_inputs_but_no_new_units() {
        let net = two_layer_net();
        let err = widen(&net, 32, 1).unwrap_err();
        assert!(err.contains("two hidden layers"), "{err}");
        assert_eq!(widen(&net, 16, 1).unwrap(), net);
        let contact = with_features(&net, FeatureSet::Contact).unwrap();
        assert_eq!(contact.second_layer(), net.second_layer());
        let g = GameState::standard();
        assert_eq!(contact.raw_probabilities(&g), net.raw_probabilities(&g));
    }
}
