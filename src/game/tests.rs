use super::*;

/// The example of the paper (table method): t0 = (3,5); X 6 -> (6,5);
/// Y 6 -> (6,6) doublet; X 5 -> (5,6); Y 3 -> (5,3); X 1 -> (1,3);
/// Y 1 -> (1,1), Y's second doublet; X 4 -> (4,1). A third doublet by Y
/// is then illegal.
#[test]
fn paper_example() {
    let mut g = GameState::standard();
    g.pick(3).unwrap();
    g.pick(5).unwrap();
    let expected = [
        (6, (6, 5), 2),
        (6, (6, 6), 1),
        (5, (5, 6), 2),
        (3, (5, 3), 1),
        (1, (1, 3), 2),
        (1, (1, 1), 0),
        (4, (4, 1), 2),
    ];
    for (i, &(n, (a, b), credits_after)) in expected.iter().enumerate() {
        let mover = g.to_move();
        assert_eq!(mover, if i % 2 == 0 { Side::X } else { Side::Y });
        g.pick(n).unwrap();
        assert_eq!(g.pending_pair(), Pair::new(a, b), "turn {}", i + 1);
        assert_eq!(g.numbers().credits(mover), credits_after, "turn {}", i + 1);
        let plays = g.legal_plays().unwrap();
        g.play(&plays[0]).unwrap();
    }
    // Y to move, X's number is 4: picking 4 would be Y's third doublet.
    assert_eq!(g.to_move(), Side::Y);
    assert_eq!(
        g.pick(4),
        Err(RuleError::Pick(PickError::NoDoubletCredit { n: 4 }))
    );
    assert!(!g.legal_numbers().contains(4));
    assert_eq!(
        g.pick(1),
        Err(RuleError::Pick(PickError::SameAsOwn { n: 1 }))
    );
    assert!(g.pick(2).is_ok());
}

#[test]
fn wrong_phase_is_rejected_and_changes_nothing() {
    let mut g = GameState::standard();
    assert_eq!(g.legal_plays().unwrap_err(), RuleError::Opening);
    g.pick(2).unwrap();
    assert_eq!(
        g.pick(2),
        Err(RuleError::Pick(PickError::SameAsOpening { n: 2 }))
    );
    g.pick(4).unwrap();
    assert_eq!(g.legal_plays().unwrap_err(), RuleError::NotPicked);
    let before = g;
    assert!(g.make_turn(1, "24/14").is_err());
    assert_eq!(g, before);
    g.pick(1).unwrap();
    assert!(matches!(g.pick(3), Err(RuleError::AlreadyPicked { .. })));
    assert_eq!(g.pending_pair(), Pair::new(4, 1));
}

#[test]
fn play_flips_the_board_and_passes_the_turn() {
    let mut g = GameState::standard();
    g.pick(2).unwrap();
    g.pick(1).unwrap();
    g.make_turn(3, "8/5 6/5").unwrap();
    assert_eq!(g.to_move(), Side::Y);
    assert_eq!(g.phase(), Phase::Pick);
    // From Y's side, X's new point 5 is Y's 20 point.
    assert_eq!(g.position().opponent().count(5), 2);
    assert_eq!(g.position().opponent_on(20), 2);
}

/// A text that is no play at all is a syntax error in every phase; a
/// play out of turn is a phase error.
#[test]
fn a_non_play_is_a_syntax_error_before_the_phase_is_judged() {
    let mut g = GameState::standard();
    let syntax = |g: &GameState, text: &str| {
        matches!(
            g.parse_play(text),
            Err(RuleError::Play(PlayError::Syntax(_)))
        )
    };
    // Turn 0, a pick due, a play due.
    assert!(syntax(&g, "Alphabet"));
    assert!(matches!(g.parse_play("24/18"), Err(RuleError::Opening)));
    g.pick(3).unwrap();
    g.pick(5).unwrap();
    assert!(syntax(&g, "24/x"));
    assert!(matches!(g.parse_play("24/18"), Err(RuleError::NotPicked)));
    g.pick(6).unwrap();
    assert!(syntax(&g, "Alphabet"));
    assert!(g.parse_play("24/18,13/8").is_ok());
}
