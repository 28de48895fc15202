use super::*;
use crate::referee::mat;

#[test]
fn dice_glued_to_a_long_left_play_still_start_a_turn() {
    let line = "  1) 53: 24/21*/16* 13/10 6/3*53: bar/22*";
    let e = entries(line);
    assert_eq!(e.len(), 2);
    assert_eq!(
        (e[0].player, e[0].dice, e[0].play.as_str()),
        (0, (5, 3), "24/21*/16* 13/10 6/3*")
    );
    assert_eq!(
        (e[1].player, e[1].dice, e[1].play.as_str()),
        (1, (5, 3), "bar/22*")
    );
}

#[test]
fn an_exported_mat_reads_back_to_the_same_turns() {
    let mut rng = crate::rng::Rng::new(11);
    let mut games = Vec::new();
    for (i, (x0, y0)) in [(3u8, 5u8), (6, 1), (2, 4)].into_iter().enumerate() {
        let mut s = GameState::start(Variant::Standard, NumberRules::default());
        s.pick(x0).unwrap();
        s.pick(y0).unwrap();
        let mut moves = vec![x0.to_string(), y0.to_string()];
        while !s.is_over() {
            let c = crate::turn::random_turn(&s, &mut rng).unwrap();
            let t = c.token(&s);
            crate::referee::judge::apply_answer(&mut s, &t).unwrap();
            moves.push(t);
        }
        let r = s.result().unwrap();
        let (x, y) = if i == 1 { ("b", "a") } else { ("a", "b") };
        games.push(GameRecord {
            depths: Vec::new(),
            index: i as u64,
            pair: 0,
            round: 0,
            opening: Opening::Pair { x0, y0 },
            x_name: x.into(),
            y_name: y.into(),
            end: GameEnd::Win {
                winner: r.winner,
                kind: r.kind,
            },
            detail: String::new(),
            moves,
            stakes: crate::matchfile::Stakes::default(),
        });
    }
    let (text, skipped) = mat::export(
        &games,
        ["a", "b"],
        NumberRules::default(),
        &Default::default(),
    );
    assert!(skipped.is_empty(), "{skipped:?}");
    let (back, rules) = read(&text).unwrap();
    assert_eq!(rules.k, 6);
    assert_eq!(back.len(), 3);
    for (g, b) in games.iter().zip(&back) {
        // The same turns after the opening; y0 is the one in X's first pair.
        assert_eq!(g.moves[2..], b.moves[2..]);
        assert_eq!(g.moves[1], b.moves[1]);
        assert_eq!((&g.x_name, &g.y_name), (&b.x_name, &b.y_name));
        assert_eq!(g.end, b.end);
    }
    assert!(is_mat(&text));
    assert!(!is_mat("hello\n"));
    assert!(!is_mat("4HPwATDgc/ABMA:Xpick:x3y5:d22:k6\n"));
    assert!(is_mat("; [Site \"x\"]\n\n 7 point match\n"));
    assert!(read("hello\n").is_err());
    // A dice game that NC rules do not replay: 31 then 31 again for X.
    let bad = " 0 point match\n\n Game 1\n a : 0    b : 0\n  1) 31: 8/5 6/5              42: 8/4 6/4\n  2) 31: 8/5 6/5\n";
    assert!(read(bad).unwrap_err().starts_with("game 1: turn"));
}

#[test]
fn cube_actions_and_match_scores_read_back() {
    use crate::board::WinKind;
    use crate::matchfile::{ScoringRules, Stakes};
    let game = |index: u64, x: &str, y: &str, winner, moves: &[&str], stakes| GameRecord {
        depths: Vec::new(),
        index,
        pair: 0,
        round: 0,
        opening: Opening::Pair { x0: 3, y0: 5 },
        x_name: x.into(),
        y_name: y.into(),
        end: GameEnd::Win {
            winner,
            kind: WinKind::Single,
        },
        detail: String::new(),
        moves: moves.iter().map(|m| m.to_string()).collect(),
        stakes,
    };
    let place = |game, score| {
        Some(MatchGame {
            game,
            score,
            crawford: Crawford::Before,
        })
    };
    // A match to 3: a doubles and b drops (1-0), then b doubles, a
    // takes, b plays, a redoubles, b drops: a wins 2 and the match.
    let games = [
        game(
            0,
            "a",
            "b",
            Side::X,
            &["3", "5", "double", "drop"],
            Stakes {
                in_match: place(0, [0, 0]),
                dropped: true,
                ..Stakes::default()
            },
        ),
        game(
            0,
            "b",
            "a",
            Side::Y,
            &["3", "5", "double", "take", "6:24/13", "double", "drop"],
            Stakes {
                in_match: place(1, [0, 1]),
                cube: 2,
                points: Some(2),
                dropped: true,
            },
        ),
    ];
    let scoring = ScoringRules {
        match_length: 3,
        ..ScoringRules::default()
    };
    let (text, skipped) = mat::export(&games, ["a", "b"], NumberRules::default(), &scoring);
    assert!(skipped.is_empty(), "{skipped:?}");
    assert!(text.ends_with("Wins 2 points and the match\n"), "{text}");
    let (back, _) = read(&text).unwrap();
    assert_eq!(back.len(), 2);
    for (g, b) in games.iter().zip(&back) {
        assert_eq!(g.moves[2..], b.moves[2..], "{text}");
        assert_eq!(g.stakes, b.stakes, "{text}");
        assert_eq!((&g.x_name, g.end), (&b.x_name, b.end));
    }
}
