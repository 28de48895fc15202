//! How often a net's raw outputs break the bounds between its five chances
//! (`ncbg-train consistency`): win-gammon ≤ win, win-backgammon ≤
//! win-gammon, lose-gammon ≤ 1 − win, lose-backgammon ≤ lose-gammon. The
//! engine cuts them at play ([`ncbg::eval::nn::Probabilities::consistent`]);
//! this counts how often it has to, on the states of seeded random games
//! (every kind of position, as the fuzzed games of the issue) and on the
//! states of self-play data files (the positions the engine meets).

use crate::mlp::violations;
use ncbg::eval::nn::{Network, OUTPUTS};
use ncbg::game::GameState;
use ncbg::rng::Rng;
use ncbg::turn::random_turn;

/// Counts over a set of states.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Tally {
    /// States looked at.
    pub states: u64,
    /// States whose raw outputs break at least one bound.
    pub broken: u64,
    /// States breaking each bound, in [`violations`]' order.
    pub by_bound: [u64; 4],
    /// States breaking a bound by more than 0.01 (visible at two decimals).
    pub visible: u64,
    /// The largest excess seen.
    pub worst: f32,
}

impl Tally {
    /// Adds one state's raw outputs.
    pub fn add(&mut self, p: &[f32; OUTPUTS]) {
        self.states += 1;
        let (mut any, mut visible) = (false, false);
        for (k, excess, _) in violations(p) {
            any = true;
            visible |= excess > 0.01;
            self.worst = self.worst.max(excess);
            self.by_bound[k] += 1;
        }
        self.broken += u64::from(any);
        self.visible += u64::from(visible);
    }

    /// The share of states with a broken bound, in percent.
    pub fn percent(&self) -> f64 {
        100.0 * self.broken as f64 / self.states.max(1) as f64
    }

    /// One line: share, count per bound, the worst excess.
    pub fn line(&self) -> String {
        let [wg, wb, lg, lb] = self.by_bound;
        format!(
            "{}/{} states ({:.1}%) break a bound: win-gammon>win {wg}, win-backgammon>win-gammon {wb}, lose-gammon>1-win {lg}, lose-backgammon>lose-gammon {lb}; by more than 0.01 {} ({:.2}%), worst excess {:.4}",
            self.broken,
            self.states,
            self.percent(),
            self.visible,
            100.0 * self.visible as f64 / self.states.max(1) as f64,
            self.worst
        )
    }
}

/// The raw outputs of `net` for `state`.
fn raw(net: &Network, state: &GameState) -> [f32; OUTPUTS] {
    net.raw_probabilities(state).to_array()
}

/// Over every state of `games` random games from the start (seeded).
pub fn random_games(net: &Network, games: u64, seed: u64) -> Tally {
    let mut t = Tally::default();
    for g in 0..games {
        let mut rng = Rng::new(seed.wrapping_mul(1_000_003).wrapping_add(g));
        let mut state = GameState::standard();
        while !state.is_over() {
            t.add(&raw(net, &state));
            match random_turn(&state, &mut rng) {
                Some(turn) => state = turn.after(&state),
                None => break,
            }
        }
    }
    t
}

/// Over every unfinished state of `states`.
pub fn states<'a>(net: &Network, states: impl IntoIterator<Item = &'a GameState>) -> Tally {
    let mut t = Tally::default();
    for s in states {
        if !s.is_over() {
            t.add(&raw(net, s));
        }
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tally_names_each_broken_bound() {
        let mut t = Tally::default();
        t.add(&[0.6, 0.2, 0.05, 0.1, 0.01]);
        assert_eq!((t.states, t.broken), (1, 0));
        // The example: win 0.9534, lose-gammon 0.1072.
        t.add(&[0.9534, 0.3, 0.01, 0.1072, 0.01]);
        assert_eq!(t.by_bound, [0, 0, 1, 0]);
        assert_eq!(t.visible, 1);
        assert!((t.worst - 0.0606).abs() < 1e-4);
        t.add(&[0.3, 0.4, 0.5, 0.2, 0.3]);
        assert_eq!((t.states, t.broken), (3, 2));
        assert_eq!(t.by_bound, [1, 1, 1, 1]);
        assert_eq!(t.visible, 2);
        assert!((t.percent() - 200.0 / 3.0).abs() < 1e-9);
        assert!(t.line().starts_with("2/3 states (66.7%)"), "{}", t.line());
    }

    #[test]
    fn random_games_are_reproducible_and_count_every_state() {
        let net = Network::embedded();
        let a = random_games(&net, 3, 5);
        assert_eq!(a, random_games(&net, 3, 5));
        assert!(a.states > 30);
        assert!(a.broken <= a.states);
    }
}
