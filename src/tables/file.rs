//! Table files: a text header, the entries, a checksum over both.
//!
//! The format is documented in `protocol/tables-format.md`. Reading checks
//! everything before answering anything: the magic line, every header
//! field against the table it describes, the exact body length (a cut file
//! is refused) and the checksum (a corrupted one is refused), so a bad file
//! is a clear error, never a wrong value.

use super::index::StateIndex;
use super::solve::Solved;
use super::{Kind, Space, Spec};
use std::fmt::Write as _;
use std::fs::File;
use std::io::{BufWriter, Read, Write};
use std::path::Path;

/// The first line of every table file (format version 2: board-major
/// entries, `turns` under optimal play).
pub const MAGIC: &str = "NCBG-TABLE 2";
/// The first line of the files of format version 1, refused by name.
const MAGIC_V1: &str = "NCBG-TABLE 1";
/// The longest header accepted.
const MAX_HEADER: usize = 4096;

/// What a table file's header says, checked against itself (the body is
/// not read: see [`read_header`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Header {
    /// What the table is.
    pub spec: Spec,
    /// Entries (states).
    pub entries: u64,
    /// Value sweeps the solver made.
    pub sweeps: u32,
    /// The checksum the header names.
    pub checksum: u64,
}

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

/// The checksum of the format: FNV-1a's 64-bit constants over 8-byte
/// little-endian words (a last partial word padded with zeros), folded
/// with a shift after each word.
pub fn checksum(parts: &[&[u8]]) -> u64 {
    parts
        .iter()
        .fold(0xcbf2_9ce4_8422_2325, |h, part| checksum_from(h, part))
}

/// The header lines before the checksum line.
fn header_text(spec: &Spec, entries: usize, sweeps: u32) -> String {
    let index = StateIndex::new(spec.space, spec.k, spec.credits);
    format!(
        "{MAGIC}\n{}boards={}\nnumber-states={}\nentries={entries}\nentry=u16le\nsweeps={sweeps}\n",
        spec_lines(spec),
        index.boards(),
        index.number_states(),
    )
}

/// The lines naming the table's game, the same in a table's header and a
/// checkpoint's.
fn spec_lines(spec: &Spec) -> String {
    format!(
        "kind={}\nn={}\ntotal={}\nk={}\ncredits={}\n",
        spec.space.kind.name(),
        spec.space.max_on_board,
        spec.space.total,
        spec.k,
        spec.credits
    )
}

/// The `key=value` lines of a header (a table's or a checkpoint's).
struct Fields<'a>(std::collections::HashMap<&'a str, &'a str>);

impl<'a> Fields<'a> {
    /// Every line must be `key=value`.
    fn parse(lines: impl Iterator<Item = &'a str>) -> Result<Fields<'a>, String> {
        let mut fields = std::collections::HashMap::new();
        for line in lines {
            let (key, value) = line
                .split_once('=')
                .ok_or_else(|| format!("bad header line '{line}'"))?;
            fields.insert(key, value);
        }
        Ok(Fields(fields))
    }

    fn get(&self, key: &str) -> Result<&'a str, String> {
        self.0
            .get(key)
            .copied()
            .ok_or_else(|| format!("the header has no '{key}'"))
    }

    fn num(&self, key: &str) -> Result<u64, String> {
        self.get(key)?
            .parse()
            .map_err(|_| format!("header '{key}' is not a number"))
    }

    fn small(&self, key: &str) -> Result<u8, String> {
        u8::try_from(self.num(key)?).map_err(|_| format!("header '{key}' is out of range"))
    }

    /// The game of [`spec_lines`], checked.
    fn spec(&self) -> Result<Spec, String> {
        let kind = match self.get("kind")? {
            "bearoff" => Kind::Bearoff,
            "full" => Kind::Full,
            other => return Err(format!("unknown table kind '{other}'")),
        };
        let spec = Spec {
            space: Space {
                kind,
                max_on_board: self.small("n")?,
                total: self.small("total")?,
            },
            k: self.small("k")?,
            credits: self.small("credits")?,
        };
        spec.check()?;
        Ok(spec)
    }
}

/// Entries converted to bytes a block at a time (no copy of the whole
/// table: the standard numbers' table is 7 GB).
const BLOCK: usize = 1 << 16;

/// The checksum of a header and little-endian `u16` entries.
pub fn entries_checksum(head: &[u8], entries: &[u16]) -> u64 {
    masked_checksum(head, entries, u16::MAX)
}

/// [`entries_checksum`] of the entries' bits in `mask`.
fn masked_checksum(head: &[u8], entries: &[u16], mask: u16) -> u64 {
    // 8-byte words: a block of an even number of words keeps the words
    // where one buffer would put them.
    let mut h = checksum(&[head]);
    let mut bytes = Vec::with_capacity(BLOCK * 2);
    for block in entries.chunks(BLOCK) {
        bytes.clear();
        bytes.extend(block.iter().flat_map(|e| (e & mask).to_le_bytes()));
        h = checksum_from(h, &bytes);
    }
    h
}

/// Continues [`checksum`] from state `h` over one part.
fn checksum_from(mut h: u64, part: &[u8]) -> u64 {
    let mut words = part.chunks_exact(8);
    for w in &mut words {
        h = (h ^ u64::from_le_bytes(w.try_into().expect("8 bytes"))).wrapping_mul(0x100_0000_01b3);
        h ^= h >> 29;
    }
    let rest = words.remainder();
    if !rest.is_empty() {
        let mut w = [0u8; 8];
        w[..rest.len()].copy_from_slice(rest);
        h = (h ^ u64::from_le_bytes(w)).wrapping_mul(0x100_0000_01b3);
        h ^= h >> 29;
    }
    h
}

/// Writes `entries` as little-endian bytes, a block at a time.
pub(crate) fn write_entries(out: &mut impl Write, entries: &[u16]) -> std::io::Result<()> {
    write_masked(out, entries, u16::MAX)
}

/// [`write_entries`], the entries' bits in `mask` only.
fn write_masked(out: &mut impl Write, entries: &[u16], mask: u16) -> std::io::Result<()> {
    let mut bytes = Vec::with_capacity(BLOCK * 2);
    for block in entries.chunks(BLOCK) {
        bytes.clear();
        bytes.extend(block.iter().flat_map(|e| (e & mask).to_le_bytes()));
        out.write_all(&bytes)?;
    }
    Ok(())
}

/// Reads exactly `count` little-endian entries, a block at a time.
pub(crate) fn read_entries(input: &mut impl Read, count: usize) -> std::io::Result<Vec<u16>> {
    let mut entries = Vec::with_capacity(count);
    let mut bytes = vec![0u8; BLOCK * 2];
    while entries.len() < count {
        let n = (count - entries.len()).min(BLOCK);
        input.read_exact(&mut bytes[..n * 2])?;
        entries.extend(
            bytes[..n * 2]
                .chunks_exact(2)
                .map(|c| u16::from_le_bytes([c[0], c[1]])),
        );
    }
    Ok(entries)
}

/// Writes a solved table to `path` (through a temporary file beside it,
/// renamed when complete: a reader never sees half a table).
pub fn write_table(solved: &Solved, path: &Path) -> Result<(), String> {
    let head = header_text(&solved.spec, solved.entries.len(), solved.sweeps);
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

/// Reads and checks a table file's header only (fast for any size: `ncbg
/// tables list`). The body is not checked.
pub fn read_header(path: &Path) -> Result<Header, String> {
    let mut file = File::open(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    read_head(&mut file)
        .map(|(h, _, _)| h)
        .map_err(|e| format!("{}: {e}", path.display()))
}

/// The header of an open file: the header, its length in bytes with the
/// empty line, and its text up to the checksum line (what the checksum
/// covers).
fn read_head(file: &mut File) -> Result<(Header, usize, String), String> {
    let mut first = Vec::with_capacity(MAX_HEADER);
    file.take(MAX_HEADER as u64)
        .read_to_end(&mut first)
        .map_err(|e| format!("cannot read: {e}"))?;
    parse_header(&first)
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

/// Parses and checks a header at the start of `bytes`.
fn parse_header(bytes: &[u8]) -> Result<(Header, usize, String), String> {
    if bytes.starts_with(MAGIC_V1.as_bytes()) {
        return Err(format!(
            "a table of format version 1 ('{MAGIC_V1}': turns counted as solver sweeps, entries by number state), which this ncbg no longer reads; build it again with `ncbg tables build` (format 2)"
        ));
    }
    let end = bytes
        .windows(2)
        .take(MAX_HEADER)
        .position(|w| w == b"\n\n")
        .ok_or("not a table file (no header)")?;
    let head = std::str::from_utf8(&bytes[..end + 1]).map_err(|_| "not a table file")?;
    let mut lines = head.lines();
    if lines.next() != Some(MAGIC) {
        return Err(format!(
            "not a table file (the first line is not '{MAGIC}')"
        ));
    }
    let fields = Fields::parse(lines)?;
    let spec = fields.spec()?;
    if fields.get("entry")? != "u16le" {
        return Err("unknown entry format".into());
    }
    let entries = fields.num("entries")? as usize;
    let sweeps =
        u32::try_from(fields.num("sweeps")?).map_err(|_| "header 'sweeps' out of range")?;
    let index = StateIndex::new(spec.space, spec.k, spec.credits);
    if entries != index.states()
        || fields.num("boards")? as usize != index.boards()
        || fields.num("number-states")? as usize != index.number_states()
    {
        return Err(format!(
            "the header's sizes do not fit a {spec} table ({} states)",
            index.states()
        ));
    }
    let want =
        u64::from_str_radix(fields.get("checksum")?, 16).map_err(|_| "bad checksum field")?;
    let expected_head = header_text(&spec, entries, sweeps);
    if head != format!("{expected_head}checksum={want:016x}\n") {
        return Err("the checksum does not match: the file is corrupted".into());
    }
    Ok((
        Header {
            spec,
            entries: entries as u64,
            sweeps,
            checksum: want,
        },
        end + 2,
        expected_head,
    ))
}

/// The first line of a solver checkpoint (version 2: turns found by
/// distance).
pub const CHECKPOINT_MAGIC: &str = "NCBG-CHECKPOINT 2";
/// Version 1 checkpoints held turns found by lowering estimates: their
/// values are good, their turns are solved again.
const CHECKPOINT_MAGIC_V1: &str = "NCBG-CHECKPOINT 1";

/// Where a solve stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Solving values.
    Values,
    /// Values done; solving turns.
    Turns,
    /// Both done.
    Done,
}

impl Phase {
    fn name(self) -> &'static str {
        match self {
            Phase::Values => "values",
            Phase::Turns => "turns",
            Phase::Done => "done",
        }
    }
}

/// A solve between two sweeps: what `ncbg tables build --resume` goes on
/// from.
#[derive(Debug)]
pub struct Checkpoint {
    /// The table being solved.
    pub spec: Spec,
    /// Its phase.
    pub phase: Phase,
    /// Value sweeps done.
    pub value_sweeps: u32,
    /// Turn sweeps done.
    pub turn_sweeps: u32,
    /// The entries after them.
    pub entries: Vec<u16>,
    /// The format it was read from (2 when written now).
    pub version: u8,
}

fn checkpoint_head(c: &Checkpoint) -> String {
    let mut head = format!("{CHECKPOINT_MAGIC}\n{}", spec_lines(&c.spec));
    let _ = write!(
        head,
        "phase={}\nvalue-sweeps={}\nturn-sweeps={}\nentries={}\n",
        c.phase.name(),
        c.value_sweeps,
        c.turn_sweeps,
        c.entries.len()
    );
    head
}

/// Writes a checkpoint to `path` through a temporary file renamed into
/// place: killed at any moment, the solve leaves the previous checkpoint
/// or this one, whole.
///
/// The entries are written with their bits in `mask` only (the solver
/// keeps working bits above the values while it solves them).
pub fn write_checkpoint(c: &Checkpoint, path: &Path, mask: u16) -> Result<(), String> {
    let head = checkpoint_head(c);
    let sum = masked_checksum(head.as_bytes(), &c.entries, mask);
    let fail = |e: std::io::Error| format!("cannot write the checkpoint {}: {e}", path.display());
    let tmp = temp_beside(path);
    let mut out = BufWriter::new(File::create(&tmp).map_err(fail)?);
    out.write_all(head.as_bytes()).map_err(fail)?;
    writeln!(out, "checksum={sum:016x}\n").map_err(fail)?;
    write_masked(&mut out, &c.entries, mask).map_err(fail)?;
    out.flush().map_err(fail)?;
    out.get_ref().sync_all().map_err(fail)?;
    drop(out);
    std::fs::rename(&tmp, path).map_err(fail)
}

/// Reads and checks a checkpoint.
pub fn read_checkpoint(path: &Path) -> Result<Checkpoint, String> {
    let at = |e: String| format!("the checkpoint {}: {e}", path.display());
    let file = File::open(path).map_err(|e| at(e.to_string()))?;
    let mut input = std::io::BufReader::new(file);
    let mut head = String::new();
    loop {
        let mut line = String::new();
        let n =
            std::io::BufRead::read_line(&mut input, &mut line).map_err(|e| at(e.to_string()))?;
        if n == 0 || head.len() > MAX_HEADER {
            return Err(at("not a checkpoint (no header)".into()));
        }
        if line == "\n" {
            break;
        }
        head.push_str(&line);
    }
    let mut lines = head.lines();
    let version = match lines.next() {
        Some(CHECKPOINT_MAGIC) => 2,
        Some(CHECKPOINT_MAGIC_V1) => 1,
        _ => {
            return Err(at(format!(
                "not a checkpoint (the first line is not '{CHECKPOINT_MAGIC}')"
            )))
        }
    };
    let fields = Fields::parse(lines).map_err(at)?;
    let spec = fields.spec().map_err(at)?;
    let phase = match fields.get("phase").map_err(at)? {
        "values" => Phase::Values,
        "turns" => Phase::Turns,
        "done" => Phase::Done,
        other => return Err(at(format!("unknown phase '{other}'"))),
    };
    let count = fields.num("entries").map_err(at)? as usize;
    if count != StateIndex::new(spec.space, spec.k, spec.credits).states() {
        return Err(at(format!("its size does not fit a {spec} table")));
    }
    let want = u64::from_str_radix(fields.get("checksum").map_err(at)?, 16)
        .map_err(|_| at("bad checksum".into()))?;
    let entries = read_entries(&mut input, count).map_err(|e| at(format!("cut short: {e}")))?;
    let c = Checkpoint {
        spec,
        phase,
        value_sweeps: u32::try_from(fields.num("value-sweeps").map_err(at)?)
            .map_err(|_| at("bad sweeps".into()))?,
        turn_sweeps: u32::try_from(fields.num("turn-sweeps").map_err(at)?)
            .map_err(|_| at("bad sweeps".into()))?,
        entries,
        version,
    };
    let mut rest = [0u8; 1];
    if std::io::Read::read(&mut input, &mut rest).map_err(|e| at(e.to_string()))? != 0 {
        return Err(at("padded: bytes after the entries".into()));
    }
    let mut head_text = checkpoint_head(&c);
    if version == 1 {
        head_text = head_text.replacen(CHECKPOINT_MAGIC, CHECKPOINT_MAGIC_V1, 1);
    }
    if entries_checksum(head_text.as_bytes(), &c.entries) != want {
        return Err(at(
            "the checksum does not match: the file is corrupted".into()
        ));
    }
    Ok(c)
}
