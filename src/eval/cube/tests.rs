use super::*;
use crate::cube::{Crawford, MatchScore, Terms};

#[test]
fn nc_first_mover_is_the_embedded_nets() {
    let measured = measure_first_mover(&Network::embedded());
    assert!((measured - NC_FIRST_MOVER).abs() < 0.005, "{measured}");
    // The first move is an edge: the table's 1-away/1-away game is X's.
    assert!(measured > 0.55, "{measured}");
    assert!((nc_table().mwc(1, 1, Crawford::After, true) - NC_FIRST_MOVER).abs() < 1e-12);
}

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
    let dp = table.mwc(3, 1, Crawford::After, false);
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
    // A match: MWC-based. On the linear scale the match's standing shows
    // (far ahead, far behind) ...
    let linear = MatchAware::with_scale(NnEval::embedded(), MwcScale::Linear);
    let m = |x, y| MatchScore::with_score(7, [x, y], Crawford::Before).unwrap();
    let ahead = linear.evaluate(&game(Terms::default(), Some(m(5, 0))));
    let behind = linear.evaluate(&game(Terms::default(), Some(m(0, 5))));
    assert!(ahead > 500 && behind < -500, "{ahead} {behind}");
    assert!(ahead.abs() < 1000 && behind.abs() < 1000);
    // ... on the points scale the game's: between a finished single loss
    // and a finished single win (-1000, 1000) for an even position at any
    // score, the same at 0-0 as the net's equity in sign.
    for (x, y) in [(5, 0), (0, 5), (0, 0), (3, 4)] {
        let g = game(Terms::default(), Some(m(x, y)));
        let v = aware.evaluate(&g);
        assert!(v.abs() < 1000, "{x}-{y}: {v}");
    }
    let even = game(Terms::default(), Some(m(0, 0)));
    assert_eq!(
        aware.evaluate(&even).signum(),
        nn.evaluate(&money).signum(),
        "{} {}",
        aware.evaluate(&even),
        nn.evaluate(&money)
    );
}

/// Prints NC's 5-point table (`cargo test --lib print_nc_table -- --ignored --nocapture`), for docs/cube.md:
/// the row player's MWC when it moves first in the next game, then second.
#[test]
#[ignore]
fn print_nc_table() {
    let t = nc_table();
    for starts in [true, false] {
        println!(
            "row player moves {}:",
            if starts { "first" } else { "second" }
        );
        for a in 1..=5u16 {
            let row: Vec<String> = (1..=5u16)
                .map(|b| format!("{:.3}", t.mwc(a, b, Crawford::Before, starts)))
                .collect();
            println!("| {a} | {} |", row.join(" | "));
        }
        let post: Vec<String> = (2..=5u16)
            .map(|b| format!("{:.3}", t.mwc(1, b, Crawford::After, starts)))
            .collect();
        println!("post-Crawford 1-away vs 2..5: {}", post.join(" | "));
    }
}

/// The match-aware value is the side to move's, in every phase of an NC
/// turn: at 0-0 with the cube on 1 it has the sign of the net's money
/// equity wherever that is clear, at the states to pick a number and at
/// the states to play the picked pair alike.
#[test]
fn match_aware_values_are_the_side_to_moves_in_every_phase() {
    use crate::game::Phase;
    use crate::rng::Rng;
    use crate::turn::random_turn;
    let nn = NnEval::embedded();
    let aware = MatchAware::new(NnEval::embedded());
    let mut checked = [0u32; 2];
    for seed in 0..6 {
        let mut g = game(Terms::default(), Some(MatchScore::new(5).unwrap()));
        let mut rng = Rng::new(seed);
        while !g.is_over() {
            let mut states = vec![g];
            if g.phase() == Phase::Pick {
                for n in 1..=g.k() {
                    let mut picked = g;
                    if picked.pick(n).is_ok() && !picked.is_over() {
                        states.push(picked);
                    }
                }
            }
            for s in states {
                let money = nn.evaluate(&s);
                if money.abs() < 300 {
                    continue;
                }
                let value = aware.evaluate(&s);
                assert_eq!(
                    value.signum(),
                    money.signum(),
                    "{:?} to move in phase {:?}: money {money}, match {value}",
                    s.to_move(),
                    s.phase()
                );
                checked[usize::from(s.phase() == Phase::Play)] += 1;
            }
            match random_turn(&g, &mut rng) {
                Some(t) => g = t.after(&g),
                None => break,
            }
        }
    }
    assert!(checked.iter().all(|&n| n > 50), "{checked:?}");
}

/// The game of a 5-point match at `score` (X's, Y's) from X's side.
fn at_score(score: [u16; 2], crawford: Crawford) -> GameAtScore<'static> {
    let m = MatchScore::with_score(5, score, crawford).unwrap();
    GameAtScore {
        met: nc_table(),
        need: [
            m.away(crate::numbers::Side::X),
            m.away(crate::numbers::Side::Y),
        ],
        crawford,
        shares: [NC_WIN_SHARES, NC_WIN_SHARES],
        starts_next: false,
    }
}

#[test]
fn match_values_sit_on_the_points_scale_of_finished_games() {
    // 0-0 in a match to 5: each outcome's MWC is where the search puts
    // that finished game, and values between are in order.
    let g = at_score([0, 0], Crawford::Before);
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
    // Halfway between a single loss and a single win: 0 (not MWC 0.5: X,
    // who moves second in the next game, is a little worse off than even
    // after an even game).
    assert!(on_points_scale(&g, 1, (mwcs[2] + mwcs[3]) / 2.0).abs() < 1e-6);
    // 1-away against 3-away, post-Crawford, cube on 2: any win of the
    // leader wins the match, so a sure win is worth a finished single win
    // (the lowest of the equal outcomes), not a backgammon.
    let g = at_score([4, 2], Crawford::After);
    assert_eq!(on_points_scale(&g, 2, 1.0), 1000.0);
    assert!(on_points_scale(&g, 2, 0.99) < 1000.0);
}

/// A state about to be gammoned is worth less to the search than a
/// finished single loss (-1000), as its MWC is less: on the linear scale
/// it was worth about -330 at 0-0, so the search traded a single loss it
/// could see for a gammon beyond its horizon.
#[test]
fn a_leaf_about_to_lose_a_gammon_ranks_below_a_finished_single_loss() {
    let g = game(Terms::default(), Some(MatchScore::new(5).unwrap()));
    let gammoned = Probabilities {
        win: 0.0,
        win_gammon: 0.0,
        win_backgammon: 0.0,
        lose_gammon: 0.95,
        lose_backgammon: 0.0,
    };
    let single = Probabilities {
        lose_gammon: 0.0,
        ..gammoned
    };
    let points = MatchAware::new(NnEval::embedded());
    let linear = MatchAware::with_scale(NnEval::embedded(), MwcScale::Linear);
    let v = |e: &MatchAware, p| e.match_value(&g, p).unwrap();
    assert!(v(&points, &gammoned) < -1900, "{}", v(&points, &gammoned));
    assert!(
        (-1000..-990).contains(&v(&points, &single)),
        "{}",
        v(&points, &single)
    );
    // The linear scale's inconsistency, for the record.
    assert!(v(&linear, &gammoned) > -1000, "{}", v(&linear, &gammoned));
    // Both are the same order of MWC: a sure gammon below a sure single.
    assert!(v(&linear, &gammoned) < v(&linear, &single));
    // Every value stays off a finished game's (a multiple of 1000).
    for p in [&gammoned, &single] {
        let x = v(&points, p);
        assert!(x % 1000 != 0 && x.abs() < 3000, "{x}");
    }
}

/// Prints where the match mode and money play double and take at 0-0 in a
/// 5-point match, by the doubler's win chance with NC's gammon shares
/// (`cargo test --lib print_cube_points -- --ignored --nocapture`), for
/// docs/lab/cube-duels.md.
#[test]
#[ignore]
fn print_cube_points() {
    use crate::numbers::Side;
    let chances_at = |w: f32| {
        let g = NC_WIN_SHARES.gammon as f32;
        Probabilities {
            win: w,
            win_gammon: w * g,
            win_backgammon: 0.0,
            lose_gammon: (1.0 - w) * g,
            lose_backgammon: 0.0,
        }
    };
    let money_terms = Terms {
        cube: true,
        jacoby: false,
        ..Terms::default()
    };
    for (what, cube) in [
        ("centred 1", Cube::new(1, None).unwrap()),
        ("doubler owns 2", Cube::new(2, Some(Side::X)).unwrap()),
    ] {
        for in_match in [true, false] {
            let mut g = game(
                if in_match {
                    Terms {
                        cube: true,
                        ..Terms::default()
                    }
                } else {
                    money_terms
                },
                in_match.then(|| MatchScore::new(5).unwrap()),
            );
            g.set_cube(cube);
            let mut line = Vec::new();
            let (mut first_double, mut last_take) = (None, None);
            for i in 40..=100 {
                let w = i as f32 / 100.0;
                let a = analyse(&g, &chances_at(w), CUBE_EFFICIENCY);
                if a.doubles() && first_double.is_none() {
                    first_double = Some(w);
                }
                if a.answer(false) == CubeAction::Take {
                    last_take = Some(w);
                }
                if i % 5 == 0 {
                    line.push(format!("{w:.2}: {:?}", a.verdict));
                }
            }
            println!(
                "{what}, {}: first double at {first_double:?}, taken up to {last_take:?}",
                if in_match {
                    "5-point match 0-0"
                } else {
                    "money, no Jacoby"
                }
            );
            println!("   {}", line.join(", "));
        }
    }
}

/// Post-Crawford with the cube centred, the trailer's double is free and
/// comes: the 1-away leader values a gammon loss at the doubled cube (the
/// match lost), not at 1 (where it leaves the trailer 1-away, worth the
/// same as a single loss's 2-away).
#[test]
fn the_post_crawford_leader_fears_the_gammon_of_the_doubled_cube() {
    let leader_at = |cube: Cube| {
        let post = MatchScore::with_score(5, [4, 2], Crawford::After).unwrap();
        let mut g = game(
            Terms {
                cube: true,
                ..Terms::default()
            },
            Some(post),
        );
        g.set_cube(cube);
        g
    };
    let single = Probabilities {
        win: 0.4,
        win_gammon: 0.0,
        win_backgammon: 0.0,
        lose_gammon: 0.0,
        lose_backgammon: 0.0,
    };
    let gammons = Probabilities {
        lose_gammon: 0.3,
        ..single
    };
    let aware = MatchAware::new(NnEval::embedded());
    let centred = leader_at(Cube::new(1, None).unwrap());
    let v = |g: &GameState, p| aware.match_value(g, p).unwrap();
    // X (1-away) to move: gammons against it cost as much as at cube 2.
    assert!(v(&centred, &gammons) < v(&centred, &single) - 300);
    let doubled = leader_at(Cube::new(2, Some(crate::numbers::Side::X)).unwrap());
    assert_eq!(v(&centred, &gammons), v(&doubled, &gammons));
    assert_eq!(v(&centred, &single), v(&doubled, &single));
    // Before the Crawford game the cube is valued where it is.
    let before = MatchScore::with_score(5, [3, 2], Crawford::Before).unwrap();
    let g = game(Terms::default(), Some(before));
    let p = chances(0.6, 0.1);
    assert_eq!(
        cubeless_mwc(&g, &p),
        Some(dead_mwc(
            &game_at_score(&g, &p).unwrap(),
            &p.consistent(),
            1
        ))
    );
}
