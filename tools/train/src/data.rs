//! The self-play data file (`tools/train/README.md`): a header line, then one
//! line per finished game:
//!
//! ```text
//! ncbg-selfplay 1 seed=1 games=100 depth=2 nodes=0 explore=6 temperature=100 max_turns=300 shard=0/1 net=3f2a...
//! game 17 result -2 states 4HPwATDgc/ABMA:Xpick:x3y5:d22:k6=35 ... end
//! ```
//!
//! `result` is the points X won (negative when Y won; 0 for a game stopped at
//! the turn cap). Each state is a full-state ID, `=`, and the search's score
//! for its side to move in millipoints. A game line is written and flushed
//! whole; a line without its final `end` is a game cut short by a crash,
//! which `--resume` removes and plays again, and which reading reports.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use ncbg::game::GameState;
use ncbg::ids::state_id;
use std::collections::{BTreeMap, HashSet};
use std::fmt::Write as _;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;

/// The first word of the header line.
pub const MAGIC: &str = "ncbg-selfplay";
/// The format version.
pub const VERSION: u32 = 1;

/// One recorded game.
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    pub index: u64,
    /// Points X won.
    pub result: i32,
    /// Each state met at the start of a turn, with the search's score.
    pub states: Vec<(GameState, i32)>,
}

impl Game {
    /// The game's line, without the newline.
    pub fn to_line(&self) -> String {
        let mut s = format!("game {} result {} states", self.index, self.result);
        for (state, score) in &self.states {
            let _ = write!(s, " {}={score}", state_id::encode(state));
        }
        s.push_str(" end");
        s
    }

    /// Reads a game line; the error says what is wrong with it.
    pub fn parse(line: &str) -> Result<Game, String> {
        let mut words = line.split(' ');
        let mut expect = |w: &str| match words.next() {
            Some(x) if x == w => Ok(()),
            other => Err(format!("expected '{w}', found '{}'", other.unwrap_or(""))),
        };
        expect("game")?;
        let rest: Vec<&str> = line.split(' ').collect();
        if rest.last() != Some(&"end") {
            return Err("truncated game line (no final 'end')".into());
        }
        if rest.len() < 6 || rest[2] != "result" || rest[4] != "states" {
            return Err("expected 'game <n> result <points> states ... end'".into());
        }
        let index = rest[1]
            .parse()
            .map_err(|_| format!("bad game number '{}'", rest[1]))?;
        let result: i32 = rest[3]
            .parse()
            .map_err(|_| format!("bad result '{}'", rest[3]))?;
        if result.abs() > 3 {
            return Err(format!("result {result} is not a game's points"));
        }
        let mut states = Vec::with_capacity(rest.len() - 6);
        for item in &rest[5..rest.len() - 1] {
            let (id, score) = item
                .rsplit_once('=')
                .ok_or_else(|| format!("'{item}' is not <state-id>=<score>"))?;
            let state = state_id::decode(id).map_err(|e| format!("state '{id}': {e}"))?;
            let score: i32 = score
                .parse()
                .map_err(|_| format!("bad score in '{item}'"))?;
            states.push((state, score));
        }
        Ok(Game {
            index,
            result,
            states,
        })
    }
}

/// A data file's content.
#[derive(Debug, Default)]
pub struct DataFile {
    pub header: String,
    pub games: Vec<Game>,
    /// Bytes up to the end of the last complete line.
    pub complete_len: usize,
    /// Lines that are not games (line number, why), the cut-short last line
    /// among them.
    pub bad: Vec<(usize, String)>,
}

impl DataFile {
    /// Reads a data file's text.
    pub fn parse(text: &str) -> Result<DataFile, String> {
        let mut out = DataFile::default();
        let mut offset = 0;
        for (i, raw) in text.split_inclusive('\n').enumerate() {
            let complete = raw.ends_with('\n');
            let line = raw.trim_end_matches('\n');
            if i == 0 {
                if !line.starts_with(&format!("{MAGIC} {VERSION} ")) {
                    return Err(format!(
                        "not a self-play data file (its first line should start '{MAGIC} {VERSION}')"
                    ));
                }
                out.header = line.to_string();
            } else if !line.is_empty() {
                if !complete {
                    out.bad
                        .push((i + 1, "last line has no newline (cut short)".into()));
                } else {
                    match Game::parse(line) {
                        Ok(g) => out.games.push(g),
                        Err(e) => out.bad.push((i + 1, e)),
                    }
                }
            }
            offset += raw.len();
            let bad = out.bad.last().is_some_and(|(n, _)| *n == i + 1);
            if complete && !bad {
                out.complete_len = offset;
            }
        }
        Ok(out)
    }
}

/// Reads a data file for training: any bad or cut-short line is an error
/// naming the file and the line (never a silent partial read).
pub fn read_for_training(path: &std::path::Path) -> Result<Vec<Game>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let data = DataFile::parse(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    if let Some((line, why)) = data.bad.first() {
        return Err(format!(
            "{}: line {line}: {why} ({} bad line(s); finish the file with selfplay --resume)",
            path.display(),
            data.bad.len()
        ));
    }
    Ok(data.games)
}

/// Opens the data file `path` to add games to: a new file gets `header`;
/// an existing one needs `resume` and the same header (the error names the
/// first field that differs), and loses a game cut short at its end.
/// Returns the file, open to append, and the indices of the games it holds.
pub fn open_to_append(
    path: &Path,
    header: &str,
    resume: bool,
) -> Result<(File, HashSet<u64>), String> {
    let at = |e: std::io::Error| format!("{}: {e}", path.display());
    let mut done = HashSet::new();
    if std::fs::metadata(path).is_ok_and(|m| m.len() > 0) {
        if !resume {
            return Err(format!(
                "{} exists: use --resume to finish it",
                path.display()
            ));
        }
        let text = std::fs::read_to_string(path).map_err(at)?;
        let data = DataFile::parse(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        if data.header != header {
            let theirs: Vec<&str> = data.header.split(' ').collect();
            let field = header
                .split(' ')
                .zip(theirs.iter().chain(std::iter::repeat(&"")))
                .find(|(a, b)| a != *b)
                .map_or("header".to_string(), |(a, _)| {
                    a.split('=').next().unwrap_or(a).to_string()
                });
            return Err(format!(
                "{}: cannot resume: its {field} differs from this run's (file: '{}')",
                path.display(),
                data.header
            ));
        }
        let lines = text[..data.complete_len].lines().count();
        if let Some((line, why)) = data.bad.iter().find(|(n, _)| *n <= lines) {
            return Err(format!(
                "{}: line {line}: {why}: the file is damaged, not resumable",
                path.display()
            ));
        }
        if !data.bad.is_empty() {
            crate::errln!(
                "{}: removing the game cut short at line {}",
                path.display(),
                data.bad[0].0
            );
        }
        OpenOptions::new()
            .write(true)
            .open(path)
            .and_then(|f| f.set_len(data.complete_len as u64))
            .map_err(at)?;
        done.extend(data.games.iter().map(|g| g.index));
    } else {
        std::fs::write(path, format!("{header}\n")).map_err(at)?;
    }
    let file = OpenOptions::new().append(true).open(path).map_err(at)?;
    Ok((file, done))
}

/// Makes the games `todo` (`make(index)`) on `jobs` threads and appends
/// them to `file` (the data file `path`) in `todo`'s order, whatever order
/// they finish in, each line flushed whole; a progress bar named `what` on
/// stderr. Returns the number of games written.
pub fn write_games(
    file: &mut File,
    path: &Path,
    todo: &[u64],
    jobs: usize,
    what: &str,
    make: impl Fn(u64) -> Game + Sync,
) -> Result<u64, String> {
    let bar = ProgressBar::with_draw_target(Some(todo.len() as u64), ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template(&format!(
            "{what} {{bar:30}} {{pos}}/{{len}} games {{elapsed}} eta {{eta}}"
        ))
        .expect("template"),
    );
    let next = AtomicU64::new(0);
    let (tx, rx) = mpsc::channel::<(usize, Game)>();
    let written = std::thread::scope(|s| -> Result<u64, String> {
        for _ in 0..jobs.max(1) {
            let (tx, next, make) = (tx.clone(), &next, &make);
            s.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed) as usize;
                if i >= todo.len() {
                    break;
                }
                if tx.send((i, make(todo[i]))).is_err() {
                    break;
                }
            });
        }
        drop(tx);
        let mut pending = BTreeMap::new();
        let mut want = 0usize;
        let mut written = 0u64;
        for (i, game) in rx {
            pending.insert(i, game);
            while let Some(game) = pending.remove(&want) {
                writeln!(file, "{}", game.to_line())
                    .and_then(|_| file.flush())
                    .map_err(|e| format!("{}: {e}", path.display()))?;
                want += 1;
                written += 1;
                bar.inc(1);
            }
        }
        Ok(written)
    })?;
    bar.finish_and_clear();
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Game {
        let mut g = GameState::standard();
        let s0 = g;
        g.pick(3).unwrap();
        Game {
            index: 4,
            result: -2,
            states: vec![(s0, 12), (g, -340)],
        }
    }

    #[test]
    fn line_round_trip() {
        let g = sample();
        assert_eq!(Game::parse(&g.to_line()).unwrap(), g);
    }

    #[test]
    fn bad_and_cut_lines_are_reported() {
        let line = sample().to_line();
        let text = format!(
            "{MAGIC} {VERSION} seed=1\n{line}\n{}\n{}",
            &line[..line.len() - 4],
            &line[..line.len() - 10]
        );
        let d = DataFile::parse(&text).unwrap();
        assert_eq!(d.games.len(), 1);
        assert_eq!(d.bad.len(), 2);
        assert_eq!(d.bad[0].0, 3);
        assert!(d.bad[0].1.contains("truncated"), "{:?}", d.bad);
        assert!(d.bad[1].1.contains("cut short"), "{:?}", d.bad);
        // The complete part ends with the last good line.
        assert!(text[..d.complete_len].ends_with(&format!("{line}\n")));
        assert!(DataFile::parse("hello\n").is_err());
    }
}
