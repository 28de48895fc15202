//! The exact-value tables (`ncbg::tables`) against an independent solver,
//! and their files.
//!
//! The independent solver is the textbook retrograde analysis over the
//! rules' own `GameState` API: an explicit graph in a hash map, one
//! win/loss pass per threshold of points with predecessor counters and a
//! queue, and a draw for what no pass decides; then the turns to the end
//! under optimal play by plain value iteration over that graph (the winner
//! the shortest, the loser the longest among its best-value choices). It
//! shares no code with the table solver (no index, no move tables, no
//! levels).

use ncbg::game::GameState;
use ncbg::numbers::{Numbers, Side};
use ncbg::tables::index::StateIndex;
use ncbg::tables::{file, solve, write_table, Space, Spec, Table, Value};
use std::collections::{HashMap, VecDeque};
use std::path::PathBuf;

/// Every pick state of a game under way over the table's boards, both
/// colours.
fn states_of(spec: Spec) -> Vec<GameState> {
    let index = StateIndex::new(spec.space, spec.k, spec.credits);
    let mut out = Vec::new();
    for b in 0..index.boards() {
        let Some(pos) = index.board(b) else { continue };
        if pos.outcome().is_some() {
            continue;
        }
        for i in 0..index.number_states() {
            let ns = index.number_state(i);
            for side in [Side::X, Side::Y] {
                let (mut cur, mut cred) = ([None; 2], [0; 2]);
                cur[side.index()] = Some(ns.own);
                cur[side.other().index()] = Some(ns.theirs);
                cred[side.index()] = ns.mover_credits;
                cred[side.other().index()] = ns.opponent_credits;
                let numbers = Numbers::from_parts(cur, cred);
                let s = GameState::new(pos, side, numbers, spec.k, ncbg::game::Phase::Pick)
                    .expect("a valid state");
                out.push(s);
            }
        }
    }
    out
}

/// The independent solver: points for the side to move (0 for a draw) and
/// turns to the end under optimal play (0 for a draw).
fn reference_values(roots: &[GameState]) -> HashMap<GameState, (i32, u32)> {
    // Explicit graph: children and terminal payoffs of every reachable state.
    let mut id: HashMap<GameState, usize> = HashMap::new();
    let mut nodes: Vec<GameState> = Vec::new();
    let mut kids: Vec<Vec<usize>> = Vec::new();
    let mut best_end: Vec<i32> = Vec::new(); // best payoff of a move that ends the game
    for r in roots {
        if !id.contains_key(r) {
            id.insert(*r, nodes.len());
            nodes.push(*r);
        }
    }
    let mut i = 0;
    while i < nodes.len() {
        let s = nodes[i];
        let mut list = Vec::new();
        let mut end = 0;
        for n in s.legal_numbers().iter() {
            let mut picked = s;
            picked.pick(n).unwrap();
            for lp in picked.legal_plays().unwrap() {
                let mut child = picked;
                child.play(&lp).unwrap();
                if let Some(r) = child.result() {
                    assert_eq!(r.winner, s.to_move(), "a mover cannot lose by its play");
                    end = end.max(r.points() as i32);
                } else {
                    let c = *id.entry(child).or_insert_with(|| {
                        nodes.push(child);
                        nodes.len() - 1
                    });
                    list.push(c);
                }
            }
        }
        kids.push(list);
        best_end.push(end);
        i += 1;
    }
    let mut preds: Vec<Vec<usize>> = vec![Vec::new(); nodes.len()];
    for (p, list) in kids.iter().enumerate() {
        for &c in list {
            preds[c].push(p);
        }
    }
    let mut value = vec![0i32; nodes.len()];
    for t in 1..=3 {
        // 1: the mover gets >= t; -1: the mover gets <= -t.
        let mut status = vec![0i8; nodes.len()];
        let mut count: Vec<usize> = kids.iter().map(Vec::len).collect();
        let mut queue = VecDeque::new();
        for s in 0..nodes.len() {
            if best_end[s] >= t {
                status[s] = 1;
                queue.push_back(s);
            }
        }
        while let Some(c) = queue.pop_front() {
            for &p in &preds[c] {
                if status[p] != 0 {
                    continue;
                }
                if status[c] == -1 {
                    status[p] = 1;
                    queue.push_back(p);
                } else {
                    count[p] -= 1;
                    // A move that ends the game wins points: never lost.
                    if count[p] == 0 && best_end[p] == 0 {
                        status[p] = -1;
                        queue.push_back(p);
                    }
                }
            }
        }
        for s in 0..nodes.len() {
            match status[s] {
                1 => value[s] = t,
                -1 => value[s] = -t,
                _ => {}
            }
        }
    }
    // Turns: value iteration from "never" (Jacobi steps) until nothing
    // changes. The winner ends at once where a move scores its value, else
    // takes 1 + the least turns of a child worth its value to the loser;
    // the loser 1 + the most turns of a child worth its value.
    const NEVER: u32 = u32::MAX;
    let mut turns: Vec<u32> = value
        .iter()
        .map(|&v| if v == 0 { 0 } else { NEVER })
        .collect();
    loop {
        let mut next = turns.clone();
        for s in 0..nodes.len() {
            let v = value[s];
            if v == 0 {
                continue;
            }
            let best = kids[s]
                .iter()
                .filter(|&&c| value[c] == -v)
                .map(|&c| turns[c]);
            let d = if v > 0 {
                let end = if best_end[s] == v { Some(0) } else { None };
                best.chain(end).min()
            } else {
                best.max()
            }
            .expect("a decided state has a best choice");
            next[s] = d.saturating_add(1);
        }
        if next == turns {
            break;
        }
        turns = next;
    }
    assert!(
        turns.iter().all(|&t| t != NEVER),
        "every decided state ends"
    );
    // Lost states whose choices lose different amounts: where a turn count
    // taken from the last choice decided would mislead.
    let mixed = (0..nodes.len())
        .filter(|&s| value[s] < 0 && kids[s].iter().any(|&c| value[c] != -value[s]))
        .count();
    MIXED.with(|m| m.set(mixed));
    nodes
        .into_iter()
        .zip(value.into_iter().zip(turns))
        .collect()
}

thread_local! {
    /// Lost states of the last reference solve with choices that lose
    /// different amounts.
    static MIXED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

fn check_against_reference(spec: Spec) {
    let solved = solve(spec, 2, &|_| {}).unwrap();
    let table = Table::from_solved(solved);
    let states = states_of(spec);
    let reference = reference_values(&states);
    let mut seen = [0usize; 3];
    for s in &states {
        let (want, want_turns) = reference[s];
        let got = table.lookup(s).expect("in the table");
        let id = ncbg::ids::state_id::encode(s);
        assert_eq!(got.value.points(), want, "{spec}: {id}");
        assert_eq!(got.rank, want_turns, "{spec}: turns of {id}");
        seen[(want.signum() + 1) as usize] += 1;
        // Colour symmetry: the same state with the colours swapped.
        let n = s.numbers();
        let (x, y) = (Side::X.index(), Side::Y.index());
        let mut cur = [None; 2];
        let mut cred = [0; 2];
        cur[x] = n.current(Side::Y);
        cur[y] = n.current(Side::X);
        cred[x] = n.credits(Side::Y);
        cred[y] = n.credits(Side::X);
        let mirror = GameState::new(
            *s.position(),
            s.to_move().other(),
            Numbers::from_parts(cur, cred),
            s.k(),
            s.phase(),
        )
        .unwrap();
        assert_eq!(reference[&mirror].0, want, "colour symmetry");
    }
    assert!(
        seen[0] > 0 && seen[2] > 0,
        "{spec}: wins and losses {seen:?}"
    );
}

/// The turns of a lost state are the longest the loser holds out among
/// its best-value choices, also where other choices lose more (and were
/// decided later): checked on one checker a side, where gammons and
/// backgammons make such states common.
#[test]
fn turns_of_lost_states_with_mixed_losses_agree_with_plain_retrograde() {
    let spec = Spec {
        space: Space::full(1),
        k: 3,
        credits: 0,
    };
    check_against_reference(spec);
    let mixed = MIXED.with(|m| m.get());
    assert!(mixed > 100, "{mixed} lost states with mixed losses");
}

#[test]
fn one_checker_a_side_agrees_with_plain_retrograde() {
    for (k, credits) in [(3, 0), (3, 1), (3, 2), (4, 1)] {
        check_against_reference(Spec {
            space: Space::full(1),
            k,
            credits,
        });
    }
}

/// A million states: a minute of CPU, so not in every `cargo test` (run it
/// with `cargo test --release --test tables -- --ignored`).
#[test]
#[ignore]
fn two_checkers_a_side_k3_agree_with_plain_retrograde() {
    // Contact with two checkers a side: blocks, hits, the bar, gammons.
    check_against_reference(Spec {
        space: Space::full(2),
        k: 3,
        credits: 0,
    });
}

#[test]
fn small_bearoffs_agree_with_plain_retrograde() {
    check_against_reference(Spec {
        space: Space::bearoff(2, 2),
        k: 4,
        credits: 1,
    });
    check_against_reference(Spec {
        space: Space::bearoff(3, 15),
        k: 3,
        credits: 1,
    });
}

/// Following the table's best choices, the winner wins at least what the
/// table promised, whatever the loser does: after each pair of turns the
/// winner's value grows, or stays and its count of turns drops.
#[test]
fn best_choices_make_progress_to_the_win() {
    let spec = Spec {
        space: Space::full(1),
        k: 4,
        credits: 1,
    };
    let table = Table::from_solved(solve(spec, 1, &|_| {}).unwrap());
    let states = states_of(spec);
    let mut checked = 0;
    for (i, start) in states.iter().enumerate().step_by(53) {
        let first = table.probe(start).unwrap();
        let Value::Win(points) = first.value else {
            continue;
        };
        let mut s = *start;
        let mut last = first;
        let mut turns = 0;
        while s.result().is_none() {
            let choices = table.choices(&s).unwrap();
            let winner = s.to_move() == start.to_move();
            // The winner plays a best choice; the loser any choice.
            let c = if winner {
                choices[0]
            } else {
                choices[(i + turns) % choices.len()]
            };
            s = c.turn.after(&s);
            turns += 1;
            if !winner && s.result().is_none() {
                let now = table.probe(&s).unwrap();
                let (a, b) = (now.value.points(), last.value.points());
                assert!(
                    a > b || (a == b && now.rank < last.rank),
                    "{last:?} -> {now:?}"
                );
                last = now;
            }
        }
        let r = s.result().unwrap();
        assert_eq!(r.winner, start.to_move());
        assert!(r.points() >= u32::from(points));
        checked += 1;
    }
    assert!(checked > 20, "{checked}");
}

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

/// A table answers states of its own game only: another k, more doublet
/// credits than it holds or another number of checkers a side is an error
/// naming both the state's rules and the table's, never a silent miss.
#[test]
fn states_of_another_game_are_refused_naming_both() {
    use ncbg::board::Variant;
    use ncbg::numbers::NumberRules;
    let spec = Spec {
        space: Space::full(1),
        k: 3,
        credits: 1,
    };
    let table = Table::from_solved(solve(spec, 1, &|_| {}).unwrap());
    let ok = states_of(spec);
    assert!(ok.iter().all(|s| table.check_rules(s).is_ok()));
    assert!(table.probe(&ok[7]).is_ok());
    // The same board with another k, or more credits.
    let s = ok[7];
    let mut numbers = *s.numbers();
    numbers = Numbers::from_parts([numbers.current(Side::X), numbers.current(Side::Y)], [2, 0]);
    let more_credits = GameState::new(*s.position(), s.to_move(), numbers, 3, s.phase()).unwrap();
    let e = table.probe(&more_credits).unwrap_err();
    assert!(
        e.contains("doublet credits X 2 / Y 0") && e.contains("credits 0..=1"),
        "{e}"
    );
    let other_k = GameState::new(*s.position(), s.to_move(), *s.numbers(), 4, s.phase()).unwrap();
    let e = table.probe(&other_k).unwrap_err();
    assert!(e.contains("k=4") && e.contains("holds k=3"), "{e}");
    assert!(table.choices(&other_k).is_err());
    // Three checkers a side (Hypergammon) in a one-checker table.
    let hyper = GameState::start(Variant::Hypergammon, NumberRules::new(3, 0).unwrap());
    let e = table.probe(&hyper).unwrap_err();
    assert!(
        e.contains("3 checkers a side") && e.contains("1 checkers a side"),
        "{e}"
    );
    assert!(table.lookup(&other_k).is_none());
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
