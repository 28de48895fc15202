//! Deeper labels for states already played: a sample of the states of
//! self-play data files, each searched again by a net (as a rule deeper than
//! the self-play searched), written as a data file of one-state games that
//! keep their game's result.
//!
//! A self-play step teaches the net what its search saw at the depth it
//! played; labels from further than the engine looks at play are what a
//! step needs to pay at play (`tools/train/README.md`). Searching every
//! state of a game that deep costs more than playing it, so the states are
//! a sample: state `i` of the output is the `i`-th of a seeded shuffle of
//! all the input states, its label the search's score for its side to move
//! with the same limits for every state (one thread and a node or depth
//! limit, so the file is the same for any `--jobs` and on any machine).
//! The output is a data file like self-play's (`crate::data`): `train`
//! reads it, alone or beside the data it came from, and `--resume`
//! finishes it.

use crate::data::{self, Game, MAGIC, VERSION};
use ncbg::duel::search_turn;
use ncbg::eval::nn::{Network, NnEval};
use ncbg::game::GameState;
use ncbg::rng::Rng;
use ncbg::search::{Limits, Searcher};
use std::path::PathBuf;
use std::sync::Arc;

/// What a relabelling run does.
#[derive(Clone, Debug)]
pub struct RelabelConfig {
    pub out: PathBuf,
    /// States in the sample (at most all of them).
    pub states: u64,
    /// Node limit of each search (0: use `depth`).
    pub nodes: u64,
    /// Depth limit of each search, where `nodes` is 0.
    pub depth: u32,
    pub seed: u64,
    pub jobs: usize,
    pub resume: bool,
    /// Names the net in the header (e.g. its FNV-1a hash).
    pub net_id: String,
    /// Names the input: the FNV-1a hash of the states and results drawn
    /// from, in order, so that a resumed run samples the same states.
    pub source_id: String,
}

impl RelabelConfig {
    /// The header line: everything that defines the labels.
    pub fn header(&self) -> String {
        format!(
            "{MAGIC} {VERSION} relabel seed={} states={} depth={} nodes={} net={} source={}",
            self.seed, self.states, self.depth, self.nodes, self.net_id, self.source_id
        )
    }

    fn limits(&self) -> Limits {
        Limits {
            depth: (self.nodes == 0).then_some(self.depth),
            nodes: (self.nodes > 0).then_some(self.nodes),
            ..Limits::default()
        }
    }
}

/// The states of `games` with their game's result (points X won), in file
/// order.
pub fn states_of(games: &[Game]) -> Vec<(GameState, i32)> {
    games
        .iter()
        .flat_map(|g| g.states.iter().map(move |(s, _)| (*s, g.result)))
        .collect()
}

/// FNV-1a over the states' IDs and results: names an input in the header.
pub fn source_id(states: &[(GameState, i32)]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for (s, r) in states {
        let id = ncbg::ids::state_id::encode(s);
        for b in id.bytes().chain(r.to_le_bytes()) {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    format!("{h:016x}")
}

/// The first `k` of a seeded shuffle of `states` (all of them where `k` is
/// larger).
pub fn sample(states: &[(GameState, i32)], k: u64, seed: u64) -> Vec<(GameState, i32)> {
    let mut order: Vec<usize> = (0..states.len()).collect();
    Rng::new(seed).shuffle(&mut order);
    order.truncate(usize::try_from(k).unwrap_or(usize::MAX));
    order.into_iter().map(|i| states[i]).collect()
}

/// The search's score of `state` for its side to move, in millipoints.
pub fn label(searcher: &mut Searcher, state: &GameState, limits: &Limits) -> i32 {
    search_turn(searcher, state, &[], limits, &crate::search_settings())
        .map_or(0, |r| r.score.value)
}

/// Relabels `cfg.states` states drawn from `states` with `net`'s search;
/// returns the number written by this run.
pub fn run(
    net: Arc<Network>,
    states: &[(GameState, i32)],
    cfg: &RelabelConfig,
) -> Result<u64, String> {
    if states.is_empty() {
        return Err("no states to relabel".into());
    }
    let drawn = sample(states, cfg.states, cfg.seed);
    let (mut file, done) = data::open_to_append(&cfg.out, &cfg.header(), cfg.resume)?;
    let todo: Vec<u64> = (0..drawn.len() as u64)
        .filter(|i| !done.contains(i))
        .collect();
    let limits = cfg.limits();
    data::write_games(&mut file, &cfg.out, &todo, cfg.jobs, "relabel", |i| {
        let (state, result) = drawn[i as usize];
        // A searcher per state: its hash table starts empty, so a label
        // does not depend on which thread searched what before.
        let mut searcher = Searcher::new(8, Box::new(NnEval::new(net.clone())));
        Game {
            index: i,
            result,
            states: vec![(state, label(&mut searcher, &state, &limits))],
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use ncbg::turn::random_turn;

    /// 30 states of random games, with made-up results.
    fn some_states() -> Vec<(GameState, i32)> {
        let mut rng = Rng::new(3);
        let mut g = GameState::standard();
        let mut out = Vec::new();
        while out.len() < 30 {
            match random_turn(&g, &mut rng) {
                Some(t) if !g.is_over() => g = t.after(&g),
                _ => g = GameState::standard(),
            }
            if !g.is_over() {
                out.push((g, out.len() as i32 % 7 - 3));
            }
        }
        out
    }

    #[test]
    fn a_sample_is_a_seeded_choice_without_repeats() {
        let states = some_states();
        let a = sample(&states, 10, 5);
        assert_eq!(a, sample(&states, 10, 5));
        assert_ne!(a, sample(&states, 10, 6));
        assert_eq!(a.len(), 10);
        for (i, x) in a.iter().enumerate() {
            assert!(states.contains(x));
            assert!(!a[..i].contains(x), "state {i} drawn twice");
        }
        // More than there are: all of them, each once; the longer sample
        // starts with the shorter one.
        let all = sample(&states, 100, 5);
        assert_eq!(all.len(), states.len());
        assert!(states.iter().all(|s| all.contains(s)));
        assert_eq!(&all[..10], &a[..]);
    }

    #[test]
    fn a_run_writes_each_drawn_state_with_its_search_score_and_resumes() {
        let net = Network::embedded();
        let states = some_states();
        let dir = std::env::temp_dir().join(format!("ncbg-relabel-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let cfg = RelabelConfig {
            out: dir.join("r.data"),
            states: 8,
            nodes: 0,
            depth: 2,
            seed: 9,
            jobs: 2,
            resume: false,
            net_id: "test".into(),
            source_id: source_id(&states),
        };
        let _ = std::fs::remove_file(&cfg.out);
        assert_eq!(run(net.clone(), &states, &cfg).unwrap(), 8);
        let games = data::read_for_training(&cfg.out).unwrap();
        let drawn = sample(&states, 8, 9);
        assert_eq!(games.len(), 8);
        let mut differ = 0;
        for (i, (g, (state, result))) in games.iter().zip(&drawn).enumerate() {
            assert_eq!(g.index, i as u64);
            assert_eq!(g.result, *result);
            assert_eq!(g.states.len(), 1);
            assert_eq!(g.states[0].0, *state);
            let mut s = Searcher::new(8, Box::new(NnEval::new(net.clone())));
            let depth = |d| Limits {
                depth: Some(d),
                ..Limits::default()
            };
            assert_eq!(g.states[0].1, label(&mut s, state, &depth(2)));
            let mut s = Searcher::new(8, Box::new(NnEval::new(net.clone())));
            differ += usize::from(g.states[0].1 != label(&mut s, state, &depth(1)));
        }
        // The labels are the depth asked for, not one ply.
        assert!(differ > 0);
        let whole = std::fs::read_to_string(&cfg.out).unwrap();
        // Again without --resume: refused, the file untouched.
        assert!(run(net.clone(), &states, &cfg)
            .unwrap_err()
            .contains("--resume"));
        // Cut after three lines and half of the fourth: --resume writes the
        // rest, the same bytes.
        let cut: usize = whole
            .split_inclusive('\n')
            .take(4)
            .map(str::len)
            .sum::<usize>()
            + 20;
        std::fs::write(&cfg.out, &whole[..cut]).unwrap();
        let resume = RelabelConfig {
            resume: true,
            ..cfg.clone()
        };
        assert_eq!(run(net.clone(), &states, &resume).unwrap(), 5);
        assert_eq!(std::fs::read_to_string(&cfg.out).unwrap(), whole);
        // Other input: not resumable.
        let other = RelabelConfig {
            source_id: source_id(&states[1..]),
            ..resume
        };
        assert!(run(net, &states[1..], &other)
            .unwrap_err()
            .contains("source"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
