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
use std::fs::File;
use std::io::{BufWriter, Read, Write};
use std::path::Path;

/// The first line of every table file.
pub const MAGIC: &str = "NCBG-TABLE 1";
/// The longest header accepted.
const MAX_HEADER: usize = 4096;

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
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for part in parts {
        let mut words = part.chunks_exact(8);
        for w in &mut words {
            h = (h ^ u64::from_le_bytes(w.try_into().expect("8 bytes")))
                .wrapping_mul(0x100_0000_01b3);
            h ^= h >> 29;
        }
        let rest = words.remainder();
        if !rest.is_empty() {
            let mut w = [0u8; 8];
            w[..rest.len()].copy_from_slice(rest);
            h = (h ^ u64::from_le_bytes(w)).wrapping_mul(0x100_0000_01b3);
            h ^= h >> 29;
        }
    }
    h
}

/// The header lines before the checksum line.
fn header_text(spec: &Spec, entries: usize, sweeps: u32) -> String {
    let index = StateIndex::new(spec.space, spec.k, spec.credits);
    format!(
        "{MAGIC}\nkind={}\nn={}\ntotal={}\nk={}\ncredits={}\nboards={}\nnumber-states={}\nentries={entries}\nentry=u16le\nsweeps={sweeps}\n",
        spec.space.kind.name(),
        spec.space.max_on_board,
        spec.space.total,
        spec.k,
        spec.credits,
        index.boards(),
        index.number_states(),
    )
}

fn body_bytes(entries: &[u16]) -> Vec<u8> {
    entries.iter().flat_map(|e| e.to_le_bytes()).collect()
}

/// Writes a solved table to `path`.
pub fn write_table(solved: &Solved, path: &Path) -> Result<(), String> {
    let head = header_text(&solved.spec, solved.entries.len(), solved.sweeps);
    let body = body_bytes(&solved.entries);
    let sum = checksum(&[head.as_bytes(), &body]);
    let fail = |e: std::io::Error| format!("cannot write {}: {e}", path.display());
    let mut out = BufWriter::new(File::create(path).map_err(fail)?);
    out.write_all(head.as_bytes()).map_err(fail)?;
    writeln!(out, "checksum={sum:016x}\n").map_err(fail)?;
    out.write_all(&body).map_err(fail)?;
    out.flush().map_err(fail)
}

/// Reads and checks a table file.
pub fn read_table(path: &Path) -> Result<Loaded, String> {
    let mut bytes = Vec::new();
    File::open(path)
        .and_then(|mut f| f.read_to_end(&mut bytes))
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    parse_table(&bytes).map_err(|e| format!("{}: {e}", path.display()))
}

/// Checks a table file's bytes.
pub fn parse_table(bytes: &[u8]) -> Result<Loaded, String> {
    let end = bytes
        .windows(2)
        .take(MAX_HEADER)
        .position(|w| w == b"\n\n")
        .ok_or("not a table file (no header)")?;
    let head = std::str::from_utf8(&bytes[..end + 1]).map_err(|_| "not a table file")?;
    let body = &bytes[end + 2..];
    let mut lines = head.lines();
    if lines.next() != Some(MAGIC) {
        return Err(format!(
            "not a table file (the first line is not '{MAGIC}')"
        ));
    }
    let mut fields = std::collections::HashMap::new();
    for line in lines {
        let (key, value) = line
            .split_once('=')
            .ok_or_else(|| format!("bad header line '{line}'"))?;
        fields.insert(key, value);
    }
    let get = |key: &str| {
        fields
            .get(key)
            .copied()
            .ok_or_else(|| format!("the header has no '{key}'"))
    };
    let num = |key: &str| -> Result<u64, String> {
        get(key)?
            .parse()
            .map_err(|_| format!("header '{key}' is not a number"))
    };
    let small = |key: &str| -> Result<u8, String> {
        u8::try_from(num(key)?).map_err(|_| format!("header '{key}' is out of range"))
    };
    let kind = match get("kind")? {
        "bearoff" => Kind::Bearoff,
        "full" => Kind::Full,
        other => return Err(format!("unknown table kind '{other}'")),
    };
    let spec = Spec {
        space: Space {
            kind,
            max_on_board: small("n")?,
            total: small("total")?,
        },
        k: small("k")?,
        credits: small("credits")?,
    };
    spec.check()?;
    if get("entry")? != "u16le" {
        return Err("unknown entry format".into());
    }
    let entries = num("entries")? as usize;
    let sweeps = u32::try_from(num("sweeps")?).map_err(|_| "header 'sweeps' out of range")?;
    let index = StateIndex::new(spec.space, spec.k, spec.credits);
    if entries != index.states()
        || num("boards")? as usize != index.boards()
        || num("number-states")? as usize != index.number_states()
    {
        return Err(format!(
            "the header's sizes do not fit a {spec} table ({} states)",
            index.states()
        ));
    }
    let want = u64::from_str_radix(get("checksum")?, 16).map_err(|_| "bad checksum field")?;
    if body.len() != entries * 2 {
        return Err(format!(
            "the file is cut or padded: {} bytes of entries, the header says {}",
            body.len(),
            entries * 2
        ));
    }
    let expected_head = header_text(&spec, entries, sweeps);
    let sum = checksum(&[expected_head.as_bytes(), body]);
    if sum != want || head != format!("{expected_head}checksum={want:016x}\n") {
        return Err("the checksum does not match: the file is corrupted".into());
    }
    let entries = body
        .chunks_exact(2)
        .map(|c| u16::from_le_bytes([c[0], c[1]]))
        .collect();
    Ok(Loaded {
        spec,
        entries,
        sweeps,
    })
}
