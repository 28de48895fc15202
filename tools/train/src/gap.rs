//! How far a net's static values are from a data file's labels, per stage
//! of the game: the check of a held-out set of states labelled by a deep
//! search (`relabel`), where a net's blind spots show as a large or biased
//! gap in one stage.

use crate::data::Game;
use ncbg::board::Stage;
use ncbg::eval::nn::Network;

/// The gap over a set of states, in millipoints.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Gap {
    pub states: u64,
    /// Sum of (net's value − label).
    sum: f64,
    /// Sum of its squares.
    squares: f64,
}

impl Gap {
    fn add(&mut self, d: f64) {
        self.states += 1;
        self.sum += d;
        self.squares += d * d;
    }

    /// Mean of (net's value − label): positive where the net thinks better
    /// of the side to move than the labels do.
    pub fn bias(&self) -> f64 {
        self.sum / self.states.max(1) as f64
    }

    /// Root of the mean squared gap.
    pub fn rms(&self) -> f64 {
        (self.squares / self.states.max(1) as f64).sqrt()
    }

    /// `N states, bias B mp, rms R mp`.
    pub fn line(&self) -> String {
        format!(
            "{} states, bias {:+.1} mp, rms {:.1} mp",
            self.states,
            self.bias(),
            self.rms()
        )
    }
}

/// The gap of `net`'s values (its consistent chances' equity) to the labels
/// of `games`' states: over all of them and per stage (in [`Stage::ALL`]'s
/// order).
pub fn gap(net: &Network, games: &[Game]) -> (Gap, [Gap; 3]) {
    let mut all = Gap::default();
    let mut stages = [Gap::default(); 3];
    for (state, label) in games.iter().flat_map(|g| &g.states) {
        let value = f64::from(net.probabilities(state).equity()) * 1000.0;
        let d = value - f64::from(*label);
        all.add(d);
        let stage = Stage::of(state.position());
        stages[Stage::ALL.iter().position(|s| *s == stage).unwrap_or(0)].add(d);
    }
    (all, stages)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ncbg::game::GameState;
    use ncbg::rng::Rng;
    use ncbg::turn::random_turn;

    #[test]
    fn the_gap_is_the_nets_values_less_the_labels() {
        let net = Network::embedded();
        let mut rng = Rng::new(4);
        let mut g = GameState::standard();
        let mut states = Vec::new();
        while states.len() < 200 {
            match random_turn(&g, &mut rng) {
                Some(t) if !g.is_over() => g = t.after(&g),
                _ => g = GameState::standard(),
            }
            if !g.is_over() {
                states.push(g);
            }
        }
        let value = |s: &GameState| (net.probabilities(s).equity() * 1000.0) as f64;
        // Labels 100 mp under the net's values: bias and rms 100.
        let games = vec![Game {
            index: 0,
            result: 1,
            states: states
                .iter()
                .map(|s| (*s, (value(s) - 100.0).round() as i32))
                .collect(),
        }];
        let (all, stages) = gap(&net, &games);
        assert_eq!(all.states, 200);
        assert!((all.bias() - 100.0).abs() < 1.0, "{}", all.line());
        assert!((all.rms() - 100.0).abs() < 1.0, "{}", all.line());
        assert_eq!(stages.iter().map(|s| s.states).sum::<u64>(), 200);
        assert!(stages[0].states > 0, "random games have contact");
        // Labels alternately 50 over and under: no bias, rms 50.
        let games = vec![Game {
            index: 0,
            result: 1,
            states: states
                .iter()
                .enumerate()
                .map(|(i, s)| {
                    (
                        *s,
                        (value(s) + if i % 2 == 0 { 50.0 } else { -50.0 }).round() as i32,
                    )
                })
                .collect(),
        }];
        let (all, _) = gap(&net, &games);
        assert!(all.bias().abs() < 1.0, "{}", all.line());
        assert!((all.rms() - 50.0).abs() < 1.0, "{}", all.line());
    }
}
