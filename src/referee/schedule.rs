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
pub use crate::matchfile::Opening;
use crate::numbers::{NumberRules, Side};
use crate::rng::Rng;
use crate::turn::random_turn;

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
/// starting with `#` are skipped. Each ID must decode, and its state must be
/// one of the match's games: its `k` the match's, its doublet credits at
/// most the match's, its checkers a side those of the match's `variant`
/// (the ID carries no more of the rules). An error names the line.
pub fn read_openings(
    text: &str,
    variant: Variant,
    rules: NumberRules,
) -> Result<Vec<Opening>, String> {
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
        fits_rules(&state, variant, rules).map_err(|e| format!("line {}: {id}: {e}", i + 1))?;
        out.push(Opening::State(id.to_string()));
    }
    if out.is_empty() {
        return Err("the openings file holds no full-state ID".into());
    }
    Ok(out)
}

/// What identifies an openings file's contents in the match file's header
/// (`openings-hash`): the 64-bit FNV-1a hash of its bytes, as
/// `fnv1a64:<16 hex digits>`. A resume compares it, so an edited file is
/// refused and the same file under another path is not.
pub fn openings_hash(text: &str) -> String {
    let hash = text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    });
    format!("fnv1a64:{hash:016x}")
}

/// Checks that `state` is a state of a game played under `variant` and
/// `rules`, as far as its full-state ID tells: the alphabet size, the
/// doublet credits left (at most the rules' credits) and the checkers a
/// side.
fn fits_rules(state: &GameState, variant: Variant, rules: NumberRules) -> Result<(), String> {
    if state.k() != rules.k {
        return Err(format!(
            "its k is {}, the match's is {} (--k)",
            state.k(),
            rules.k
        ));
    }
    let credits = [Side::X, Side::Y].map(|s| state.numbers().credits(s));
    if credits.iter().any(|&c| c > rules.doublet_credits) {
        return Err(format!(
            "its doublet credits are {}{}, more than the match's {} a player (--credits)",
            credits[0], credits[1], rules.doublet_credits
        ));
    }
    let checkers = state.position().checkers_per_side();
    if checkers != variant.checkers_per_side() {
        return Err(format!(
            "it has {checkers} checkers a side, the match's variant {variant} has {} (--variant)",
            variant.checkers_per_side()
        ));
    }
    Ok(())
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
        let standard = (Variant::Standard, NumberRules::default());
        assert_eq!(read_openings(&text, standard.0, standard.1).unwrap(), a);
        assert_eq!(
            Opening::parse_field("pair:3-5").unwrap(),
            Opening::Pair { x0: 3, y0: 5 }
        );
    }

    #[test]
    fn openings_must_fit_the_rules_of_the_match() {
        let read = |id: &str, variant, k, credits| {
            read_openings(
                &format!("# one\n{id}\n"),
                variant,
                NumberRules::new(k, credits).unwrap(),
            )
        };
        let standard = "4HPwATDgc/ABMA:Xpick:x1y2:d22:k6";
        assert!(read(standard, Variant::Standard, 6, 2).is_ok());
        assert!(read(standard, Variant::Nackgammon, 6, 2).is_ok());
        // Fewer credits left than the match gives: a game under way.
        assert!(read("4HPwATDgc/ABMA:Xpick:x1y2:d01:k6", Variant::Standard, 6, 2).is_ok());
        let e = read("4HPwATDgc/ABMA:Xpick:x1y2:d22:k8", Variant::Standard, 6, 2).unwrap_err();
        assert!(
            e.starts_with("line 2: ") && e.contains("k is 8, the match's is 6"),
            "{e}"
        );
        let e = read("4HPwATDgc/ABMA:Xpick:x1y2:d99:k6", Variant::Standard, 6, 0).unwrap_err();
        assert!(e.contains("credits are 99, more than the match's 0"), "{e}");
        let e = read(standard, Variant::Standard, 6, 1).unwrap_err();
        assert!(e.contains("--credits"), "{e}");
        let hyper = state_id::encode(&GameState::start(
            Variant::Hypergammon,
            NumberRules::default(),
        ));
        assert!(read(&hyper, Variant::Hypergammon, 6, 2).is_ok());
        let e = read(&hyper, Variant::Standard, 6, 2).unwrap_err();
        assert!(
            e.contains("3 checkers a side, the match's variant standard has 15"),
            "{e}"
        );
        let e = read(standard, Variant::Hypergammon, 6, 2).unwrap_err();
        assert!(e.contains("--variant"), "{e}");
    }

    #[test]
    fn the_openings_hash_is_fnv1a_of_the_bytes() {
        // FNV-1a 64 test vectors: "" and "a".
        assert_eq!(openings_hash(""), "fnv1a64:cbf29ce484222325");
        assert_eq!(openings_hash("a"), "fnv1a64:af63dc4c8601ec8c");
        assert_ne!(openings_hash("x\n"), openings_hash("x\n\n"));
    }
}
