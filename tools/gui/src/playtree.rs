//! The tree of single-checker steps a person can click for a pending pair.
//!
//! The library lists legal plays by their results; a person moves one
//! checker at a time, in any order. This module enumerates the orders: a
//! graph whose nodes are the positions after some steps (with the numbers
//! left) and whose edges are single steps. Only paths that end in one of the
//! library's legal results are kept, so the library stays the judge of what
//! is legal; the step rule here only proposes candidates.

use ncbg::board::{Checkers, Position, BAR, OFF, POOL, SLOTS};
use ncbg::movegen::legal_plays;
use ncbg::notation::format_play_token;
use ncbg::pair::Pair;
use serde::Serialize;
use std::collections::HashMap;

/// One single-checker step, in the mover's coordinates (25 = bar, 0 = off,
/// 26 = the pool of Backgammon Race).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Edge {
    /// Source slot.
    pub from: u8,
    /// Destination slot.
    pub to: u8,
    /// The number used.
    pub die: u8,
    /// It hits a blot.
    pub hit: bool,
    /// The node reached.
    pub next: usize,
}

/// A position part-way through the play.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Node {
    /// Steps that can still lead to a legal play.
    pub edges: Vec<Edge>,
    /// The canonical play token when the play is complete here.
    pub done: Option<String>,
}

/// All the ways to click the legal plays of one pair; node 0 is the start.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayTree {
    /// The nodes.
    pub nodes: Vec<Node>,
    /// Distinct legal plays (canonical tokens; `pass` alone when no checker
    /// can move).
    pub plays: Vec<String>,
}

/// A side's board slots and, last, its pool.
type Slots = [u8; SLOTS + 1];

/// A side's slots with its pool.
fn slots_of(c: Checkers) -> Slots {
    let mut s = [0u8; SLOTS + 1];
    s[..SLOTS].copy_from_slice(&c.to_slots());
    s[POOL] = c.pool();
    s
}

/// The checkers of slots with a pool (None when impossible).
fn checkers_of(s: &Slots) -> Option<Checkers> {
    // The library keeps the waiting checkers as borne off ones moved to
    // the pool.
    let mut board: [u8; SLOTS] = s[..SLOTS].try_into().ok()?;
    board[OFF] += s[POOL];
    Checkers::from_slots(&board)?.with_pool(s[POOL])
}

struct Builder {
    finals: HashMap<Position, String>,
    steps: usize,
    nodes: Vec<Node>,
    memo: HashMap<(Slots, Slots, Vec<u8>), Option<usize>>,
}

/// Builds the tree for `pos` (seen from the mover) and `pair`.
pub fn build(pos: &Position, pair: Pair) -> PlayTree {
    let legal = legal_plays(pos, pair);
    let plays: Vec<String> = legal
        .iter()
        .map(|lp| format_play_token(pos, &lp.play))
        .collect();
    let steps = legal
        .iter()
        .map(|lp| lp.play.steps().len())
        .max()
        .unwrap_or(0);
    if steps == 0 {
        return PlayTree {
            nodes: vec![Node {
                edges: Vec::new(),
                done: Some("pass".into()),
            }],
            plays,
        };
    }
    let mut b = Builder {
        finals: legal
            .iter()
            .zip(&plays)
            .map(|(lp, t)| (lp.after, t.clone()))
            .collect(),
        steps,
        nodes: vec![Node::default()],
        memo: HashMap::new(),
    };
    let dice = if pair.hi() == pair.lo() {
        vec![pair.hi(); 4]
    } else {
        vec![pair.hi(), pair.lo()]
    };
    b.explore(0, slots_of(pos.mover()), slots_of(pos.opponent()), dice, 0);
    PlayTree {
        nodes: b.nodes,
        plays,
    }
}

/// Where a step of `die` from `from` lands, if the step is allowed. A
/// checker enters from the pool as from the bar; the bar goes first, and
/// nobody bears off while a checker waits.
fn step_target(mover: &Slots, opponent: &Slots, from: usize, die: u8) -> Option<(usize, bool)> {
    if mover[from] == 0 || (mover[BAR] > 0 && from != BAR) {
        return None;
    }
    let target = from.min(BAR) as i32 - i32::from(die);
    if target >= 1 {
        let t = target as usize;
        let theirs = opponent[25 - t];
        return (theirs < 2).then_some((t, theirs == 1));
    }
    let all_home = (7..=POOL).all(|s| mover[s] == 0);
    let highest = (1..=24).rev().find(|&s| mover[s] > 0).unwrap_or(0);
    (all_home && (target == 0 || highest == from)).then_some((OFF, false))
}

impl Builder {
    /// Fills node `id`; true when it can reach a legal play.
    fn explore(
        &mut self,
        id: usize,
        mover: Slots,
        opponent: Slots,
        dice: Vec<u8>,
        depth: usize,
    ) -> bool {
        if depth == self.steps {
            let pos = checkers_of(&mover)
                .zip(checkers_of(&opponent))
                .and_then(|(m, o)| Position::new(m, o).ok());
            let done = pos.and_then(|p| self.finals.get(&p).cloned());
            let ok = done.is_some();
            self.nodes[id].done = done;
            return ok;
        }
        let mut distinct = dice.clone();
        distinct.dedup();
        let mut edges = Vec::new();
        for &die in &distinct {
            for from in (1..=POOL).rev() {
                let Some((to, hit)) = step_target(&mover, &opponent, from, die) else {
                    continue;
                };
                let (mut m, mut o) = (mover, opponent);
                m[from] -= 1;
                m[to] += 1;
                if hit {
                    o[25 - to] -= 1;
                    o[BAR] += 1;
                }
                let mut rest = dice.clone();
                if let Some(i) = rest.iter().position(|&d| d == die) {
                    rest.remove(i);
                }
                let key = (m, o, rest.clone());
                let next = match self.memo.get(&key) {
                    Some(&known) => known,
                    None => {
                        let child = self.nodes.len();
                        self.nodes.push(Node::default());
                        let alive = self.explore(child, m, o, rest, depth + 1);
                        let v = alive.then_some(child);
                        self.memo.insert(key, v);
                        v
                    }
                };
                if let Some(next) = next {
                    edges.push(Edge {
                        from: from as u8,
                        to: to as u8,
                        die,
                        hit,
                        next,
                    });
                }
            }
        }
        let alive = !edges.is_empty();
        self.nodes[id].edges = edges;
        alive
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ncbg::board::Variant;
    use ncbg::game::GameState;
    use ncbg::rng::Rng;
    use ncbg::turn::random_turn;
    use std::collections::HashSet;

    /// Every final reachable by clicks, collected.
    fn finals(tree: &PlayTree) -> HashSet<String> {
        tree.nodes.iter().filter_map(|n| n.done.clone()).collect()
    }

    #[test]
    fn every_legal_play_can_be_clicked_and_nothing_else() {
        let start = Variant::Standard.start();
        let t = build(&start, Pair::new(6, 5).unwrap());
        assert_eq!(t.plays.len(), 7);
        assert_eq!(finals(&t), t.plays.iter().cloned().collect());
        // 24/18 then 18/13 is one way to play 24/13.
        let e = t.nodes[0]
            .edges
            .iter()
            .find(|e| e.from == 24 && e.die == 6)
            .unwrap();
        assert!(t.nodes[e.next]
            .edges
            .iter()
            .any(|e2| e2.from == 18 && e2.to == 13));
        // Random games: the clickable finals are exactly the legal plays.
        let mut rng = Rng::new(7);
        for game in 0..12 {
            let mut s = GameState::standard();
            s.pick(1 + (game % 6) as u8).unwrap();
            s.pick(1 + ((game + 1) % 6) as u8).unwrap();
            for _ in 0..60 {
                let Some(c) = random_turn(&s, &mut rng) else {
                    break;
                };
                s = c.after(&s);
                if s.is_over() {
                    break;
                }
                for n in s.legal_numbers().iter() {
                    let pair = s.pair_for(n).unwrap();
                    let tree = build(s.position(), pair);
                    let want: HashSet<String> = tree.plays.iter().cloned().collect();
                    assert_eq!(finals(&tree), want, "{:?} {pair:?}", s.position());
                }
            }
        }
    }

    /// Backgammon Race: a waiting checker enters from the pool (slot 26)
    /// as from the bar, the clickable finals are the legal plays (written
    /// `pool/N`), and in random race games they stay so.
    #[test]
    fn entering_from_the_pool_can_be_clicked() {
        let start = Variant::Race.start();
        let t = build(&start, Pair::new(6, 5).unwrap());
        assert_eq!(t.plays, ["pool/20,pool/19", "pool/14"]);
        assert_eq!(finals(&t), t.plays.iter().cloned().collect());
        let first: HashSet<(u8, u8)> = t.nodes[0].edges.iter().map(|e| (e.from, e.to)).collect();
        assert_eq!(first, HashSet::from([(POOL as u8, 19), (POOL as u8, 20)]));
        let mut rng = Rng::new(11);
        for game in 0..6 {
            let mut s = GameState::start(Variant::Race, ncbg::numbers::NumberRules::default());
            s.pick(1 + (game % 6) as u8).unwrap();
            s.pick(1 + ((game + 2) % 6) as u8).unwrap();
            for _ in 0..40 {
                let Some(c) = random_turn(&s, &mut rng) else {
                    break;
                };
                s = c.after(&s);
                if s.is_over() {
                    break;
                }
                for n in s.legal_numbers().iter() {
                    let pair = s.pair_for(n).unwrap();
                    let tree = build(s.position(), pair);
                    let want: HashSet<String> = tree.plays.iter().cloned().collect();
                    assert_eq!(finals(&tree), want, "{:?} {pair:?}", s.position());
                }
            }
        }
    }

    #[test]
    fn a_blocked_pair_is_a_pass() {
        // Mover on the bar; opponent holds 1..6 of its home (mover's 19..24).
        let mut me = [0u8; 25];
        me[24] = 1;
        me[5] = 14;
        let mut them = [0u8; 25];
        them[..6].fill(2);
        them[12] = 3;
        let pos = Position::from_points(&me, &them, 15).unwrap();
        let t = build(&pos, Pair::new(3, 2).unwrap());
        assert_eq!(t.plays, ["pass"]);
        assert_eq!(t.nodes.len(), 1);
        assert_eq!(t.nodes[0].done.as_deref(), Some("pass"));
    }
}
