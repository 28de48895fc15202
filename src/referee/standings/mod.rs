//! The report of a tournament (more than two engines): a rating list fitted
//! to all games at once ([`super::rating`]) on two scales, and the
//! crosstable ([`super::crosstable`]), as text and JSON. Like the two-engine
//! report it depends only on the set of games, so a resumed, sharded and
//! merged, or single run report the same.
//!
//! - **Games** scale: a win scores 1, a draw ½, a loss 0, whatever the
//!   points (a forfeit is a loss).
//! - **Points** scale (gammons count): a game won by `p` points (1 single or
//!   forfeit, 2 gammon, 3 backgammon) is `p` wins for the winner; a draw is
//!   ½ of one game to each. An Elo gap on this scale is the share of points
//!   the stronger engine is expected to win.
//!
//! Intervals come from the bootstrap over game pairs (both games of one
//! opening resampled together), seeded by [`BOOTSTRAP_SEED`].

use super::crosstable::Crosstable;
use super::rating::{self, Observation, Table};
use super::stats::{by_index, fmt_elo, EloEstimate, Ends, Z95};
use crate::matchfile::{GameEnd, GameRecord};
use crate::numbers::Side;
use serde::Serialize;
use std::fmt::Write;

/// Resamples behind the intervals of a final report.
pub const BOOTSTRAP_SAMPLES: usize = 1000;
/// Seed of the resampling.
pub const BOOTSTRAP_SEED: u64 = 1;

/// One engine's line of the rating list.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Standing {
    /// Engine name.
    pub name: String,
    /// Games played.
    pub games: u64,
    /// Games won.
    pub wins: u64,
    /// Games lost.
    pub losses: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games lost by its own forfeit.
    pub forfeits: u64,
    /// (wins + draws / 2) / games, 0 without games.
    pub score: f64,
    /// Points won.
    pub points_won: u64,
    /// Points lost.
    pub points_lost: u64,
    /// Rating on the games scale, with its 95% interval.
    pub elo: EloEstimate,
    /// Rating on the points scale, with its 95% interval.
    pub points_elo: EloEstimate,
}

/// The anchor of the rating list.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Anchor {
    /// The engine whose rating is fixed.
    pub name: String,
    /// Its rating.
    pub elo: f64,
}

/// Everything a tournament reports.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TournamentReport {
    /// Games counted.
    pub games: u64,
    /// The anchor.
    pub anchor: Anchor,
    /// Bootstrap resamples behind the intervals (0: no intervals).
    pub bootstrap_samples: usize,
    /// The rating list, best first (by the games-scale rating; engines
    /// without one last, in engine order).
    pub standings: Vec<Standing>,
    /// Every engine against every other, in engine order.
    pub crosstable: Crosstable,
    /// Forfeits by reason and draws by kind (in JSON: `forfeits`,
    /// `max_turn_draws`, `repetition_draws`).
    #[serde(flatten)]
    pub ends: Ends,
    /// Matches to N points: the rating list of the match results (each
    /// finished match one result, undecided ones drawn), on the games
    /// scale, with the same anchor and intervals; absent in money play.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub matches: Option<MatchStandings>,
}

/// A tournament's rating list from match results.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MatchStandings {
    /// The match length.
    pub length: u32,
    /// Finished matches counted.
    pub matches: u64,
    /// Best first: `games`, `wins`, ... count matches; `elo` is the
    /// rating from them.
    pub standings: Vec<Standing>,
}

/// The observations of `games` on the games and the points scale, each game
/// pair a resampling unit; games of unknown engines are left out.
pub fn observations(games: &[GameRecord], names: &[&str]) -> [Vec<Observation>; 2] {
    let mut by_games = Vec::new();
    let mut by_points = Vec::new();
    let index = |name: &str| names.iter().position(|&m| m == name);
    for g in games {
        let (Some(x), Some(y)) = (index(&g.x_name), index(&g.y_name)) else {
            continue;
        };
        let engines = [x, y];
        let (score, weight) = match g.end.winner() {
            None => (0.5, 1.0),
            Some(Side::X) => (1.0, f64::from(g.points())),
            Some(Side::Y) => (0.0, f64::from(g.points())),
        };
        let unit = g.pair;
        by_games.push(Observation {
            unit,
            engines,
            score,
            weight: 1.0,
        });
        by_points.push(Observation {
            unit,
            engines,
            score,
            weight,
        });
    }
    [by_games, by_points]
}

/// Ratings with intervals on one scale.
fn ratings(
    n: usize,
    obs: &[Observation],
    anchor: (usize, f64),
    samples: usize,
) -> Vec<EloEstimate> {
    let fit = rating::fit(&Table::of(n, obs), anchor);
    if samples == 0 {
        return fit
            .elo
            .iter()
            .map(|&elo| EloEstimate {
                elo,
                low: None,
                high: None,
            })
            .collect();
    }
    let intervals = rating::bootstrap(n, obs, anchor, samples, BOOTSTRAP_SEED);
    let robust = rating::robust_se(n, obs, anchor, &fit);
    (0..n)
        .map(|i| {
            let elo = fit.elo[i];
            // The bootstrap's interval, never narrower than ±1.96
            // pair-robust standard errors.
            let normal = elo
                .zip(robust[i])
                .map(|(e, se)| (e - Z95 * se, e + Z95 * se));
            let ci = match (intervals[i], normal) {
                (Some((lo, hi)), Some((nlo, nhi))) => Some((lo.min(nlo), hi.max(nhi))),
                (ci, None) => ci,
                (None, n) => n,
            };
            EloEstimate {
                elo,
                low: ci.map(|c| c.0),
                high: ci.map(|c| c.1),
            }
        })
        .collect()
}

impl TournamentReport {
    /// The report on `games` between the engines `names`, rated with
    /// `anchor` (engine index, rating) fixed and `samples` bootstrap
    /// resamples (0 for a quick report without intervals).
    pub fn new(
        games: &[GameRecord],
        names: &[&str],
        anchor: (usize, f64),
        samples: usize,
    ) -> TournamentReport {
        let sorted = by_index(games);
        let n = names.len();
        let crosstable = Crosstable::new(&sorted, names);
        let [by_games, by_points] = observations(&sorted, names);
        let elo = ratings(n, &by_games, anchor, samples);
        let points_elo = ratings(n, &by_points, anchor, samples);
        let mut ends = Ends::default();
        let mut own_forfeits = vec![0u64; n];
        let mut counted = 0;
        for g in &sorted {
            let side_index = |side: Side| names.iter().position(|&m| m == g.name(side));
            let (Some(_), Some(_)) = (side_index(Side::X), side_index(Side::Y)) else {
                continue;
            };
            counted += 1;
            ends.count(g.end);
            if let GameEnd::Forfeit { loser, .. } = g.end {
                if let Some(i) = side_index(loser) {
                    own_forfeits[i] += 1;
                }
            }
        }
        let mut standings: Vec<Standing> = (0..n)
            .map(|i| {
                let t = crosstable.total(i);
                Standing {
                    name: names[i].to_string(),
                    games: t.games,
                    wins: t.wins,
                    losses: t.losses,
                    draws: t.draws,
                    forfeits: own_forfeits[i],
                    score: if t.games == 0 {
                        0.0
                    } else {
                        t.score() / t.games as f64
                    },
                    points_won: t.points_won,
                    points_lost: t.points_lost,
                    elo: elo[i],
                    points_elo: points_elo[i],
                }
            })
            .collect();
        // Best first; a stable sort keeps engine order among equals.
        standings.sort_by(|a, b| {
            let key = |s: &Standing| s.elo.elo.unwrap_or(f64::NEG_INFINITY);
            key(b).total_cmp(&key(a))
        });
        TournamentReport {
            games: counted,
            anchor: Anchor {
                name: names.get(anchor.0).map_or(String::new(), |s| s.to_string()),
                elo: anchor.1,
            },
            bootstrap_samples: samples,
            standings,
            crosstable,
            ends,
            matches: None,
        }
    }

    /// Adds the rating list of the match results of `games` (matches to
    /// `length` points; 0: money play, nothing added), rated as the games
    /// are (same anchor, same resamples).
    pub fn add_matches(&mut self, games: &[GameRecord], length: u32) {
        if length == 0 {
            return;
        }
        let names: Vec<&str> = self.crosstable.names.iter().map(String::as_str).collect();
        let anchor = names
            .iter()
            .position(|n| *n == self.anchor.name)
            .unwrap_or(0);
        let records = super::stats::match_records(games, length);
        let r = TournamentReport::new(
            &records,
            &names,
            (anchor, self.anchor.elo),
            self.bootstrap_samples,
        );
        self.matches = Some(MatchStandings {
            length,
            matches: r.games,
            standings: r.standings,
        });
    }

    /// The report as pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
    }

    /// The report as text for people.
    pub fn to_text(&self) -> String {
        let mut o = String::new();
        let _ = writeln!(
            o,
            "Tournament of {} engines: {} games",
            self.standings.len(),
            self.games
        );
        if let Some(w) = self.ends.time_warning(self.games) {
            let _ = writeln!(o, "{w}");
        }
        let intervals = if self.bootstrap_samples > 0 {
            format!(
                "95% intervals from {} resamples of game pairs (at least ±1.96 pair-robust standard errors)",
                self.bootstrap_samples
            )
        } else {
            "no intervals".to_string()
        };
        let _ = writeln!(
            o,
            "Ratings, maximum likelihood over all games with a prior of one drawn game pair per pairing, {} fixed at {}; {}:",
            self.anchor.name,
            fmt_elo(Some(self.anchor.elo)),
            intervals
        );
        let name_width = self
            .standings
            .iter()
            .map(|s| s.name.len())
            .max()
            .unwrap_or(0)
            .max(6);
        let _ = writeln!(
            o,
            "  {:>2}  {:<name_width$}  {:>7}  {:>18}  {:>7}  {:>18}  {:>6}  {:>15}  {:>11}  {:>4}",
            "#",
            "engine",
            "Elo",
            "95% (games)",
            "Elo pts",
            "95% (points)",
            "games",
            "W-L-D",
            "points",
            "ff"
        );
        for (rank, s) in self.standings.iter().enumerate() {
            let _ = writeln!(
                o,
                "  {:>2}  {:<name_width$}  {:>7}  {:>18}  {:>7}  {:>18}  {:>6}  {:>15}  {:>11}  {:>4}",
                rank + 1,
                s.name,
                fmt_elo(s.elo.elo),
                fmt_interval(&s.elo),
                fmt_elo(s.points_elo.elo),
                fmt_interval(&s.points_elo),
                s.games,
                format!("{}-{}-{}", s.wins, s.losses, s.draws),
                format!("{}:{}", s.points_won, s.points_lost),
                s.forfeits
            );
        }
        let order: Vec<usize> = self
            .standings
            .iter()
            .filter_map(|s| self.crosstable.names.iter().position(|n| *n == s.name))
            .collect();
        let _ = writeln!(
            o,
            "Crosstable (row against column: W-L-D, points won:lost):"
        );
        for line in self.crosstable.to_text(&order).lines() {
            let _ = writeln!(o, "  {line}");
        }
        self.ends.write_text(&mut o);
        if let Some(m) = &self.matches {
            let _ = writeln!(
                o,
                "Ratings from {} matches to {} points (each match one result, undecided ones drawn; same prior, anchor and intervals):",
                m.matches, m.length
            );
            let _ = writeln!(
                o,
                "  {:>2}  {:<name_width$}  {:>7}  {:>18}  {:>7}  {:>11}",
                "#", "engine", "Elo", "95% (matches)", "matches", "W-L-D"
            );
            for (rank, s) in m.standings.iter().enumerate() {
                let _ = writeln!(
                    o,
                    "  {:>2}  {:<name_width$}  {:>7}  {:>18}  {:>7}  {:>11}",
                    rank + 1,
                    s.name,
                    fmt_elo(s.elo.elo),
                    fmt_interval(&s.elo),
                    s.games,
                    format!("{}-{}-{}", s.wins, s.losses, s.draws)
                );
            }
        }
        o
    }

    /// The one-line progress summary for stderr: games, then each engine's
    /// games-scale rating, best first.
    pub fn progress_line(&self, total: u64) -> String {
        let mut line = format!("games {}/{}", self.games, total);
        for s in &self.standings {
            let _ = write!(line, "  {} {}", s.name, fmt_elo(s.elo.elo));
        }
        line
    }
}

fn fmt_interval(e: &EloEstimate) -> String {
    match (e.low, e.high) {
        (Some(l), Some(h)) => format!("[{}, {}]", fmt_elo(Some(l)), fmt_elo(Some(h))),
        _ => "-".into(),
    }
}

#[cfg(test)]
mod tests;
