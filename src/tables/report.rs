//! What `ncbg tables` prints, built here so that the binary only reads its
//! arguments and writes lines: a probe's answer (text and JSON), the values
//! of a Hypergammon table's initial pairs, a folder's files as JSON, and
//! sizes in words.

use super::folder::{describe, Content, FolderFile};
use super::probe::{Choice, Exact, Table};
use super::Value;
use crate::board::Variant;
use crate::game::GameState;
use crate::ids::state_id;
use crate::numbers::NumberRules;
use std::path::Path;

/// A probed state: its exact value and every choice's.
pub struct ProbeAnswer {
    /// The state's full-state ID.
    pub id: String,
    /// Its exact value.
    pub exact: Exact,
    /// Each choice (best first), with the ID of the state it leads to.
    pub choices: Vec<(Choice, String, String)>,
}

impl ProbeAnswer {
    /// Probes `state` in `table`; errors name the state's ID.
    pub fn new(table: &Table, state: &GameState) -> Result<ProbeAnswer, String> {
        let id = state_id::encode(state);
        let exact = table.probe(state).map_err(|e| format!("state {id}: {e}"))?;
        let choices = table
            .choices(state)
            .map_err(|e| format!("state {id}: {e}"))?
            .into_iter()
            .map(|c| {
                let token = c.token(state);
                let next = state_id::encode(&c.turn.after(state));
                (c, token, next)
            })
            .collect();
        Ok(ProbeAnswer { id, exact, choices })
    }

    fn optimal(&self, c: &Choice) -> bool {
        c.exact.value == self.exact.value
    }

    /// One JSON object: the state, its value, draw, turns, and every
    /// choice with its value, turns, whether it is optimal and its state.
    pub fn json(&self) -> serde_json::Value {
        let list: Vec<serde_json::Value> = self
            .choices
            .iter()
            .map(|(c, token, next)| {
                serde_json::json!({
                    "choice": token,
                    "value": c.exact.value.points(),
                    "turns": c.exact.rank,
                    "optimal": self.optimal(c),
                    "state": next,
                })
            })
            .collect();
        serde_json::json!({
            "state": self.id,
            "value": self.exact.value.points(),
            "draw": self.exact.value == Value::Draw,
            "turns": self.exact.rank,
            "choices": list,
        })
    }

    /// The text lines: `state ID` (when `with_id`), `value V turns T`,
    /// then `best TOKEN turns T` for each optimal choice, or with `all`
    /// every choice as `best   TOKEN value V turns T -> ID` (`choice` for
    /// the others).
    pub fn lines(&self, with_id: bool, all: bool) -> Vec<String> {
        let mut out = Vec::new();
        if with_id || all {
            out.push(format!("state {}", self.id));
        }
        out.push(format!(
            "value {} turns {}",
            self.exact.value.points(),
            self.exact.rank
        ));
        for (c, token, next) in &self.choices {
            let optimal = self.optimal(c);
            if all {
                out.push(format!(
                    "{} {token} value {} turns {} -> {next}",
                    if optimal { "best  " } else { "choice" },
                    c.exact.value.points(),
                    c.exact.rank
                ));
            } else if optimal {
                out.push(format!("best {token} turns {}", c.exact.rank));
            }
        }
        out
    }
}

/// The game's value and every initial pair's of a Hypergammon table (from
/// X's side): `game value for X (turn 0 included): V`, then a row
/// `x0=N: ...` per X's number (`.` where both pick the same). Empty for
/// any other table.
pub fn initial_pairs(table: &Table) -> Result<Vec<String>, String> {
    let spec = table.spec();
    if spec.space.total != Variant::Hypergammon.checkers_per_side() {
        return Ok(Vec::new());
    }
    let start = GameState::start(
        Variant::Hypergammon,
        NumberRules::new(spec.k, spec.credits)?,
    );
    let mut out = vec![format!(
        "game value for X (turn 0 included): {}",
        table.probe(&start)?.value
    )];
    for x0 in 1..=spec.k {
        let row: Vec<String> = (1..=spec.k)
            .map(|y0| {
                if x0 == y0 {
                    return "  .".to_string();
                }
                let s = start.after_opening_pick(x0).after_opening_pick(y0);
                table
                    .probe(&s)
                    .map_or_else(|e| e, |e| format!("{:>3}", e.value.to_string()))
            })
            .collect();
        out.push(format!("x0={x0}: {}", row.join(" ")));
    }
    Ok(out)
}

/// One file of `ncbg tables list --json`.
pub fn folder_file_json(folder: &Path, f: &FolderFile) -> serde_json::Value {
    let mut row = serde_json::json!({
        "folder": folder.display().to_string(),
        "file": f.name(),
        "bytes": f.bytes,
    });
    match &f.content {
        Content::Table(h) => {
            let spec = h.spec;
            row["states"] = h.entries.into();
            row["kind"] = spec.space.kind.name().into();
            row["n"] = spec.space.max_on_board.into();
            row["total"] = spec.space.total.into();
            row["k"] = spec.k.into();
            row["credits"] = spec.credits.into();
            row["description"] = describe(&spec).into();
        }
        Content::BadTable(why) => {
            row["error"] = format!("bad table: {}", without_path(why, f)).into();
        }
        Content::NotTable(why) => row["error"] = format!("not a table: {why}").into(),
    }
    row
}

/// What a folder's file is, in words, for `ncbg tables list`: `N states
/// DESCRIPTION` (the count right-aligned to `states_width`), `bad table:
/// WHY` or `not a table: WHY`.
pub fn folder_file_text(f: &FolderFile, states_width: usize) -> String {
    match &f.content {
        Content::Table(h) => {
            format!("{:>states_width$} states  {}", h.entries, describe(&h.spec))
        }
        Content::BadTable(why) => format!("bad table: {}", without_path(why, f)),
        Content::NotTable(why) => format!("not a table: {why}"),
    }
}

/// A reason without the leading `<path>: ` the library puts there (the
/// listing names the file already).
fn without_path<'a>(why: &'a str, f: &FolderFile) -> &'a str {
    why.strip_prefix(&format!("{}: ", f.path.display()))
        .unwrap_or(why)
}

/// A size in bytes for people: `812 B`, `4.1 kB`, `193.2 MB`, `3.9 GB`
/// (powers of 1000).
pub fn human_size(bytes: u64) -> String {
    let b = bytes as f64;
    if bytes < 1000 {
        format!("{bytes} B")
    } else if b < 1e6 {
        format!("{:.1} kB", b / 1e3)
    } else if b < 1e9 {
        format!("{:.1} MB", b / 1e6)
    } else {
        format!("{:.1} GB", b / 1e9)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_in_words() {
        assert_eq!(human_size(812), "812 B");
        assert_eq!(human_size(4_100), "4.1 kB");
        assert_eq!(human_size(193_200_000), "193.2 MB");
        assert_eq!(human_size(3_900_000_000), "3.9 GB");
    }
}
