//! The referee's report on hand-made games: tallies, pentanomial counts,
//! Elo, LOS, points per game and SPRT against values worked out by hand.

use ncbg::board::WinKind;
use ncbg::matchfile::Opening;
use ncbg::matchfile::{ForfeitReason, GameEnd, GameRecord};
use ncbg::numbers::Side;
use ncbg::referee::report::Report;
use ncbg::referee::sprt::{Sprt, SprtDecision};
use ncbg::referee::stats::{elo_from_score, los};

fn game(index: u64, end: GameEnd) -> GameRecord {
    let a_is_x = index % 2 == 0;
    GameRecord {
        depths: Vec::new(),
        index,
        pair: index / 2,
        round: 0,
        opening: Opening::Pair { x0: 3, y0: 5 },
        x_name: if a_is_x { "A" } else { "B" }.into(),
        y_name: if a_is_x { "B" } else { "A" }.into(),
        end,
        detail: String::new(),
        moves: vec![],
        stakes: ncbg::matchfile::Stakes::default(),
    }
}

/// A's side in game `index`.
fn a_side(index: u64) -> Side {
    if index % 2 == 0 {
        Side::X
    } else {
        Side::Y
    }
}

fn win(index: u64, a_wins: bool, kind: WinKind) -> GameRecord {
    let side = if a_wins {
        a_side(index)
    } else {
        a_side(index).other()
    };
    game(index, GameEnd::Win { winner: side, kind })
}

#[test]
fn report_on_known_games() {
    let games = vec![
        // Pair 0: A wins both (a gammon and a single): WW.
        win(0, true, WinKind::Gammon),
        win(1, true, WinKind::Single),
        // Pair 1: A wins one, loses one by backgammon: WL.
        win(2, true, WinKind::Single),
        win(3, false, WinKind::Backgammon),
        // Pair 2: a draw and a forfeit by B: WD.
        game(4, GameEnd::MaxTurns),
        game(
            5,
            GameEnd::Forfeit {
                loser: a_side(5).other(),
                reason: ForfeitReason::Timeout,
            },
        ),
        // Game 6 has no partner yet: counted in W/L/D, not in the pentanomial.
        win(6, false, WinKind::Single),
    ];
    let r = Report::new(&games, ["A", "B"], None);
    assert_eq!(r.games, 7);
    let a = &r.engines[0];
    assert_eq!((a.wins, a.losses, a.draws), (4, 2, 1));
    assert_eq!((a.gammons_won, a.backgammons_lost), (1, 1));
    assert_eq!((a.points_won, a.points_lost), (1 + 2 + 1 + 1, 3 + 1));
    assert_eq!(r.engines[1].forfeits, 1);
    assert_eq!(r.ends.forfeits.get("timeout"), Some(&1));
    assert_eq!(r.ends.max_turn_draws, 1);
    assert_eq!(r.pentanomial, [0, 0, 1, 1, 1]);
    assert!((r.score - 4.5 / 7.0).abs() < 1e-12);
    // Pentanomial pair scores 0.5, 0.75, 1 and the prior's pair (mean 0.5):
    // mean 0.6875.
    assert_eq!(r.elo_model, "pentanomial");
    assert!((r.elo.elo.unwrap() - elo_from_score(0.6875).unwrap()).abs() < 1e-9);
    assert!((r.elo.elo.unwrap() - 136.969).abs() < 1e-3);
    // Variance over the three pairs and the prior's pair of two coin-toss
    // games (pair scores 0, 0.5, 1 with weights 1/4, 1/2, 1/4), standard
    // error sqrt(var / 4), through the slope 400 / (ln 10 s (1 - s)).
    let games = 0.1875f64.powi(2) + 0.0625f64.powi(2) + 0.3125f64.powi(2);
    let prior = 0.25 * 0.6875f64.powi(2) + 0.5 * 0.1875f64.powi(2) + 0.25 * 0.3125f64.powi(2);
    let var = (games + prior) / 4.0;
    let se = (var / 4.0).sqrt() * 400.0 / (std::f64::consts::LN_10 * 0.6875 * 0.3125);
    let z = 1.959_963_984_540_054;
    assert!((r.elo.low.unwrap() - (136.969 - z * se)).abs() < 1e-2);
    assert!((r.elo.high.unwrap() - (136.969 + z * se)).abs() < 1e-2);
    assert!((r.los - los(4, 2)).abs() < 1e-12);
    assert!((r.los - 0.793_3).abs() < 1e-3);
    // A's net points: +2 +1 +1 -3 0 +1 -1 = 1 over 7 games.
    assert!((r.points_per_game - 1.0 / 7.0).abs() < 1e-12);
    // A's share of the points, 5 of 9, over the pairs as units (A's points,
    // both engines'): (3, 3), (1, 4), (1, 1) and the lone game 6, (0, 1).
    // Σ (aᵢ - 5/9 tᵢ)² = 34/9 over n (n - 1) = 12, divided by t̄ = 9/4.
    let share = r.points_share.unwrap();
    assert!((share.share - 5.0 / 9.0).abs() < 1e-12);
    let margin = z * (34.0f64 / 9.0 / 12.0).sqrt() / 2.25;
    assert!((share.low - (5.0 / 9.0 - margin)).abs() < 1e-12);
    assert_eq!(share.high, 1.0, "clamped");
    assert!(r
        .to_text()
        .contains("Share of the points (A): 55.6% (95%: 6.7 .. 100.0, over game pairs)"));
    let json: serde_json::Value = serde_json::from_str(&r.to_json()).unwrap();
    assert_eq!(json["pentanomial"], serde_json::json!([0, 0, 1, 1, 1]));
    assert!((json["points_share"]["share"].as_f64().unwrap() - 5.0 / 9.0).abs() < 1e-12);
    assert!(r
        .to_text()
        .contains("Pentanomial [LL, LD, DD/WL, WD, WW]: [0, 0, 1, 1, 1]"));
}

#[test]
fn trinomial_without_pairs_and_sprt_decisions() {
    let games: Vec<GameRecord> = (0..20)
        .map(|i| win(i * 2, i % 4 != 0, WinKind::Single))
        .collect();
    let r = Report::new(&games, ["A", "B"], None);
    assert_eq!(r.elo_model, "trinomial");
    assert_eq!(r.pentanomial, [0; 5]);
    // No pair counts shown where there are no pairs.
    assert!(!r.to_text().contains("Pentanomial"));
    assert!(r.to_text().contains("(trinomial model"));
    // The share of the points over games as units (no pairs): 15 of 20
    // single points; residuals 0.25 (15 games) and -0.75 (5): Σ² = 3.75 over
    // 20 · 19, t̄ = 1: 75.0% ± 19.5.
    let share = r.points_share.unwrap();
    let margin = 1.959_963_984_540_054 * (3.75f64 / 380.0).sqrt();
    assert!((share.share - 0.75).abs() < 1e-12);
    assert!((share.low - (0.75 - margin)).abs() < 1e-12);
    assert!((share.high - (0.75 + margin)).abs() < 1e-12);
    assert!(r
        .to_text()
        .contains("Share of the points (A): 75.0% (95%: 55.5 .. 94.5, over games)"));
    // 15 of 20 and the prior's two drawn games: 16 of 22.
    assert!((r.elo.elo.unwrap() - elo_from_score(16.0 / 22.0).unwrap()).abs() < 1e-9);

    let sprt = Sprt {
        elo0: 0.0,
        elo1: 20.0,
        alpha: 0.05,
        beta: 0.05,
    };
    // 300 pairs clearly won by A: H1. The same lost: H0. Even: undecided.
    let mut won = Vec::new();
    let mut lost = Vec::new();
    for p in 0..300u64 {
        for g in [2 * p, 2 * p + 1] {
            won.push(win(g, p % 3 != 0 || g % 2 == 0, WinKind::Single));
            lost.push(win(g, !(p % 3 != 0 || g % 2 == 0), WinKind::Single));
        }
    }
    let r = Report::new(&won, ["A", "B"], Some(sprt));
    assert_eq!(r.sprt.as_ref().unwrap().decision, SprtDecision::AcceptH1);
    let r = Report::new(&lost, ["A", "B"], Some(sprt));
    assert_eq!(r.sprt.as_ref().unwrap().decision, SprtDecision::AcceptH0);
    let even: Vec<GameRecord> = (0..8)
        .map(|g| win(g, g % 2 == 0, WinKind::Single))
        .collect();
    let r = Report::new(&even, ["A", "B"], Some(sprt));
    let s = r.sprt.unwrap();
    assert_eq!(s.decision, SprtDecision::Continue);
    assert!(s.llr < 0.0 && s.llr > s.lower);
}

/// A match stopped on its SPRT's decision whose report counts games that
/// were under way then: the report says where it stopped (text and JSON);
/// a report of exactly the decision's games says nothing more.
#[test]
fn a_report_names_the_decision_it_stopped_on() {
    use ncbg::referee::report::{FinalReport, RatingSettings, SprtStop};
    let sprt = Sprt {
        elo0: 0.0,
        elo1: 20.0,
        alpha: 0.05,
        beta: 0.05,
    };
    let games: Vec<GameRecord> = (0..600)
        .map(|g| win(g, (g / 2) % 3 != 0 || g % 2 == 0, WinKind::Single))
        .collect();
    let names = ["A".to_string(), "B".to_string()];
    let report = |n: usize| {
        FinalReport::new(&games[..n], &names, Some(sprt), &RatingSettings::default()).unwrap()
    };
    let stop = SprtStop {
        games: 598,
        llr: 2.999,
        decision: SprtDecision::AcceptH1,
    };
    let mut later = report(600);
    later.note_sprt_stop(stop);
    let text = later.render(false);
    assert!(
        text.contains("The match stopped when H1 accepted after 598 games (LLR 2.999); the 2 game(s) then under way"),
        "{text}"
    );
    let json: serde_json::Value = serde_json::from_str(&later.render(true)).unwrap();
    assert_eq!(json["sprt"]["stopped_at"]["games"], 598);
    assert_eq!(json["sprt"]["stopped_at"]["decision"], "accept-h1");
    let mut exact = report(598);
    exact.note_sprt_stop(stop);
    assert!(!exact.render(false).contains("stopped"));
    let json: serde_json::Value = serde_json::from_str(&exact.render(true)).unwrap();
    assert!(json["sprt"].get("stopped_at").is_none());
}
