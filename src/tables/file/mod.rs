//! Table files: a text header, the entries, a checksum over both.
//!
//! The format is documented in `protocol/tables-format.md`. Reading checks
//! everything before answering anything: the magic line, every header
//! field against the table it describes, the exact body length (a cut file
//! is refused) and the checksum (a corrupted one is refused), so a bad file
//! is a clear error, never a wrong value.

mod checkpoint;
mod entries;
mod header;

pub use checkpoint::{read_checkpoint, write_checkpoint, Checkpoint, Phase, CHECKPOINT_MAGIC};
pub use entries::{checksum, entries_checksum};
pub use header::{read_header, Header, MAGIC};

use super::solved::Solved;
use super::Spec;
use entries::{checksum_from, read_entries, write_entries};
use header::{header_text, parse_header, read_head, MAX_HEADER};
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;

/// A table read from a file, checked.
#[derive(Debug)]
pub struct Loaded {
    /// What it is.
    pub spec: Spec,
    /// Entries, one a state.
    pub entries: Vec<u16>,
    /// Sweeps the solver made.
    pub sweeps: u32,
}

/// Writes a solved table to `path` (through a temporary file beside it,
/// renamed when complete: a reader never sees half a table).
pub fn write_table(solved: &Solved, path: &Path) -> Result<(), String> {
    let sizes = (solved.index.boards(), solved.index.number_states());
    let head = header_text(&solved.spec, sizes, solved.entries.len(), solved.sweeps);
    let sum = entries_checksum(head.as_bytes(), &solved.entries);
    let fail = |e: std::io::Error| format!("cannot write {}: {e}", path.display());
    let tmp = temp_beside(path);
    let mut out = BufWriter::new(File::create(&tmp).map_err(fail)?);
    out.write_all(head.as_bytes()).map_err(fail)?;
    writeln!(out, "checksum={sum:016x}\n").map_err(fail)?;
    write_entries(&mut out, &solved.entries).map_err(fail)?;
    out.flush().map_err(fail)?;
    drop(out);
    std::fs::rename(&tmp, path).map_err(fail)
}

/// `path` with `.part` added: where a file is written before it is
/// renamed into place.
pub(crate) fn temp_beside(path: &Path) -> std::path::PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".part");
    name.into()
}

/// Reads and checks a table file.
pub fn read_table(path: &Path) -> Result<Loaded, String> {
    let at = |e: String| format!("{}: {e}", path.display());
    let mut file = File::open(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let (header, head_len, head_text) = read_head(&mut file).map_err(at)?;
    let size = file.metadata().map(|m| m.len()).unwrap_or(0);
    let want = head_len as u64 + header.entries * 2;
    if size != want {
        return Err(at(format!(
            "the file is cut or padded: {} bytes of entries, the header says {}",
            size.saturating_sub(head_len as u64),
            header.entries * 2
        )));
    }
    use std::io::{Seek, SeekFrom};
    file.seek(SeekFrom::Start(head_len as u64))
        .map_err(|e| at(e.to_string()))?;
    let entries = read_entries(&mut std::io::BufReader::new(file), header.entries as usize)
        .map_err(|e| at(format!("cannot read the entries: {e}")))?;
    if entries_checksum(head_text.as_bytes(), &entries) != header.checksum {
        return Err(at(
            "the checksum does not match: the file is corrupted".into()
        ));
    }
    Ok(Loaded {
        spec: header.spec,
        entries,
        sweeps: header.sweeps,
    })
}

/// A table file mapped into memory, checked whole.
pub struct Mapped {
    /// What it is.
    pub spec: Spec,
    /// Sweeps the solver made.
    pub sweeps: u32,
    map: memmap2::Mmap,
    offset: usize,
    len: usize,
}

impl Mapped {
    /// Entry `i`, if in range.
    #[inline]
    pub fn get(&self, i: usize) -> Option<u16> {
        if i >= self.len {
            return None;
        }
        let at = self.offset + 2 * i;
        Some(u16::from_le_bytes([self.map[at], self.map[at + 1]]))
    }

    /// Entries.
    pub fn len(&self) -> usize {
        self.len
    }

    /// True for a table of no entries (never: every space has states).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// Maps a table file and checks it whole (size and checksum) before
/// anything is answered from it: the pages stay shared with other
/// programs that map the same file, and only what is probed stays in
/// memory.
pub fn map_table(path: &Path) -> Result<Mapped, String> {
    let at = |e: String| format!("{}: {e}", path.display());
    let file = File::open(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    // SAFETY: the map is read only; a table file is written once, through
    // a temporary file renamed into place, so it does not change under
    // the map (a program that truncates a table while it is mapped is
    // outside what ncbg supports).
    let map = unsafe { memmap2::Mmap::map(&file) }
        .map_err(|e| format!("cannot map {}: {e}", path.display()))?;
    let (header, head_len, head_text) =
        parse_header(&map[..map.len().min(MAX_HEADER)]).map_err(at)?;
    let body = &map[head_len..];
    if body.len() as u64 != header.entries * 2 {
        return Err(at(format!(
            "the file is cut or padded: {} bytes of entries, the header says {}",
            body.len(),
            header.entries * 2
        )));
    }
    let sum = checksum_from(checksum(&[head_text.as_bytes()]), body);
    if sum != header.checksum {
        return Err(at(
            "the checksum does not match: the file is corrupted".into()
        ));
    }
    Ok(Mapped {
        spec: header.spec,
        sweeps: header.sweeps,
        offset: head_len,
        len: header.entries as usize,
        map,
    })
}

/// Checks a table file's bytes.
pub fn parse_table(bytes: &[u8]) -> Result<Loaded, String> {
    let (header, head_len, head_text) = parse_header(bytes)?;
    let body = &bytes[head_len..];
    if body.len() as u64 != header.entries * 2 {
        return Err(format!(
            "the file is cut or padded: {} bytes of entries, the header says {}",
            body.len(),
            header.entries * 2
        ));
    }
    let entries = read_entries(&mut &body[..], header.entries as usize)
        .map_err(|e| format!("cannot read the entries: {e}"))?;
    if entries_checksum(head_text.as_bytes(), &entries) != header.checksum {
        return Err("the checksum does not match: the file is corrupted".into());
    }
    Ok(Loaded {
        spec: header.spec,
        entries,
        sweeps: header.sweeps,
    })
}
