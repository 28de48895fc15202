//! The schedule: which games are played, in which order, with which opening
//! and colours.
//!
//! Games come in *pairs*: one opening played twice, engine 0 as X in the
//! first game of the pair and engine 1 as X in the second. A *round* plays
//! every opening once as a pair. Game `2p` and `2p + 1` form pair `p`; pair
//! `p` of round `r` uses opening `p - r * openings`. Indices are stable, so a
//! resumed or sharded run plays exactly the games a single run would, and a
//! shard `i/n` (0-based `i`) takes the pairs with `p % n == i`.

use crate::board::Variant;
use crate::game::GameState;
use crate::ids::state_id;
use crate::numbers::NumberRules;
use crate::rng::Rng;
use crate::turn::random_turn;
use std::fmt;

/// How a game starts.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Opening {
    /// From the start position, with the initial pair (x0, y0) picked by the
    /// referee: the engines are asked from X's first real turn on.
    Pair {
        /// X's turn-0 number.
        x0: u8,
        /// Y's turn-0 number.
        y0: u8,
    },
    /// From a full-state ID (rules.md §6).
    State(String),
}

impl Opening {
    /// The match-file form: `pair:3-5` or `state:<full-state ID>`.
    pub fn to_field(&self) -> String {
        match self {
            Opening::Pair { x0, y0 } => format!("pair:{x0}-{y0}"),
            Opening::State(id) => format!("state:{id}"),
        }
    }

    /// Reads [`Opening::to_field`]'s form.
    pub fn parse_field(text: &str) -> Result<Opening, String> {
        if let Some(rest) = text.strip_prefix("pair:") {
            let (a, b) = rest
                .split_once('-')
                .ok_or_else(|| format!("bad opening '{text}'"))?;
            let x0 = a.parse().map_err(|_| format!("bad opening '{text}'"))?;
            let y0 = b.parse().map_err(|_| format!("bad opening '{text}'"))?;
            return Ok(Opening::Pair { x0, y0 });
        }
        if let Some(id) = text.strip_prefix("state:") {
            return Ok(Opening::State(id.to_string()));
        }
        Err(format!("bad opening '{text}'"))
    }
}

impl fmt::Display for Opening {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_field())
    }
}

/// Every initial pair (x0, y0) with x0 != y0: k(k-1) openings, 30 for k = 6.
pub fn all_initial_pairs(k: u8) -> Vec<Opening> {
    let mut out = Vec::new();
    for x0 in 1..=k {
        for y0 in 1..=k {
            if x0 != y0 {
                out.push(Opening::Pair { x0, y0 });
            }
        }
    }
    out
}

/// Reads an openings file: one full-state ID a line; blank lines and lines
/// starting with `#` are skipped. Each ID must decode.
pub fn read_openings(text: &str) -> Result<Vec<Opening>, String> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let id = line.split_whitespace().next().unwrap_or(line);
        let state = state_id::decode(id).map_err(|e| format!("line {}: {}", i + 1, e.0))?;
        if state.is_over() {
            return Err(format!("line {}: the game is already over", i + 1));
        }
        out.push(Opening::State(id.to_string()));
    }
    if out.is_empty() {
        return Err("the openings file holds no full-state ID".into());
    }
    Ok(out)
}

/// `n` random openings, reproducible from `seed`: a random initial pair, then
/// `turns` uniformly random turns, written as full-state IDs.
pub fn random_openings(
    n: usize,
    seed: u64,
    turns: u32,
    variant: Variant,
    rules: NumberRules,
) -> Vec<Opening> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let mut state = GameState::start(variant, rules);
        for _ in 0..turns + 2 {
            match random_turn(&state, &mut rng) {
                Some(choice) => state = choice.after(&state),
                None => break,
            }
        }
        if !state.is_over() {
            out.push(Opening::State(state_id::encode(&state)));
        }
    }
    out
}

/// One scheduled game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSpec {
    /// Position in the whole schedule (0-based); the key of the match file.
    pub index: u64,
    /// The game pair: games `2 * pair` and `2 * pair + 1`.
    pub pair: u64,
    /// Round (0-based).
    pub round: u64,
    /// The opening.
    pub opening: Opening,
    /// Which engine (0 or 1) plays X.
    pub x_engine: usize,
}

/// A deterministic slice of the schedule: shard `index` of `count` (0-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// This shard, `0..count`.
    pub index: u64,
    /// Number of shards.
    pub count: u64,
}

impl Shard {
    /// Reads `i/n` with `0 <= i < n`.
    pub fn parse(text: &str) -> Result<Shard, String> {
        let (i, n) = text
            .split_once('/')
            .ok_or_else(|| format!("shard '{text}' is not i/n"))?;
        let index: u64 = i
            .trim()
            .parse()
            .map_err(|_| format!("bad shard '{text}'"))?;
        let count: u64 = n
            .trim()
            .parse()
            .map_err(|_| format!("bad shard '{text}'"))?;
        if count == 0 || index >= count {
            return Err(format!("shard '{text}': need 0 <= i < n"));
        }
        Ok(Shard { index, count })
    }

    /// True when game pair `pair` belongs to this shard.
    pub fn holds(self, pair: u64) -> bool {
        pair % self.count == self.index
    }
}

/// The games of a match: `rounds` rounds over `openings`, cut after `games`
/// games when given, then restricted to `shard`.
pub fn build(
    openings: &[Opening],
    rounds: u64,
    games: Option<u64>,
    shard: Option<Shard>,
) -> Vec<GameSpec> {
    let per_round = 2 * openings.len() as u64;
    let total = games.unwrap_or(rounds * per_round);
    (0..total)
        .map(|index| {
            let pair = index / 2;
            let round = index.checked_div(per_round).unwrap_or(0);
            GameSpec {
                index,
                pair,
                round,
                opening: openings[(pair % openings.len() as u64) as usize].clone(),
                x_engine: (index % 2) as usize,
            }
        })
        .filter(|g| shard.is_none_or(|s| s.holds(g.pair)))
        .collect()
}

/// Rounds needed for `games` games over `openings` openings.
pub fn rounds_for(games: u64, openings: usize) -> u64 {
    let per_round = 2 * openings.max(1) as u64;
    games.div_ceil(per_round)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thirty_openings_and_pairs() {
        let o = all_initial_pairs(6);
        assert_eq!(o.len(), 30);
        let s = build(&o, 2, None, None);
        assert_eq!(s.len(), 120);
        assert_eq!(s[0].opening, s[1].opening);
        assert_eq!((s[0].x_engine, s[1].x_engine), (0, 1));
        assert_eq!(s[60].round, 1);
        assert_eq!(s[60].opening, o[0]);
        let cut = build(&o, 1, Some(7), None);
        assert_eq!(cut.len(), 7);
    }

    #[test]
    fn shards_partition_the_schedule() {
        let o = all_initial_pairs(4);
        let all = build(&o, 1, None, None);
        let mut joined: Vec<GameSpec> = (0..3)
            .flat_map(|i| build(&o, 1, None, Some(Shard { index: i, count: 3 })))
            .collect();
        joined.sort_by_key(|g| g.index);
        assert_eq!(joined, all);
        assert!(Shard::parse("3/3").is_err());
        assert_eq!(Shard::parse("1/4").unwrap(), Shard { index: 1, count: 4 });
    }

    #[test]
    fn random_openings_are_reproducible() {
        let a = random_openings(5, 9, 2, Variant::Standard, NumberRules::default());
        let b = random_openings(5, 9, 2, Variant::Standard, NumberRules::default());
        assert_eq!(a, b);
        for o in &a {
            let Opening::State(id) = o else { panic!() };
            assert!(state_id::decode(id).is_ok());
        }
        let text: String = a
            .iter()
            .map(|o| format!("{}\n", &o.to_field()[6..]))
            .collect();
        assert_eq!(read_openings(&text).unwrap(), a);
        assert_eq!(
            Opening::parse_field("pair:3-5").unwrap(),
            Opening::Pair { x0: 3, y0: 5 }
        );
    }
}
