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

/// Writes a whole match file: the header and the games.
pub fn write(path: &Path, header: &Header, games: &[GameRecord]) -> Result<(), String> {
    std::fs::write(path, MatchFile::to_text(header, games)).map_err(|e| io_error(path, e))
}

/// Checks that a file's header describes the same match as `new`: every
/// setting that defines it (engines, commands, options, limits, rules,
/// openings, schedule, shard). The error names the first field that differs.
pub fn check_header(old: &Header, new: &Header) -> Result<(), String> {
    for (key, value) in &new.entries {
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
    if let Some((key, value)) = old.entries.iter().find(|(k, _)| new.get(k).is_none()) {
        return Err(format!(
            "its {key} is '{value}', this run has none (nothing written)"
        ));
    }
    Ok(())
}

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
        let exists = std::fs::metadata(path)
            .map(|m| m.len() > 0)
            .unwrap_or(false);
        if exists && !resume {
            return Err(format!(
                "{} exists: use --resume to continue it",
                path.display()
            ));
        }
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
        let mut file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|e| io_error(path, e))?;
        if !exists {
            file.write_all(header.to_text().as_bytes())
                .and_then(|_| file.flush())
                .map_err(|e| io_error(path, e))?;
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
