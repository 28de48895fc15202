//! The net's tests: file reading and writing, the feature sets, inference
//! against the plain forward pass, and the game's context read by set 3.

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
    set[12] = 4;
    assert_eq!(file::read(&set), Err(file::NetError::FeatureSet(4)));
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
    assert_eq!(one, embedded::EMBEDDED_BYTES);
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

/// The embedded net read as `set`, weighing nothing on the inputs past its
/// own.
fn embedded_read_as(set: FeatureSet) -> Network {
    let base = Network::embedded();
    let (w1, b1, w2, b2) = base.parts();
    let mut w = w1.to_vec();
    w.resize(set.inputs() * base.hidden(), 0.0);
    Network::from_parts(set, base.hidden(), w, b1.to_vec(), w2.to_vec(), b2.to_vec()).unwrap()
}

/// A set 3 net reads the true state: with zero weights on the context
/// it gives a set 2 net's raw outputs on the plain view in every game
/// (the pools are counted on the bar in its first inputs), and its
/// chances are the game's own: not reversed in Anti-Backgammon, where a
/// set 2 net's are.
#[test]
fn a_set_3_net_reads_the_context_and_gives_the_games_own_chances() {
    use crate::board::Variant;
    use crate::numbers::NumberRules;
    let (two, three) = (
        embedded_read_as(FeatureSet::Contact),
        embedded_read_as(FeatureSet::Context),
    );
    let bytes = file::write(&three);
    assert_eq!(u32::from_le_bytes(bytes[12..16].try_into().unwrap()), 3);
    assert_eq!(u32::from_le_bytes(bytes[16..20].try_into().unwrap()), 270);
    assert_eq!(file::read(&bytes).unwrap(), three);
    let rules = NumberRules::default();
    for variant in [Variant::Standard, Variant::Race, Variant::Anti] {
        let mut rng = crate::rng::Rng::new(5);
        let mut g = GameState::start(variant, rules);
        let mut seen = 0;
        while let Some(t) = crate::turn::random_turn(&g, &mut rng) {
            let p2 = two.raw_probabilities(&g);
            assert_eq!(three.raw_probabilities(&g), p2, "{variant} {g:?}");
            let chances = three.probabilities(&g);
            assert_eq!(chances, p2.consistent());
            if variant == Variant::Anti {
                assert_eq!(two.probabilities(&g), p2.consistent().reversed());
            } else {
                assert_eq!(two.probabilities(&g), chances);
            }
            seen += 1;
            g = t.after(&g);
            if g.is_over() || seen > 200 {
                break;
            }
        }
        assert!(seen > 20, "{variant}");
    }
    // The Anti flag and the pools move a set 3 net that weighs them.
    let (w1, b1, w2, b2) = three.parts();
    let mut w = w1.to_vec();
    let h = three.hidden();
    for j in 0..h {
        w[features::ANTI * h + j] = 0.5;
        w[features::CONTEXT * h + j] = -0.5;
    }
    let moved = Network::from_parts(
        FeatureSet::Context,
        h,
        w,
        b1.to_vec(),
        w2.to_vec(),
        b2.to_vec(),
    )
    .unwrap();
    for variant in [Variant::Race, Variant::Anti] {
        let g = GameState::start(variant, rules);
        assert_ne!(moved.raw_probabilities(&g), three.raw_probabilities(&g));
    }
    let g = GameState::start(Variant::Standard, rules);
    assert_eq!(moved.raw_probabilities(&g), three.raw_probabilities(&g));
}
