//! The fast generator against the brute-force reference, and the bulk counter
//! against the generator, on random positions and every pair up to 9.

mod common;

use common::{random_position, random_race_position};
use ncbg::movegen::reference::reference_results;
use ncbg::movegen::{count_results, legal_plays};
use ncbg::notation::{format_play, parse_play};
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

/// Backgammon Race: the mover has checkers waiting in its pool. Every play
/// is also written (`pool/22`) and read back to the same result.
#[test]
fn generator_matches_reference_with_checkers_waiting() {
    let mut rng = Rng::new(79);
    for i in 0..600 {
        let pos = random_race_position(&mut rng);
        assert!(pos.mover().pool() > 0);
        for pair in Pair::all(9) {
            check(&pos, pair);
            if i % 10 == 0 {
                for lp in legal_plays(&pos, pair) {
                    let text = format_play(&pos, &lp.play);
                    let back = parse_play(&text, &pos, pair)
                        .unwrap_or_else(|e| panic!("{text} for {pair:?} in {pos:?}: {e}"));
                    assert_eq!(back.after, lp.after, "{text}");
                }
            }
        }
    }
}

#[test]
fn the_pool_is_read_and_refused_clearly() {
    let start = ncbg::board::Variant::Race.start();
    let pair = Pair::new(6, 5).unwrap();
    for (text, after_entering) in [("pool/19 pool/20", 2), ("pool/14", 1), ("pool/20/14", 1)] {
        let lp = parse_play(text, &start, pair).unwrap();
        assert_eq!(lp.after.mover().pool(), 15 - after_entering, "{text}");
    }
    for bad in ["bar/19 bar/20", "pool/18", "19/pool", "24/18 13/8"] {
        assert!(parse_play(bad, &start, pair).is_err(), "{bad}");
    }
    let standard = ncbg::board::Variant::Standard.start();
    let e = parse_play("pool/19 24/19", &standard, pair).unwrap_err();
    assert!(e.to_string().contains("pool"), "{e}");
}
