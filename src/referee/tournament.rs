//! The schedule of a tournament between N >= 2 engines: which engines meet
//! (round-robin: every pair; gauntlet: the first engine against each other),
//! and every game of it in a deterministic order.
//!
//! A *pairing* is two engines, `[a, b]` with `a < b` (engine indices in the
//! order of `--engine`). Every pairing plays the same games a two-engine
//! match plays ([`super::schedule`]): each opening as a *game pair*, `a` as X
//! in the first game and `b` in the second, `rounds` times. Game pairs are
//! numbered across the whole tournament, the pairings interleaved opening by
//! opening:
//!
//! ```text
//! pair p = (round * openings + opening) * pairings + pairing
//! game   = 2 p (a plays X), 2 p + 1 (b plays X)
//! ```
//!
//! so any prefix of the schedule (a tournament cut by `--games`, or still
//! under way) is spread evenly over the pairings. With two engines there is
//! one pairing and the numbering is the two-engine match's own. Shards
//! (`i/n`) take the pairs with `p % n == i`, as in a match, so both games of
//! a pair are always in one shard.

use super::schedule::{GameSpec, Shard};
use crate::matchfile::Opening;
use std::fmt;
use std::str::FromStr;

/// Which engines meet.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Every engine against every other.
    #[default]
    RoundRobin,
    /// The first engine against each of the others (the others never meet).
    Gauntlet,
}

impl Kind {
    /// The command-line and match-file word.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::RoundRobin => "round-robin",
            Kind::Gauntlet => "gauntlet",
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Kind {
    type Err = String;
    fn from_str(s: &str) -> Result<Kind, String> {
        match s {
            "round-robin" | "roundrobin" | "rr" => Ok(Kind::RoundRobin),
            "gauntlet" => Ok(Kind::Gauntlet),
            _ => Err(format!(
                "unknown tournament '{s}' (round-robin or gauntlet)"
            )),
        }
    }
}

/// The pairings of `engines` engines, in schedule order: round-robin
/// `[0,1], [0,2], ..., [0,n-1], [1,2], ...`; gauntlet `[0,1], ..., [0,n-1]`.
/// Empty for fewer than two engines.
pub fn pairings(kind: Kind, engines: usize) -> Vec<[usize; 2]> {
    let mut out = Vec::new();
    for a in 0..engines {
        for b in a + 1..engines {
            if kind == Kind::RoundRobin || a == 0 {
                out.push([a, b]);
            }
        }
    }
    out
}

/// One scheduled game of a tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TourGame {
    /// The game as a two-engine match sees it: index, pair, round, opening,
    /// and `x_engine` (0 or 1) into [`TourGame::engines`].
    pub spec: GameSpec,
    /// The two engines of the game's pairing (indices into the tournament's
    /// engine list), the lower first.
    pub engines: [usize; 2],
}

impl TourGame {
    /// The tournament's engine index playing X.
    pub fn x(&self) -> usize {
        self.engines[self.spec.x_engine]
    }

    /// The tournament's engine index playing Y.
    pub fn y(&self) -> usize {
        self.engines[1 - self.spec.x_engine]
    }
}

/// A tournament's schedule settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// Round-robin or gauntlet.
    pub kind: Kind,
    /// Number of engines (>= 2).
    pub engines: usize,
    /// The openings every pairing plays.
    pub openings: Vec<Opening>,
    /// Rounds per pairing: every opening twice, colours swapped (once,
    /// without `repeat`).
    pub rounds: u64,
    /// Cut after this many games of the whole tournament.
    pub games: Option<u64>,
    /// Every opening twice, colours swapped (a game pair); without it every
    /// opening once, the colours alternating from one opening to the next
    /// (cutechess-cli without `-repeat`): each game is its own unit.
    pub repeat: bool,
}

impl Plan {
    /// Games in the whole tournament (all shards).
    pub fn total_games(&self) -> u64 {
        let full = self.rounds * self.games_per_round();
        self.games.map_or(full, |g| g.min(full))
    }

    /// Games of one opening in a pairing: two with `repeat`, else one.
    fn games_per_opening(&self) -> u64 {
        if self.repeat {
            2
        } else {
            1
        }
    }

    /// Games of one round over every pairing.
    pub fn games_per_round(&self) -> u64 {
        self.games_per_opening()
            * self.openings.len() as u64
            * pairings(self.kind, self.engines).len() as u64
    }

    /// Rounds needed for `games` games of the whole tournament.
    pub fn rounds_for(&self, games: u64) -> u64 {
        games.div_ceil(self.games_per_round().max(1))
    }

    /// The games, in schedule order, restricted to `shard`.
    pub fn build(&self, shard: Option<Shard>) -> Vec<TourGame> {
        let pairings = pairings(self.kind, self.engines);
        let (m, o) = (pairings.len() as u64, self.openings.len() as u64);
        if m == 0 || o == 0 {
            return Vec::new();
        }
        let per_opening = self.games_per_opening();
        (0..self.total_games())
            .filter(|index| shard.is_none_or(|s| s.holds(index / per_opening)))
            .map(|index| {
                // A unit is a game pair with `repeat`, else one game.
                let pair = index / per_opening;
                let pairing = (pair % m) as usize;
                let slot = pair / m; // round * openings + opening
                let x_engine = if self.repeat { index % 2 } else { slot % 2 };
                TourGame {
                    spec: GameSpec {
                        index,
                        pair,
                        round: slot / o,
                        opening: self.openings[(slot % o) as usize].clone(),
                        x_engine: x_engine as usize,
                    },
                    engines: pairings[pairing],
                }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::referee::schedule::{all_initial_pairs, build};

    fn plan(kind: Kind, engines: usize, openings: usize, rounds: u64) -> Plan {
        Plan {
            kind,
            engines,
            openings: all_initial_pairs(6)[..openings].to_vec(),
            rounds,
            games: None,
            repeat: true,
        }
    }

    #[test]
    fn pairings_of_four_engines() {
        assert_eq!(
            pairings(Kind::RoundRobin, 4),
            [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]
        );
        assert_eq!(pairings(Kind::Gauntlet, 4), [[0, 1], [0, 2], [0, 3]]);
        assert!(pairings(Kind::RoundRobin, 1).is_empty());
        assert_eq!("gauntlet".parse::<Kind>(), Ok(Kind::Gauntlet));
        assert!("swiss".parse::<Kind>().is_err());
    }

    /// Every pairing plays every opening once a round with colours swapped,
    /// and every engine meets exactly the engines its kind says.
    fn check_schedule(kind: Kind, meetings: &[[usize; 2]]) {
        let p = plan(kind, 4, 3, 2);
        let games = p.build(None);
        assert_eq!(games.len() as u64, p.total_games());
        assert_eq!(games.len(), meetings.len() * 3 * 2 * 2);
        for (i, g) in games.iter().enumerate() {
            assert_eq!(g.spec.index, i as u64);
            assert!(meetings.contains(&g.engines), "{:?}", g.engines);
        }
        for pairing in meetings {
            for round in 0..2 {
                for opening in &p.openings {
                    let mut xs: Vec<usize> = games
                        .iter()
                        .filter(|g| {
                            g.engines == *pairing
                                && g.spec.round == round
                                && g.spec.opening == *opening
                        })
                        .map(|g| g.x())
                        .collect();
                    xs.sort();
                    assert_eq!(xs, pairing.to_vec(), "{pairing:?} {opening} {round}");
                }
            }
        }
        // The two games of a pair: same pairing and opening, colours swapped.
        for two in games.chunks(2) {
            assert_eq!(two[0].spec.pair, two[1].spec.pair);
            assert_eq!(two[0].engines, two[1].engines);
            assert_eq!(two[0].spec.opening, two[1].spec.opening);
            assert_eq!((two[0].x(), two[0].y()), (two[1].y(), two[1].x()));
        }
        // Interleaved: the first round's first opening for every pairing.
        let first: Vec<[usize; 2]> = games
            .iter()
            .step_by(2)
            .take(meetings.len())
            .map(|g| g.engines)
            .collect();
        assert_eq!(first, meetings);
    }

    #[test]
    fn four_engine_round_robin_and_gauntlet() {
        check_schedule(Kind::RoundRobin, &pairings(Kind::RoundRobin, 4));
        check_schedule(Kind::Gauntlet, &[[0, 1], [0, 2], [0, 3]]);
    }

    #[test]
    fn two_engines_keep_the_match_schedule() {
        let o = all_initial_pairs(5);
        for kind in [Kind::RoundRobin, Kind::Gauntlet] {
            let p = Plan {
                kind,
                engines: 2,
                openings: o.clone(),
                rounds: 2,
                games: Some(31),
                repeat: true,
            };
            let tour: Vec<GameSpec> = p.build(None).into_iter().map(|g| g.spec).collect();
            assert_eq!(tour, build(&o, 2, Some(31), None));
        }
    }

    #[test]
    fn shards_partition_a_tournament() {
        let mut p = plan(Kind::RoundRobin, 4, 5, 1);
        p.games = Some(50);
        let all = p.build(None);
        assert_eq!(all.len(), 50);
        let mut joined = Vec::new();
        for i in 0..3 {
            let part = p.build(Some(Shard { index: i, count: 3 }));
            assert!(part.iter().all(|g| g.spec.pair % 3 == i));
            joined.extend(part);
        }
        joined.sort_by_key(|g| g.spec.index);
        assert_eq!(joined, all);
        assert_eq!(p.rounds_for(121), 3); // 60 games a round
    }

    #[test]
    fn without_repeat_every_opening_is_played_once_colours_alternating() {
        let mut p = plan(Kind::RoundRobin, 2, 5, 2);
        p.repeat = false;
        let games = p.build(None);
        // Two rounds of five openings, one game each.
        assert_eq!((p.games_per_round(), p.total_games()), (5, 10));
        assert_eq!(games.len(), 10);
        for (i, g) in games.iter().enumerate() {
            assert_eq!((g.spec.index, g.spec.pair), (i as u64, i as u64));
            assert_eq!(g.spec.opening, p.openings[i % 5]);
            assert_eq!(g.spec.round, i as u64 / 5);
            assert_eq!(g.spec.x_engine, i % 2);
        }
        // --games 7 asks for two rounds; shards split the games one by one.
        p.games = Some(7);
        assert_eq!(p.rounds_for(7), 2);
        let part = p.build(Some(Shard { index: 1, count: 2 }));
        assert_eq!(
            part.iter().map(|g| g.spec.index).collect::<Vec<_>>(),
            [1, 3, 5]
        );
        // In a tournament each pairing meets each opening once, and its
        // colours alternate from one opening to the next.
        let mut t = plan(Kind::RoundRobin, 3, 4, 1);
        t.repeat = false;
        let all = t.build(None);
        assert_eq!(all.len(), 3 * 4);
        for pairing in pairings(Kind::RoundRobin, 3) {
            let mine: Vec<_> = all.iter().filter(|g| g.engines == pairing).collect();
            assert_eq!(mine.len(), 4);
            let openings: Vec<_> = mine.iter().map(|g| g.spec.opening.clone()).collect();
            assert_eq!(openings, t.openings);
            let xs: Vec<_> = mine.iter().map(|g| g.spec.x_engine).collect();
            assert_eq!(xs, [0, 1, 0, 1]);
        }
    }
}
