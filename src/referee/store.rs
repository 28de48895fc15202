//! The match file on disk: created with its header, or resumed after its
//! last complete line; each finished game appended and flushed at once.

use crate::matchfile::{GameRecord, Header, MatchFile};
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::Path;

fn io_error(path: &Path, e: std::io::Error) -> String {
    format!("{}: {e}", path.display())
}

/// Reads a match file (bytes that are not UTF-8 are replaced).
pub fn read(path: &Path) -> Result<MatchFile, String> {
    let bytes = std::fs::read(path).map_err(|e| io_error(path, e))?;
    Ok(MatchFile::parse(&String::from_utf8_lossy(&bytes)))
}

/// Refuses to overwrite `path` when it exists with contents (an empty file
/// holds nothing to lose): the error says what to do instead (`hint`, e.g.
/// `use --resume to continue it`).
pub fn refuse_existing(path: &Path, hint: &str) -> Result<(), String> {
    if std::fs::metadata(path).is_ok_and(|m| m.len() > 0) {
        return Err(format!("{} exists: {hint}", path.display()));
    }
    Ok(())
}

/// Writes a whole match file: the header and the games.
pub fn write(path: &Path, header: &Header, games: &[GameRecord]) -> Result<(), String> {
    std::fs::write(path, MatchFile::to_text(header, games)).map_err(|e| io_error(path, e))
}

/// Checks that a file's header describes the same match as `new`: every
/// setting that defines it (engines, commands, options, limits, rules,
/// openings, schedule, shard). The error names the first field that differs.
///
/// An openings file is known by its contents (`openings-hash`): where both
/// headers have one, the hashes must agree and the path may be spelled
/// otherwise; a file written before the hash existed is checked by its
/// path alone (`openings`).
pub fn check_header(old: &Header, new: &Header) -> Result<(), String> {
    const HASH: &str = "openings-hash";
    let hashed = old.get(HASH).is_some() && new.get(HASH).is_some();
    // A tournament's anchor sets how it is reported, not what is played.
    let entries = |h: &Header| -> Vec<(String, String)> {
        h.entries
            .iter()
            .filter(|(k, _)| k != "anchor")
            .cloned()
            .collect()
    };
    let (old_entries, new_entries) = (entries(old), entries(new));
    for (key, value) in &new_entries {
        if key == HASH && !hashed {
            continue;
        }
        if key == HASH && old.get(key) != Some(value) {
            return Err(format!(
                "its openings file's contents (its {key} '{}') are not this run's openings file's ('{value}'): the file was edited or is another (nothing written)",
                old.get(key).unwrap_or("")
            ));
        }
        if key == "openings" && hashed && old.get(HASH) == new.get(HASH) {
            let is_file = |h: &Header| h.get(key).is_some_and(|v| v.starts_with("file "));
            if is_file(old) && is_file(new) {
                continue;
            }
        }
        match old.get(key) {
            Some(v) if v == value => {}
            Some(v) => {
                return Err(format!(
                    "its {key} is '{v}', this run's is '{value}' (nothing written)"
                ))
            }
            None => {
                return Err(format!(
                    "it has no {key} (written by another version?), this run's is '{value}' (nothing written)"
                ))
            }
        }
    }
    // A key only the file has (`repeat=off`, `tournament`) is a setting this
    // run does not share.
    if let Some((key, value)) = old_entries.iter().find(|(k, _)| new.get(k).is_none()) {
        return Err(format!(
            "its {key} is '{value}', this run has none (nothing written)"
        ));
    }
    Ok(())
}

/// What to do about an existing match file: continue it.
pub const RESUME_HINT: &str = "use --resume to continue it";

/// An open match file, appending.
pub struct Store {
    file: File,
}

impl Store {
    /// Opens `path` for a match. A missing or empty file is created with
    /// `header`. An existing one is refused unless `resume`; when resuming, a
    /// last line cut short (no newline) is removed and the file's contents are
    /// returned so the caller can skip its finished games.
    pub fn open(path: &Path, header: &Header, resume: bool) -> Result<(Store, MatchFile), String> {
        if !resume {
            refuse_existing(path, RESUME_HINT)?;
        }
        let exists = std::fs::metadata(path).is_ok_and(|m| m.len() > 0);
        let mut old = MatchFile::default();
        if exists {
            old = read(path)?;
            check_header(&old.header, header)
                .map_err(|e| format!("{}: cannot resume: {e}", path.display()))?;
            if old.broken_lines > 0 {
                // Rewritten whole (through a new file renamed over it, so a
                // kill leaves either file complete): header and games only.
                log::warn!(
                    "{}: {} incomplete game line(s) removed",
                    path.display(),
                    old.broken_lines
                );
                let fresh = path.with_extension("resume-tmp");
                write(&fresh, &old.header, &old.games)?;
                std::fs::rename(&fresh, path).map_err(|e| io_error(path, e))?;
            } else {
                let f = OpenOptions::new()
                    .write(true)
                    .open(path)
                    .map_err(|e| io_error(path, e))?;
                f.set_len(old.complete_len as u64)
                    .map_err(|e| io_error(path, e))?;
            }
        }
        let existed = std::fs::symlink_metadata(path).is_ok();
        let mut file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|e| io_error(path, e))?;
        if !exists {
            if let Err(e) = file
                .write_all(header.to_text().as_bytes())
                .and_then(|_| file.flush())
            {
                // A header cut short (a full disk) would be a file neither a
                // new run nor a resume accepts: it goes (a file created here)
                // or is emptied again (an empty one; a device is left alone).
                if existed {
                    let _ = file.set_len(0);
                } else {
                    let _ = std::fs::remove_file(path);
                }
                return Err(format!(
                    "{}: cannot write the match file ({e}): nothing written",
                    path.display()
                ));
            }
            old.header = header.clone();
        }
        Ok((Store { file }, old))
    }

    /// Appends a finished game and flushes it. The line and its newline go
    /// in one write, so a kill between two writes cannot leave the record
    /// whole but without its newline (which a resume takes for a line cut
    /// short and plays again).
    pub fn append(&mut self, game: &GameRecord) -> std::io::Result<()> {
        let mut line = game.to_line();
        line.push('\n');
        self.file.write_all(line.as_bytes())?;
        self.file.flush()
    }
}

/// The games a run could not write to its match file (a full disk, say),
/// and what that means for the run: at the first failed write no new game
/// is started (a game that cannot be recorded would be played for
/// nothing); the games under way end and are still offered to the file;
/// the run then fails, naming the games lost, which `--resume` plays again.
#[derive(Debug, Default)]
pub struct WriteFailures {
    /// Indices of the games not written, in the order they failed.
    pub games: Vec<u64>,
    /// The first error.
    pub first_error: Option<String>,
}

impl WriteFailures {
    /// Notes that game `index` could not be written.
    pub fn failed(&mut self, index: u64, error: String) {
        self.games.push(index);
        self.first_error.get_or_insert(error);
    }

    /// Whether new games may start: only while every write succeeded.
    pub fn go_on(&self) -> bool {
        self.games.is_empty()
    }

    /// The run's error when a write failed (the file at `path`): the games
    /// lost and how to play them again.
    pub fn failure(&self, path: Option<&Path>) -> Option<String> {
        let error = self.first_error.as_ref()?;
        let list: Vec<String> = self.games.iter().map(u64::to_string).collect();
        let file = path.map_or(String::new(), |p| format!("{}: ", p.display()));
        Some(format!(
            "{file}cannot write the match file ({error}): stopped starting games; {} finished game(s) not recorded (index {}): once it can be written, run the same command with --resume to play them again",
            self.games.len(),
            list.join(", ")
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header(entries: &[(&str, &str)]) -> Header {
        Header {
            entries: entries
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        }
    }

    #[test]
    fn an_openings_file_is_checked_by_its_contents() {
        let new = header(&[
            ("k", "6"),
            ("openings", "file ./o.txt"),
            ("openings-hash", "fnv1a64:1"),
        ]);
        // The same contents under another spelling of the path.
        let old = header(&[
            ("k", "6"),
            ("openings", "file o.txt"),
            ("openings-hash", "fnv1a64:1"),
        ]);
        assert_eq!(check_header(&old, &new), Ok(()));
        // Edited contents, same path.
        let edited = header(&[
            ("k", "6"),
            ("openings", "file ./o.txt"),
            ("openings-hash", "fnv1a64:2"),
        ]);
        let e = check_header(&edited, &new).unwrap_err();
        assert!(e.contains("openings file's contents"), "{e}");
        // A file written before the hash: the path decides.
        let older = header(&[("k", "6"), ("openings", "file ./o.txt")]);
        assert_eq!(check_header(&older, &new), Ok(()));
        let elsewhere = header(&[("k", "6"), ("openings", "file o.txt")]);
        let e = check_header(&elsewhere, &new).unwrap_err();
        assert!(e.contains("its openings is 'file o.txt'"), "{e}");
        // The anchor is the report's: it may differ or be missing.
        let mut anchored = old.clone();
        anchored.set("anchor", "a=100");
        assert_eq!(check_header(&anchored, &new), Ok(()));
        // Any other field still counts.
        let other_k = header(&[
            ("k", "5"),
            ("openings", "file o.txt"),
            ("openings-hash", "fnv1a64:1"),
        ]);
        assert!(check_header(&other_k, &new)
            .unwrap_err()
            .contains("its k is '5'"));
    }

    #[test]
    fn a_failed_write_stops_new_games_and_names_the_lost_ones() {
        let mut w = WriteFailures::default();
        assert!(w.go_on());
        assert_eq!(w.failure(None), None);
        w.failed(4, "No space left on device".into());
        assert!(!w.go_on());
        w.failed(5, "another".into());
        let e = w.failure(Some(Path::new("m.txt"))).unwrap();
        assert!(
            e.starts_with("m.txt: cannot write the match file (No space left on device)"),
            "{e}"
        );
        assert!(
            e.contains("2 finished game(s) not recorded (index 4, 5)"),
            "{e}"
        );
        assert!(e.contains("--resume"), "{e}");
    }

    /// A full device: the header cannot be written, the error says so, and
    /// the device is not removed (only a file the store created would be).
    #[cfg(target_os = "linux")]
    #[test]
    fn a_header_on_a_full_device_fails_and_leaves_the_device() {
        let full = Path::new("/dev/full");
        if !full.exists() {
            return;
        }
        let header = header(&[("k", "6")]);
        let e = Store::open(full, &header, false).err().expect("a failure");
        assert!(
            e.starts_with("/dev/full: cannot write the match file (")
                && e.ends_with("nothing written"),
            "{e}"
        );
        assert!(full.exists(), "/dev/full was removed");
    }

    #[test]
    fn an_existing_file_is_refused_with_the_hint() {
        let dir = std::env::temp_dir().join(format!("ncbg-store-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("m.txt");
        assert!(refuse_existing(&path, "use --force").is_ok());
        std::fs::write(&path, "").unwrap();
        assert!(refuse_existing(&path, "use --force").is_ok());
        std::fs::write(&path, "x").unwrap();
        let e = refuse_existing(&path, "use --force").unwrap_err();
        assert_eq!(e, format!("{} exists: use --force", path.display()));
        let _ = std::fs::remove_dir_all(dir);
    }
}
