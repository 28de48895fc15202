//! Distillation (`ncbg-train distill`): a net learns another net's values
//! (the teacher: typically an ensemble made by [`crate::ensemble`], too slow
//! to play with) on the states a search meets. The states are those of
//! self-play data files and, for each, up to `children` of its children
//! drawn at random (the search evaluates every child of the nodes it
//! expands, most of them states no game reaches); each is labelled with
//! the teacher's five chances (made consistent, as the engine reads them)
//! and the student is trained towards them by cross-entropy. The labels
//! are ncbg's own nets', nothing else's.
//!
//! A [`Guard`] lets a second net overrule the teacher on one kind of state
//! only: containment, where one side trails the race by many pips with a
//! checker still back in the other's home board (or on the bar), and the
//! second net values the contained side well below the teacher's value.
//! Elsewhere the teacher's values stand.

use crate::data::Game;
use crate::mlp::{Mlp, Target};
use ncbg::eval::nn::features::Features;
use ncbg::eval::nn::Network;
use ncbg::game::GameState;
use ncbg::rng::Rng;
use ncbg::turn::legal_turns;

/// Samples labelled per chunk of a training pass (bounds the memory that
/// encoded inputs take: a chunk of states is encoded at a time).
const CHUNK: usize = 1 << 16;

/// The states to distil on: every state of `games` that is not over and,
/// for each, up to `children` of its children (drawn without repeats by
/// `rng`; children that end the game are left out).
pub fn states(games: &[Game], children: usize, rng: &mut Rng) -> Vec<GameState> {
    let mut out = Vec::new();
    for g in games {
        for (state, _) in &g.states {
            if state.is_over() {
                continue;
            }
            out.push(*state);
            if children == 0 {
                continue;
            }
            let mut kids: Vec<GameState> = legal_turns(state)
                .iter()
                .map(|t| t.after(state))
                .filter(|c| !c.is_over())
                .collect();
            let take = children.min(kids.len());
            for i in 0..take {
                let j = i + rng.index(kids.len() - i);
                kids.swap(i, j);
            }
            out.extend_from_slice(&kids[..take]);
        }
    }
    out
}

/// A second net that overrules the teacher on containment states where it
/// sees the contained side worse off (see the module doc).
pub struct Guard<'a> {
    /// The net whose values replace the teacher's there.
    pub net: &'a Network,
    /// How far (points) below the teacher's value the guard must value the
    /// contained side.
    pub margin: f32,
    /// How many pips the trailing side must be behind.
    pub behind: u32,
}

/// The side being contained, if any: one that trails the race by at least
/// `behind` pips while one of its checkers is still on the bar or in the
/// other side's home board (its own points 19..=24), so that a backgammon
/// is near if the containment holds. `Some(true)`: the side to move.
pub fn contained_side(state: &GameState, behind: u32) -> Option<bool> {
    let p = state.position();
    if p.is_race() {
        return None;
    }
    let (mover, opponent) = p.pips();
    let back = |side: ncbg::board::Checkers| side.highest() >= 19;
    if back(p.mover()) && mover >= opponent + behind {
        Some(true)
    } else if back(p.opponent()) && opponent >= mover + behind {
        Some(false)
    } else {
        None
    }
}

/// The target for `state` and whether the guard gave it: the guard's
/// chances on a containment state where it values the contained side more
/// than its margin below the teacher's value, the teacher's otherwise. Only
/// that direction: the guard is there to warn of the containment the
/// teacher misses, not to overrule it anywhere else.
pub fn guarded_target(
    teacher: &Network,
    guard: Option<&Guard>,
    state: &GameState,
) -> (Target, bool) {
    let taught = teacher.probabilities(state);
    if let Some(g) = guard {
        if let Some(mover_contained) = contained_side(state, g.behind) {
            let other = g.net.probabilities(state);
            // The guard's value less the teacher's, for the contained side.
            let diff = other.equity() - taught.equity();
            let worse = if mover_contained { -diff } else { diff };
            if worse > g.margin {
                return (target_of(other.to_array()), true);
            }
        }
    }
    (target_of(taught.to_array()), false)
}

/// A target of consistent chances, cross-entropy only.
fn target_of(probabilities: [f32; ncbg::eval::nn::OUTPUTS]) -> Target {
    Target {
        probabilities,
        probability_weight: 1.0,
        probability_outputs: crate::mlp::ALL_OUTPUTS,
        equity: 0.0,
        equity_weight: 0.0,
    }
}

/// The mean absolute difference of the two nets' equities (in points) over
/// `states`: how far the student is from its teacher.
pub fn gap(student: &Network, teacher: &Network, states: &[GameState]) -> f32 {
    let sum: f64 = states
        .iter()
        .map(|s| {
            f64::from((student.probabilities(s).equity() - teacher.probabilities(s).equity()).abs())
        })
        .sum();
    (sum / states.len().max(1) as f64) as f32
}

/// Each state with its target ([`guarded_target`]), and how many of them
/// the guard labelled.
pub fn label(
    teacher: &Network,
    guard: Option<&Guard>,
    states: &[GameState],
) -> (Vec<(GameState, Target)>, usize) {
    let mut guarded = 0;
    let labelled = states
        .iter()
        .map(|s| {
            let (t, by_guard) = guarded_target(teacher, guard, s);
            guarded += usize::from(by_guard);
            (*s, t)
        })
        .collect();
    (labelled, guarded)
}

/// `epochs` shuffled passes of `student` towards the targets of `labelled`
/// ([`label`]: each state labelled once); returns the last pass's mean loss.
pub fn train(
    student: &mut Mlp,
    labelled: &[(GameState, Target)],
    epochs: u32,
    batch: usize,
    learning_rate: f32,
    rng: &mut Rng,
) -> f32 {
    let mut order: Vec<usize> = (0..labelled.len()).collect();
    let mut loss = 0.0;
    for _ in 0..epochs {
        rng.shuffle(&mut order);
        let (mut total, mut steps) = (0.0, 0);
        for chunk in order.chunks(CHUNK) {
            let encoded: Vec<(Features, Target)> = chunk
                .iter()
                .map(|&i| {
                    (
                        Features::of(&labelled[i].0, student.features),
                        labelled[i].1,
                    )
                })
                .collect();
            for b in encoded.chunks(batch.max(1)) {
                let b: Vec<(&Features, Target)> = b.iter().map(|(f, t)| (f, *t)).collect();
                total += student.step(&b, learning_rate);
                steps += 1;
            }
        }
        loss = if steps == 0 {
            0.0
        } else {
            total / steps as f32
        };
    }
    loss
}

#[cfg(test)]
mod tests {
    use super::*;
    use ncbg::turn::random_turn;

    fn random_game(seed: u64) -> Game {
        let mut rng = Rng::new(seed);
        let mut g = GameState::standard();
        let mut states = Vec::new();
        while !g.is_over() && states.len() < 60 {
            states.push((g, 0));
            match random_turn(&g, &mut rng) {
                Some(t) => g = t.after(&g),
                None => break,
            }
        }
        Game {
            index: 0,
            result: 0,
            states,
        }
    }

    #[test]
    fn children_are_drawn_from_each_state() {
        let game = random_game(1);
        let plain = states(std::slice::from_ref(&game), 0, &mut Rng::new(2));
        assert_eq!(plain.len(), game.states.len());
        let wide = states(std::slice::from_ref(&game), 3, &mut Rng::new(2));
        assert!(wide.len() > 2 * plain.len());
        // Every drawn state is a game state or a child of one.
        for s in &wide {
            assert!(game
                .states
                .iter()
                .any(|(g, _)| { g == s || legal_turns(g).iter().any(|t| t.after(g) == *s) }));
        }
        assert_eq!(
            wide,
            states(std::slice::from_ref(&game), 3, &mut Rng::new(2))
        );
    }

    #[test]
    fn the_student_moves_towards_the_teacher() {
        let teacher = Network::embedded();
        let games: Vec<Game> = (0..4).map(random_game).collect();
        let set = states(&games, 4, &mut Rng::new(3));
        // A student that starts far from the teacher: fresh weights.
        let mut student = Mlp::new(teacher.features(), 16, 9);
        let gap = |m: &Mlp| super::gap(&m.to_network(), &teacher, &set);
        assert_eq!(super::gap(&teacher, &teacher, &set), 0.0);
        let before = gap(&student);
        let (labelled, _) = label(&teacher, None, &set);
        let loss1 = train(&mut student, &labelled, 1, 32, 0.003, &mut Rng::new(4));
        let loss5 = train(&mut student, &labelled, 5, 32, 0.003, &mut Rng::new(5));
        let after = gap(&student);
        assert!(loss5 < loss1, "loss {loss1} -> {loss5}");
        assert!(after < before * 0.6, "equity gap {before} -> {after}");
    }

    /// A state from both sides' points (index 0 is point 1, index 24 the bar).
    fn state(mover: &[(usize, u8)], opponent: &[(usize, u8)]) -> GameState {
        let side = |v: &[(usize, u8)]| {
            let mut p = [0u8; 25];
            for &(i, n) in v {
                p[i] = n;
            }
            p
        };
        let position = ncbg::board::Position::from_points(&side(mover), &side(opponent), 15)
            .expect("a legal position");
        GameState::from_position(position, ncbg::numbers::NumberRules::default())
    }

    #[test]
    fn containment_is_a_side_far_behind_with_a_checker_back() {
        // The mover: 13 checkers on its 20 point (in the other's home board)
        // and 2 on the bar, 290 pips; the opponent: 15 on its 1 and 2 points.
        let contained = state(&[(19, 13), (24, 2)], &[(0, 8), (1, 7)]);
        assert_eq!(contained_side(&contained, 80), Some(true));
        // The same seen from the other side.
        let containing = state(&[(0, 8), (1, 7)], &[(19, 13), (24, 2)]);
        assert_eq!(contained_side(&containing, 80), Some(false));
        // Not far enough behind for the threshold.
        assert_eq!(contained_side(&contained, 400), None);
        // The start: level race.
        assert_eq!(contained_side(&GameState::standard(), 40), None);
        // Far behind, but every checker past the other's: a race.
        let race = state(&[(11, 15)], &[(0, 15)]);
        assert_eq!(contained_side(&race, 40), None);
        // Far behind with checkers in contact, none back: not containment.
        let outfield = state(&[(12, 15)], &[(13, 1), (0, 14)]);
        assert_eq!(contained_side(&outfield, 40), None);
    }

    #[test]
    fn the_guard_overrules_only_where_it_sees_the_contained_side_worse_off() {
        // A containment game the net without credits (c0h) lost by a
        // backgammon (the lab log): Y (to pick) is 178 pips behind with
        // checkers back. The standard game's net values Y's side lower than
        // c0h does, from either seat.
        let contained = ncbg::ids::state_id::decode("Pz8AIAAYjXFhBg:Ypick:x5y2:d00:k6").unwrap();
        assert_eq!(contained_side(&contained, 80), Some(true));
        // After one of Y's turns, X to move.
        let containing = legal_turns(&contained)[0].after(&contained);
        assert_eq!(contained_side(&containing, 80), Some(false));
        let low = Network::embedded();
        let high = Network::embedded_no_credits();
        let (low, high) = (&low, &high);
        let chances = |n: &Network, s: &GameState| n.probabilities(s).to_array();
        let equity = |n: &Network, s: &GameState| n.probabilities(s).equity();
        let gap = equity(high, &contained) - equity(low, &contained);
        let gap2 = equity(low, &containing) - equity(high, &containing);
        assert!(gap > 0.0 && gap2 > 0.0, "{gap} {gap2}");
        let gap = gap.min(gap2);
        let guard = |net, margin| Guard {
            net,
            margin,
            behind: 40,
        };
        // A guard that agrees with the teacher overrules it only at a
        // negative margin.
        let same = guard(high, -1.0);
        let (t, by_guard) = guarded_target(high, Some(&same), &contained);
        assert!(by_guard, "a negative margin lets even agreement through");
        assert_eq!(t.probabilities, chances(high, &contained));
        let same = guard(high, 0.0);
        assert!(!guarded_target(high, Some(&same), &contained).1);
        // The pessimistic guard overrules the optimistic teacher, from
        // either side's seat, within its margin ...
        let warns = guard(low, gap / 2.0);
        for s in [contained, containing] {
            let (t, by_guard) = guarded_target(high, Some(&warns), &s);
            assert!(by_guard);
            assert_eq!(t.probabilities, chances(low, &s));
        }
        // ... but not past it,
        let deaf = guard(low, gap * 2.0);
        assert!(!guarded_target(high, Some(&deaf), &contained).1);
        // nor the other way round (an optimistic guard),
        let hopeful = guard(high, gap / 2.0);
        let (t, by_guard) = guarded_target(low, Some(&hopeful), &contained);
        assert!(!by_guard);
        assert_eq!(t.probabilities, chances(low, &contained));
        // nor where nobody is contained.
        let start = GameState::standard();
        let (t, by_guard) = guarded_target(high, Some(&warns), &start);
        assert!(!by_guard);
        assert_eq!(t.probabilities, chances(high, &start));
        // label counts what the guard gave.
        let (labelled, guarded) = label(high, Some(&warns), &[contained, start]);
        assert_eq!((labelled.len(), guarded), (2, 1));
    }
}
