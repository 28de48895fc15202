//! The solver's move tables: every play of one side, precomputed per side
//! configuration, so that a board's children cost a table walk instead of
//! a move generation (and no board graph is kept).
//!
//! A side's legal plays depend on the other side only through the points
//! it *blocks* (two or more checkers); where the play lands decides which
//! of the other side's *blots* it hits, and hitting never changes what the
//! mover may do next. So the plays of a board are the plays of the mover's
//! configuration against the opponent's blocked points, each with the set
//! of points it lands on; a play's child is the mover's new configuration
//! and the opponent's with the blots on those points sent to the bar.
//!
//! The plays follow the rules of `crate::movegen` (both numbers if
//! possible, else the larger; a doublet as many times as possible; bearing
//! off only with every checker home, exactly or from the highest point);
//! `tests::children_match_the_move_generator` checks every child against
//! the library's generator.

use super::index::{SideIndex, StateIndex};
use super::Kind;
use crate::board::{Checkers, BAR, OFF, SLOTS};
use crate::pair::Pair;
use std::collections::HashMap;

/// One play of a side: its new configuration's rank and the points
/// (bits 1..=24, the mover's coordinates) where a checker landed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct SidePlay {
    /// Rank of the configuration after the play.
    pub after: u32,
    /// Points landed on.
    pub lands: u32,
}

/// What the solver needs to know of a configuration as the opponent.
#[derive(Clone, Copy, Debug)]
struct AsOpponent {
    /// Index of its blocked points in [`MoveTables::block_sets`].
    block: u32,
    /// Its blots, in the mover's coordinates.
    blots: u32,
    /// Where its hit ranks start in [`MoveTables::hit_ranks`].
    hits: u32,
    /// Its points (the mover's coordinates) with any checker.
    occupied: u32,
    /// Its checkers on the bar.
    bar: u8,
}

/// The move tables of a space and alphabet.
pub struct MoveTables {
    /// Configurations a side.
    sides: usize,
    /// Pairs of the alphabet (`Pair::all(k)` order).
    pub pairs: Vec<Pair>,
    /// `pair_index[a][b]`: the index of the pair (a, b) in `pairs`.
    pub pair_index: [[u8; 10]; 10],
    /// Distinct blocked-point sets (the mover's coordinates).
    block_sets: Vec<u32>,
    /// Row `(side * blocks + block) * pairs + pair` spans
    /// `offsets[row]..offsets[row + 1]` of `plays`.
    offsets: Vec<u32>,
    plays: Vec<SidePlay>,
    /// The same rows inverted: row `(after * blocks + block) * pairs +
    /// pair` lists the configurations (in `after`) whose play leads to
    /// `after`, with the points landed on.
    rev_offsets: Vec<u32>,
    rev_plays: Vec<SidePlay>,
    opponents: Vec<AsOpponent>,
    /// `unhit[r * 25 + q]`: the rank of configuration `r` with a checker
    /// of its bar back on point `q` of the other side's coordinates (the
    /// parent's opponent before a hit; `u32::MAX` where none is on the
    /// bar).
    unhit: Vec<u32>,
    /// The rank of an opponent with a subset of its blots hit: entry
    /// `hits + subset`, the subset's bits in the order of its blots.
    hit_ranks: Vec<u32>,
}

impl MoveTables {
    /// The tables of `index`'s space and alphabet, built on `jobs` threads.
    pub fn new(index: &StateIndex, jobs: usize) -> MoveTables {
        let sides = &index.sides;
        let s = sides.len();
        let pairs: Vec<Pair> = Pair::all(index.k).collect();
        let mut pair_index = [[u8::MAX; 10]; 10];
        for (i, p) in pairs.iter().enumerate() {
            pair_index[usize::from(p.hi())][usize::from(p.lo())] = i as u8;
            pair_index[usize::from(p.lo())][usize::from(p.hi())] = i as u8;
        }
        // Only points a checker of the space can land on matter: in a
        // bear-off nobody meets, so one blocked set (none) serves all.
        let reach = reach_mask(index);
        let mut block_ids: HashMap<u32, u32> = HashMap::new();
        let mut block_sets = Vec::new();
        let mut opponents = Vec::with_capacity(s);
        let mut hit_ranks = Vec::new();
        for r in 0..s {
            let o = sides.config(r);
            let blocked = mirror(o.occupied_twice()) & reach;
            let block = *block_ids.entry(blocked).or_insert_with(|| {
                block_sets.push(blocked);
                (block_sets.len() - 1) as u32
            });
            let blots = mirror(o.singles()) & reach;
            let hits = hit_ranks.len() as u32;
            let points: Vec<usize> = (1..=24).filter(|p| blots >> p & 1 == 1).collect();
            for subset in 0..1u32 << points.len() {
                let mut slots = o.to_slots();
                for (i, &p) in points.iter().enumerate() {
                    if subset >> i & 1 == 1 {
                        slots[25 - p] -= 1;
                        slots[BAR] += 1;
                    }
                }
                let hit = Checkers::from_slots(&slots).expect("same checkers");
                // A hit checker leaves a bear-off space: never hit there.
                hit_ranks.push(sides.rank(hit).map_or(u32::MAX, |r| r as u32));
            }
            let occupied = mirror(o.occupied()) & reach;
            opponents.push(AsOpponent {
                block,
                blots,
                hits,
                occupied,
                bar: o.bar(),
            });
        }
        let mut unhit = vec![u32::MAX; s * 25];
        for (r, row) in unhit.chunks_mut(25).enumerate() {
            let o = sides.config(r);
            if o.bar() == 0 {
                continue;
            }
            for (q, to) in row.iter_mut().enumerate().skip(1) {
                let mut slots = o.to_slots();
                slots[BAR] -= 1;
                slots[25 - q] += 1;
                let before = Checkers::from_slots(&slots).expect("same checkers");
                *to = sides.rank(before).map_or(u32::MAX, |r| r as u32);
            }
        }
        let blocks = block_sets.len();
        let rows = s * blocks * pairs.len();
        // Rows by side configuration, built in parallel.
        let next = std::sync::atomic::AtomicUsize::new(0);
        type Part = (usize, Vec<u32>, Vec<SidePlay>);
        let parts: std::sync::Mutex<Vec<Part>> = std::sync::Mutex::new(Vec::new());
        const CHUNK: usize = 64;
        std::thread::scope(|scope| {
            for _ in 0..jobs.max(1) {
                scope.spawn(|| loop {
                    let first = next.fetch_add(CHUNK, std::sync::atomic::Ordering::Relaxed);
                    if first >= s {
                        break;
                    }
                    let mut lens = Vec::new();
                    let mut plays = Vec::new();
                    for m in first..(first + CHUNK).min(s) {
                        let mover = sides.config(m).to_slots();
                        let occupied = mover_points(&mover);
                        for &blocked in &block_sets {
                            for &pair in &pairs {
                                let start = plays.len();
                                if blocked & occupied == 0 {
                                    side_plays(sides, &mover, blocked, pair, &mut plays);
                                }
                                lens.push((plays.len() - start) as u32);
                            }
                        }
                    }
                    parts
                        .lock()
                        .expect("no panics while held")
                        .push((first, lens, plays));
                });
            }
        });
        let mut parts = parts.into_inner().expect("no panics while held");
        parts.sort_by_key(|p| p.0);
        let mut offsets = Vec::with_capacity(rows + 1);
        let mut plays = Vec::new();
        offsets.push(0u32);
        for (_, lens, part) in parts {
            for len in lens {
                let end = offsets.last().copied().unwrap_or(0) + len;
                offsets.push(end);
            }
            plays.extend(part);
        }
        // The inverse rows: count, then fill in row order.
        let np = pairs.len();
        let mut rev_offsets = vec![0u32; rows + 1];
        for row in 0..rows {
            let bp = row % (blocks * np);
            for p in &plays[offsets[row] as usize..offsets[row + 1] as usize] {
                rev_offsets[p.after as usize * blocks * np + bp + 1] += 1;
            }
        }
        for i in 0..rows {
            rev_offsets[i + 1] += rev_offsets[i];
        }
        let mut fill = rev_offsets.clone();
        let mut rev_plays = vec![SidePlay { after: 0, lands: 0 }; plays.len()];
        for row in 0..rows {
            let (bp, m) = (row % (blocks * np), row / (blocks * np));
            for p in &plays[offsets[row] as usize..offsets[row + 1] as usize] {
                let at = &mut fill[p.after as usize * blocks * np + bp];
                rev_plays[*at as usize] = SidePlay {
                    after: m as u32,
                    lands: p.lands,
                };
                *at += 1;
            }
        }
        MoveTables {
            sides: s,
            pairs,
            pair_index,
            block_sets,
            offsets,
            plays,
            rev_offsets,
            rev_plays,
            opponents,
            hit_ranks,
            unhit,
        }
    }

    /// The parents of board `c` (seen from its side to move) with pair
    /// index `pair`: every board (`mover * S + opponent`) one of whose
    /// plays of the pair leads to `c`, a pass included. Appends to `out`,
    /// possibly with repeats; the caller checks that a parent is a live
    /// board.
    ///
    /// A parent's opponent is `c`'s mover before the hits: the same
    /// blocks (a hit checker was a blot), so the inverse rows of the
    /// parent's mover (`c`'s opponent) under those blocks are the
    /// candidates. A candidate play fits when it lands on none of the
    /// blots `c`'s mover still has, and puts back, on empty points it
    /// landed on, at most as many checkers as `c`'s mover has on the bar.
    pub fn parents(&self, c: usize, pair: usize, out: &mut Vec<u32>) {
        let (o2, m2) = (c / self.sides, c % self.sides);
        let opp = self.opponents[o2];
        let np = self.pairs.len();
        let row = (m2 * self.block_sets.len() + opp.block as usize) * np + pair;
        // A pass: the parent is `c` flipped, when its mover has no play.
        if self.offsets[row] == self.offsets[row + 1] {
            out.push((m2 * self.sides + o2) as u32);
        }
        let candidates =
            &self.rev_plays[self.rev_offsets[row] as usize..self.rev_offsets[row + 1] as usize];
        for p in candidates {
            if p.lands & opp.blots != 0 {
                continue;
            }
            out.push(p.after * self.sides as u32 + o2 as u32);
            if opp.bar == 0 {
                continue;
            }
            // Hits: checkers of the bar back on empty points landed on,
            // as many as the bar holds.
            let free = p.lands & !opp.occupied;
            let mut subset = free;
            while subset != 0 {
                if subset.count_ones() <= u32::from(opp.bar) {
                    let mut r = o2 as u32;
                    let mut points = subset;
                    while points != 0 && r != u32::MAX {
                        let q = points.trailing_zeros() as usize;
                        points &= points - 1;
                        r = self.unhit[r as usize * 25 + q];
                    }
                    if r != u32::MAX {
                        out.push(p.after * self.sides as u32 + r);
                    }
                }
                subset = (subset - 1) & free;
            }
        }
    }

    /// Plays in all (the tables' size).
    pub fn len(&self) -> usize {
        self.plays.len()
    }

    /// True when no side has a play.
    pub fn is_empty(&self) -> bool {
        self.plays.is_empty()
    }

    /// Bytes the tables hold.
    pub fn bytes(&self) -> usize {
        2 * (self.plays.len() * std::mem::size_of::<SidePlay>() + self.offsets.len() * 4)
            + self.hit_ranks.len() * 4
            + self.opponents.len() * std::mem::size_of::<AsOpponent>()
    }

    /// The children of live board `b` (mover `b / S`, opponent `b % S`)
    /// with pair index `pair`: the boards after each play, flipped (seen
    /// from the next side to move); the board itself flipped when no play
    /// is legal. Appends to `out`, in no order and possibly with repeats
    /// (two plays that hit the same blots): the solver takes maxima and
    /// minima, which repeats do not change.
    #[inline]
    pub fn children(&self, b: usize, pair: usize, out: &mut Vec<u32>) {
        let (m, o) = (b / self.sides, b % self.sides);
        let opp = self.opponents[o];
        let row = (m * self.block_sets.len() + opp.block as usize) * self.pairs.len() + pair;
        let plays = &self.plays[self.offsets[row] as usize..self.offsets[row + 1] as usize];
        if plays.is_empty() {
            out.push((o * self.sides + m) as u32);
            return;
        }
        for p in plays {
            let hit = p.lands & opp.blots;
            let o_rank = if hit == 0 {
                o as u32
            } else {
                self.hit_ranks[(opp.hits + pext(hit, opp.blots)) as usize]
            };
            out.push(o_rank * self.sides as u32 + p.after);
        }
    }
}

/// The bits of `x` at the set bits of `mask`, packed low (the blots' order).
#[inline(always)]
fn pext(x: u32, mask: u32) -> u32 {
    let (mut out, mut bit, mut m) = (0, 0, mask);
    while m != 0 {
        let low = m & m.wrapping_neg();
        if x & low != 0 {
            out |= 1 << bit;
        }
        bit += 1;
        m &= m - 1;
    }
    out
}

/// Bits 1..=24 of the points a checker of the space can stand on (the
/// mover's coordinates).
fn reach_mask(index: &StateIndex) -> u32 {
    let slots = match index.sides.space().kind {
        Kind::Bearoff => 1..=6,
        Kind::Full => 1..=24,
    };
    slots.fold(0, |m, p| m | 1 << p)
}

/// A bitset of the opponent's points (its own coordinates) as the mover's.
fn mirror(theirs: u32) -> u32 {
    (theirs.reverse_bits() >> 6) & (((1 << 25) - 1) & !1)
}

/// The points 1..=24 where the mover has checkers.
fn mover_points(me: &[u8; SLOTS]) -> u32 {
    (1..=24).filter(|&p| me[p] > 0).fold(0, |m, p| m | 1 << p)
}

/// One step: the checker on `from` moves `die`; `None` when illegal.
/// Returns the new slots and the point landed on (0 when borne off).
fn step(me: &[u8; SLOTS], blocked: u32, from: usize, die: usize) -> Option<([u8; SLOTS], usize)> {
    if me[from] == 0 || (me[BAR] > 0 && from != BAR) {
        return None;
    }
    let mut next = *me;
    next[from] -= 1;
    if from > die {
        let to = from - die;
        if blocked >> to & 1 == 1 {
            return None;
        }
        next[to] += 1;
        Some((next, to))
    } else {
        if (7..=BAR).any(|s| me[s] > 0) {
            return None;
        }
        if from != die && (from + 1..=6).any(|s| me[s] > 0) {
            return None;
        }
        next[OFF] += 1;
        Some((next, 0))
    }
}

/// Appends the distinct (result, landing points) plays of `pair` for the
/// mover's slots `me` against `blocked`, keeping the plays that use the
/// most numbers, then the most pips (the larger number when only one can
/// be used); nothing when no checker can move.
fn side_plays(
    sides: &SideIndex,
    me: &[u8; SLOTS],
    blocked: u32,
    pair: Pair,
    out: &mut Vec<SidePlay>,
) {
    let dice: Vec<usize> = if pair.is_doublet() {
        vec![usize::from(pair.hi()); 4]
    } else {
        vec![usize::from(pair.hi()), usize::from(pair.lo())]
    };
    let mut best = (0usize, 0usize);
    let mut found: Vec<([u8; SLOTS], u32)> = Vec::new();
    explore(me, blocked, &dice, 0, 0, 0, &mut best, &mut found);
    if best.0 == 0 {
        return;
    }
    let mut plays: Vec<SidePlay> = found
        .into_iter()
        .map(|(slots, lands)| {
            let side = Checkers::from_slots(&slots).expect("checkers kept");
            SidePlay {
                after: sides.rank(side).expect("a play stays in the space") as u32,
                lands,
            }
        })
        .collect();
    plays.sort_unstable();
    plays.dedup();
    out.extend(plays);
}

#[allow(clippy::too_many_arguments)]
fn explore(
    me: &[u8; SLOTS],
    blocked: u32,
    dice: &[usize],
    used: usize,
    pips: usize,
    lands: u32,
    best: &mut (usize, usize),
    found: &mut Vec<([u8; SLOTS], u32)>,
) {
    let mut moved = false;
    for i in 0..dice.len() {
        if dice[..i].contains(&dice[i]) {
            continue;
        }
        let mut rest = dice.to_vec();
        let die = rest.remove(i);
        for from in 1..SLOTS {
            if let Some((next, to)) = step(me, blocked, from, die) {
                moved = true;
                let l = if to == 0 { lands } else { lands | 1 << to };
                explore(&next, blocked, &rest, used + 1, pips + die, l, best, found);
            }
        }
    }
    if !moved {
        let score = (used, pips);
        if score > *best {
            *best = score;
            found.clear();
        }
        if score == *best {
            found.push((*me, lands));
        }
    }
}

#[cfg(test)]
mod tests;
