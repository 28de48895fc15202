//! Hand-written cases for the tricky rules of checker play.

use ncbg::board::{Position, BAR};
use ncbg::movegen::legal_plays;
use ncbg::notation::{format_play, parse_play, PlayError};
use ncbg::pair::Pair;
use ncbg::pos;
use std::collections::BTreeSet;

/// The legal plays of `pair` from `pos`, in canonical notation.
fn plays(pos: &Position, a: u8, b: u8) -> BTreeSet<String> {
    legal_plays(pos, Pair::new(a, b).unwrap())
        .iter()
        .map(|lp| format_play(pos, &lp.play))
        .collect()
}

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}

#[test]
fn only_one_number_playable_means_the_larger() {
    // One checker on 13; the opponent holds the mover's 2 point (its 23), so
    // 13/7/2 and 13/8/2 are both blocked: only one number can be used.
    let p = pos!(x 13 => 1; o 23 => 2);
    assert_eq!(plays(&p, 6, 5), set(&["13/7"]));
    let err = parse_play("13/8", &p, Pair::new(6, 5).unwrap()).unwrap_err();
    assert_eq!(
        err,
        PlayError::Illegal("must use the larger number (6)".into())
    );
}

#[test]
fn smaller_number_alone_when_the_larger_is_blocked() {
    // 13/7 blocked (opponent's 18), 13/8 open, and 8/2 blocked.
    let p = pos!(x 13 => 1; o 18 => 2, 23 => 2);
    assert_eq!(plays(&p, 6, 5), set(&["13/8"]));
}

#[test]
fn both_numbers_only_if_the_smaller_goes_first() {
    // 13/7 is blocked (opponent's 18 point), but 13/8/2 uses both numbers.
    let p = pos!(x 13 => 1; o 18 => 2);
    let lp = legal_plays(&p, Pair::new(6, 5).unwrap());
    assert_eq!(lp.len(), 1);
    assert_eq!(format_play(&p, &lp[0].play), "13/2");
    let steps = lp[0].play.steps();
    assert_eq!(
        (steps[0].from, steps[0].to),
        (13, 8),
        "the 5 is played first"
    );
    // Writing the blocked route explicitly is rejected with the reason.
    let err = parse_play("13/7/2", &p, Pair::new(6, 5).unwrap()).unwrap_err();
    assert_eq!(err, PlayError::Illegal("point 7 is blocked".into()));
}

#[test]
fn bearing_off_with_a_larger_number_only_from_the_highest_point() {
    let p = pos!(x 5 => 1, 3 => 1; o 13 => 2);
    // 6 bears off the 5 (highest); then 2 plays 3/1, or 5/3 first and the 6
    // bears off from the 3, now the highest.
    assert_eq!(plays(&p, 6, 2), set(&["5/off 3/1", "5/off"]));
    let err = parse_play("3/off 5/3", &p, Pair::new(6, 2).unwrap());
    assert!(
        err.is_ok(),
        "5/3 then 3/off is legal in that order: {err:?}"
    );
    // From 2 with a 6 while a checker stays on the 5: not allowed in any order.
    let q = pos!(x 5 => 2, 2 => 1; o 13 => 2);
    let err = parse_play("2/off 5/4", &q, Pair::new(6, 1).unwrap()).unwrap_err();
    assert_eq!(
        err,
        PlayError::Illegal(
            "cannot bear off from 2 with a 6 while a checker is on a higher point".into()
        )
    );
}

#[test]
fn bear_off_needs_every_checker_home_rechecked_after_each_step() {
    // The 8 must come home first; then the 2 bears off 2/off with the 2.
    // (8/2 2/off and 8/6 6/off give the same position: one result.)
    let p = pos!(x 8 => 1, 2 => 1; o 24 => 2);
    assert_eq!(plays(&p, 6, 2), set(&["8/off"]));
    let pair = Pair::new(6, 2).unwrap();
    let err = parse_play("2/off 8/2", &p, pair);
    assert!(err.is_ok(), "the order written does not matter: {err:?}");
    // With 5-1 nothing can bear off: the 1 is not exact for the 2, and the
    // mover's 1 point is blocked, so both numbers go to 8/2.
    assert_eq!(plays(&p, 5, 1), set(&["8/2"]));
}

#[test]
fn blot_on_the_intermediate_point_gives_two_results() {
    // The opponent's blot on its 18 point is the mover's 7 point.
    let p = pos!(x 13 => 1; o 18 => 1, 1 => 1);
    assert_eq!(plays(&p, 6, 5), set(&["13/7*/2", "13/2"]));
    let pair = Pair::new(6, 5).unwrap();
    // Without a star the route that does not hit is meant; the star picks the hit.
    let quiet = parse_play("13/2", &p, pair).unwrap();
    assert_eq!(quiet.after.opponent().bar(), 0);
    let hit = parse_play("13/7*/2", &p, pair).unwrap();
    assert_eq!(hit.after.opponent().bar(), 1);
    assert_eq!(
        parse_play("13/7/2", &p, pair).unwrap(),
        hit,
        "the route fixes the hit"
    );
}

#[test]
fn partial_doublets_play_as_many_as_possible() {
    // 13/10/7 then 7/4 is blocked (opponent's 21): two of the four 3s.
    let p = pos!(x 13 => 1; o 21 => 2);
    let lp = legal_plays(&p, Pair::new(3, 3).unwrap());
    assert_eq!(lp.len(), 1);
    assert_eq!(lp[0].play.steps().len(), 2);
    assert_eq!(format_play(&p, &lp[0].play), "13/7");
    let err = parse_play("13/10", &p, Pair::new(3, 3).unwrap()).unwrap_err();
    assert_eq!(
        err,
        PlayError::Illegal("must play 2 of the four 3s, not 1".into())
    );
    // Three of four with two checkers.
    // 13/10/7 (7/4 blocked) and 9/6 (6/3 blocked): three of the four.
    let q = pos!(x 13 => 1, 9 => 1; o 21 => 2, 22 => 2);
    let got = plays(&q, 3, 3);
    assert!(got.iter().all(|s| {
        let p = parse_play(s, &q, Pair::new(3, 3).unwrap()).unwrap();
        p.play.steps().len() == 3
    }));
}

#[test]
fn two_checkers_on_the_bar_with_different_numbers() {
    // Both enter when both points are open.
    let p = pos!(x 25 => 2, 6 => 3; o 13 => 2);
    assert_eq!(plays(&p, 6, 4), set(&["bar/21 bar/19"]));
    // The 6 is blocked (opponent's 6 = mover's 19): one enters, the 6 is lost,
    // and the checker left on the bar freezes everything else.
    let q = pos!(x 25 => 2, 13 => 3; o 6 => 2);
    assert_eq!(plays(&q, 6, 4), set(&["bar/21"]));
    let r = pos!(x 25 => 2, 13 => 3; o 6 => 2, 4 => 2);
    assert_eq!(plays(&r, 6, 4), set(&["pass"]));
    assert!(legal_plays(&r, Pair::new(6, 4).unwrap())[0].play.is_none());
}

#[test]
fn one_checker_on_the_bar_enters_first() {
    let p = pos!(x 25 => 1, 13 => 2; o 6 => 2);
    let got = plays(&p, 6, 4);
    // bar/21 then any checker moves 6; the 6 cannot enter (blocked).
    assert_eq!(got, set(&["bar/21 13/7", "bar/15"]));
    let err = parse_play("13/7 13/9", &p, Pair::new(6, 4).unwrap()).unwrap_err();
    assert_eq!(
        err,
        PlayError::Illegal("checkers on the bar must enter first".into())
    );
}

#[test]
fn entering_with_numbers_above_six() {
    // k = 7: a 7 enters on point 18 (25 - 7), outside the opponent's home board.
    let p = pos!(x 25 => 1, 13 => 1; o 6 => 2);
    let got = plays(&p, 7, 1);
    assert!(got.contains("bar/18 13/12"), "{got:?}");
    assert!(got.contains("bar/17"), "{got:?}");
    // Blocked on 18 (the opponent's 7 point): the 1 enters instead, then the
    // 7 is played by any checker.
    let q = pos!(x 25 => 1, 13 => 1; o 7 => 2);
    assert_eq!(plays(&q, 7, 1), set(&["bar/17", "bar/24 13/6"]));
    assert_eq!(BAR - 7, 18);
}

#[test]
fn bear_off_with_seven_to_nine() {
    let p = pos!(x 6 => 2, 1 => 1; o 20 => 2);
    assert_eq!(plays(&p, 9, 8), set(&["6/off(2)"]));
}

#[test]
fn no_legal_play_is_explicit() {
    // Closed board in front of the bar checker.
    let p = pos!(x 25 => 1, 13 => 1; o 1 => 2, 2 => 2, 3 => 2, 4 => 2, 5 => 2, 6 => 2);
    let lp = legal_plays(&p, Pair::new(5, 2).unwrap());
    assert_eq!(lp.len(), 1);
    assert!(lp[0].play.is_none());
    assert_eq!(lp[0].after, p);
    let pair = Pair::new(5, 2).unwrap();
    assert!(parse_play("pass", &p, pair).is_ok());
    assert!(parse_play("-", &p, pair).is_ok());
    let start = ncbg::board::Variant::Standard.start();
    assert!(parse_play("pass", &start, pair).is_err());
}

#[test]
fn lenient_notation() {
    let start = ncbg::board::Variant::Standard.start();
    let pair = Pair::new(6, 5).unwrap();
    let canonical = parse_play("24/18 13/8", &start, pair).unwrap();
    for text in [
        "13/8 24/18",
        "24/18,13/8",
        "24 18 13 8",
        "13/8, 24/18",
        " 24/18  13/8 ",
    ] {
        assert_eq!(
            parse_play(text, &start, pair).unwrap().after,
            canonical.after,
            "{text}"
        );
    }
    let doubles = Pair::new(6, 6).unwrap();
    let a = parse_play("13/7(2) 24/18(2)", &start, doubles).unwrap();
    let b = parse_play("24/18 24/18 13/7 13/7", &start, doubles).unwrap();
    assert_eq!(a.after, b.after);
    let enter = pos!(x 25 => 1, 6 => 5; o 3 => 1);
    let pair31 = Pair::new(3, 1).unwrap();
    let x = parse_play("bar/22* 6/5", &enter, pair31).unwrap();
    assert_eq!(parse_play("25/22 6/5", &enter, pair31).unwrap(), x);
    assert_eq!(parse_play("b/22 6/5", &enter, pair31).unwrap(), x);
    // The last two checkers off with two of the four 6s: the game is over.
    let off = pos!(x 6 => 2; o 24 => 2);
    let y = parse_play("6/off(2)", &off, Pair::new(6, 6).unwrap()).unwrap();
    assert_eq!(y.after.mover().off(), 15);
}

#[test]
fn malformed_plays_say_why() {
    let start = ncbg::board::Variant::Standard.start();
    let pair = Pair::new(6, 5).unwrap();
    for (text, want) in [
        ("", "empty play"),
        ("24/", "a play cannot end with '/'"),
        ("/18", "'/' must come between two points"),
        ("24/18 13", "'13' has no destination"),
        ("24/18 13/x8", "unexpected 'x'"),
        ("24/30", "no point 30 (points are 1-24, bar 25, off 0)"),
        (
            "18/24",
            "18/24 does not move forward (checkers move from higher to lower points)",
        ),
        ("12/6 13/8", "no checker on 12"),
        ("24/14", "24/14 cannot be played with 6-5"),
        (
            "24/18 24/18 13/8",
            "3 paths written, but 6-5 moves at most 2 checkers",
        ),
        ("24/18#", "unexpected character '#'"),
    ] {
        let err = parse_play(text, &start, pair).unwrap_err();
        assert_eq!(err.to_string(), want, "{text:?}");
    }
}
