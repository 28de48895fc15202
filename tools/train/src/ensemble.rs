//! Ensembles of nets as one net (`ncbg-train merge`): the hidden layers of
//! nets with the same inputs side by side, each output the average of their
//! output sums (before the sigmoid). The merged net's outputs are the
//! sigmoid of the members' mean logits, to float rounding; the engine reads
//! it as any other net file (`EvalFile`). Averaging nets trained on
//! different data cancels part of the errors each makes alone, which a
//! search otherwise seeks out (it maximises over its evaluation's errors).

use ncbg::eval::nn::{file::MAX_HIDDEN, Network, OUTPUTS};

/// One net whose outputs are the mean of `nets`' output sums, weighted by
/// `weights` (normalised to sum 1; `None`: equal weights).
pub fn merge(nets: &[Network], weights: Option<&[f32]>) -> Result<Network, String> {
    let first = nets.first().ok_or("merge: no nets")?;
    if nets.iter().any(|n| n.second_layer().is_some()) {
        return Err("merge: a net has two hidden layers; only nets of one are merged".into());
    }
    if let Some(n) = nets.iter().find(|n| n.features() != first.features()) {
        return Err(format!(
            "merge: feature sets differ ({:?} and {:?})",
            first.features(),
            n.features()
        ));
    }
    let weights: Vec<f32> = match weights {
        Some(w) if w.len() != nets.len() => {
            return Err(format!(
                "merge: {} weights for {} nets",
                w.len(),
                nets.len()
            ))
        }
        Some(w) if w.iter().any(|&x| !(x > 0.0 && x.is_finite())) => {
            return Err("merge: weights must be positive".into())
        }
        Some(w) => {
            let sum: f32 = w.iter().sum();
            w.iter().map(|x| x / sum).collect()
        }
        None => vec![1.0 / nets.len() as f32; nets.len()],
    };
    let hidden: usize = nets.iter().map(Network::hidden).sum();
    if hidden > MAX_HIDDEN {
        return Err(format!(
            "merge: {hidden} hidden units in all, at most {MAX_HIDDEN}"
        ));
    }
    let inputs = first.features().inputs();
    let mut w1 = Vec::with_capacity(inputs * hidden);
    for i in 0..inputs {
        for n in nets {
            let h = n.hidden();
            w1.extend_from_slice(&n.parts().0[i * h..(i + 1) * h]);
        }
    }
    let b1: Vec<f32> = nets.iter().flat_map(|n| n.parts().1.to_vec()).collect();
    let mut w2 = Vec::with_capacity(OUTPUTS * hidden);
    for o in 0..OUTPUTS {
        for (n, &w) in nets.iter().zip(&weights) {
            let h = n.hidden();
            w2.extend(n.parts().2[o * h..(o + 1) * h].iter().map(|x| x * w));
        }
    }
    let b2: Vec<f32> = (0..OUTPUTS)
        .map(|o| {
            nets.iter()
                .zip(&weights)
                .map(|(n, &w)| n.parts().3[o] * w)
                .sum()
        })
        .collect();
    Network::from_parts(first.features(), hidden, w1, b1, w2, b2)
        .ok_or_else(|| "merged net has the wrong shape".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::widen::widen;
    use ncbg::game::GameState;
    use ncbg::rng::Rng;
    use ncbg::turn::random_turn;

    fn logit(p: f32) -> f32 {
        (p / (1.0 - p)).ln()
    }

    #[test]
    fn the_merged_net_averages_the_members_output_sums() {
        let a = (*Network::embedded()).clone();
        // A second member with other outputs: the embedded net widened
        // (new units weigh nothing) and its output weights changed.
        let wide = widen(&a, 160, 3).unwrap();
        let (w1, b1, w2, b2) = wide.parts();
        let w2: Vec<f32> = w2
            .iter()
            .enumerate()
            .map(|(i, x)| x * 0.5 + (i % 7) as f32 * 0.01)
            .collect();
        let b = Network::from_parts(a.features(), 160, w1.to_vec(), b1.to_vec(), w2, b2.to_vec())
            .unwrap();
        let m = merge(&[a.clone(), b.clone()], Some(&[3.0, 1.0])).unwrap();
        assert_eq!(m.hidden(), 288);
        let mut rng = Rng::new(5);
        let mut g = GameState::standard();
        let mut seen = 0;
        while let Some(t) = random_turn(&g, &mut rng) {
            let (pa, pb, pm) = (
                a.raw_probabilities(&g).to_array(),
                b.raw_probabilities(&g).to_array(),
                m.raw_probabilities(&g).to_array(),
            );
            for o in 0..OUTPUTS {
                let want = 0.75 * logit(pa[o]) + 0.25 * logit(pb[o]);
                assert!(
                    (logit(pm[o]) - want).abs() < 2e-3,
                    "{o}: {} vs {want}",
                    logit(pm[o])
                );
            }
            seen += 1;
            g = t.after(&g);
            if g.is_over() {
                break;
            }
        }
        assert!(seen > 10);
        // One member is itself.
        let one = merge(std::slice::from_ref(&a), None).unwrap();
        assert_eq!(one, a);
        assert!(merge(&[], None).is_err());
        assert!(merge(&[a.clone(), b.clone()], Some(&[1.0])).is_err());
        assert!(merge(&[a.clone(), b], Some(&[1.0, -1.0])).is_err());
        assert!(merge(&[a.clone(), a.clone(), a.clone(), a.clone(), a], None).is_err());
    }

    #[test]
    fn nets_of_two_hidden_layers_are_not_merged() {
        let one = crate::mlp::Mlp::new(ncbg::eval::nn::FeatureSet::Board, 16, 1).to_network();
        let two = crate::mlp::Mlp::deepen(&one, 4, 2).unwrap().to_network();
        let err = merge(&[one, two], None).unwrap_err();
        assert!(err.contains("two hidden layers"), "{err}");
    }
}
