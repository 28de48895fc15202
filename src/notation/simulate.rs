//! The simulation behind reading a play: the written paths are made step by
//! step under the rules, trying each order of the paths and each way of
//! splitting a path into the numbers of the pair; the results reached are
//! compared with the legal plays, and a failure is explained.

use super::format::point_name;
use super::written::{PlayError, Written};
use crate::board::{Position, BAR, OFF, POOL, SLOTS};
use crate::movegen::LegalPlay;
use crate::pair::Pair;

/// True when some of the numbers add up to the leg's distance (for a bear-off,
/// reach or pass it).
pub(super) fn leg_fits(from: usize, to: usize, dice: &[usize]) -> bool {
    // A checker enters from the pool as from the bar.
    let distance = from.min(BAR) - to;
    (1..1u32 << dice.len()).any(|subset| {
        let sum: usize = (0..dice.len())
            .filter(|&i| subset & (1 << i) != 0)
            .map(|i| dice[i])
            .sum();
        sum == distance || (to == OFF && sum > distance)
    })
}

/// Every path must start where the mover has a checker (counting paths that
/// start on the same point), or where an earlier path lands.
pub(super) fn check_sources(written: &Written, pos: &Position) -> Result<(), PlayError> {
    let mut available = [0u8; SLOTS + 1];
    available[..SLOTS].copy_from_slice(&pos.mover().to_slots());
    available[POOL] = pos.mover().pool();
    let mut landed = [0u8; SLOTS + 1];
    for path in &written.paths {
        let from = path.points[0] as usize;
        if available[from] > 0 {
            available[from] -= 1;
        } else if landed[from] > 0 {
            landed[from] -= 1;
        } else {
            return Err(PlayError::Illegal(if from == BAR {
                "no checker on the bar".to_string()
            } else if from == POOL {
                "no checker waiting in the pool".to_string()
            } else if pos.mover().count(from) == 0 {
                format!("no checker on {from}")
            } else {
                format!("not enough checkers on {from}")
            }));
        }
        landed[*path.points.last().expect("two points") as usize] += 1;
    }
    Ok(())
}

/// A result the written paths reach, step by step legally.
pub(super) struct Reached {
    pub(super) after: Position,
    /// Points where a checker was hit.
    pub(super) hits: u32,
    /// Numbers used.
    pub(super) steps: usize,
}

/// The simulation of a written play.
pub(super) struct Search<'a> {
    pub(super) written: &'a Written,
    /// Results reached with every path made.
    pub(super) found: Vec<Reached>,
    /// The pair, for messages.
    pub(super) pair: Pair,
    /// The reason to report if nothing works: a broken rule beats a notation
    /// that no numbers fit; then the one found after the most steps.
    pub(super) failure: Option<(Failure, usize, String)>,
}

/// Kinds of failure, least telling first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Failure {
    /// The numbers do not fit the written points.
    Notation,
    /// A step breaks a rule.
    Rule,
}

impl Search<'_> {
    fn fail(&mut self, kind: Failure, depth: usize, why: String) {
        if self
            .failure
            .as_ref()
            .is_none_or(|(k, d, _)| (kind, depth) > (*k, *d))
        {
            self.failure = Some((kind, depth, why));
        }
    }

    /// A written leg that the numbers cannot make.
    fn misfit(&mut self, path: usize, next: usize, depth: usize) {
        let points = &self.written.paths[path].points;
        let why = format!(
            "{}/{} cannot be played with {}-{}",
            point_name(points[next - 1]),
            point_name(points[next]),
            self.pair.hi(),
            self.pair.lo()
        );
        self.fail(Failure::Notation, depth, why);
    }

    /// Advances the paths one number at a time, in every interleaving (a
    /// checker may need another to enter from the bar before it moves on).
    /// `at[i]` is where path `i`'s checker stands and `next[i]` the index of
    /// its next waypoint.
    pub(super) fn walk(
        &mut self,
        pos: Position,
        dice: &[usize],
        at: &mut [u8],
        next: &mut [usize],
        depth: usize,
        hits: u32,
    ) {
        let paths = &self.written.paths;
        if (0..paths.len()).all(|i| next[i] == paths[i].points.len()) {
            self.found.push(Reached {
                after: pos,
                hits,
                steps: depth,
            });
            return;
        }
        // Failures rank by the waypoints reached, so that the most direct
        // reading of what was written explains a rejection.
        let progress: usize = next.iter().sum();
        if dice.is_empty() {
            let i = (0..paths.len())
                .find(|&i| next[i] < paths[i].points.len())
                .expect("a path is unfinished");
            self.misfit(i, next[i], progress);
            return;
        }
        for i in 0..paths.len() {
            if next[i] == paths[i].points.len() {
                continue;
            }
            let (from, target) = (at[i] as usize, paths[i].points[next[i]] as usize);
            for (k, &die) in dice.iter().enumerate() {
                if dice[..k].contains(&die) {
                    continue;
                }
                let Some(to) = self.step(&pos, from, die, progress) else {
                    continue;
                };
                if (to != OFF && to < target) || (to == OFF && target != OFF) {
                    self.misfit(i, next[i], progress);
                    continue;
                }
                let mut rest = dice.to_vec();
                rest.remove(k);
                let mut after = pos;
                let hit = after.move_checker(from, to);
                let hits = if hit { hits | (1 << to) } else { hits };
                let saved = (at[i], next[i]);
                at[i] = to as u8;
                if to == target {
                    next[i] += 1;
                }
                self.walk(after, &rest, at, next, depth + 1, hits);
                (at[i], next[i]) = saved;
            }
        }
    }

    /// One step under the rules, or `None` with the reason recorded at `depth`.
    fn step(&mut self, pos: &Position, from: usize, die: usize, depth: usize) -> Option<usize> {
        let mover = pos.mover();
        if mover.count(from) == 0 {
            self.fail(
                Failure::Rule,
                depth,
                format!("no checker on {}", point_name(from as u8)),
            );
            return None;
        }
        if from != BAR && mover.bar() > 0 {
            self.fail(
                Failure::Rule,
                depth,
                "checkers on the bar must enter first".to_string(),
            );
            return None;
        }
        if from > die {
            // A checker enters from the pool as from the bar.
            let to = from.min(BAR) - die;
            if pos.opponent_on(to) >= 2 {
                self.fail(Failure::Rule, depth, format!("point {to} is blocked"));
                return None;
            }
            return Some(to);
        }
        if !mover.all_home() {
            self.fail(
                Failure::Rule,
                depth,
                "cannot bear off while checkers are outside the home board".to_string(),
            );
            return None;
        }
        if from != die && mover.highest() != from {
            self.fail(
                Failure::Rule,
                depth,
                format!(
                    "cannot bear off from {from} with a {die} while a checker is on a higher point"
                ),
            );
            return None;
        }
        Some(OFF)
    }
}

/// Why no simulated result is legal.
pub(super) fn explain(search: &Search, pair: Pair, legal: &[LegalPlay]) -> String {
    let Some(used) = search.found.iter().map(|f| f.steps).max() else {
        return match &search.failure {
            Some((_, _, why)) => why.clone(),
            None => "not a legal play".to_string(),
        };
    };
    // Every step was legal on its own: the play as a whole breaks the rule of
    // using as many numbers as possible (or the larger one).
    let most = legal
        .iter()
        .map(|lp| lp.play.steps().len())
        .max()
        .unwrap_or(0);
    if pair.is_doublet() {
        format!("must play {most} of the four {}s, not {used}", pair.hi())
    } else if most == 2 {
        format!("must use both numbers ({} and {})", pair.hi(), pair.lo())
    } else {
        format!("must use the larger number ({})", pair.hi())
    }
}
