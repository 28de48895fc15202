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
    // A match: MWC-based, and antisymmetric between the sides' scores.
    let m = |x, y| MatchScore::with_score(7, [x, y], Crawford::Before).unwrap();
    let ahead = aware.evaluate(&game(Terms::default(), Some(m(5, 0))));
    let behind = aware.evaluate(&game(Terms::default(), Some(m(0, 5))));
    assert!(ahead > 500 && behind < -500, "{ahead} {behind}");
    assert!(ahead.abs() < 1000 && behind.abs() < 1000);
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
