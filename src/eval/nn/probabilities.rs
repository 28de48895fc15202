//! The net's five outputs for the side to move ([`Probabilities`]), how
//! they are made consistent (the one place for it) and the expected points
//! they give.

use super::OUTPUTS;

/// The net's outputs for the side to move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Probabilities {
    /// Chance to win.
    pub win: f32,
    /// Chance to win a gammon or a backgammon.
    pub win_gammon: f32,
    /// Chance to win a backgammon.
    pub win_backgammon: f32,
    /// Chance to lose a gammon or a backgammon.
    pub lose_gammon: f32,
    /// Chance to lose a backgammon.
    pub lose_backgammon: f32,
}

impl Probabilities {
    /// From the five outputs in file order.
    pub fn from_array(p: [f32; OUTPUTS]) -> Probabilities {
        Probabilities {
            win: p[0],
            win_gammon: p[1],
            win_backgammon: p[2],
            lose_gammon: p[3],
            lose_backgammon: p[4],
        }
    }

    /// The five outputs in file order.
    pub fn to_array(self) -> [f32; OUTPUTS] {
        [
            self.win,
            self.win_gammon,
            self.win_backgammon,
            self.lose_gammon,
            self.lose_backgammon,
        ]
    }

    /// The chances made consistent, the one place where the net's five
    /// independent outputs are reconciled (search, `eval`, analysis and the
    /// GUI all read them through [`Network::probabilities`](super::Network::probabilities)): each chance
    /// is cut to `0..=1`, a gammon chance to its side's win chance
    /// (`lose-gammon` to `1 - win`), a backgammon chance to its gammon chance.
    /// A NaN chance (a net file whose finite weights overflow to infinity
    /// and beyond) counts as 0.
    pub fn consistent(self) -> Probabilities {
        // `max` then `min` rather than `clamp`: they turn NaN into a bound,
        // where `clamp` keeps it (and panics on a NaN bound).
        let cut = |p: f32, hi: f32| p.max(0.0).min(hi);
        let win = cut(self.win, 1.0);
        let win_gammon = cut(self.win_gammon, win);
        let lose_gammon = cut(self.lose_gammon, 1.0 - win);
        Probabilities {
            win,
            win_gammon,
            win_backgammon: cut(self.win_backgammon, win_gammon),
            lose_gammon,
            lose_backgammon: cut(self.lose_backgammon, lose_gammon),
        }
    }

    /// True when the chances are consistent: every gammon chance at most
    /// its side's win chance, every backgammon chance at most its gammon.
    pub fn is_consistent(&self) -> bool {
        (0.0..=1.0).contains(&self.win)
            && (0.0..=self.win).contains(&self.win_gammon)
            && (0.0..=self.win_gammon).contains(&self.win_backgammon)
            && (0.0..=1.0 - self.win).contains(&self.lose_gammon)
            && (0.0..=self.lose_gammon).contains(&self.lose_backgammon)
    }

    /// The chances of the game with the reverse object (Anti-Backgammon,
    /// where the side that would win the plain game loses it, by as much):
    /// the side to move's wins are the plain game's losses. Consistent
    /// chances stay consistent: `1 - (1 - win)` may round to less than
    /// `win` in `f32`, so the losing gammon chance is cut to it again.
    pub fn reversed(self) -> Probabilities {
        Probabilities {
            win: 1.0 - self.win,
            win_gammon: self.lose_gammon,
            win_backgammon: self.lose_backgammon,
            lose_gammon: self.win_gammon,
            lose_backgammon: self.win_backgammon,
        }
        .consistent()
    }

    /// Expected points for the side to move, from the consistent chances.
    pub fn equity(&self) -> f32 {
        let p = self.consistent();
        let lose = 1.0 - p.win;
        p.win - lose + p.win_gammon - p.lose_gammon + p.win_backgammon - p.lose_backgammon
    }

    /// The same chances seen by the other side.
    pub fn flip(&self) -> Probabilities {
        Probabilities {
            win: 1.0 - self.win,
            win_gammon: self.lose_gammon,
            win_backgammon: self.lose_backgammon,
            lose_gammon: self.win_gammon,
            lose_backgammon: self.win_backgammon,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn consistent_cuts_each_chance_to_its_bound_and_keeps_consistent_ones() {
        // The example: win 0.9534 with lose-gammon 0.1072.
        let raw = Probabilities::from_array([0.9534, 0.97, 0.98, 0.1072, 0.2]);
        assert!(!raw.is_consistent());
        let p = raw.consistent();
        assert!(p.is_consistent());
        assert_eq!(p.win, 0.9534);
        assert_eq!(p.win_gammon, 0.9534);
        assert_eq!(p.win_backgammon, 0.9534);
        assert!((p.lose_gammon - (1.0 - 0.9534)).abs() < 1e-7);
        assert_eq!(p.lose_backgammon, p.lose_gammon);
        assert_eq!(raw.equity(), p.equity());
        let fine = Probabilities::from_array([0.6, 0.2, 0.05, 0.1, 0.01]);
        assert!(fine.is_consistent());
        assert_eq!(fine.consistent(), fine);
    }

    /// Found by the `net_file` fuzz target on an Anti-Backgammon state:
    /// win 0.8807956 (reversed from 0.11920441) with a losing gammon of
    /// 0.11920441, above `1 - 0.8807956` in `f32`.
    #[test]
    fn reversed_consistent_chances_are_consistent() {
        let mut rounded = 0;
        for i in 0..=20_000 {
            let win = i as f32 / 20_000.0;
            for p in [
                Probabilities::from_array([win, win, win, 1.0 - win, 1.0 - win]),
                Probabilities::from_array([0.11920441, 0.11920441, 0.1, 0.5, 0.5]).consistent(),
            ] {
                assert!(p.is_consistent(), "{p:?}");
                let r = p.reversed();
                assert!(r.is_consistent(), "{p:?} reversed: {r:?}");
                assert_eq!(r.win, 1.0 - p.win);
                rounded += usize::from(r.lose_gammon != p.win_gammon);
            }
        }
        // The cut is needed (the f32 rounding happens), and it is tiny.
        assert!(rounded > 0);
        let p = Probabilities::from_array([0.11920441, 0.11920441, 0.1, 0.5, 0.5]).consistent();
        assert!((p.reversed().lose_gammon - p.win_gammon).abs() < 1e-6);
    }

    #[test]
    fn flip_is_an_involution_and_negates_equity() {
        let p = Probabilities::from_array([0.6, 0.2, 0.05, 0.1, 0.01]);
        assert_eq!(p.flip().flip(), p);
        assert!((p.equity() + p.flip().equity()).abs() < 1e-6);
    }
}
