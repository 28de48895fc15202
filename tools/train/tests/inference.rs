//! The engine's inference (`ncbg::eval::nn`) against the trainer's own dense
//! forward pass, on the 1000 saved states of `tests/data/positions.txt`
//! (and the same states with their number picked, so that play-phase
//! inputs are covered), for the embedded net and freshly initialised ones of
//! both feature sets.

use ncbg::eval::nn::features::Features;
use ncbg::eval::nn::{FeatureSet, Network};
use ncbg::game::GameState;
use ncbg::ids::state_id;
use ncbg_train::mlp::{forward_dense, Mlp};

/// Largest difference allowed between the two passes' probabilities: they
/// sum in different orders and precisions (f32 sparse vs f64 dense).
const TOLERANCE: f32 = 2e-5;

fn saved_states() -> Vec<GameState> {
    let text = include_str!("data/positions.txt");
    let mut states: Vec<GameState> = text
        .lines()
        .map(|l| state_id::decode(l).expect("saved state IDs are valid"))
        .collect();
    assert!(states.len() >= 1000);
    let picked: Vec<GameState> = states
        .iter()
        .filter_map(|s| {
            let n = s.legal_numbers().iter().next()?;
            let mut p = *s;
            p.pick(n).ok()?;
            Some(p)
        })
        .collect();
    states.extend(picked);
    states
}

/// States of Backgammon Race (checkers entering from the pools) and
/// Anti-Backgammon: seeded random games, every state of each, with and
/// without the mover's number picked, at k = 6 with two credits and at
/// k = 4 without.
fn family_states() -> Vec<GameState> {
    use ncbg::board::Variant;
    use ncbg::numbers::NumberRules;
    use ncbg::rng::Rng;
    let mut out = Vec::new();
    for seed in 0..12u64 {
        let variant = if seed % 2 == 0 {
            Variant::Race
        } else {
            Variant::Anti
        };
        let rules = if seed % 3 == 0 {
            NumberRules::new(4, 0).unwrap()
        } else {
            NumberRules::default()
        };
        let mut rng = Rng::new(seed);
        let mut g = GameState::start(variant, rules);
        while let Some(t) = ncbg::turn::random_turn(&g, &mut rng) {
            out.push(g);
            g = t.after(&g);
            if g.is_over() {
                break;
            }
        }
    }
    assert!(out.iter().any(|s| s.position().pools().0 > 0));
    out
}

fn compare(net: &Network) -> f32 {
    compare_on(net, saved_states())
}

fn compare_on(net: &Network, states: Vec<GameState>) -> f32 {
    let (w1, b1, w2, b2) = net.parts();
    let mut worst = 0.0f32;
    for s in states {
        let engine = net.raw_probabilities(&s).to_array();
        let (_, trainer) = forward_dense(
            net.hidden(),
            w1,
            b1,
            net.second_layer(),
            w2,
            b2,
            &Features::of(&s, net.features()).dense(),
        );
        for (a, b) in engine.iter().zip(trainer) {
            worst = worst.max((a - b).abs());
        }
    }
    worst
}

#[test]
fn embedded_net_matches_the_trainer() {
    let worst = compare(&Network::embedded());
    assert!(worst < TOLERANCE, "largest difference {worst}");
}

#[test]
fn fresh_nets_match_the_trainer() {
    for (set, hidden) in [
        (FeatureSet::Board, 64),
        (FeatureSet::Contact, 64),
        (FeatureSet::Contact, 128),
    ] {
        let mlp = Mlp::new(set, hidden, 11);
        let net = mlp.to_network();
        assert_eq!(net.features(), set);
        let worst = compare(&net);
        assert!(worst < TOLERANCE, "{set:?}: largest difference {worst}");
        // The trainer's Mlp::outputs is the same dense pass.
        let s = GameState::standard();
        let a = mlp.outputs(&Features::of(&s, set));
        let b = net.raw_probabilities(&s).to_array();
        for (x, y) in a.iter().zip(b) {
            assert!((x - y).abs() < TOLERANCE);
        }
    }
}

/// Feature set 3 (the game's context): the engine's inference on the true
/// state against the trainer's dense pass on the same inputs, on the saved
/// states and on race and Anti-Backgammon states; for fresh nets and for the
/// embedded net widened to set 3, whose raw outputs stay the parent's on the
/// plain view.
#[test]
fn context_nets_match_the_trainer_in_every_game() {
    let family = family_states();
    let widened =
        ncbg_train::widen::with_features(&Network::embedded(), FeatureSet::Context).unwrap();
    let fresh = Mlp::new(FeatureSet::Context, 64, 13);
    // A fresh net whose context inputs weigh enough to matter.
    let mut loud = Mlp::new(FeatureSet::Context, 32, 17);
    for i in ncbg::eval::nn::features::CONTEXT..FeatureSet::Context.inputs() {
        for j in 0..loud.hidden {
            loud.w1[i * loud.hidden + j] = if j % 2 == 0 { 0.7 } else { -0.4 };
        }
    }
    for net in [widened.clone(), fresh.to_network(), loud.to_network()] {
        assert_eq!(net.features(), FeatureSet::Context);
        let back = ncbg::eval::nn::file::read(&ncbg::eval::nn::file::write(&net)).unwrap();
        assert_eq!(back, net);
        let worst = compare(&back).max(compare_on(&back, family.clone()));
        assert!(worst < TOLERANCE, "largest difference {worst}");
    }
    // The context moves the loud net: race and anti states are not read as
    // the plain game's.
    let loud = loud.to_network();
    let mut quiet = Mlp::from_network(&loud);
    for i in ncbg::eval::nn::features::CONTEXT..FeatureSet::Context.inputs() {
        for j in 0..quiet.hidden {
            quiet.w1[i * quiet.hidden + j] = 0.0;
        }
    }
    let quiet = quiet.to_network();
    // A race once every checker has entered is the standard game.
    let with_context = |s: &GameState| {
        s.position().pools() != (0, 0) || s.objective() == ncbg::board::Objective::BearOffLast
    };
    for s in &family {
        let moved = loud.raw_probabilities(s) != quiet.raw_probabilities(s);
        assert_eq!(moved, with_context(s), "{s:?}");
    }
    assert!(family.iter().filter(|s| with_context(s)).count() > 500);
    let standard = saved_states();
    assert!(standard
        .iter()
        .all(|s| loud.raw_probabilities(s) == quiet.raw_probabilities(s)));
}

/// The outputs of a fresh net on the start position before and after 50
/// training steps towards a gammon won, the cross-entropy on `outputs`.
fn outputs_before_and_after_a_gammon_won(
    outputs: [f32; ncbg::eval::nn::OUTPUTS],
) -> (
    [f32; ncbg::eval::nn::OUTPUTS],
    [f32; ncbg::eval::nn::OUTPUTS],
) {
    use ncbg_train::mlp::{outcome_target, Target};
    let mut mlp = Mlp::new(FeatureSet::Contact, 32, 5);
    let f = Features::of(&GameState::standard(), FeatureSet::Contact);
    let target = Target {
        probabilities: outcome_target(2),
        probability_weight: 1.0,
        probability_outputs: outputs,
        equity: 0.0,
        equity_weight: 0.0,
    };
    let before = mlp.outputs(&f);
    for _ in 0..50 {
        mlp.step(&[(&f, target)], 0.01);
    }
    (before, mlp.outputs(&f))
}

#[test]
fn a_training_step_moves_the_output_towards_its_target() {
    let (before, after) = outputs_before_and_after_a_gammon_won(ncbg_train::mlp::ALL_OUTPUTS);
    assert!(after[0] > before[0] + 0.1, "{before:?} -> {after:?}");
    assert!(after[1] > before[1] + 0.1, "{before:?} -> {after:?}");
    assert!(after[3] < before[3], "{before:?} -> {after:?}");
}

/// A cross-entropy on the win output alone (`WIN_OUTPUT`) moves the win
/// output as the full one does, while the gammon outputs, whose own weights
/// it leaves alone, move only through the shared hidden layer: far less
/// than when the gammon target teaches them too.
#[test]
fn a_win_only_target_leaves_the_gammon_outputs_to_the_rest() {
    use ncbg_train::mlp::{ALL_OUTPUTS, WIN_OUTPUT};
    let moved = |outputs| {
        let (before, after) = outputs_before_and_after_a_gammon_won(outputs);
        (after[0] - before[0], after[1] - before[1])
    };
    let (win_all, gammon_all) = moved(ALL_OUTPUTS);
    let (win_only, gammon_only) = moved(WIN_OUTPUT);
    assert!(win_all > 0.1 && win_only > 0.1, "{win_all} {win_only}");
    assert!(gammon_all > 0.1, "{gammon_all}");
    assert!(
        gammon_only.abs() < gammon_all / 4.0,
        "{gammon_only} against {gammon_all}"
    );
}

/// The consistency term alone (no other target) pulls outputs that break
/// a bound back towards it, and leaves a net with weight 0 as it was.
#[test]
fn the_consistency_term_pulls_broken_outputs_within_their_bounds() {
    use ncbg_train::mlp::{violations, Target, ALL_OUTPUTS};
    let f = Features::of(&GameState::standard(), FeatureSet::Board);
    let none = Target {
        probabilities: [0.0; ncbg::eval::nn::OUTPUTS],
        probability_weight: 0.0,
        probability_outputs: ALL_OUTPUTS,
        equity: 0.0,
        equity_weight: 0.0,
    };
    // win ~0.95 with lose-gammon ~0.27, win-gammon ~0.98 (over win).
    let broken = |consistency: f32| {
        let mut mlp = Mlp::new(FeatureSet::Board, 16, 3);
        mlp.w2.iter_mut().for_each(|w| *w = 0.0);
        mlp.b2 = vec![3.0, 4.0, -4.0, -1.0, -4.0];
        mlp.consistency = consistency;
        mlp
    };
    let excess = |mlp: &Mlp| -> f32 { violations(&mlp.outputs(&f)).map(|(_, e, _)| e).sum() };
    let mut off = broken(0.0);
    let mut on = broken(1.0);
    let before = excess(&on);
    assert!(before > 0.2, "{before}");
    assert_eq!(violations(&on.outputs(&f)).count(), 2);
    for _ in 0..40 {
        off.step(&[(&f, none)], 0.01);
        on.step(&[(&f, none)], 0.01);
    }
    assert_eq!(excess(&off), before, "no term, no target: nothing moves");
    let after = excess(&on);
    assert!(after < before / 4.0, "{before} -> {after}");
}

/// A net of two hidden layers (`deepen`: the first layer of a trained net,
/// fresh layers after it) is read the same by the engine and the trainer,
/// through its file too.
#[test]
fn two_layer_nets_match_the_trainer() {
    let mlp = Mlp::deepen(&Network::embedded(), 32, 4).unwrap();
    let net = mlp.to_network();
    assert_eq!(net.second_layer().map(|l| l.units), Some(32));
    let back = ncbg::eval::nn::file::read(&ncbg::eval::nn::file::write(&net)).unwrap();
    assert_eq!(back, net);
    let worst = compare(&back);
    assert!(worst < TOLERANCE, "largest difference {worst}");
    let s = GameState::standard();
    let a = mlp.outputs(&Features::of(&s, FeatureSet::Board));
    let b = net.raw_probabilities(&s).to_array();
    for (x, y) in a.iter().zip(b) {
        assert!((x - y).abs() < TOLERANCE);
    }
    // The first layer is the net's own; a net of two is not deepened again.
    assert_eq!(net.parts().0, Network::embedded().parts().0);
    assert!(Mlp::deepen(&net, 8, 1).is_err());
    assert!(Mlp::deepen(&Network::embedded(), 0, 1).is_err());
}

/// The backward pass against finite differences of the loss, for every
/// layer of a net of two hidden layers and of one.
#[test]
fn gradients_match_finite_differences() {
    use ncbg_train::mlp::{outcome_target, Target, ALL_OUTPUTS};
    let states: Vec<GameState> = saved_states().into_iter().step_by(97).take(12).collect();
    let features: Vec<Features> = states
        .iter()
        .map(|s| Features::of(s, FeatureSet::Board))
        .collect();
    let batch: Vec<(&Features, Target)> = features
        .iter()
        .enumerate()
        .map(|(n, f)| {
            let points = [1, -1, 2, -2, 3, -3][n % 6];
            let t = Target {
                probabilities: outcome_target(points),
                probability_weight: 1.0,
                probability_outputs: ALL_OUTPUTS,
                equity: points as f32 / 2.0,
                equity_weight: 0.5,
            };
            (f, t)
        })
        .collect();
    let one = Mlp::new(FeatureSet::Board, 12, 7);
    let two = Mlp::deepen(&one.to_network(), 6, 8).unwrap();
    for mlp in [one, two] {
        let (_, g) = mlp.gradients(&batch);
        let n = batch.len() as f32;
        // (layer, index, analytic d mean loss / d weight)
        let mut checks: Vec<(usize, usize, f32)> = Vec::new();
        let active: Vec<usize> = features[0].active().map(|(i, _)| i).collect();
        for (j, &i) in active.iter().take(3).enumerate() {
            checks.push((0, i * mlp.hidden + j, g.w1[i * mlp.hidden + j] / n));
            checks.push((1, j, g.b1[j] / n));
        }
        for k in 0..g.ws.len().min(5) {
            checks.push((2, k * 7 % g.ws.len(), g.ws[k * 7 % g.ws.len()] / n));
        }
        for k in 0..g.bs.len() {
            checks.push((3, k, g.bs[k] / n));
        }
        for k in 0..5 {
            checks.push((4, k * 3, g.w2[k * 3] / n));
            checks.push((5, k, g.b2[k] / n));
        }
        let mut nonzero = 0;
        for (layer, i, analytic) in checks {
            let at = |delta: f32| {
                let mut m = Mlp::from_network(&mlp.to_network());
                let w = match layer {
                    0 => &mut m.w1[i],
                    1 => &mut m.b1[i],
                    2 => &mut m.second.as_mut().unwrap().w[i],
                    3 => &mut m.second.as_mut().unwrap().b[i],
                    4 => &mut m.w2[i],
                    _ => &mut m.b2[i],
                };
                *w += delta;
                f64::from(m.gradients(&batch).0)
            };
            let eps = 1e-2;
            let numeric = ((at(eps) - at(-eps)) / (2.0 * f64::from(eps))) as f32;
            assert!(
                (numeric - analytic).abs() <= 2e-3 + 0.05 * analytic.abs(),
                "layer {layer} weight {i}: numeric {numeric}, backward {analytic}"
            );
            nonzero += usize::from(analytic.abs() > 1e-4);
        }
        assert!(nonzero >= 10, "only {nonzero} gradients are not zero");
    }
}

/// `--context-only` (`Mlp::train_inputs_from`): steps on race and
/// Anti-Backgammon states move the first-layer weights of set 3's context
/// inputs and nothing else, so the values of standard states stay the
/// parent's to the last bit while those of race and anti states move.
#[test]
fn context_only_training_leaves_the_standard_game_alone() {
    use ncbg::eval::nn::features::CONTEXT;
    use ncbg_train::mlp::{outcome_target, Target, ALL_OUTPUTS};
    let parent =
        ncbg_train::widen::with_features(&Network::embedded(), FeatureSet::Context).unwrap();
    let mut mlp = Mlp::from_network(&parent);
    mlp.train_inputs_from = Some(CONTEXT);
    let family = family_states();
    let features: Vec<Features> = family
        .iter()
        .step_by(7)
        .map(|s| Features::of(s, FeatureSet::Context))
        .collect();
    let target = Target {
        probabilities: outcome_target(-3),
        probability_weight: 1.0,
        probability_outputs: ALL_OUTPUTS,
        equity: 0.0,
        equity_weight: 0.0,
    };
    let batch: Vec<(&Features, Target)> = features.iter().map(|f| (f, target)).collect();
    for _ in 0..20 {
        mlp.step(&batch, 0.01);
    }
    let trained = mlp.to_network();
    let (w1, b1, w2, b2) = trained.parts();
    let (pw1, pb1, pw2, pb2) = parent.parts();
    let h = parent.hidden();
    assert_eq!(&w1[..CONTEXT * h], &pw1[..CONTEXT * h]);
    assert_ne!(
        &w1[CONTEXT * h..],
        &pw1[CONTEXT * h..],
        "the context learned"
    );
    assert_eq!((b1, w2, b2), (pb1, pw2, pb2));
    for s in saved_states() {
        assert_eq!(trained.probabilities(&s), parent.probabilities(&s));
    }
    // A race once every checker has entered is the standard game: no move.
    let mut moved = 0;
    for s in &family {
        let context =
            s.position().pools() != (0, 0) || s.objective() == ncbg::board::Objective::BearOffLast;
        let changed = trained.raw_probabilities(s) != parent.raw_probabilities(s);
        assert!(context || !changed, "{s:?}");
        moved += usize::from(changed);
    }
    assert!(moved > family.len() / 4, "{moved} of {}", family.len());
}
