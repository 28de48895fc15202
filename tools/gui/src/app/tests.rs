//! The board's state and actions: picks, plays, hints through a pick, new
//! games by name and by ID, the cube and the next game of a match.

use super::*;

fn state() -> State {
    let shared = Shared::new(Vec::new(), PathBuf::from("."), Duration::from_secs(1));
    let mut st = shared.lock();
    std::mem::replace(
        &mut *st,
        State {
            game: Record::new(
                Variant::Standard,
                NumberRules::default(),
                GameState::standard(),
            ),
            players: [Player::Human, Player::Human],
            search: SearchSettings {
                depth: 1,
                movetime: 0,
                delay: 0,
            },
            generation: 0,
            thinking: None,
            last_search: None,
            hint: None,
            status: Vec::new(),
            id_names: Vec::new(),
            paused: false,
            hints: false,
            step: false,
            message: None,
            fault: None,
            review: Review::default(),
            stakes: Stakes::default(),
            cube_note: None,
            version: 0,
        },
    )
}

/// A hint asked for at pick time keeps, through the pick, the lines of
/// the number picked, as plays, for the pick's generation; a hint of
/// another generation, or one whose pick ends the turn, is left alone.
#[test]
fn a_pick_time_hint_is_carried_through_the_pick() {
    use crate::slots::InfoLine;
    let line = |token: &str| InfoLine {
        depth: 2,
        score_mp: Some(-100),
        pv: vec![token.to_string(), "6:13/7".to_string()],
        ..InfoLine::default()
    };
    let hint = |generation: u64, tokens: &[&str]| {
        let (stop, stopped) = watch::channel(false);
        let h = Hint {
            slot: 0,
            generation,
            asked: generation,
            picked: None,
            running: true,
            error: None,
            lines: (1..).zip(tokens.iter().map(|t| line(t))).collect(),
            stop,
        };
        (h, stopped)
    };
    let mut st = state();
    // An opening pick ends the turn: the hint is not carried.
    st.hint = Some(hint(st.generation, &["4"]).0);
    st.pick(4).unwrap();
    st.carry_hint_through_pick(4);
    assert_eq!(st.hint.as_ref().unwrap().picked, None);
    st.pick(2).unwrap();
    let (h, stopped) = hint(
        st.generation,
        &["5:13/8,6/4", "3:24/21,13/11", "5:24/22,24/19"],
    );
    st.hint = Some(h);
    let asked = st.generation;
    st.pick(5).unwrap();
    st.carry_hint_through_pick(5);
    let h = st.hint.as_ref().unwrap();
    assert_eq!(h.generation, asked + 1, "the pick's generation");
    assert_eq!(h.asked, asked);
    assert_eq!(h.picked, Some(5));
    assert!(!h.running && *stopped.borrow(), "its search is stopped");
    let firsts: Vec<(usize, &str)> = h
        .lines
        .iter()
        .map(|(r, i)| (*r, i.pv[0].as_str()))
        .collect();
    assert_eq!(firsts, [(1, "13/8,6/4"), (3, "24/22,24/19")]);
    assert_eq!(h.lines[&1].pv[1], "6:13/7", "the rest of the line stays");
    // Not for this generation: untouched.
    let before = st.hint.as_ref().unwrap().lines.len();
    st.generation += 5;
    st.carry_hint_through_pick(5);
    assert_eq!(st.hint.as_ref().unwrap().lines.len(), before);
    assert_eq!(st.hint.as_ref().unwrap().generation, asked + 1);
}

#[test]
fn bad_new_games_change_nothing() {
    let mut st = state();
    st.pick(3).unwrap();
    let before = st.game.tokens.clone();
    let bad = |f: &dyn Fn(&mut NewGame)| {
        let mut g = NewGame {
            k: 6,
            credits: 2,
            variant: "standard".into(),
            x: "human".into(),
            y: "human".into(),
            x0: None,
            y0: None,
            state: None,
            stakes: StakesSetup::default(),
        };
        f(&mut g);
        g
    };
    for g in [
        bad(&|g| g.k = 2),
        bad(&|g| g.credits = 10),
        bad(&|g| g.variant = "chess".into()),
        bad(&|g| g.x = "Q".into()),
        bad(&|g| g.x = "A".into()),
        bad(&|g| g.x0 = Some(3)),
        bad(&|g| (g.x0, g.y0) = (Some(3), Some(3))),
        bad(&|g| g.state = Some("nonsense".into())),
    ] {
        assert!(st.new_game(&g, 0).is_err(), "{g:?}");
        assert_eq!(st.game.tokens, before);
    }
    st.new_game(&bad(&|g| (g.x0, g.y0) = (Some(2), Some(4))), 0)
        .unwrap();
    assert_eq!(st.game.tokens, ["2", "4"]);
    st.new_game(
        &bad(&|g| g.state = Some("4HPwATDgc/ABMA:Xplay:x6y5:d22:k6".into())),
        0,
    )
    .unwrap();
    st.play("24/13").unwrap();
    assert_eq!(st.game.tokens, ["24/13"]);
    assert!(st
        .set_search(SearchSettings {
            depth: 0,
            movetime: 0,
            delay: 0,
        })
        .is_err());
    assert!(st.take_back().is_ok());
    assert!(st.take_back().is_err());
}

/// New games of race and anti: by name, or from a full-state ID with
/// the pool or the `anti` field, whose variant the game takes (the
/// engines' `Variant` and the saved file's header); a drawn anti game
/// takes no more picks.
#[test]
fn race_and_anti_games_by_name_and_by_id() {
    let mut st = state();
    let g = |variant: &str, state: Option<&str>| NewGame {
        k: 6,
        credits: 2,
        variant: variant.into(),
        x: "human".into(),
        y: "human".into(),
        x0: Some(3),
        y0: Some(5),
        state: state.map(str::to_string),
        stakes: StakesSetup::default(),
    };
    st.new_game(&g("race", None), 0).unwrap();
    assert_eq!(st.game.variant, Variant::Race);
    assert_eq!(st.game.current.position().pools(), (15, 15));
    st.pick(2).unwrap();
    st.play("pool/20 pool/23").unwrap();
    assert_eq!(st.game.tokens[2], "2:pool/23,pool/20");
    let id = state_id::encode(&st.game.current);
    assert!(id.contains(":p13-15"), "{id}");
    st.new_game(&g("standard", Some(&id)), 0).unwrap();
    assert_eq!(st.game.variant, Variant::Race, "the ID's pool");
    st.new_game(&g("anti", None), 0).unwrap();
    assert_eq!(st.game.variant, Variant::Anti);
    let id = state_id::encode(&st.game.current);
    assert!(id.ends_with(":anti"), "{id}");
    st.new_game(&g("standard", Some(&id)), 0).unwrap();
    assert_eq!(st.game.variant, Variant::Anti, "the ID's anti field");
}

/// A new game of `variant` between two people, a match to 3, from the
/// initial pair 3-5.
fn match_to_3(variant: &str) -> NewGame {
    NewGame {
        k: 6,
        credits: 2,
        variant: variant.into(),
        x: "human".into(),
        y: "human".into(),
        x0: Some(3),
        y0: Some(5),
        state: None,
        stakes: StakesSetup {
            match_length: 3,
            ..StakesSetup::default()
        },
    }
}

/// A person's cube actions in a match go through the library: a
/// double and a take turn the cube, a drop ends the game, the next
/// game starts at the new score; refused actions change nothing.
#[test]
fn cube_actions_and_the_next_game_of_a_match() {
    let mut st = state();
    st.new_game(&match_to_3("standard"), 0).unwrap();
    let mover = st.game.current.to_move();
    assert!(st.cube("take").is_err(), "no double offered");
    assert!(st.cube("redouble").is_err());
    assert!(st.next_game().is_err(), "the game is not over");
    st.cube("double").unwrap();
    assert_eq!(st.game.current.to_move(), mover.other());
    assert!(st.cube("beaver").is_err(), "no beavers in a match");
    st.cube("take").unwrap();
    assert_eq!(st.game.current.cube().value(), 2);
    assert_eq!(st.game.current.cube().owner(), Some(mover.other()));
    assert_eq!(st.game.current.to_move(), mover);
    assert!(st.cube("double").is_err(), "the taker owns the cube");
    assert_eq!(st.game.tokens[2..], ["double", "take"]);
    st.take_back().unwrap();
    st.take_back().unwrap();
    assert_eq!(st.game.current.cube().value(), 1);
    st.cube("double").unwrap();
    st.cube("drop").unwrap();
    assert!(st.game.current.is_over());
    st.next_game().unwrap();
    // The colours change (rules.md §8): the doubler's point is now the
    // other colour's.
    let m = st.stakes.score.unwrap();
    assert_eq!(m.score(mover.other()), 1);
    assert_eq!(m.score(mover), 0);
    assert!(st.game.tokens.is_empty() && st.game.current.cube_in_play());
    assert_eq!(st.game.start.match_score(), Some(&m));
}

/// The next game of a match changes the colours (`protocol/rules.md` §8):
/// the players swap (Y's player plays X and moves first), the score by
/// colour swaps with them, a drawn game too; the saved names stay the
/// session's players, first player first. Money play keeps the colours.
#[test]
fn the_players_change_colours_every_game_of_a_match() {
    let mut st = state();
    let mut g = match_to_3("standard");
    g.y = "A".into();
    st.new_game(&g, 1).unwrap();
    let engines = ["ncbg".to_string()];
    assert_eq!(st.players, [Player::Human, Player::Engine(0)]);
    assert_eq!(st.names(&engines), ["human", "ncbg"]);
    // X (the person) doubles, the engine's side drops: the person 1-0.
    st.game.cube_action(CubeAction::Double).unwrap();
    st.game.cube_action(CubeAction::Drop).unwrap();
    st.next_game().unwrap();
    assert_eq!(st.players, [Player::Engine(0), Player::Human]);
    assert_eq!(st.session_players(), [Player::Human, Player::Engine(0)]);
    assert_eq!(st.names(&engines), ["human", "ncbg"]);
    let m = st.stakes.score.unwrap();
    assert_eq!((m.score(Side::X), m.score(Side::Y)), (0, 1));
    assert_eq!(st.game.current.to_move(), Side::X);
    assert!(st.game.swapped && st.stakes.swapped);
    // The engine now plays X: the person is not to move.
    assert!(!st.human_to_move());
    // The engine's side (X) drops the person's double at its first turn
    // after the opening: 2-0 to the person, the Crawford game next, the
    // colours back.
    st.game.pick(3).unwrap();
    st.game.pick(5).unwrap();
    let t = ncbg::turn::random_turn(&st.game.current, &mut ncbg::rng::Rng::new(3)).unwrap();
    st.game.apply_engine(&t.token(&st.game.current)).unwrap();
    assert!(st.human_to_move());
    st.cube("double").unwrap();
    st.game.cube_action(CubeAction::Drop).unwrap();
    assert_eq!(st.game.current.result().unwrap().winner, Side::Y);
    st.next_game().unwrap();
    assert_eq!(st.players, [Player::Human, Player::Engine(0)]);
    let m = st.stakes.score.unwrap();
    assert_eq!((m.score(Side::X), m.score(Side::Y)), (2, 0));
    assert!(m.is_crawford_game());
    // The saved match: each game its own X and Y, the score before it by
    // its colours.
    let names = st.names(&engines);
    let text = st
        .game
        .match_file([names[0].as_str(), names[1].as_str()])
        .unwrap();
    let f = ncbg::matchfile::MatchFile::parse(&text);
    let xy: Vec<(&str, &str, [u32; 2])> = f
        .games
        .iter()
        .map(|g| {
            (
                g.x_name.as_str(),
                g.y_name.as_str(),
                g.stakes.in_match.unwrap().score,
            )
        })
        .collect();
    assert_eq!(
        xy,
        [("human", "ncbg", [0, 0]), ("ncbg", "human", [0, 1])],
        "{text}"
    );

    // Money play: the same players on the same colours.
    let mut money = match_to_3("standard");
    money.stakes = StakesSetup {
        cube: true,
        ..StakesSetup::default()
    };
    money.y = "A".into();
    st.new_game(&money, 1).unwrap();
    st.game.cube_action(CubeAction::Double).unwrap();
    st.game.cube_action(CubeAction::Drop).unwrap();
    st.next_game().unwrap();
    assert_eq!(st.players, [Player::Human, Player::Engine(0)]);
    assert!(!st.stakes.swapped && !st.game.swapped);
    assert_eq!(st.stakes.totals(), [1, 0]);
}

/// A person playing both sides of a match: the saved players are named
/// apart, so that the `.mat` (which knows its players by name) keeps each
/// one's score although the colours change.
#[test]
fn two_players_of_one_name_are_named_apart_in_a_match() {
    let mut st = state();
    st.new_game(&match_to_3("standard"), 0).unwrap();
    assert_eq!(st.names(&[]), ["human 1", "human 2"]);
    st.cube("double").unwrap();
    st.cube("drop").unwrap();
    st.next_game().unwrap();
    assert_eq!(st.names(&[]), ["human 1", "human 2"]);
    let mut money = match_to_3("standard");
    money.stakes = StakesSetup::default();
    st.new_game(&money, 0).unwrap();
    assert_eq!(st.names(&[]), ["human", "human"]);
}

/// A drawn Anti-Backgammon game (500 turns a side) ends its game of a
/// match: the next game starts at the same score, as the rules say of a
/// draw in a match (before, the next game was refused: "the game is not
/// over").
#[test]
fn a_drawn_anti_game_is_followed_by_the_next_game_at_the_same_score() {
    use ncbg::board::Objective;
    use ncbg::board::{Checkers, Position};
    let mut st = state();
    st.new_game(&match_to_3("anti"), 0).unwrap();
    // X leads 1-0.
    st.stakes.score =
        Some(ncbg::cube::MatchScore::with_score(3, [1, 0], ncbg::cube::Crawford::Before).unwrap());
    let before = st.stakes.score.unwrap();
    // Each side: 2 on each home point, 3 on the bar, closed out: every
    // turn is a pass, and anti draws after 500 of them a side.
    let mut slots = [0u8; ncbg::board::SLOTS];
    slots[1..=6].fill(2);
    slots[25] = 3;
    let c = Checkers::from_slots(&slots).unwrap();
    let mut start = GameState::from_position(Position::new(c, c).unwrap(), st.game.rules);
    start.set_objective(Objective::BearOffLast).unwrap();
    let start = st.stakes.apply(start);
    st.game = Record::new(Variant::Anti, st.game.rules, start);
    st.pick(3).unwrap();
    st.pick(5).unwrap();
    while !st.game.is_over() {
        let n = st.game.current.legal_numbers().iter().next().unwrap();
        st.pick(n).unwrap();
        st.play("pass").unwrap();
    }
    assert!(st.game.drawn());
    st.next_game().unwrap();
    // The same score, the colours changed (a draw changes them too).
    assert_eq!(st.stakes.score, Some(before.after_draw().colours_changed()));
    assert!(st.stakes.swapped && st.game.swapped);
    let m = st.stakes.score.unwrap();
    assert_eq!((m.score(Side::X), m.score(Side::Y)), (0, 1));
    assert_eq!(st.game.start.match_score(), Some(&m));
    assert!(st.stakes.played.is_empty(), "a draw scores nothing");
    assert!(st.game.tokens.is_empty() && !st.game.is_over());
    assert_eq!(st.game.current.objective(), Objective::BearOffLast);
}
