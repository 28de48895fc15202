//! Entries as bytes: written and read as little-endian `u16`s a block at a
//! time, and the format's checksum over a header and its entries.

use std::io::{Read, Write};

/// The checksum of the format: FNV-1a's 64-bit constants over 8-byte
/// little-endian words (a last partial word padded with zeros), folded
/// with a shift after each word.
pub fn checksum(parts: &[&[u8]]) -> u64 {
    parts
        .iter()
        .fold(0xcbf2_9ce4_8422_2325, |h, part| checksum_from(h, part))
}

/// Entries converted to bytes a block at a time (no copy of the whole
/// table: the standard numbers' table is 7 GB).
const BLOCK: usize = 1 << 16;

/// The checksum of a header and little-endian `u16` entries.
pub fn entries_checksum(head: &[u8], entries: &[u16]) -> u64 {
    masked_checksum(head, entries, u16::MAX)
}

/// [`entries_checksum`] of the entries' bits in `mask`.
pub(super) fn masked_checksum(head: &[u8], entries: &[u16], mask: u16) -> u64 {
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
pub(super) fn checksum_from(mut h: u64, part: &[u8]) -> u64 {
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
pub(super) fn write_masked(
    out: &mut impl Write,
    entries: &[u16],
    mask: u16,
) -> std::io::Result<()> {
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
