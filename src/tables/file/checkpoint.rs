//! Solver checkpoints: where a solve stands between two sweeps, written
//! whole through a temporary file and read back checked.

use super::entries::{entries_checksum, masked_checksum, read_entries, write_masked};
use super::header::{spec_lines, Fields, MAX_HEADER};
use super::temp_beside;
use crate::tables::index::StateIndex;
use crate::tables::Spec;
use std::fmt::Write as _;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;

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
    let sizes = StateIndex::sizes(spec.space, spec.k, spec.credits);
    if sizes.is_none_or(|(boards, number_states)| count != boards * number_states) {
        return Err(at(format!("its size does not fit a {spec} table")));
    }
    let want = u64::from_str_radix(fields.get("checksum").map_err(at)?, 16)
        .map_err(|_| at("bad checksum".into()))?;
    // The file's length before its entries are read: a header that names a
    // large table over a short file is refused before memory is taken for
    // the entries it names (terabytes, for the largest a header can name).
    let len = input
        .get_ref()
        .metadata()
        .map_err(|e| at(e.to_string()))?
        .len();
    let body = len.saturating_sub(head.len() as u64 + 1);
    let named = count as u64 * 2;
    if body < named {
        return Err(at(format!(
            "cut short: {body} bytes of entries, its header names {named}"
        )));
    }
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
