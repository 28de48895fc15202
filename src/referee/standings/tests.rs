use super::*;
use crate::board::WinKind;
use crate::matchfile::ForfeitReason;
use crate::referee::stats::elo_from_score;
use crate::referee::test_games::game;

#[test]
fn games_and_points_scales() {
    let gammon = GameEnd::Win {
        winner: Side::X,
        kind: WinKind::Gammon,
    };
    let single_y = GameEnd::Win {
        winner: Side::Y,
        kind: WinKind::Single,
    };
    // a beats b by a gammon as X, and loses a single game as Y, four
    // times over: games 50%, points 2:1.
    let mut games = Vec::new();
    for k in 0..4 {
        games.push(game(2 * k, "a", "b", gammon));
        games.push(game(
            2 * k + 1,
            "b",
            "a",
            GameEnd::Win {
                winner: Side::X,
                kind: WinKind::Single,
            },
        ));
    }
    // c forfeits every game against a.
    for k in 8..12 {
        let end = GameEnd::Forfeit {
            loser: Side::Y,
            reason: ForfeitReason::Crash,
        };
        games.push(game(k, "a", "c", end));
    }
    games.push(game(12, "b", "c", single_y));
    let r = TournamentReport::new(&games, &["a", "b", "c"], (1, 100.0), 200);
    assert_eq!(r.games, 13);
    assert_eq!(r.anchor.name, "b");
    let by_name = |n: &str| r.standings.iter().find(|s| s.name == n).unwrap();
    let a = by_name("a");
    assert_eq!(
        (a.games, a.wins, a.losses, a.points_won, a.points_lost),
        (12, 8, 4, 12, 4)
    );
    let b = by_name("b");
    assert_eq!(b.elo.elo, Some(100.0));
    assert_eq!((b.elo.low, b.elo.high), (Some(100.0), Some(100.0)));
    // b-c: c won its only game against b, and lost all to a: the fit
    // places a far above, c between.
    assert_eq!(by_name("c").forfeits, 4);
    assert_eq!(r.standings[0].name, "a");
    // a won twice the points it lost against b: on the points scale its
    // gap to b is larger than on the games scale.
    let gap = |e: fn(&Standing) -> EloEstimate| e(a).elo.unwrap() - e(b).elo.unwrap();
    assert!(gap(|s| s.points_elo) > gap(|s| s.elo) + 50.0);
    assert_eq!(r.ends.forfeits.get("crash"), Some(&4));
    let text = r.to_text();
    assert!(text.contains("Tournament of 3 engines: 13 games"), "{text}");
    assert!(text.contains("b fixed at +100.0"), "{text}");
    let json: serde_json::Value = serde_json::from_str(&r.to_json()).unwrap();
    assert_eq!(json["standings"][0]["name"], "a");
    assert_eq!(json["crosstable"]["cells"][0][2]["wins"], 4);
}

#[test]
fn two_engines_match_the_pair_elo_on_both_scales() {
    // a wins 3 gammons and 2 singles of 8, loses 3 singles: games 5/8,
    // points 8 of 11.
    let mut games = Vec::new();
    let ends = [
        (Side::X, WinKind::Gammon),
        (Side::X, WinKind::Gammon),
        (Side::X, WinKind::Gammon),
        (Side::X, WinKind::Single),
        (Side::X, WinKind::Single),
        (Side::Y, WinKind::Single),
        (Side::Y, WinKind::Single),
        (Side::Y, WinKind::Single),
    ];
    for (i, (winner, kind)) in ends.into_iter().enumerate() {
        games.push(game(i as u64, "a", "b", GameEnd::Win { winner, kind }));
    }
    let r = TournamentReport::new(&games, &["a", "b"], (1, 0.0), 0);
    let a = &r.standings[0];
    assert_eq!(a.name, "a");
    // With the prior's two drawn games.
    assert!((a.elo.elo.unwrap() - elo_from_score(6.0 / 10.0).unwrap()).abs() < 0.5);
    assert!((a.points_elo.elo.unwrap() - elo_from_score(9.0 / 13.0).unwrap()).abs() < 0.5);
    assert_eq!(a.elo.low, None);
    assert!(r.progress_line(10).starts_with("games 8/10  a +"));
}
