//! A table file's header: its magic line and `key=value` fields, written
//! from a table's game and sizes and read back checked against them.

use crate::tables::index::StateIndex;
use crate::tables::{Kind, Space, Spec};
use std::fs::File;
use std::io::Read;
use std::path::Path;

/// The first line of every table file (format version 2: board-major
/// entries, `turns` under optimal play).
pub const MAGIC: &str = "NCBG-TABLE 2";
/// The first line of the files of format version 1, refused by name.
const MAGIC_V1: &str = "NCBG-TABLE 1";
/// The longest header accepted.
pub(super) const MAX_HEADER: usize = 4096;

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

/// The header lines before the checksum line (`sizes`: the boards and
/// number states of [`StateIndex::sizes`]).
pub(super) fn header_text(
    spec: &Spec,
    (boards, number_states): (usize, usize),
    entries: usize,
    sweeps: u32,
) -> String {
    format!(
        "{MAGIC}\n{}boards={boards}\nnumber-states={number_states}\nentries={entries}\nentry=u16le\nsweeps={sweeps}\n",
        spec_lines(spec),
    )
}

/// The lines naming the table's game, the same in a table's header and a
/// checkpoint's.
pub(super) fn spec_lines(spec: &Spec) -> String {
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
pub(super) struct Fields<'a>(std::collections::HashMap<&'a str, &'a str>);

impl<'a> Fields<'a> {
    /// Every line must be `key=value`.
    pub(super) fn parse(lines: impl Iterator<Item = &'a str>) -> Result<Fields<'a>, String> {
        let mut fields = std::collections::HashMap::new();
        for line in lines {
            let (key, value) = line
                .split_once('=')
                .ok_or_else(|| format!("bad header line '{line}'"))?;
            fields.insert(key, value);
        }
        Ok(Fields(fields))
    }

    pub(super) fn get(&self, key: &str) -> Result<&'a str, String> {
        self.0
            .get(key)
            .copied()
            .ok_or_else(|| format!("the header has no '{key}'"))
    }

    pub(super) fn num(&self, key: &str) -> Result<u64, String> {
        self.get(key)?
            .parse()
            .map_err(|_| format!("header '{key}' is not a number"))
    }

    pub(super) fn small(&self, key: &str) -> Result<u8, String> {
        u8::try_from(self.num(key)?).map_err(|_| format!("header '{key}' is out of range"))
    }

    /// The game of [`spec_lines`], checked.
    pub(super) fn spec(&self) -> Result<Spec, String> {
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
pub(super) fn read_head(file: &mut File) -> Result<(Header, usize, String), String> {
    let mut first = Vec::with_capacity(MAX_HEADER);
    file.take(MAX_HEADER as u64)
        .read_to_end(&mut first)
        .map_err(|e| format!("cannot read: {e}"))?;
    parse_header(&first)
}

/// Parses and checks a header at the start of `bytes`.
pub(super) fn parse_header(bytes: &[u8]) -> Result<(Header, usize, String), String> {
    if bytes.starts_with(MAGIC_V1.as_bytes()) {
        return Err(format!(
            "a table of format version 1 ('{MAGIC_V1}': turns counted as solver sweeps, entries by number state), which this ncbg no longer reads; build it again with `ncbg tables build` (format 2)"
        ));
    }
    // The first line first: a text file that is no table (notes, a list)
    // is told so by what its first line is not.
    let first_line = bytes.split(|&b| b == b'\n').next().unwrap_or_default();
    if first_line != MAGIC.as_bytes() {
        return Err(format!(
            "not a table file (the first line is not '{MAGIC}')"
        ));
    }
    let end = bytes
        .windows(2)
        .take(MAX_HEADER)
        .position(|w| w == b"\n\n")
        .ok_or("not a table file (its header has no end: no empty line)")?;
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
    // Counted, not listed: a header may name a table far too large to
    // index (every board of 15 checkers a side), which no file can hold.
    let sizes = StateIndex::sizes(spec.space, spec.k, spec.credits)
        .ok_or_else(|| format!("a {spec} table is too large to read"))?;
    let (boards, number_states) = sizes;
    if entries != boards * number_states
        || fields.num("boards")? as usize != boards
        || fields.num("number-states")? as usize != number_states
    {
        return Err(format!(
            "the header's sizes do not fit a {spec} table ({} states)",
            boards * number_states
        ));
    }
    let want =
        u64::from_str_radix(fields.get("checksum")?, 16).map_err(|_| "bad checksum field")?;
    let expected_head = header_text(&spec, sizes, entries, sweeps);
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
