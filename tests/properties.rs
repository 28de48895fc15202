//! Property tests over random positions, pairs and whole random games.

mod common;

use common::random_position;
use ncbg::board::{Position, BAR, OFF};
use ncbg::game::{GameState, Phase};
use ncbg::ids::{position_id, state_id};
use ncbg::movegen::legal_plays;
use ncbg::notation::{format_play, format_play_token, parse_play};
use ncbg::numbers::{NumberRules, Numbers, Side};
use ncbg::pair::Pair;
use ncbg::rng::Rng;
use proptest::prelude::*;

fn checkers_conserved(before: &Position, after: &Position) -> Result<(), TestCaseError> {
    let n = before.checkers_per_side();
    prop_assert_eq!(after.mover().total(), n);
    prop_assert_eq!(after.opponent().total(), n);
    for p in 1..=24 {
        prop_assert!(
            after.mover().count(p) == 0 || after.opponent_on(p) == 0,
            "two colours on point {}",
            p
        );
    }
    prop_assert!(
        after.mover().off() >= before.mover().off(),
        "checkers came back"
    );
    // A pool only empties (Backgammon Race): a hit checker goes to the bar.
    prop_assert!(after.mover().pool() <= before.mover().pool());
    prop_assert_eq!(after.opponent().pool(), before.opponent().pool());
    prop_assert!(after.mover().pool() == 0 || after.mover().off() == 0);
    Ok(())
}

fn pair_strategy() -> impl Strategy<Value = Pair> {
    (1u8..=9, 1u8..=9).prop_map(|(a, b)| Pair::new(a, b).unwrap())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn plays_keep_every_checker_and_never_share_a_point(seed in any::<u64>(), pair in pair_strategy()) {
        let mut rng = Rng::new(seed);
        let n = if seed % 4 == 0 { 3 } else { 15 };
        let pos = random_position(&mut rng, n);
        for lp in legal_plays(&pos, pair) {
            checkers_conserved(&pos, &lp.after)?;
            // Only the opponent's bar can grow, by hits.
            prop_assert!(lp.after.opponent().off() == pos.opponent().off());
            prop_assert!(lp.after.opponent().bar() >= pos.opponent().bar());
            // The steps are in a legal order and lead to the result.
            prop_assert_eq!(lp.play.apply(&pos), lp.after);
        }
    }

    #[test]
    fn written_plays_read_back(seed in any::<u64>(), pair in pair_strategy()) {
        let mut rng = Rng::new(seed);
        let pos = random_position(&mut rng, 15);
        for lp in legal_plays(&pos, pair) {
            for text in [format_play(&pos, &lp.play), format_play_token(&pos, &lp.play)] {
                let back = parse_play(&text, &pos, pair);
                prop_assert!(back.is_ok(), "'{}' rejected: {:?}", text, back);
                prop_assert_eq!(back.unwrap().after, lp.after, "'{}'", text);
            }
        }
    }

    #[test]
    fn position_ids_round_trip(seed in any::<u64>()) {
        let mut rng = Rng::new(seed);
        let n = if seed % 3 == 0 { 3 } else { 15 };
        let pos = random_position(&mut rng, n);
        let id = position_id::encode(&pos);
        prop_assert_eq!(id.len(), 14);
        prop_assert_eq!(position_id::decode_with(&id, n).unwrap(), pos);
        prop_assert_eq!(position_id::decode_with(&position_id::encode(&pos.flip()), n).unwrap(), pos.flip());
    }

    #[test]
    fn state_ids_round_trip(seed in any::<u64>(), k in 3u8..=9, cx in 0u8..=9, cy in 0u8..=9,
                            opening in 0u8..3, play_phase in any::<bool>(), y_moves in any::<bool>()) {
        let mut rng = Rng::new(seed);
        let n = if seed % 3 == 0 { 3 } else { 15 };
        let pos = random_position(&mut rng, n);
        let num = |rng: &mut Rng| 1 + rng.below(u64::from(k)) as u8;
        let (current, side, phase) = match opening {
            0 => ([None, None], Side::X, Phase::Pick),
            1 => ([Some(num(&mut rng)), None], Side::Y, Phase::Pick),
            _ => (
                [Some(num(&mut rng)), Some(num(&mut rng))],
                if y_moves { Side::Y } else { Side::X },
                if play_phase { Phase::Play } else { Phase::Pick },
            ),
        };
        let state = GameState::new(pos, side, Numbers::from_parts(current, [cx, cy]), k, phase).unwrap();
        let id = state_id::encode(&state);
        prop_assert!(!id.contains(char::is_whitespace));
        prop_assert_eq!(state_id::decode(&id).unwrap(), state);
    }

    #[test]
    fn random_games_follow_the_rules(seed in any::<u64>(), k in 3u8..=9, credits in 0u8..=3) {
        let rules = NumberRules::new(k, credits).unwrap();
        let mut rng = Rng::new(seed);
        let mut g = GameState::start(ncbg::board::Variant::ALL[(seed % 5) as usize], rules);
        let mut doublets = [0u8; 2];
        for _turn in 0..2000 {
            if g.is_over() {
                break;
            }
            prop_assert_eq!(state_id::decode(&state_id::encode(&g)).unwrap(), g);
            let numbers = g.legal_numbers();
            prop_assert!(!numbers.is_empty(), "no legal number");
            let picks: Vec<u8> = numbers.iter().collect();
            let n = picks[rng.index(picks.len())];
            let mover = g.to_move();
            let opening = g.in_opening();
            let theirs = g.numbers().current(mover.other());
            prop_assert_ne!(Some(n), g.numbers().current(mover));
            g.pick(n).unwrap();
            if opening {
                continue;
            }
            if theirs == Some(n) {
                doublets[mover.index()] += 1;
            }
            prop_assert!(doublets[mover.index()] <= credits);
            let before = *g.position();
            let plays = g.legal_plays().unwrap();
            let lp = plays[rng.index(plays.len())];
            g.play(&lp).unwrap();
            checkers_conserved(&before, &g.position().flip())?;
        }
        if let Some(result) = g.result() {
            prop_assert_eq!(g.position().opponent().in_play(), 0, "the finisher moved last");
            // In Anti-Backgammon the side that did not finish wins (§9).
            let anti = g.objective() == ncbg::board::Objective::BearOffLast;
            let winner = if anti { g.to_move() } else { g.to_move().other() };
            prop_assert_eq!(result.winner, winner);
            let other = g.position().mover();
            let gammon = other.off() == 0;
            prop_assert_eq!(result.points() >= 2, gammon);
            if result.points() == 3 {
                prop_assert!(
                    other.bar() > 0 || other.pool() > 0 || (19..BAR).any(|p| other.count(p) > 0)
                );
            }
            let loser = other;
            prop_assert_eq!(loser.count(OFF), loser.off());
        }
    }
}
