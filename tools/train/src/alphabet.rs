//! Alphabets no training showed (`ncbg-train alphabet`). The net reads the
//! alphabet size k as a one-hot input, and an input that is never set in
//! training keeps the random weights it started with: every state of that
//! k is then read through noise. No net of ours ever played k = 3 or k = 9
//! (TD self-play used k = 4..=8, the later generations k = 6, the
//! Hypergammon net k = 4), so their rows are those of a fresh net. Copying
//! the input weights of the nearest alphabet that was trained makes the net
//! read a state of one k exactly as the same state of the other: the numbers
//! and the board speak for themselves, and no noise is added.

use ncbg::eval::nn::features::ALPHABET;
use ncbg::eval::nn::Network;
use ncbg::numbers::NumberRules;

/// `net` with the first-layer weights of alphabet `to` replaced by those of
/// alphabet `from` (both in 3..=9); every other weight as it was.
pub fn copy_alphabet(net: &Network, from: u8, to: u8) -> Result<Network, String> {
    for k in [from, to] {
        if !(NumberRules::MIN_K..=NumberRules::MAX_K).contains(&k) {
            return Err(format!(
                "alphabet {k} is not in {}..={}",
                NumberRules::MIN_K,
                NumberRules::MAX_K
            ));
        }
    }
    let hidden = net.hidden();
    let (w1, b1, _, _) = net.parts();
    let row = |k: u8| (ALPHABET + usize::from(k - NumberRules::MIN_K)) * hidden;
    let mut new_w1 = w1.to_vec();
    new_w1.copy_within(row(from)..row(from) + hidden, row(to));
    net.with_first_layer(new_w1, b1.to_vec())
        .ok_or_else(|| "the net has the wrong shape".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use ncbg::eval::nn::features::Features;
    use ncbg::ids::state_id;

    /// A Hypergammon state under alphabet `k` (its numbers fit both 3 and 4).
    fn state(k: u8) -> ncbg::game::GameState {
        state_id::decode(&format!("ASAASABAAAAAAA:Ypick:x1y3:d00:k{k}:n3")).unwrap()
    }

    /// A standard-game state under alphabet `k` (its numbers fit 3..=9).
    fn standard(k: u8) -> ncbg::game::GameState {
        state_id::decode(&format!("4HPwATDgc/ABMA:Xpick:x3y2:d22:k{k}")).unwrap()
    }

    fn logits(net: &Network, state: &ncbg::game::GameState) -> [f32; 5] {
        net.logits(&Features::of(state, net.features()))
    }

    #[test]
    fn the_copied_alphabet_reads_as_its_source_and_nothing_else_changes() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/nets/hyper1.ncnn");
        let net = ncbg::eval::nn::file::read(&std::fs::read(path).unwrap()).unwrap();
        assert_ne!(
            logits(&net, &state(3)),
            logits(&net, &state(4)),
            "k is an input"
        );
        let tied = copy_alphabet(&net, 4, 3).unwrap();
        assert_eq!(logits(&tied, &state(3)), logits(&tied, &state(4)));
        assert_eq!(
            logits(&tied, &state(4)),
            logits(&net, &state(4)),
            "k = 4 is untouched"
        );
        assert_eq!(
            logits(&tied, &state(6)),
            logits(&net, &state(6)),
            "k = 6 is untouched"
        );
        assert!(copy_alphabet(&net, 4, 10).is_err());
        assert!(copy_alphabet(&net, 2, 3).is_err());
    }

    /// The standard game's embedded net reads the alphabets no game taught
    /// it as their nearest trained ones: k = 3 as 4, k = 9 as 8. (The
    /// Hypergammon net's k = 3 was copied from k = 4, then taught by
    /// self-play at k = 3; the one for k = 6..=9 had k = 7..=9 copied from
    /// k = 6, then taught by its own games there.)
    #[test]
    fn the_embedded_net_reads_untaught_alphabets_as_their_neighbours() {
        let hyper = Network::embedded_hyper();
        assert_ne!(logits(&hyper, &state(3)), logits(&hyper, &state(4)));
        let high = Network::embedded_hyper_high();
        for k in 7..=9 {
            assert_ne!(
                logits(&high, &state(k)),
                logits(&high, &state(6)),
                "k = {k}"
            );
        }
        let gen = Network::embedded();
        assert_eq!(logits(&gen, &standard(3)), logits(&gen, &standard(4)));
        assert_eq!(logits(&gen, &standard(9)), logits(&gen, &standard(8)));
        assert_ne!(logits(&gen, &standard(6)), logits(&gen, &standard(8)));
    }

    #[test]
    fn a_two_layer_net_keeps_its_second_layer() {
        let one = crate::mlp::Mlp::new(ncbg::eval::nn::FeatureSet::Board, 16, 1).to_network();
        let two = crate::mlp::Mlp::deepen(&one, 4, 2).unwrap().to_network();
        let copied = copy_alphabet(&two, 4, 3).unwrap();
        assert_eq!(copied.second_layer(), two.second_layer());
        assert_eq!(logits(&copied, &standard(3)), logits(&copied, &standard(4)));
        assert_ne!(logits(&two, &standard(3)), logits(&two, &standard(4)));
    }
}
