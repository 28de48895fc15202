//! The fast generator against the brute-force reference, and the bulk counter
//! against the generator, on random positions and every pair up to 9.

mod common;

use common::random_position;
use ncbg::movegen::reference::reference_results;
use ncbg::movegen::{count_results, legal_plays};
use ncbg::pair::Pair;
use ncbg::rng::Rng;
use std::collections::BTreeSet;

fn check(pos: &ncbg::board::Position, pair: Pair) {
    let plays = legal_plays(pos, pair);
    let fast: Vec<_> = plays
        .iter()
        .filter(|p| !p.play.is_none())
        .map(|p| p.after)
        .collect();
    let distinct: BTreeSet<_> = fast.iter().copied().collect();
    assert_eq!(
        distinct.len(),
        fast.len(),
        "duplicate results for {pair:?} in {pos:?}"
    );
    let reference = reference_results(pos, pair);
    assert_eq!(
        distinct.into_iter().collect::<Vec<_>>(),
        reference,
        "results differ for {pair:?} in {pos:?}"
    );
    assert_eq!(
        count_results(pos, pair),
        fast.len(),
        "count differs for {pair:?} in {pos:?}"
    );
    for lp in &plays {
        assert_eq!(
            lp.play.apply(pos),
            lp.after,
            "play does not lead to its result"
        );
    }
}

#[test]
fn generator_matches_reference_on_random_positions() {
    let mut rng = Rng::new(2026);
    for i in 0..1500 {
        let n = if i % 5 == 0 { 3 } else { 15 };
        let pos = random_position(&mut rng, n);
        for pair in Pair::all(9) {
            check(&pos, pair);
        }
    }
}
