//! The exact-value tables (`ncbg::tables`) against an independent solver,
//! and the states a table answers. Their files (writing, reading, the
//! checkpoint) are tested in `tables_files.rs`.
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
use ncbg::tables::{solve, Space, Spec, Table, Value};
use std::collections::{HashMap, VecDeque};

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
