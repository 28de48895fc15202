//! The final report and the live progress line, built from finished games.
//! The report depends only on the set of records (sorted by index), so a
//! resumed run, a merge of shards and a single run report the same.

use super::rating;
use super::sprt::{Sprt, SprtDecision};
use super::standings::TournamentReport;
use super::stats::{
    by_index, fmt_elo, EloEstimate, Ends, MatchResults, MatchStats, Pentanomial, PointsShare, Tally,
};
use crate::matchfile::GameRecord;
use serde::Serialize;
use std::fmt::Write;

/// The SPRT part of a report.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SprtReport {
    /// Parameters.
    pub params: Sprt,
    /// Log-likelihood ratio.
    pub llr: f64,
    /// Lower bound.
    pub lower: f64,
    /// Upper bound.
    pub upper: f64,
    /// Decision.
    pub decision: SprtDecision,
    /// Where the run stopped on a decision, when games under way then
    /// finished and count in this report too (so that its LLR is not the
    /// one of the decision); absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped_at: Option<SprtStop>,
}

/// The SPRT's state when a run stopped on its decision.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct SprtStop {
    /// Games counted at the decision.
    pub games: u64,
    /// The LLR then.
    pub llr: f64,
    /// The decision.
    pub decision: SprtDecision,
}

fn decision_text(d: SprtDecision) -> &'static str {
    match d {
        SprtDecision::Continue => "undecided",
        SprtDecision::AcceptH0 => "H0 accepted",
        SprtDecision::AcceptH1 => "H1 accepted",
    }
}

/// Everything the referee reports at the end.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    /// Games counted.
    pub games: u64,
    /// Engine A then engine B.
    pub engines: [Tally; 2],
    /// A's score (wins + draws/2) over games.
    pub score: f64,
    /// Elo of A over B with its 95% interval.
    pub elo: EloEstimate,
    /// "pentanomial" or "trinomial".
    pub elo_model: &'static str,
    /// Likelihood that A is stronger.
    pub los: f64,
    /// Pair counts: LL, LD, DD+WL, WD, WW (from A's side).
    pub pentanomial: Pentanomial,
    /// A's net points per game.
    pub points_per_game: f64,
    /// Half-width of its 95% interval.
    pub points_per_game_margin: f64,
    /// A's share of the points with its 95% interval (None when no game
    /// scored a point).
    pub points_share: Option<PointsShare>,
    /// Forfeits by reason and draws by kind (in JSON: `forfeits`,
    /// `max_turn_draws`, `repetition_draws`).
    #[serde(flatten)]
    pub ends: Ends,
    /// The SPRT, when one was asked for.
    pub sprt: Option<SprtReport>,
    /// Matches to N points: A's match results and their Elo (absent in
    /// money play).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub matches: Option<MatchResults>,
}

impl Report {
    /// The report on `games` between `names[0]` (A) and `names[1]` (B).
    pub fn new(games: &[GameRecord], names: [&str; 2], sprt: Option<Sprt>) -> Report {
        let sorted = by_index(games);
        let s = MatchStats::compute(&sorted, names);
        let mut ends = Ends::default();
        for g in &sorted {
            ends.count(g.end);
        }
        let a = &s.tallies[0];
        let score = if s.games == 0 {
            0.0
        } else {
            (a.wins as f64 + a.draws as f64 / 2.0) / s.games as f64
        };
        let sprt = sprt.map(|params| {
            let llr = params.llr(&s.model);
            SprtReport {
                params,
                llr,
                lower: params.lower(),
                upper: params.upper(),
                decision: params.decide(llr),
                stopped_at: None,
            }
        });
        Report {
            games: s.games,
            score,
            elo: s.elo,
            elo_model: if s.model.pentanomial {
                "pentanomial"
            } else {
                "trinomial"
            },
            los: s.los,
            pentanomial: s.pentanomial,
            points_per_game: s.points_per_game,
            points_per_game_margin: s.points_per_game_margin,
            points_share: s.points_share,
            engines: s.tallies,
            ends,
            sprt,
            matches: None,
        }
    }

    /// Adds the match results of `games` (matches to `length` points; 0:
    /// money play, nothing added).
    pub fn add_matches(&mut self, games: &[GameRecord], length: u32) {
        if length > 0 {
            let names = [self.engines[0].name.as_str(), self.engines[1].name.as_str()];
            self.matches = Some(MatchResults::compute(games, names, length));
        }
    }

    /// The report as pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
    }

    /// The report as text for people.
    pub fn to_text(&self) -> String {
        let mut o = String::new();
        let [a, b] = &self.engines;
        let _ = writeln!(o, "Match {} vs {}: {} games", a.name, b.name, self.games);
        if let Some(w) = self.ends.time_warning(self.games) {
            let _ = writeln!(o, "{w}");
        }
        if let Some(m) = &self.matches {
            let _ = writeln!(
                o,
                "Matches to {} points: {} finished, {} won {}, lost {}, undecided {} (score {:.4}){}",
                m.length,
                m.matches,
                a.name,
                m.won,
                m.lost,
                m.undecided,
                m.score(),
                match m.unfinished {
                    0 => String::new(),
                    n => format!("; {n} unfinished, not counted"),
                }
            );
            let _ = writeln!(
                o,
                "Elo difference from matches: {} ({} model over {}, prior one drawn pair; 95%: {} .. {})",
                fmt_elo(m.elo.elo),
                m.elo_model,
                if m.elo_model == "pentanomial" { "pairs of matches" } else { "matches" },
                fmt_elo(m.elo.low),
                fmt_elo(m.elo.high)
            );
            if m.elo_model == "pentanomial" {
                let p = m.pentanomial;
                let _ = writeln!(
                    o,
                    "Match pentanomial [LL, LD, DD/WL, WD, WW]: [{}, {}, {}, {}, {}]",
                    p[0], p[1], p[2], p[3], p[4]
                );
            }
            let _ = writeln!(o, "Games of the matches:");
        }
        for t in &self.engines {
            let _ = writeln!(
                o,
                "  {:<16} W {:>5}  L {:>5}  D {:>4}  gammons {}/{} backgammons {}/{} (won/lost)  points {}-{}  forfeits {}",
                t.name,
                t.wins,
                t.losses,
                t.draws,
                t.gammons_won,
                t.gammons_lost,
                t.backgammons_won,
                t.backgammons_lost,
                t.points_won,
                t.points_lost,
                t.forfeits
            );
        }
        let _ = writeln!(o, "Score of {}: {:.4}", a.name, self.score);
        let _ = writeln!(
            o,
            "Elo difference: {} ({} model, prior one drawn game pair; 95%: {} .. {})",
            fmt_elo(self.elo.elo),
            self.elo_model,
            fmt_elo(self.elo.low),
            fmt_elo(self.elo.high)
        );
        let _ = writeln!(o, "LOS: {:.2}%", self.los * 100.0);
        // Only a match of game pairs has pair counts to show.
        if self.elo_model == "pentanomial" {
            let p = self.pentanomial;
            let _ = writeln!(
                o,
                "Pentanomial [LL, LD, DD/WL, WD, WW]: [{}, {}, {}, {}, {}]",
                p[0], p[1], p[2], p[3], p[4]
            );
        }
        let _ = writeln!(
            o,
            "Points per game ({}): {} ± {:.3}",
            a.name,
            super::stats::signed(self.points_per_game, 3),
            self.points_per_game_margin
        );
        if let Some(p) = &self.points_share {
            let _ = writeln!(
                o,
                "Share of the points ({}): {:.1}% (95%: {:.1} .. {:.1}, over {})",
                a.name,
                p.share * 100.0,
                p.low * 100.0,
                p.high * 100.0,
                if self.elo_model == "pentanomial" {
                    "game pairs"
                } else {
                    "games"
                }
            );
        }
        self.ends.write_text(&mut o);
        if let Some(s) = &self.sprt {
            let _ = writeln!(
                o,
                "SPRT elo0={} elo1={} alpha={} beta={}: LLR {:.3} [{:.3}, {:.3}] {}",
                s.params.elo0,
                s.params.elo1,
                s.params.alpha,
                s.params.beta,
                s.llr,
                s.lower,
                s.upper,
                decision_text(s.decision)
            );
            if let Some(stop) = &s.stopped_at {
                let _ = writeln!(
                    o,
                    "  The match stopped when {} after {} games (LLR {:.3}); the {} game(s) then under way finished and count above",
                    decision_text(stop.decision),
                    stop.games,
                    stop.llr,
                    self.games.saturating_sub(stop.games)
                );
            }
        }
        o
    }

    /// The one-line progress summary for stderr.
    pub fn progress_line(&self, total: u64) -> String {
        let [a, b] = &self.engines;
        if let Some(m) = &self.matches {
            return format!(
                "matches {}/{}  {} {}-{}-{} {}  Elo {} ± {}  (games {}, {} points per game {})",
                m.matches,
                total,
                a.name,
                m.won,
                m.lost,
                m.undecided,
                b.name,
                fmt_elo(m.elo.elo),
                m.elo.margin().map_or("-".into(), |m| format!("{m:.1}")),
                self.games,
                a.name,
                super::stats::signed(self.points_per_game, 3)
            );
        }
        let mut line = format!(
            "games {}/{}  {} {}-{}-{} {} ({:.1}%)  Elo {} ± {}",
            self.games,
            total,
            a.name,
            a.wins,
            a.losses,
            a.draws,
            b.name,
            self.score * 100.0,
            fmt_elo(self.elo.elo),
            self.elo.margin().map_or("-".into(), |m| format!("{m:.1}"))
        );
        if let Some(s) = &self.sprt {
            let _ = write!(line, "  LLR {:.2} [{:.2}, {:.2}]", s.llr, s.lower, s.upper);
        }
        line
    }
}

/// The final report: a match's for two engines, a tournament's for more.
#[derive(Clone, Debug)]
pub enum FinalReport {
    /// Two engines.
    Match(Box<Report>),
    /// More than two.
    Tournament(TournamentReport),
}

/// How a tournament's ratings are anchored (`--anchor NAME=ELO`, default:
/// the first engine at 0) and how many bootstrap resamples give their
/// intervals.
#[derive(Clone, Debug, Default)]
pub struct RatingSettings {
    /// `NAME=ELO`.
    pub anchor: Option<String>,
    /// Bootstrap resamples.
    pub bootstrap: usize,
}

impl RatingSettings {
    /// Checks the settings against the engines `names` before anything is
    /// played: an anchor must name one of them, and a match of two engines
    /// has none (its report is the first engine's Elo over the second's).
    pub fn check(&self, names: &[&str]) -> Result<(), String> {
        if names.len() == 2 && self.anchor.is_some() {
            return Err(
                "--anchor is for a tournament (more than two engines): a match reports the \
                 first engine's Elo over the second's"
                    .into(),
            );
        }
        self.anchor_of(names).map(|_| ())
    }

    /// These settings with the anchor a match file's header recorded
    /// (`anchor`), where none was given.
    pub fn or_header(&self, header: &crate::matchfile::Header) -> RatingSettings {
        RatingSettings {
            anchor: self
                .anchor
                .clone()
                .or_else(|| header.get("anchor").map(str::to_string)),
            bootstrap: self.bootstrap,
        }
    }

    /// The anchor as (engine index, rating): `NAME=ELO`, or the first
    /// engine at 0.
    pub fn anchor_of(&self, names: &[&str]) -> Result<(usize, f64), String> {
        self.anchor
            .as_deref()
            .map_or(Ok((0, 0.0)), |a| rating::parse_anchor(a, names))
    }
}

impl FinalReport {
    /// The report on `games` between `names`; `sprt` needs two engines.
    pub fn new(
        games: &[GameRecord],
        names: &[String],
        sprt: Option<Sprt>,
        rating: &RatingSettings,
    ) -> Result<FinalReport, String> {
        let refs: Vec<&str> = names.iter().map(String::as_str).collect();
        if let [a, b] = refs[..] {
            return Ok(FinalReport::Match(Box::new(Report::new(
                games,
                [a, b],
                sprt,
            ))));
        }
        if sprt.is_some() {
            return Err("--sprt needs exactly two engines".into());
        }
        let anchor = rating.anchor_of(&refs)?;
        Ok(FinalReport::Tournament(TournamentReport::new(
            games,
            &refs,
            anchor,
            rating.bootstrap,
        )))
    }

    /// Adds the results of matches to `length` points (0: money play,
    /// nothing added): a match's match results and their Elo, a
    /// tournament's rating list of match results.
    pub fn add_matches(&mut self, games: &[GameRecord], length: u32) {
        match self {
            FinalReport::Match(r) => r.add_matches(games, length),
            FinalReport::Tournament(t) => t.add_matches(games, length),
        }
    }

    /// Notes where a match stopped on its SPRT's decision (`stop`), when
    /// the report counts more games than the decision did.
    pub fn note_sprt_stop(&mut self, stop: SprtStop) {
        if let FinalReport::Match(r) = self {
            if let Some(s) = r.sprt.as_mut().filter(|_| r.games > stop.games) {
                s.stopped_at = Some(stop);
            }
        }
    }

    /// The report as text (`json`: false) or JSON, ending with a newline.
    pub fn render(&self, json: bool) -> String {
        match (self, json) {
            (FinalReport::Match(r), false) => r.to_text(),
            (FinalReport::Match(r), true) => r.to_json() + "\n",
            (FinalReport::Tournament(r), false) => r.to_text(),
            (FinalReport::Tournament(r), true) => r.to_json() + "\n",
        }
    }
}
