//! What `ncbg analyze` reads and writes, without the I/O: the positions
//! file (one full-state ID a line), the analysis settings of a command
//! line, the per-player totals of a match, and the result lines in three
//! formats (a readable table, JSON lines, TSV), each output led by the line
//! of its settings. The binary reads the input, prints these lines
//! and draws the progress bar.

use super::{AnalysisSettings, PositionReport, Preset, Thresholds, Totals, TurnReport};
use crate::board::Stage;
use crate::game::GameState;
use crate::ids::state_id;
use crate::numbers::Side;
use serde::Serialize;
use std::collections::BTreeMap;

/// Output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// A readable table.
    Table,
    /// One JSON object a line.
    Json,
    /// Tab-separated values with a header line.
    Tsv,
}

/// The analysis settings of a command line: the preset (`default` or
/// `quick`), a depth that replaces the preset's, the node and time caps,
/// and the thresholds; settings other than a preset's are `custom`.
pub fn settings(
    preset: &str,
    depth: Option<u32>,
    nodes: Option<u64>,
    movetime_ms: Option<u64>,
    thresholds: Thresholds,
) -> Result<AnalysisSettings, String> {
    let mut s = AnalysisSettings::preset(preset)?;
    if let Some(d) = depth {
        s = s.with_depth(d)?;
    }
    if nodes == Some(0) || movetime_ms == Some(0) {
        return Err("--nodes and --movetime must be positive".into());
    }
    if nodes.is_some() || movetime_ms.is_some() || thresholds != Thresholds::default() {
        s.preset = Preset::Custom;
    }
    s.nodes = nodes;
    s.movetime_ms = movetime_ms;
    s.thresholds = thresholds;
    Ok(s)
}

impl Thresholds {
    /// Thresholds in millipoints: `error` must be positive and at most
    /// `blunder`; the tie margin stays below `error`.
    pub fn new(error: i32, blunder: i32) -> Result<Thresholds, String> {
        if error > blunder || error <= 0 {
            return Err("--error must be positive and at most --blunder".into());
        }
        Ok(Thresholds {
            error,
            blunder,
            tie: super::TIE_MARGIN.min(error - 1),
        })
    }
}

/// Why `text` is not a list of full-state IDs, when no line of it is one
/// (empty, only blank lines and comments, or something else): then the
/// input is not a list at all, and one error says so, quoting its first
/// line, rather than one error a line. `None` when some line is an ID (the
/// bad lines are then reported one by one).
pub fn not_a_list(text: &str) -> Option<String> {
    let mut lines = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'));
    let what = "not a referee match file, a gnubg .mat or a list of full-state IDs";
    match lines.clone().next() {
        None if text.trim().is_empty() => Some(format!("{what} (it is empty)")),
        None => Some(format!("{what} (only blank lines and comments)")),
        Some(first) if !lines.any(|l| state_id::decode(l).is_ok()) => Some(format!(
            "{what} (first line: '{}')",
            first.chars().take(40).collect::<String>()
        )),
        Some(_) => None,
    }
}

/// The positions of a positions file, each with its line number (from 1);
/// blank lines and `#` comments are skipped, a bad line or a finished game
/// is an error naming the line.
pub fn read_positions(text: &str) -> Vec<Result<(usize, GameState), String>> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        out.push(match state_id::decode(line) {
            Ok(s) if s.is_over() => Err(format!("line {}: the game is over", i + 1)),
            Ok(s) => Ok((i + 1, s)),
            Err(e) => Err(format!("line {}: {e}", i + 1)),
        });
    }
    out
}

impl Totals {
    /// Adds another game's totals.
    pub fn merge(&mut self, from: &Totals) {
        self.turns += from.turns;
        self.total_loss += from.total_loss;
        self.errors += from.errors;
        self.blunders += from.blunders;
        self.exact_turns += from.exact_turns;
        self.exact_loss += from.exact_loss;
        self.wins_thrown += from.wins_thrown;
        self.draws_thrown += from.draws_thrown;
        for (to, from) in self.stages.iter_mut().zip(&from.stages) {
            to.merge(from);
        }
    }
}

/// Adds a game's turns to the totals per player, by name (X's player is
/// `names[0]`, Y's `names[1]`); players keep the order they first appear in.
pub fn add_to_players(players: &mut Vec<(String, Totals)>, names: [&str; 2], turns: &[TurnReport]) {
    for (side, total) in super::totals(turns) {
        let name = names[usize::from(side == Side::Y)];
        match players.iter_mut().find(|(n, _)| n == name) {
            Some((_, t)) => t.merge(&total),
            None => players.push((name.to_string(), total)),
        }
    }
}

/// The first line of every output: the settings that produced it (a JSON
/// object `{"analysis": {...}, "description": ...}`; in a table or TSV a
/// `#` line with the description).
pub fn settings_line(format: Format, settings: &AnalysisSettings) -> String {
    match format {
        Format::Json => serde_json::json!({
            "analysis": {
                "preset": settings.preset.name(),
                "depth": settings.depth,
                "both_parities": settings.both_parities,
                "nodes": settings.nodes,
                "movetime_ms": settings.movetime_ms,
                "candidates": settings.candidates,
                "error": settings.thresholds.error,
                "blunder": settings.thresholds.blunder,
                "tie": settings.thresholds.tie,
            },
            "description": settings.describe(),
        })
        .to_string(),
        Format::Table | Format::Tsv => format!("# {}", settings.describe()),
    }
}

/// A note after the totals (a JSON object `{"note": ...}`, the note itself
/// in a table; none in TSV, whose notes go to stderr alone).
pub fn note_line(format: Format, note: &str) -> Option<String> {
    match format {
        Format::Json => Some(serde_json::json!({ "note": note }).to_string()),
        Format::Table => Some(note.to_string()),
        Format::Tsv => None,
    }
}

/// The TSV header line of a positions analysis.
pub const POSITIONS_TSV_HEADER: &str = "line\tstate\trank\tchoice\tscore\texact\tdepth\tnodes";
/// The TSV header line of a games analysis.
pub const GAMES_TSV_HEADER: &str =
    "game\tturn\tside\tplayer\tplayed\tplayed_score\tbest\tbest_score\tloss\tverdict\tdepth\texact\tstage\tcube_verdict\tplay_depth";

#[derive(Serialize)]
struct PositionLine<'a> {
    line: usize,
    #[serde(flatten)]
    report: &'a PositionReport,
}

/// The lines for one analysed position (from line `line` of the input).
pub fn position_lines(format: Format, line: usize, r: &PositionReport) -> Vec<String> {
    match format {
        Format::Json => {
            vec![serde_json::to_string(&PositionLine { line, report: r }).expect("serialisable")]
        }
        Format::Tsv => r
            .ranked
            .iter()
            .map(|alt| {
                format!(
                    "{line}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
                    r.state, alt.rank, alt.choice, alt.score, alt.exact, r.depth, r.nodes
                )
            })
            .collect(),
        Format::Table => {
            let mut out = vec![
                format!("line {line}  {}", r.state),
                format!("  depth {}  nodes {}", r.depth, r.nodes),
            ];
            for alt in &r.ranked {
                let exact = if alt.exact { " exact" } else { "" };
                out.push(format!(
                    "  {:>2}. {:<28} {:>6}{exact}",
                    alt.rank, alt.choice, alt.score
                ));
            }
            out
        }
    }
}

/// A game's number in an analysis's output: as its file numbers it (a
/// referee match file's `index=`, a `.mat`'s `Game N`) and, for a game of
/// a match to N points in a referee match file (whose games share their
/// match's `index=`), its number in that match (`game=`, from 0). Written
/// `3` or, in a match, `3.1` (match 3's second game); JSON gives `game` and
/// `match_game`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct GameNumber {
    /// The file's number of the game, or of its match.
    pub index: u64,
    /// The game's number within its match (from 0), if it is in one.
    pub in_match: Option<u32>,
}

impl std::fmt::Display for GameNumber {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.in_match {
            Some(g) => write!(f, "{}.{g}", self.index),
            None => write!(f, "{}", self.index),
        }
    }
}

#[derive(Serialize)]
struct TurnLine<'a> {
    game: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    match_game: Option<u32>,
    player: &'a str,
    #[serde(flatten)]
    turn: &'a TurnReport,
}

/// The line for one analysed turn of game `game`, played by `player`.
pub fn turn_line(format: Format, game: GameNumber, player: &str, t: &TurnReport) -> String {
    match format {
        Format::Json => serde_json::to_string(&TurnLine {
            game: game.index,
            match_game: game.in_match,
            player,
            turn: t,
        })
        .expect("serialisable"),
        Format::Tsv => format!(
            "{game}\t{}\t{}\t{player}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
            t.turn,
            t.side,
            t.played,
            t.played_score,
            t.best,
            t.best_score,
            t.loss,
            t.verdict.name(),
            t.depth,
            t.exact,
            t.stage,
            t.cube.as_ref().map_or("", |c| c.verdict.as_str()),
            t.play_depth.map_or(String::new(), |d| d.to_string())
        ),
        Format::Table => {
            let mark = match t.verdict.name() {
                "ok" => "",
                "error" => "  ? error",
                _ => "  ?? blunder",
            };
            let exact = if t.exact { "  exact" } else { "" };
            let shallower = match t.play_depth {
                Some(p) if p > t.depth && !t.exact => {
                    format!(
                        "  (depth {}, the play's {p}: shallower than the play)",
                        t.depth
                    )
                }
                _ => String::new(),
            };
            if let Some(c) = &t.cube {
                let what = if c.in_match { "emg" } else { "equity" };
                return format!(
                    "game {game} turn {:>3} {} {:<10} cube   {:<26} best {:<26} loss {:>5}{mark}  [{}: {what} no-double {}, double/take {}, double/pass {}]",
                    t.turn, t.side, player, t.played, t.best, t.loss, c.verdict, c.no_double, c.double_take, c.double_pass
                );
            }
            format!(
                "game {game} turn {:>3} {} {:<10} played {:<26} best {:<26} loss {:>5}{exact}{mark}{shallower}",
                t.turn, t.side, player, t.played, t.best, t.loss
            )
        }
    }
}

#[derive(Serialize)]
struct TotalsLine<'a> {
    totals: &'a str,
    turns: usize,
    total_loss: i64,
    error_rate: f64,
    errors: usize,
    blunders: usize,
    exact_turns: usize,
    exact_loss: i64,
    wins_thrown: usize,
    draws_thrown: usize,
    cube_decisions: usize,
    cube_loss: i64,
    cube_errors: usize,
    cube_blunders: usize,
    stages: BTreeMap<&'static str, StageLine>,
}

#[derive(Serialize)]
struct StageLine {
    turns: usize,
    total_loss: i64,
    error_rate: f64,
    errors_and_blunders: usize,
}

/// The line of a player's totals (none in TSV).
pub fn totals_line(format: Format, name: &str, t: &Totals) -> Option<String> {
    match format {
        Format::Json => Some(
            serde_json::to_string(&TotalsLine {
                totals: name,
                turns: t.turns,
                total_loss: t.total_loss,
                error_rate: t.error_rate(),
                errors: t.errors,
                blunders: t.blunders,
                exact_turns: t.exact_turns,
                exact_loss: t.exact_loss,
                wins_thrown: t.wins_thrown,
                draws_thrown: t.draws_thrown,
                cube_decisions: t.cube_decisions,
                cube_loss: t.cube_loss,
                cube_errors: t.cube_errors,
                cube_blunders: t.cube_blunders,
                stages: Stage::ALL
                    .iter()
                    .map(|s| {
                        let st = &t.stages[s.index()];
                        let line = StageLine {
                            turns: st.turns,
                            total_loss: st.total_loss,
                            error_rate: st.error_rate(),
                            errors_and_blunders: st.errors_and_blunders,
                        };
                        (s.name(), line)
                    })
                    .collect(),
            })
            .expect("serialisable"),
        ),
        Format::Tsv => None,
        Format::Table => {
            let mut line = format!(
                "{name}: {} turns, error rate {:.1} mp/turn, {} errors, {} blunders",
                t.turns,
                t.error_rate(),
                t.errors,
                t.blunders
            );
            if t.cube_decisions > 0 {
                line.push_str(&format!(
                    "; cube: {} decisions, {} mp lost, {} errors, {} blunders",
                    t.cube_decisions, t.cube_loss, t.cube_errors, t.cube_blunders
                ));
            }
            if t.exact_turns > 0 {
                line.push_str(&format!(
                    "; exact: {} turns, {} mp lost, {} wins thrown, {} draws thrown",
                    t.exact_turns, t.exact_loss, t.wins_thrown, t.draws_thrown
                ));
            }
            let stages: Vec<String> = Stage::ALL
                .iter()
                .filter(|s| t.stages[s.index()].turns > 0)
                .map(|s| {
                    let st = &t.stages[s.index()];
                    format!(
                        "{s} {} turns {:.1} mp/turn {} errors or blunders",
                        st.turns,
                        st.error_rate(),
                        st.errors_and_blunders
                    )
                })
                .collect();
            if !stages.is_empty() {
                line.push_str(&format!("; by stage: {}", stages.join(", ")));
            }
            Some(line)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::not_a_list;

    #[test]
    fn an_input_with_no_full_state_id_is_not_a_list() {
        let e = not_a_list("").unwrap();
        assert!(e.starts_with("not a referee match file") && e.ends_with("(it is empty)"));
        assert!(not_a_list("\n  \n").unwrap().ends_with("(it is empty)"));
        assert!(not_a_list("# ids\n\n")
            .unwrap()
            .contains("only blank lines and comments"));
        assert!(not_a_list("hello world\n")
            .unwrap()
            .contains("(first line: 'hello world')"));
        assert_eq!(not_a_list("junk\n4HPwATDgc/ABMA:Xpick:x3y5:d22:k6\n"), None);
    }

    use super::*;

    #[test]
    fn positions_file_lines() {
        let text = "# comment\n\n4HPwATDgc/ABMA:Xplay:x6y5:d22:k6\nnot-an-id\n";
        let items = read_positions(text);
        assert_eq!(items.len(), 2);
        assert_eq!(items[0].as_ref().unwrap().0, 3);
        assert!(items[1].as_ref().unwrap_err().starts_with("line 4: "));
    }

    #[test]
    fn settings_and_thresholds() {
        let t = Thresholds::default();
        assert_eq!(
            settings("default", None, None, None, t),
            Ok(AnalysisSettings::default())
        );
        assert_eq!(
            settings("quick", None, None, None, t),
            Ok(AnalysisSettings::quick())
        );
        let c = settings("default", None, Some(100), None, t).unwrap();
        assert_eq!((c.preset, c.nodes), (Preset::Custom, Some(100)));
        assert!(settings("default", Some(0), None, None, t).is_err());
        assert!(settings("default", None, Some(0), None, t).is_err());
        assert!(settings("slow", None, None, None, t).is_err());
        let strict = Thresholds::new(50, 100).unwrap();
        assert_eq!(
            settings("default", None, None, None, strict)
                .unwrap()
                .preset,
            Preset::Custom
        );
        assert!(Thresholds::new(80, 160).is_ok());
        assert!(Thresholds::new(0, 160).is_err());
        assert!(Thresholds::new(200, 160).is_err());
    }
}
