//! The exact-value tables' files (`ncbg::tables`): the same bytes for any
//! number of threads, cut or corrupted files refused, the build's memory
//! estimate and progress, a solve resumed from its checkpoint, headers and
//! checkpoints naming more than they hold, files of an old format, and
//! `verify` on a damaged table.

use ncbg::tables::index::StateIndex;
use ncbg::tables::{file, solve, write_table, Space, Spec, Table};
use std::path::PathBuf;

fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("ncbg-tables-{}-{name}", std::process::id()))
}

#[test]
fn same_table_for_any_number_of_threads() {
    // 7056 boards: seven chunks of work shared by the threads.
    let spec = Spec {
        space: Space::bearoff(3, 15),
        k: 3,
        credits: 1,
    };
    let one = solve(spec, 1, &|_| {}).unwrap();
    let three = solve(spec, 3, &|_| {}).unwrap();
    assert_eq!(one.entries, three.entries);
    assert_eq!(one.sweeps, three.sweeps);
    let (a, b) = (temp("jobs1"), temp("jobs3"));
    write_table(&one, &a).unwrap();
    write_table(&three, &b).unwrap();
    assert_eq!(std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
    let _ = std::fs::remove_file(a);
    let _ = std::fs::remove_file(b);
}

#[test]
fn cut_or_corrupted_files_are_refused() {
    let spec = Spec {
        space: Space::bearoff(2, 15),
        k: 3,
        credits: 1,
    };
    let solved = solve(spec, 1, &|_| {}).unwrap();
    let path = temp("file");
    write_table(&solved, &path).unwrap();
    let good = std::fs::read(&path).unwrap();
    let loaded = file::parse_table(&good).unwrap();
    assert_eq!(loaded.entries, solved.entries);
    assert_eq!(loaded.spec, spec);

    let cut = &good[..good.len() - 1];
    assert!(file::parse_table(cut).unwrap_err().contains("cut"));
    let mut padded = good.clone();
    padded.push(0);
    assert!(file::parse_table(&padded).is_err());
    // One bit flipped anywhere in the entries.
    for at in [
        good.len() - 1,
        good.len() / 2 + 1,
        good.len() - solved.entries.len(),
    ] {
        let mut bad = good.clone();
        bad[at] ^= 0x10;
        assert!(
            file::parse_table(&bad).unwrap_err().contains("corrupted"),
            "byte {at}"
        );
    }
    // A header field changed: another alphabet with the same sizes is
    // caught by the checksum, other sizes by the header check.
    let text = String::from_utf8_lossy(&good).into_owned();
    let swapped = text.replacen("credits=1", "credits=2", 1);
    assert!(file::parse_table(swapped.as_bytes()).is_err());
    assert!(file::parse_table(b"hello\n\nworld").is_err());
    assert!(file::parse_table(b"").is_err());
    assert!(Table::open(&temp("missing")).is_err());
    // The same through a mapped file (Table::open): whole, cut, corrupted.
    let table = Table::open(&path).unwrap();
    assert_eq!(table.spec(), spec);
    std::fs::write(&path, cut).unwrap();
    assert!(Table::open(&path).err().unwrap().contains("cut"));
    let mut bad = good.clone();
    bad[good.len() / 2 + 1] ^= 0x10;
    std::fs::write(&path, &bad).unwrap();
    assert!(Table::open(&path).err().unwrap().contains("corrupted"));
    let _ = std::fs::remove_file(path);
}

/// The memory estimate of `ncbg tables build` covers the entries; its
/// phases and progress reach the ends they announce.
#[test]
fn the_estimate_counts_the_entries_and_progress_reaches_its_ends() {
    use ncbg::tables::{estimate, solve_with, Progress};
    use std::sync::Mutex;
    let larger = Spec {
        space: Space::bearoff(3, 15),
        k: 3,
        credits: 1,
    };
    let e = estimate(larger).unwrap();
    let solved = solve(larger, 1, &|_| {}).unwrap();
    assert_eq!(e.states, solved.entries.len() as u64);
    assert!(e.bytes >= 2 * e.states, "{e:?}");

    /// Each phase's announced length and the units reported for it.
    #[derive(Default)]
    struct Seen(Mutex<Vec<(String, u64, u64)>>);
    impl Progress for Seen {
        fn line(&self, _: &str) {}
        fn phase(&self, name: &str, len: u64) {
            self.0.lock().unwrap().push((name.to_string(), len, 0));
        }
        fn advance(&self, n: u64) {
            self.0.lock().unwrap().last_mut().unwrap().2 += n;
        }
    }
    let seen = Seen::default();
    let solved = solve_with(larger, 2, &seen).unwrap();
    let phases = seen.0.into_inner().unwrap();
    assert_eq!(phases[0].0, "moves");
    assert_eq!(phases.len() as u32, 1 + solved.sweeps);
    for (i, (name, len, done)) in phases.iter().enumerate() {
        assert_eq!(len, done, "{name}");
        if i > 0 {
            let n = if i as u32 <= solved.value_sweeps {
                format!("values {i}")
            } else {
                format!("turns {}", i as u32 - solved.value_sweeps)
            };
            assert_eq!(name, &n);
        }
    }
}

/// An interrupted solve resumed from its checkpoint ends with the same
/// bytes as one that ran through, wherever it stopped (in the values or
/// in the turns), and a checkpoint of another table is refused.
#[test]
fn an_interrupted_solve_resumes_to_the_same_table() {
    use ncbg::tables::{solve_resumable, Options};
    let spec = Spec {
        space: Space::full(1),
        k: 4,
        credits: 1,
    };
    let whole = solve(spec, 2, &|_| {}).unwrap();
    assert!(whole.value_sweeps > 3 && whole.sweeps > whole.value_sweeps + 3);
    let lines = |_: &str| {};
    let quiet = ncbg::tables::solve::Quiet(&lines);
    for stop in [1, 3, whole.value_sweeps, whole.value_sweeps + 2] {
        let ckpt = temp(&format!("resume-{stop}.ckpt"));
        let _ = std::fs::remove_file(&ckpt);
        let mut options = Options::threads(2);
        options.checkpoint = Some(ckpt.clone());
        options.stop_after = Some(stop);
        assert!(solve_resumable(spec, &options, &quiet).unwrap().is_none());
        assert!(ckpt.exists());
        options.stop_after = None;
        options.resume = true;
        options.jobs = 1;
        let resumed = solve_resumable(spec, &options, &quiet).unwrap().unwrap();
        assert_eq!(resumed.entries, whole.entries, "stopped after {stop}");
        assert_eq!(resumed.sweeps, whole.sweeps);
        // Another table's checkpoint.
        let other = Spec { k: 3, ..spec };
        let e = solve_resumable(other, &options, &quiet).err().unwrap();
        assert!(e.contains("another table"), "{e}");
        let _ = std::fs::remove_file(&ckpt);
    }
}

/// A checkpoint is read only when the file holds the entries its header
/// names: a header naming a large table (15 checkers borne off, k 9, 9
/// credits: some 10^13 entries) over a short file is refused as cut short,
/// at once, where the reader took memory for every entry first; a real
/// checkpoint cut by one byte is refused the same way.
#[test]
fn a_checkpoint_shorter_than_its_header_names_is_refused() {
    let space = Space::bearoff(15, 15);
    let (boards, states) = StateIndex::sizes(space, 9, 9).unwrap();
    let head = format!(
        "{}\nkind=bearoff\nn=15\ntotal=15\nk=9\ncredits=9\nphase=values\nvalue-sweeps=1\nturn-sweeps=0\nentries={}\nchecksum=0\n\n",
        file::CHECKPOINT_MAGIC,
        boards * states
    );
    let big = temp("big.ckpt");
    std::fs::write(&big, format!("{head}\u{1}\u{2}")).unwrap();
    let e = file::read_checkpoint(&big).unwrap_err();
    assert!(e.contains("cut short"), "{e}");
    let _ = std::fs::remove_file(big);

    let spec = Spec {
        space: Space::full(1),
        k: 3,
        credits: 0,
    };
    let whole = solve(spec, 1, &|_| {}).unwrap();
    let c = file::Checkpoint {
        spec,
        phase: file::Phase::Done,
        value_sweeps: whole.value_sweeps,
        turn_sweeps: 0,
        entries: whole.entries.clone(),
        version: 2,
    };
    let path = temp("cut.ckpt");
    file::write_checkpoint(&c, &path, u16::MAX).unwrap();
    assert_eq!(file::read_checkpoint(&path).unwrap().entries, whole.entries);
    let bytes = std::fs::read(&path).unwrap();
    std::fs::write(&path, &bytes[..bytes.len() - 1]).unwrap();
    let e = file::read_checkpoint(&path).unwrap_err();
    assert!(e.contains("cut short"), "{e}");
    let _ = std::fs::remove_file(path);
}

/// A header naming a table far too large to index (every board of 15
/// checkers a side, of 9) is refused from its sizes, at once: the reader
/// no longer lists the side configurations of the table it names before
/// the file is checked (for 15 checkers that panicked, for 9 it ran for
/// minutes and gigabytes). Through every reader: the bytes, the header
/// alone, a mapped file and the engine's `Tables` option.
#[test]
fn headers_of_tables_too_large_to_index_are_refused_at_once() {
    let head = |n: u8, boards: u64, states: u64| {
        format!(
            "NCBG-TABLE 2\nkind=full\nn={n}\ntotal={n}\nk=6\ncredits=2\nboards={boards}\nnumber-states=324\nentries={states}\nentry=u16le\nsweeps=1\n"
        )
    };
    // 15 checkers: C(40, 25) side configurations, past what is counted.
    let fifteen = format!("{}checksum=0\n\n", head(15, 1, 324));
    // 9 checkers: C(34, 25) = 52,451,256 configurations a side; the sizes
    // and the checksum are right, the entries are missing.
    let sides: u64 = 52_451_256;
    let nine_head = head(9, sides * sides, sides * sides * 324);
    let sum = file::checksum(&[nine_head.as_bytes()]);
    let nine = format!("{nine_head}checksum={sum:016x}\n\n");
    for (name, text, why) in [("fifteen", &fifteen, "too large"), ("nine", &nine, "cut")] {
        let start = std::time::Instant::now();
        let e = file::parse_table(text.as_bytes()).unwrap_err();
        assert!(e.contains(why), "{name}: {e}");
        let path = temp(name);
        std::fs::write(&path, text).unwrap();
        assert!(Table::open(&path).is_err(), "{name}");
        let header = ncbg::tables::read_header(&path);
        assert_eq!(header.is_ok(), name == "nine", "{name}: {header:?}");
        let mut s = ncbg::engine::Session::new();
        let reply = match s.execute_line(&format!("setoption name Tables value {}", path.display()))
        {
            ncbg::engine::Reply::Lines(l) => l,
            _ => panic!("setoption started a search"),
        };
        assert_eq!(reply.len(), 1, "{reply:?}");
        assert!(reply[0].starts_with("error bad-value Tables"), "{reply:?}");
        assert!(
            start.elapsed().as_secs() < 20,
            "{name}: {:?}",
            start.elapsed()
        );
        let _ = std::fs::remove_file(path);
    }
}

/// Files of format version 1 (turns counted as sweeps) are refused with
/// the reason and what to do.
#[test]
fn tables_of_format_version_1_are_refused_by_name() {
    let e = file::parse_table(b"NCBG-TABLE 1\nkind=full\n\n").unwrap_err();
    assert!(
        e.contains("format version 1") && e.contains("ncbg tables build"),
        "{e}"
    );
}

/// `verify` passes a solved table and catches a wrong value or wrong
/// turns planted in it.
#[test]
fn verify_passes_a_table_and_catches_planted_errors() {
    use ncbg::tables::solve::{entry, entry_points, entry_rank};
    use ncbg::tables::verify::verify;
    let spec = Spec {
        space: Space::full(1),
        k: 3,
        credits: 0,
    };
    let solved = solve(spec, 1, &|_| {}).unwrap();
    let good = Table::from_solved(solve(spec, 1, &|_| {}).unwrap());
    let v = verify(&good, 2000, 7).unwrap();
    assert_eq!((v.checked, v.bad_values, v.bad_turns), (2000, 0, 0));
    assert!(v.won > 0 && v.lost > 0, "{v:?}");
    // Every decided live state one turn longer: the turns no longer follow.
    let live: Vec<bool> = (0..solved.index.boards())
        .map(|b| solved.index.board(b).is_some_and(|p| p.outcome().is_none()))
        .collect();
    let planes = solved.index.number_states();
    let mut longer = solve(spec, 1, &|_| {}).unwrap();
    let mut flipped = solve(spec, 1, &|_| {}).unwrap();
    for (i, e) in solved.entries.iter().enumerate() {
        let Some(p) = entry_points(*e) else { continue };
        if !live[i / planes] || p == 0 {
            continue;
        }
        longer.entries[i] = entry(p, entry_rank(*e) + 1);
        if i % 5 == 0 {
            flipped.entries[i] = entry(-p, entry_rank(*e));
        }
    }
    let v = verify(&Table::from_solved(longer), 500, 7).unwrap();
    assert!(v.bad_turns > 50, "{v:?}");
    assert!(!v.failures.is_empty());
    let v = verify(&Table::from_solved(flipped), 500, 7).unwrap();
    assert!(v.bad_values > 50, "{v:?}");
}
