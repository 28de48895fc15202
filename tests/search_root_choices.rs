//! A search over chosen root choices (`Limits::root_choices`, as UCI's
//! `searchmoves`): only those are searched and reported; a list with no
//! legal choice searches them all.

use ncbg::eval::NnEval;
use ncbg::game::GameState;
use ncbg::search::{Limits, Searcher, Settings};
use ncbg::turn::legal_turns;
use std::sync::atomic::AtomicBool;

fn opened(x0: u8, y0: u8) -> GameState {
    let mut g = GameState::standard();
    g.pick(x0).unwrap();
    g.pick(y0).unwrap();
    g
}

fn search(state: &GameState, limits: &Limits) -> ncbg::search::SearchResult {
    let mut s = Searcher::new(8, Box::new(NnEval::embedded()));
    let stop = AtomicBool::new(false);
    s.search(state, limits, &Settings::default(), &stop, &mut |_| {})
        .expect("game not over")
}

#[test]
fn only_the_chosen_root_choices_are_searched() {
    let g = opened(4, 2);
    let choices = legal_turns(&g);
    let every = Limits {
        depth: Some(3),
        multipv: choices.len(),
        ..Limits::default()
    };
    let all = search(&g, &every);
    assert_eq!(all.lines.len(), choices.len());
    // The three worst by the full search: searched alone, the best of them
    // is the answer, with the value the full search gave it.
    let worst: Vec<_> = all.lines[all.lines.len() - 3..]
        .iter()
        .map(|(t, _)| *t)
        .collect();
    let some = search(
        &g,
        &Limits {
            multipv: 3,
            root_choices: Some(worst.clone()),
            ..every.clone()
        },
    );
    assert_eq!(some.lines.len(), 3);
    assert!(some.lines.iter().all(|(t, _)| worst.contains(t)));
    assert!(!some.lines.iter().any(|(t, _)| *t == all.best));
    assert_eq!(some.best, worst[0]);
    assert_eq!(some.score, all.lines[all.lines.len() - 3].1);
    assert!(some.nodes < all.nodes);

    // A list with no legal choice of this state: every choice is searched.
    let elsewhere = legal_turns(&opened(5, 1));
    let other: Vec<_> = elsewhere
        .into_iter()
        .filter(|t| !choices.iter().any(|c| c.after(&g) == t.after(&g)))
        .take(2)
        .collect();
    assert!(!other.is_empty());
    let none = search(
        &g,
        &Limits {
            multipv: 1,
            root_choices: Some(other),
            ..every.clone()
        },
    );
    assert_eq!(
        none.best,
        search(
            &g,
            &Limits {
                multipv: 1,
                ..every
            }
        )
        .best
    );
}
