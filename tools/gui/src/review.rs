//! Review of a referee match file: its games, each replayed position by
//! position, and `ncbg analyze`'s verdict on a game (the library's
//! `analysis::analyze_game`, run on a blocking thread). With exact-value
//! tables (`ncbg-gui --tables`, `--tables-path`), turns a table covers get
//! exact verdicts (`TurnReport::exact`), which the page marks. A game with
//! the cube (a match, or money play with `cube=on`) is replayed from its
//! stakes ([`Review::start`]), so the analysis has its cube decisions'
//! rows (`TurnReport::cube`), which the page lists under their turns and
//! counts apart in the totals.

use crate::boardview::{board_view, BoardView};
use ncbg::analysis::{self, AnalysisSettings, TurnReport};
use ncbg::board::Variant;
use ncbg::eval::NnEval;
use ncbg::game::GameState;
use ncbg::ids::state_id;
use ncbg::matchfile::{self, GameEnd, GameRecord, MatchFile};
use ncbg::numbers::NumberRules;
use ncbg::search::Searcher;
use ncbg::tables::Table;
use ncbg::turn::{self, Turn, TurnForm};
use serde::Serialize;
use std::collections::HashMap;
use std::sync::Arc;

/// The analysis of one game.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "state", rename_all = "lowercase")]
pub enum Analysis {
    /// Being computed: `done` of `of` turns judged so far (both 0 where
    /// the analysis is one call, the server's).
    Running {
        /// Turns judged.
        done: usize,
        /// Turns to judge.
        of: usize,
    },
    /// The verdict on every turn.
    Done {
        /// Per turn.
        turns: Vec<TurnReport>,
        /// What produced it ([`AnalysisSettings::describe`]).
        settings: String,
    },
    /// Could not be computed.
    Failed {
        /// Why.
        error: String,
    },
}

/// A loaded match file.
#[derive(Default)]
pub struct Review {
    /// File name.
    pub file: Option<String>,
    /// Its games.
    pub games: Vec<GameRecord>,
    /// Start position variant and rules from the header.
    pub variant: Variant,
    /// k and credits from the header.
    pub rules: NumberRules,
    /// How the games are scored (the cube, the match), for replaying their
    /// cube tokens.
    pub scoring: matchfile::ScoringRules,
    /// Analyses by game position in `games`.
    pub analysis: HashMap<usize, Analysis>,
}

/// One position of a reviewed game.
#[derive(Clone, Debug, Serialize)]
pub struct Step {
    /// Full-state ID before the turn.
    pub state: String,
    /// The board before the turn.
    pub board: BoardView,
    /// Side to move.
    pub side: String,
    /// The numbers before the turn.
    pub numbers: [Option<u8>; 2],
    /// The turn played from here (none after the last).
    pub played: Option<String>,
    /// The played play's single steps (mover's coordinates).
    pub played_steps: Vec<(u8, u8)>,
    /// The engine's best play's steps, when analysed and different.
    pub best_steps: Vec<(u8, u8)>,
}

impl Review {
    /// Reads a match file's text, or a `.mat`'s (gnubg notation).
    pub fn load(name: &str, text: &str) -> Result<Review, String> {
        if name.to_ascii_lowercase().ends_with(".mat") {
            let (games, rules) =
                ncbg::matchfile::mat::read(text).map_err(|e| format!("{name}: {e}"))?;
            let scoring = matchfile::mat::scoring(text).map_err(|e| format!("{name}: {e}"))?;
            return Ok(Review {
                file: Some(name.to_string()),
                games,
                variant: Variant::Standard,
                rules,
                scoring,
                analysis: HashMap::new(),
            });
        }
        let f = MatchFile::parse(text);
        if f.games.is_empty() {
            return Err(format!(
                "{name}: no finished game in this file (is it a referee match file?)"
            ));
        }
        let variant = f
            .header
            .variant()
            .map_err(|_| format!("{name}: unknown variant"))?;
        let rules = f.header.numbers().map_err(|e| format!("{name}: {e}"))?;
        let scoring = f.header.scoring().map_err(|e| format!("{name}: {e}"))?;
        Ok(Review {
            file: Some(name.to_string()),
            games: f.games,
            variant,
            rules,
            scoring,
            analysis: HashMap::new(),
        })
    }

    /// The start state of game `i`.
    pub fn start(&self, i: usize) -> Result<GameState, String> {
        let g = self.games.get(i).ok_or("no such game")?;
        let mut state = matchfile::start_state(&g.opening, self.variant, self.rules)?;
        self.scoring.stake(&mut state, g)?;
        Ok(state)
    }

    /// Game `i` replayed: one step per position.
    pub fn steps(&self, i: usize) -> Result<Vec<Step>, String> {
        let g = self.games.get(i).ok_or("no such game")?;
        let mut state = self.start(i)?;
        let turns = match self.analysis.get(&i) {
            Some(Analysis::Done { turns, .. }) => turns.clone(),
            _ => Vec::new(),
        };
        let mut out = Vec::new();
        for (t, token) in g.moves.iter().enumerate() {
            let played = turn::read(&state, token, TurnForm::Answer)
                .map_err(|e| format!("turn {}: {e}", t + 1))?;
            let best_steps = turns
                .iter()
                .find(|r| r.turn == t && r.cube.is_none() && r.best != r.played)
                .and_then(|r| turn::read(&state, &r.best, TurnForm::Answer).ok())
                .map(|c| steps_of(&c))
                .unwrap_or_default();
            out.push(step(
                &state,
                Some(token.clone()),
                steps_of(&played),
                best_steps,
            ));
            state = played.after(&state);
        }
        out.push(step(&state, None, Vec::new(), Vec::new()));
        Ok(out)
    }

    /// A short line for the game list.
    pub fn summary(g: &GameRecord) -> String {
        let end = match g.end {
            GameEnd::Win { winner, kind } => format!("{winner} wins {}", kind.name()),
            GameEnd::Forfeit { loser, reason } => format!("{} forfeits ({})", loser, reason.name()),
            GameEnd::MaxTurns => "draw (turn cap)".into(),
            GameEnd::Repetition => "draw (repetition)".into(),
        };
        format!(
            "#{} {} (X) v {} (Y), {}: {} turns",
            g.index,
            g.x_name,
            g.y_name,
            end,
            g.moves.len()
        )
    }
}

fn steps_of(c: &Turn) -> Vec<(u8, u8)> {
    match c {
        Turn::Pick(_) | Turn::Cube(_) => Vec::new(),
        Turn::PickPlay(_, lp) | Turn::Play(lp) => {
            lp.play.steps().iter().map(|s| (s.from, s.to)).collect()
        }
    }
}

fn step(
    state: &GameState,
    played: Option<String>,
    played_steps: Vec<(u8, u8)>,
    best_steps: Vec<(u8, u8)>,
) -> Step {
    let n = state.numbers();
    Step {
        state: state_id::encode(state),
        board: board_view(state),
        side: state.to_move().to_string(),
        numbers: [
            n.current(ncbg::numbers::Side::X),
            n.current(ncbg::numbers::Side::Y),
        ],
        played,
        played_steps,
        best_steps,
    }
}

/// The settings of a review's analysis: the library's `preset`
/// (`default`, as `ncbg analyze`, or `quick`), with `depth` its deepest
/// depth when one is asked for.
pub fn settings(preset: &str, depth: Option<u32>) -> Result<AnalysisSettings, String> {
    analysis::output::settings(preset, depth, None, None, analysis::Thresholds::default())
}

/// Analyses a game with `settings`, turns covered by `tables` exactly, a
/// mark checked past the play's depth where `depths` (the match file's) say
/// how deep it went (blocking: run it off the async threads).
pub fn analyze(
    start: GameState,
    moves: Vec<String>,
    depths: Vec<Option<u32>>,
    settings: AnalysisSettings,
    tables: Vec<Arc<Table>>,
) -> Analysis {
    let net = NnEval::embedded();
    let mut searcher = Searcher::new(16, Box::new(NnEval::embedded()));
    searcher.set_tables(tables);
    match analysis::analyze_game_with(&mut searcher, &net, &start, &moves, &depths, &settings) {
        Ok(turns) => Analysis::Done {
            turns,
            settings: settings.describe(),
        },
        Err(e) => Analysis::Failed { error: e.0 },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_match_file_is_replayed_and_analysed() {
        let line = "game\tindex=0\tpair=0\tround=0\topening=pair:3-5\tx=a\ty=b\twinner=X\tkind=forfeit\tpoints=1\treason=illegal\tdetail=\tmoves=3 5 6:24/13 6:24/18(2),13/7(2)\tend";
        let text = format!("# ncbg-referee match file v1\nmeta\tengine0=a\n{line}\n");
        let mut r = Review::load("m.txt", &text).unwrap();
        let steps = r.steps(0).unwrap();
        assert_eq!(steps.len(), 5);
        assert_eq!(steps[0].state, "4HPwATDgc/ABMA:Xpick:x-y-:d22:k6");
        assert_eq!(steps[2].played_steps, [(24, 18), (18, 13)]);
        let a = analyze(
            r.start(0).unwrap(),
            r.games[0].moves.clone(),
            Vec::new(),
            settings("default", Some(1)).unwrap(),
            Vec::new(),
        );
        let Analysis::Done {
            turns,
            settings: used,
        } = &a
        else {
            panic!("{a:?}")
        };
        assert!(used.starts_with("analysis: custom (depth 1"), "{used}");
        // No depth: the library's default, named as such.
        assert_eq!(
            settings("default", None).unwrap(),
            AnalysisSettings::default()
        );
        assert!(settings("quick", None)
            .unwrap()
            .describe()
            .contains("quick"));
        assert!(settings("deep", None).is_err());
        assert_eq!(turns.len(), 2);
        r.analysis.insert(0, a);
        assert!(r.steps(0).is_ok());
        assert!(Review::load("x", "hello\n").is_err());
        assert!(r.steps(3).is_err());
    }

    /// With a table covering the game, every turn's verdict is exact, and
    /// the view's JSON says so (the page draws its badge from `exact`).
    #[test]
    fn covered_turns_are_exact_in_the_view_json() {
        use ncbg::board::Position;
        use ncbg::game::Phase;
        use ncbg::numbers::{Numbers, Side};
        use ncbg::tables::{solve, Space, Spec};
        let spec = Spec {
            space: Space::bearoff(2, 15),
            k: 3,
            credits: 0,
        };
        let table = Arc::new(Table::from_solved(solve(spec, 1, &|_| {}).unwrap()));
        let (mut x, mut y) = ([0u8; 25], [0u8; 25]);
        (x[5], x[1], y[3], y[2]) = (1, 1, 1, 1);
        let pos = Position::from_points(&x, &y, 15).unwrap();
        let numbers = Numbers::from_parts([Some(1), Some(2)], [0, 0]);
        let start = GameState::new(pos, Side::X, numbers, 3, Phase::Pick).unwrap();
        // Both sides play a worst choice to the end.
        let (mut s, mut moves) = (start, Vec::new());
        while !s.is_over() {
            let c = *table.choices(&s).unwrap().last().unwrap();
            moves.push(c.token(&s));
            s = c.turn.after(&s);
        }
        let line = format!(
            "game\tindex=0\tpair=0\tround=0\topening=state:{}\tx=a\ty=b\twinner=-\tkind=draw\tpoints=0\treason=max-turns\tdetail=\tmoves={}\tend",
            state_id::encode(&start),
            moves.join(" ")
        );
        let text = format!("# ncbg-referee match file v1\nmeta\tengine0=a\n{line}\n");
        let mut r = Review::load("m.txt", &text).unwrap();
        let a = analyze(
            r.start(0).unwrap(),
            moves.clone(),
            Vec::new(),
            settings("default", Some(1)).unwrap(),
            vec![table],
        );
        let json = serde_json::to_value(&a).unwrap();
        let turns = json["turns"].as_array().expect("done");
        assert_eq!(turns.len(), moves.len());
        assert!(turns.iter().all(|t| t["exact"] == true && t["depth"] == 0));
        r.analysis.insert(0, a);
        let plain = analyze(
            r.start(0).unwrap(),
            moves,
            Vec::new(),
            settings("default", Some(1)).unwrap(),
            Vec::new(),
        );
        let json = serde_json::to_value(&plain).unwrap();
        assert!(json["turns"]
            .as_array()
            .unwrap()
            .iter()
            .all(|t| t["exact"] == false));
    }
}
