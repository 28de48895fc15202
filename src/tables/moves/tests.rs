use super::*;
use crate::board::Position;
use crate::movegen::generate;
use crate::tables::Space;

/// Every child from the tables is a child from the library's move
/// generator and back, on boards spread over each space.
fn check(space: Space, k: u8, step: usize) {
    let index = StateIndex::new(space, k, 0);
    let tables = MoveTables::new(&index, 2);
    let mut mine = Vec::new();
    let mut results: Vec<Position> = Vec::new();
    let mut checked = 0;
    for b in (0..index.boards()).step_by(step) {
        let Some(pos) = index.board(b) else { continue };
        if pos.outcome().is_some() {
            continue;
        }
        for (p, &pair) in tables.pairs.iter().enumerate() {
            mine.clear();
            tables.children(b, p, &mut mine);
            mine.sort_unstable();
            mine.dedup();
            results.clear();
            generate(&pos, pair, &mut results);
            if results.is_empty() {
                results.push(pos);
            }
            let mut theirs: Vec<u32> = results
                .iter()
                .map(|r| index.board_index(&r.flip()).expect("in the space") as u32)
                .collect();
            theirs.sort_unstable();
            assert_eq!(mine, theirs, "{pos:?} {pair}");
            checked += 1;
        }
    }
    assert!(checked > 1000, "{checked}");
}

/// Every child's parents include the board, and every parent found
/// has the board among its children.
fn check_parents(space: Space, k: u8, step: usize) {
    let index = StateIndex::new(space, k, 0);
    let tables = MoveTables::new(&index, 2);
    let live = |b: usize| index.board(b).is_some_and(|p| p.outcome().is_none());
    let (mut kids, mut parents, mut back) = (Vec::new(), Vec::new(), Vec::new());
    let mut checked = 0;
    for b in (0..index.boards()).step_by(step) {
        if !live(b) {
            continue;
        }
        for p in 0..tables.pairs.len() {
            kids.clear();
            tables.children(b, p, &mut kids);
            for &c in &kids {
                parents.clear();
                tables.parents(c as usize, p, &mut parents);
                assert!(parents.contains(&(b as u32)), "{b} -> {c}");
                for &q in &parents {
                    if !live(q as usize) {
                        continue;
                    }
                    back.clear();
                    tables.children(q as usize, p, &mut back);
                    assert!(back.contains(&c), "parent {q} of {c}");
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 1000, "{checked}");
}

#[test]
fn parents_are_the_boards_whose_children_they_are() {
    check_parents(Space::full(1), 6, 1);
    check_parents(Space::full(2), 4, 13);
    check_parents(Space::full(3), 3, 30011);
    check_parents(Space::bearoff(3, 15), 6, 7);
}

#[test]
fn children_match_the_move_generator() {
    check(Space::full(1), 9, 1);
    check(Space::full(2), 6, 7);
    check(Space::full(3), 6, 4099);
    check(Space::bearoff(4, 15), 6, 3);
    check(Space::bearoff(3, 3), 7, 1);
}
