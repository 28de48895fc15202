//! Results of matches to N points (`--match-length`), from engine A's side:
//! matches won, lost and undecided (a match that reached its game cap on
//! draws counts ½, as a drawn game does), and the Elo that the match
//! results give, with its 95% interval, by the same model as the games'
//! Elo ([`super`]): the pentanomial over pairs of matches (the two matches
//! of a game pair play the same openings, colours swapped) when a pair is
//! complete, else the trinomial over matches, and the prior of one drawn
//! pair. A match not finished (a run cut short) is counted apart and not
//! in the Elo.

use super::{penta_model, EloEstimate, Pentanomial, ScoreModel};
use crate::board::WinKind;
use crate::matchfile::{GameEnd, GameRecord, Stakes};
use crate::numbers::Side;
use crate::referee::matches::{by_match, result_of};
use std::collections::BTreeMap;

/// Engine A's match results.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct MatchResults {
    /// The match length.
    pub length: u32,
    /// Matches finished (won, lost or undecided).
    pub matches: u64,
    /// Won by A.
    pub won: u64,
    /// Lost by A.
    pub lost: u64,
    /// Undecided: the game cap reached on draws.
    pub undecided: u64,
    /// Begun and not finished (not counted above).
    pub unfinished: u64,
    /// Pentanomial counts over complete pairs of matches.
    pub pentanomial: Pentanomial,
    /// "pentanomial" or "trinomial".
    pub elo_model: &'static str,
    /// Elo of A over B from the match results, with its 95% interval.
    pub elo: EloEstimate,
}

impl MatchResults {
    /// The results of the matches to `length` points in `games` between
    /// `names[0]` (A) and `names[1]` (B); games of other engines are
    /// ignored.
    pub fn compute(games: &[GameRecord], names: [&str; 2], length: u32) -> MatchResults {
        let ours: Vec<GameRecord> = games
            .iter()
            .filter(|g| {
                let pair = [g.x_name.as_str(), g.y_name.as_str()];
                pair == names || pair == [names[1], names[0]]
            })
            .cloned()
            .collect();
        let mut out = MatchResults {
            length,
            matches: 0,
            won: 0,
            lost: 0,
            undecided: 0,
            unfinished: 0,
            pentanomial: [0; 5],
            elo_model: "trinomial",
            elo: EloEstimate::from_model(&ScoreModel::from_counts(&[], false).with_prior()),
        };
        let mut trinomial = [0u64; 3];
        let mut pairs: BTreeMap<u64, Vec<f64>> = BTreeMap::new();
        for list in by_match(&ours).values() {
            let r = result_of(list, names, length);
            if !r.finished {
                out.unfinished += 1;
                continue;
            }
            out.matches += 1;
            let score = match r.winner {
                Some(0) => {
                    out.won += 1;
                    1.0
                }
                Some(_) => {
                    out.lost += 1;
                    0.0
                }
                None => {
                    out.undecided += 1;
                    0.5
                }
            };
            trinomial[(score * 2.0) as usize] += 1;
            pairs.entry(list[0].pair).or_default().push(score);
        }
        for scores in pairs.values().filter(|s| s.len() == 2) {
            out.pentanomial[((scores[0] + scores[1]) * 2.0).round() as usize] += 1;
        }
        let model = if out.pentanomial.iter().sum::<u64>() > 0 {
            out.elo_model = "pentanomial";
            penta_model(&out.pentanomial)
        } else {
            ScoreModel::from_counts(
                &[
                    (0.0, trinomial[0]),
                    (0.5, trinomial[1]),
                    (1.0, trinomial[2]),
                ],
                false,
            )
        };
        out.elo = EloEstimate::from_model(&model.with_prior());
        out
    }

    /// A's match score: (won + undecided / 2) / matches.
    pub fn score(&self) -> f64 {
        if self.matches == 0 {
            return 0.0;
        }
        (self.won as f64 + self.undecided as f64 / 2.0) / self.matches as f64
    }
}

/// Each finished match to `length` points of `games` as one record, for a
/// rating list of match results (a tournament's): the match's index, pair
/// and round, its first game's colours, won by the match's winner (a
/// single win) or drawn (undecided at the game cap). Matches not finished
/// are left out.
pub fn match_records(games: &[GameRecord], length: u32) -> Vec<GameRecord> {
    by_match(games)
        .into_values()
        .filter_map(|list| {
            let first = list[0];
            let names = [first.x_name.as_str(), first.y_name.as_str()];
            let r = result_of(&list, names, length);
            r.finished.then(|| GameRecord {
                depths: Vec::new(),
                index: first.index,
                pair: first.pair,
                round: first.round,
                opening: first.opening.clone(),
                x_name: first.x_name.clone(),
                y_name: first.y_name.clone(),
                end: match r.winner {
                    Some(i) => GameEnd::Win {
                        winner: [Side::X, Side::Y][i],
                        kind: WinKind::Single,
                    },
                    None => GameEnd::MaxTurns,
                },
                detail: String::new(),
                moves: Vec::new(),
                stakes: Stakes::default(),
            })
        })
        .collect()
}
