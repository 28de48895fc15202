//! A game's record: turns and take-backs, the result, drawn games, and the
//! match file and .mat it saves as.

use super::*;

#[test]
fn picks_plays_and_take_backs_change_only_what_they_should() {
    let mut r = Record::new(
        Variant::Standard,
        NumberRules::default(),
        GameState::standard(),
    );
    r.pick(3).unwrap();
    assert_eq!(r.pick(3).unwrap_err(), r.clone().pick(3).unwrap_err());
    assert!(r.pick(3).is_err());
    r.pick(5).unwrap();
    assert_eq!(r.tokens, ["3", "5"]);
    assert!(r.play("24/18").is_err(), "no number picked");
    r.pick(6).unwrap();
    assert_eq!(
        r.position_command(),
        "position state 4HPwATDgc/ABMA:Xpick:x-y-:d22:k6 moves 3 5 6"
    );
    let before = r.current;
    assert!(r.play("24/17").is_err());
    assert_eq!(r.current, before);
    assert_eq!(r.play("13/8 24/18").unwrap(), "6:24/18,13/8");
    assert!(!r.apply_engine("9:24/1").unwrap_err().is_empty());
    assert_eq!(r.tokens.len(), 3);
    r.apply_engine("2:24/18,13/11")
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.tokens.len(), 4);
    assert!(r.take_back());
    assert_eq!(r.tokens.len(), 3);
    assert_eq!(r.current, r.states[3]);
    assert_eq!(r.current.to_move(), Side::Y);
    assert!(r.game_record(["a", "b"], 0).is_err(), "unfinished");
}

/// Anti-Backgammon is drawn once each side has made its 500 turns
/// after turn 0: here both sides wait on the bar before the other's
/// closed board and pass every turn. The draw ends the game, reads as
/// a draw and saves as the referee's turn-cap draw, which the library
/// accepts; the same position in the plain game goes on.
#[test]
fn anti_is_drawn_after_500_turns_a_side() {
    use ncbg::board::{Checkers, Position};
    // Each side: 2 on each home point, 3 on the bar.
    let mut slots = [0u8; ncbg::board::SLOTS];
    slots[1..=6].fill(2);
    slots[25] = 3;
    let c = Checkers::from_slots(&slots).unwrap();
    let pos = Position::new(c, c).unwrap();
    let rules = NumberRules::default();
    let mut anti = GameState::from_position(pos, rules);
    anti.set_objective(Objective::BearOffLast).unwrap();
    let plain = GameState::from_position(pos, rules);
    for (start, draws) in [(anti, true), (plain, false)] {
        let mut r = Record::new(start.variant(), rules, start);
        r.pick(3).unwrap();
        r.pick(5).unwrap();
        for turn in 0..2 * ANTI_TURN_LIMIT_PER_SIDE as usize {
            assert!(!r.is_over(), "over after {turn} turns");
            let n = r.current.legal_numbers().iter().next().unwrap();
            r.pick(n).unwrap();
            assert!(!r.drawn(), "a pick alone is no turn");
            assert_eq!(r.play("pass").unwrap(), format!("{n}:pass"));
        }
        assert_eq!(r.turns_played(), 1000);
        assert_eq!((r.drawn(), r.is_over()), (draws, draws));
        if !draws {
            continue;
        }
        let g = r.game_record(["a", "b"], 0).unwrap();
        assert_eq!(g.end, GameEnd::MaxTurns);
        assert_eq!(g.detail, "1000 turns played");
        let text = r.match_file(["a", "b"]).unwrap();
        let f = MatchFile::parse(&text);
        assert_eq!(f.header.get("variant"), Some("anti"));
        let rules = ncbg::referee::config::Rules::of_header(&f.header).unwrap();
        ncbg::referee::judge::check_record(&f.games[0], &rules).unwrap();
        assert!(r.mat_file(["a", "b"]).is_err());
    }
}

#[test]
fn a_finished_game_saves_as_a_match_file_and_a_mat() {
    let mut r = Record::new(
        Variant::Standard,
        NumberRules::default(),
        GameState::standard(),
    );
    let mut rng = ncbg::rng::Rng::new(3);
    while !r.current.is_over() {
        let c = ncbg::turn::random_turn(&r.current, &mut rng).unwrap();
        let t = c.token(&r.current);
        r.apply_engine(&t).unwrap();
    }
    let text = r.match_file(["me", "ncbg"]).unwrap();
    let f = MatchFile::parse(&text);
    assert_eq!(f.games.len(), 1);
    assert_eq!(f.games[0].moves, r.tokens);
    assert_eq!(f.header.get("k"), Some("6"));
    let mat = r.mat_file(["me", "ncbg"]).unwrap();
    assert!(mat.starts_with(" 0 point match\n"));
    assert!(mat.contains("Wins"));
}

/// Plays `r` to its end with random turns (a double and `answer` at
/// the first turn after the opening).
fn play_out(r: &mut Record, answer: CubeAction, seed: u64) {
    let mut rng = ncbg::rng::Rng::new(seed);
    let mut doubled = false;
    while !r.current.is_over() {
        if !doubled && !r.current.in_opening() {
            doubled = true;
            assert_eq!(r.cube_action(CubeAction::Double).unwrap(), "double");
            r.cube_action(answer).unwrap();
            continue;
        }
        let c = ncbg::turn::random_turn(&r.current, &mut rng).unwrap();
        let t = c.token(&r.current);
        r.apply_engine(&t).unwrap();
    }
}

/// A match's three games, the colours changed every game (`protocol/rules.md`
/// §8): the saved match file gives each game its own X and Y and the score
/// before it by those colours, and reads back so (the GUI's review, the
/// `.mat` the GUI writes and the one `ncbg-referee export-mat` writes from
/// the match file, gnubg's form).
#[test]
fn a_match_with_the_cube_saves_game_after_game_and_reads_back() {
    use crate::stakes::{Stakes as Session, StakesSetup};
    let mut session = Session::new(
        &StakesSetup {
            match_length: 15,
            ..StakesSetup::default()
        },
        None,
    )
    .unwrap();
    let start = session.apply(GameState::standard());
    let mut r = Record::new(Variant::Standard, NumberRules::default(), start);
    // Each player's points before each game, "me" (the first player)
    // first.
    let mut by_player = [0u32; 2];
    let mut before = Vec::new();
    let mut results = Vec::new();
    for (i, (answer, seed)) in [
        (CubeAction::Take, 5),
        (CubeAction::Drop, 6),
        (CubeAction::Take, 7),
    ]
    .into_iter()
    .enumerate()
    {
        if i > 0 {
            session.next_game(&r.current, false).unwrap();
            r.next_game(session.apply(GameState::standard()), session.swapped);
            assert!(r.tokens.is_empty());
        }
        assert_eq!(r.swapped, i % 2 == 1, "game {i}: the colours change");
        before.push(by_player);
        play_out(&mut r, answer, seed);
        let res = r.current.result().unwrap();
        // The winner by colour, as a player: the first player plays Y in
        // the odd games.
        by_player[res.winner.index() ^ (i % 2)] += res.points();
        results.push(res);
    }
    assert_eq!(r.earlier.len(), 2);
    assert_eq!(results[0].cube, 2);
    assert!(results[1].dropped);
    assert_eq!(session.totals(), [before[2][0], before[2][1]]);

    let text = r.match_file(["me", "ncbg"]).unwrap();
    let f = MatchFile::parse(&text);
    assert_eq!(f.header.get("match-length"), Some("15"));
    assert_eq!(f.header.scoring().unwrap().match_length, 15);
    assert_eq!(
        (f.header.get("engine0"), f.header.get("engine1")),
        (Some("me"), Some("ncbg"))
    );
    assert_eq!(f.games.len(), 3, "{text}");
    let games: Vec<&Record> = r.earlier.iter().chain([&r]).collect();
    for (i, g) in f.games.iter().enumerate() {
        let (x, y) = if i % 2 == 0 {
            ("me", "ncbg")
        } else {
            ("ncbg", "me")
        };
        assert_eq!((g.x_name.as_str(), g.y_name.as_str()), (x, y), "game {i}");
        assert_eq!(g.moves, games[i].tokens);
        let place = g.stakes.in_match.unwrap();
        // The score by the game's colours: X's points first.
        let [a, b] = before[i];
        let by_colour = if i % 2 == 0 { [a, b] } else { [b, a] };
        assert_eq!((place.game, place.score), (i as u32, by_colour), "game {i}");
        assert_eq!(g.end.winner(), Some(results[i].winner));
        assert_eq!(g.points(), results[i].points());
    }
    assert_eq!(&f.games[0].moves[2..4], ["double", "take"]);
    assert_eq!(f.games[0].stakes.cube, 2);
    assert_eq!(f.games[1].moves.last().map(String::as_str), Some("drop"));
    assert!(f.games[1].stakes.dropped);

    // The `.mat` the GUI saves, and the one `ncbg-referee export-mat`
    // writes from the saved match file: player 1 is the first player in
    // every game, whichever colour; both read back to the same players and
    // scores by colour.
    let mat = r.mat_file(["me", "ncbg"]).unwrap();
    assert!(mat.starts_with(" 15 point match\n"), "{mat}");
    for part in [" Doubles => 2", " Takes", " Drops", " Game 3"] {
        assert!(mat.contains(part), "{part} missing:\n{mat}");
    }
    let plan = ncbg::referee::mat::plan_export(&f, std::path::Path::new("m.mat"), None).unwrap();
    assert_eq!(plan.targets.len(), 1);
    let exported = ncbg::referee::mat::export_target(&f, &plan.targets[0]).unwrap();
    assert_eq!(exported.text, mat, "the GUI's .mat is export-mat's");
    for (i, [a, b]) in before.iter().enumerate() {
        let line = format!(" me : {a:<25}ncbg : {b}");
        assert!(mat.contains(&line), "game {i}: '{line}' missing:\n{mat}");
    }
    let (read, _) = ncbg::matchfile::mat::read(&mat).unwrap();
    assert_eq!(read.len(), 3);
    for (i, (g, saved)) in read.iter().zip(&f.games).enumerate() {
        // A `.mat` has no turn 0: the reader picks an opening pair that
        // gives the same turns.
        assert_eq!(g.moves[2..], saved.moves[2..], "game {i}");
        assert_eq!((&g.x_name, &g.y_name), (&saved.x_name, &saved.y_name));
        assert_eq!(
            g.stakes.in_match.unwrap().score,
            saved.stakes.in_match.unwrap().score,
            "game {i}"
        );
    }

    // Review replays both files, the cube tokens included, each game at
    // its own score.
    for (name, text) in [("m.txt", &text), ("m.mat", &mat)] {
        let review = crate::review::Review::load(name, text).unwrap();
        for i in 0..3 {
            let g = &review.games[i];
            assert_eq!(g.x_name, f.games[i].x_name, "{name} {i}");
            assert_eq!(
                g.stakes.in_match.unwrap().score,
                f.games[i].stakes.in_match.unwrap().score
            );
            let steps = review
                .steps(i)
                .unwrap_or_else(|e| panic!("{name} {i}: {e}"));
            assert_eq!(steps.len(), g.moves.len() + 1);
        }
    }
}

/// A game from its variant's start counts its turns from the beginning; one
/// loaded from the full-state ID of a later position does not (the ID
/// carries no turn count), nor does a start position with another
/// variant's board.
#[test]
fn only_a_game_from_its_start_counts_turns_from_the_beginning() {
    let rules = NumberRules::default();
    for variant in [Variant::Standard, Variant::Race, Variant::Anti] {
        let start = GameState::start(variant, rules);
        let mut r = Record::new(variant, rules, start);
        assert!(r.counts_from_the_beginning(), "{variant:?}");
        r.pick(3).unwrap();
        r.pick(5).unwrap();
        // The state after turn 0, loaded as a new game's start.
        let later = *r.turn_start();
        let loaded = Record::new(later.variant(), rules, later);
        assert!(!loaded.counts_from_the_beginning(), "{variant:?}");
    }
    let race_board = GameState::start(Variant::Race, rules);
    let r = Record::new(Variant::Standard, rules, race_board);
    assert!(!r.counts_from_the_beginning());
}

/// *Save .mat* refuses a race and an anti game with the library's reason
/// (`referee::mat::variant_refusal`), as `export-mat` does.
#[test]
fn race_and_anti_games_have_no_mat_with_the_reason() {
    let rules = NumberRules::default();
    for (variant, why) in [
        (Variant::Race, "gnubg has no pool of waiting checkers"),
        (Variant::Anti, "gnubg knows only the plain object"),
    ] {
        let r = Record::new(variant, rules, GameState::start(variant, rules));
        let err = r.mat_file(["a", "b"]).unwrap_err();
        assert!(err.contains(why), "{variant:?}: {err}");
    }
}
