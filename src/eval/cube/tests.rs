use super::*;
use crate::cube::{Crawford, MatchScore, Terms};

#[test]
fn nc_win_shares_are_the_embedded_nets() {
    let measured = measure_win_shares(&Network::embedded());
    eprintln!("measured NC win shares: {measured:?}");
    assert!(
        (measured.gammon - NC_WIN_SHARES.gammon).abs() < 0.005,
        "{measured:?}"
    );
    assert!(
        (measured.backgammon - NC_WIN_SHARES.backgammon).abs() < 0.005,
        "{measured:?}"
    );
}

fn chances(win: f32, gammon: f32) -> Probabilities {
    Probabilities {
        win,
        win_gammon: gammon,
        win_backgammon: 0.0,
        lose_gammon: 0.0,
        lose_backgammon: 0.0,
    }
}

/// A standard game after the opening pair, X to pick, under `terms` and
/// an optional match score.
fn game(terms: Terms, m: Option<MatchScore>) -> GameState {
    let mut g = GameState::standard();
    g.set_terms(terms);
    g.set_match(m);
    g.pick(3).unwrap();
    g.pick(5).unwrap();
    g
}

fn money(beavers: bool) -> Terms {
    Terms {
        cube: true,
        beavers,
        ..Terms::default()
    }
}

#[test]
fn money_decisions_follow_the_chances() {
    let g = game(money(true), None);
    let at = |win, gammon| analyse(&g, &chances(win, gammon), CUBE_EFFICIENCY);
    // An even game: no double, and a take.
    let even = at(0.5, 0.0);
    assert_eq!(even.verdict, Verdict::NoDouble, "{even}");
    assert_eq!(even.answer(true), CubeAction::Beaver, "{even}");
    assert_eq!(even.answer(false), CubeAction::Take);
    // A strong race: double, take; a very strong one: double, pass.
    let strong = at(0.74, 0.0);
    assert_eq!(strong.verdict, Verdict::DoubleTake, "{strong}");
    assert_eq!(strong.answer(true), CubeAction::Take);
    let crushing = at(0.9, 0.0);
    assert_eq!(crushing.verdict, Verdict::DoublePass, "{crushing}");
    assert_eq!(crushing.answer(true), CubeAction::Drop);
    assert_eq!(crushing.double_pass, 1.0);
    // Winning nearly always, mostly gammons: too good to double.
    let g_nojacoby = game(
        Terms {
            jacoby: false,
            ..money(false)
        },
        None,
    );
    let gammonish = analyse(&g_nojacoby, &chances(0.97, 0.8), CUBE_EFFICIENCY);
    assert_eq!(gammonish.verdict, Verdict::TooGoodPass, "{gammonish}");
    assert!(!gammonish.doubles());
}

#[test]
fn match_decisions_use_the_score() {
    let table = nc_table();
    // Post-Crawford, the trailer at 4-away doubles an even game at once:
    // the leader at 1-away has no use for the cube.
    let post = MatchScore::with_score(5, [1, 4], Crawford::After).unwrap();
    let g = game(Terms::default(), Some(post));
    let a = analyse(&g, &chances(0.5, 0.1), CUBE_EFFICIENCY);
    assert!(a.in_match);
    assert!(a.doubles(), "{a}");
    // Double, pass wins one point: X needs 3 then, post-Crawford.
    let dp = table.mwc(3, 1, Crawford::After);
    assert!((a.double_pass - dp).abs() < 1e-9);
    // 0-0 in a 5-point match, an even game: no double.
    let g = game(Terms::default(), Some(MatchScore::new(5).unwrap()));
    let a = analyse(&g, &chances(0.5, 0.1), CUBE_EFFICIENCY);
    assert_eq!(a.verdict, Verdict::NoDouble, "{a}");
    assert!((a.no_double - 0.5).abs() < 0.05, "{a}");
    // Cubeless MWC rises with the chances.
    let low = cubeless_mwc(&g, &chances(0.4, 0.1)).unwrap();
    let high = cubeless_mwc(&g, &chances(0.6, 0.1)).unwrap();
    assert!(low < 0.5 && high > 0.5, "{low} {high}");
    assert_eq!(
        cubeless_mwc(&game(Terms::default(), None), &chances(0.6, 0.1)),
        None
    );
}

#[test]
fn a_pending_double_is_judged_from_the_doublers_side() {
    let mut g = game(money(false), None);
    let p = chances(0.9, 0.0);
    let before = analyse(&g, &p, CUBE_EFFICIENCY);
    g.cube_action(CubeAction::Double).unwrap();
    assert_eq!(analyse(&g, &p, CUBE_EFFICIENCY), before);
}

#[test]
fn match_aware_values_follow_the_score() {
    let nn = NnEval::embedded();
    let aware = MatchAware::new(NnEval::embedded());
    // Money play: the net's equity.
    let money = game(Terms::default(), None);
    assert_eq!(aware.evaluate(&money), nn.evaluate(&money));
    // A match: the game's value on the points scale, whatever the score
    // (the match's standing is not in it): the near-even opening is well
    // inside a single game at 0-0 as at 5-0 and 0-5, and not the money
    // equity (gammons are worth what the score makes them).
    let m = |x, y| MatchScore::with_score(7, [x, y], Crawford::Before).unwrap();
    for (x, y) in [(0, 0), (5, 0), (0, 5)] {
        let v = aware.evaluate(&game(Terms::default(), Some(m(x, y))));
        assert!(v.abs() < 500, "{x}-{y}: {v}");
    }
    let ahead = aware.evaluate(&game(Terms::default(), Some(m(5, 0))));
    assert_ne!(ahead, nn.evaluate(&money));
}

/// A game of a match where the players need `need` points, with NC's
/// gammon shares.
fn at_score(need: [u16; 2], crawford: Crawford) -> GameAtScore<'static> {
    GameAtScore {
        met: nc_table(),
        need,
        crawford,
        shares: [NC_WIN_SHARES; 2],
    }
}

#[test]
fn match_values_sit_on_the_points_scale_of_finished_games() {
    // 0-0 in a match to 5: each outcome's MWC is where the search puts
    // that finished game, and values between are in order.
    let g = at_score([5, 5], Crawford::Before);
    let points = [-3000.0, -2000.0, -1000.0, 1000.0, 2000.0, 3000.0];
    let mwcs = [
        g.after(1, 3),
        g.after(1, 2),
        g.after(1, 1),
        g.after(0, 1),
        g.after(0, 2),
        g.after(0, 3),
    ];
    for (m, p) in mwcs.iter().zip(points) {
        assert!((on_points_scale(&g, 1, *m) - p).abs() < 1e-6, "{m} {p}");
    }
    let mid = on_points_scale(&g, 1, (mwcs[1] + mwcs[2]) / 2.0);
    assert!((mid + 1500.0).abs() < 1e-6, "{mid}");
    assert!(on_points_scale(&g, 1, 0.5).abs() < 1e-6);
    // A leaf about to lose a gammon ranks below a finished single loss;
    // the old (2 MWC - 1) x 1000 put it far above.
    let near_gammon = 0.9 * mwcs[1] + 0.1 * mwcs[2];
    assert!(on_points_scale(&g, 1, near_gammon) < -1000.0);
    // 1-away against 3-away, post-Crawford, cube on 2: any win of the
    // leader wins the match, so a sure win is worth a finished single win
    // (the lowest of the equal outcomes), not a backgammon.
    let g = at_score([1, 3], Crawford::After);
    assert_eq!(on_points_scale(&g, 2, 1.0), 1000.0);
    assert!(on_points_scale(&g, 2, 0.99) < 1000.0);
    // The evaluation of a state stays off a finished game's value.
    let mut s = game(
        Terms::default(),
        Some(MatchScore::with_score(5, [0, 0], Crawford::Before).unwrap()),
    );
    s.set_match(Some(
        MatchScore::with_score(5, [4, 2], Crawford::After).unwrap(),
    ));
    let v = MatchAware::new(NnEval::embedded()).evaluate(&s);
    assert!(v % 1000 != 0 && v.abs() < 3000, "{v}");
}

/// Prints NC's 5-point table (`cargo test --lib print_nc_table -- --ignored --nocapture`), for docs/cube.md.
#[test]
#[ignore]
fn print_nc_table() {
    let t = nc_table();
    for a in 1..=5u16 {
        let row: Vec<String> = (1..=5u16)
            .map(|b| format!("{:.3}", t.mwc(a, b, Crawford::Before)))
            .collect();
        println!("{a}-away | {}", row.join(" | "));
    }
    let post: Vec<String> = (2..=5u16)
        .map(|b| format!("{:.3}", t.mwc(1, b, Crawford::After)))
        .collect();
    println!("post-Crawford 1-away vs 2..5: {}", post.join(" | "));
}
