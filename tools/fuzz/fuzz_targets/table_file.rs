//! The exact-table file reader (`ncbg::tables::file::parse_table`, the
//! header check every table load starts with) and probing a table that
//! reads (`ncbg::tables::Table::open`, `probe`, `choices`).
//!
//! The first byte picks the mode. Even: the rest of the input is the
//! file. Odd: the input gives a small table's game (kind, checkers, k,
//! credits) and its entries (any bits, cycled from the input); the harness
//! writes it with a correct header and checksum, so that loading and
//! probing are reached with every entry value.
//!
//! Asserted: no panic; a file of a game with a correct header and
//! checksum reads, with its spec and entries; a table opened from it
//! answers `probe` for states of its game with a value of -3..=3 points,
//! or an error, and `choices` never panics.

#![no_main]

use libfuzzer_sys::fuzz_target;
use ncbg::game::{GameState, Phase};
use ncbg::numbers::{Numbers, Side};
use ncbg::tables::file::{entries_checksum, parse_table, MAGIC};
use ncbg::tables::index::StateIndex;
use ncbg::tables::{Kind, Space, Spec, Table};
use ncbg_fuzz::Bytes;
use std::path::PathBuf;

fn temp_file() -> PathBuf {
    std::env::temp_dir().join(format!("ncbg-fuzz-table-{}", std::process::id()))
}

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes(data);
    let mode = b.byte();
    if mode % 2 == 0 {
        let _ = parse_table(b.rest());
        return;
    }
    let kind = if mode & 2 != 0 {
        Kind::Full
    } else {
        Kind::Bearoff
    };
    let n = 1 + b.byte() % 3;
    let total = match kind {
        Kind::Full => n,
        Kind::Bearoff => n + b.byte() % 3,
    };
    let spec = Spec {
        space: Space {
            kind,
            max_on_board: n,
            total,
        },
        k: 3 + b.byte() % 3,
        credits: b.byte() % 2,
    };
    if spec.check().is_err() {
        return;
    }
    let index = StateIndex::new(spec.space, spec.k, spec.credits);
    if index.states() > 200_000 {
        return;
    }
    let sweeps = b.u32();
    let picks = [b.u32(), b.u32(), b.u32()];
    let source = b.rest();
    let entries: Vec<u16> = (0..index.states())
        .map(|i| {
            let at = |j: usize| {
                source
                    .get((2 * i + j) % source.len().max(1))
                    .copied()
                    .unwrap_or(0)
            };
            u16::from_le_bytes([at(0), at(1)])
        })
        .collect();
    let head = format!(
        "{MAGIC}\nkind={}\nn={}\ntotal={}\nk={}\ncredits={}\nboards={}\nnumber-states={}\nentries={}\nentry=u16le\nsweeps={sweeps}\n",
        kind.name(),
        n,
        total,
        spec.k,
        spec.credits,
        index.boards(),
        index.number_states(),
        entries.len(),
    );
    let sum = entries_checksum(head.as_bytes(), &entries);
    let mut bytes = format!("{head}checksum={sum:016x}\n\n").into_bytes();
    bytes.extend(entries.iter().flat_map(|e| e.to_le_bytes()));
    let loaded =
        parse_table(&bytes).unwrap_or_else(|e| panic!("a well-formed table is refused: {e}"));
    assert_eq!(loaded.spec, spec);
    assert_eq!(loaded.entries, entries);
    assert_eq!(loaded.sweeps, sweeps);

    let path = temp_file();
    std::fs::write(&path, &bytes).expect("temp file");
    let table =
        Table::open(&path).unwrap_or_else(|e| panic!("a well-formed table is refused: {e}"));
    for p in picks {
        let p = p as usize;
        let Some(pos) = index.board(p % index.boards()) else {
            continue;
        };
        let ns = index.number_state((p >> 8) % index.number_states());
        let side = if p & 1 == 0 { Side::X } else { Side::Y };
        let (x, y) = match side {
            Side::X => ((ns.own, ns.mover_credits), (ns.theirs, ns.opponent_credits)),
            Side::Y => ((ns.theirs, ns.opponent_credits), (ns.own, ns.mover_credits)),
        };
        let numbers = Numbers::from_parts([Some(x.0), Some(y.0)], [x.1, y.1]);
        let phase = if p & 2 == 0 { Phase::Pick } else { Phase::Play };
        let Ok(state) = GameState::new(pos, side, numbers, spec.k, phase) else {
            continue;
        };
        if let Ok(e) = table.probe(&state) {
            assert!((-3..=3).contains(&e.value.points()));
        }
        let _ = table.choices(&state);
    }
});
