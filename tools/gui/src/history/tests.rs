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

#[test]
fn a_match_with_the_cube_saves_game_after_game_and_reads_back() {
    use crate::stakes::{Stakes as Session, StakesSetup};
    let mut session = Session::new(
        &StakesSetup {
            match_length: 7,
            ..StakesSetup::default()
        },
        None,
    )
    .unwrap();
    let start = session.apply(GameState::standard());
    let mut r = Record::new(Variant::Standard, NumberRules::default(), start);
    play_out(&mut r, CubeAction::Take, 5);
    let first = r.current.result().unwrap();
    assert_eq!(first.cube, 2);
    session.next_game(&r.current, false).unwrap();
    r.next_game(session.apply(GameState::standard()));
    assert_eq!(r.earlier.len(), 1);
    assert!(r.tokens.is_empty());
    play_out(&mut r, CubeAction::Drop, 6);
    assert!(r.current.result().unwrap().dropped);

    let text = r.match_file(["me", "ncbg"]).unwrap();
    let f = MatchFile::parse(&text);
    assert_eq!(f.header.get("match-length"), Some("7"));
    assert_eq!(f.header.scoring().unwrap().match_length, 7);
    assert_eq!(f.games.len(), 2, "{text}");
    let (g0, g1) = (&f.games[0], &f.games[1]);
    assert_eq!(g0.moves, r.earlier[0].tokens);
    assert_eq!(&g0.moves[2..4], ["double", "take"]);
    assert_eq!(g0.stakes.cube, 2);
    assert_eq!(g0.points(), first.points());
    assert_eq!(g0.stakes.in_match.unwrap().score, [0, 0]);
    assert_eq!(g1.moves, r.tokens);
    assert_eq!(g1.moves.last().map(String::as_str), Some("drop"));
    assert!(g1.stakes.dropped);
    let before = g1.stakes.in_match.unwrap();
    assert_eq!(
        (before.game, before.score.iter().sum::<u32>()),
        (1, first.points())
    );

    let mat = r.mat_file(["me", "ncbg"]).unwrap();
    assert!(mat.starts_with(" 7 point match\n"), "{mat}");
    for part in [" Doubles => 2", " Takes", " Drops", " Game 2"] {
        assert!(mat.contains(part), "{part} missing:\n{mat}");
    }
    let (games, _) = ncbg::matchfile::mat::read(&mat).unwrap();
    assert_eq!(games.len(), 2);
    // A `.mat` has no turn 0: the reader picks an opening pair that
    // gives the same turns.
    assert_eq!(games[0].moves[2..], g0.moves[2..]);
    assert_eq!(games[1].moves[2..], g1.moves[2..]);
    assert_eq!(games[1].stakes.in_match.unwrap().score, before.score);

    // Review replays both files, the cube tokens included.
    for (name, text) in [("m.txt", &text), ("m.mat", &mat)] {
        let review = crate::review::Review::load(name, text).unwrap();
        for i in 0..2 {
            let steps = review
                .steps(i)
                .unwrap_or_else(|e| panic!("{name} {i}: {e}"));
            assert_eq!(steps.len(), review.games[i].moves.len() + 1);
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
