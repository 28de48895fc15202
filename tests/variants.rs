//! Backgammon Race and Anti-Backgammon played by the engine's library:
//! whole games to their end, the anti search avoiding to bear off first,
//! and the NCBP session with the `Variant` option.

use ncbg::board::{Objective, Variant};
use ncbg::duel::{play, search_turn, DuelEnd, DuelRules};
use ncbg::engine::{Reply, Session};
use ncbg::eval::nn::{to_millipoints, Network};
use ncbg::eval::{Evaluator, NnEval};
use ncbg::game::GameState;
use ncbg::numbers::NumberRules;
use ncbg::pos;
use ncbg::search::{Limits, Searcher, Settings};

fn searcher() -> Searcher {
    Searcher::new(16, Box::new(NnEval::embedded()))
}

fn depth(d: u32) -> Limits {
    Limits {
        depth: Some(d),
        ..Limits::default()
    }
}

/// A whole game of each variant, both sides a one-turn search, ends by the
/// rules (a finished game; anti may also reach its cap).
#[test]
fn the_engine_plays_race_and_anti_games_to_their_end() {
    for variant in [Variant::Race, Variant::Anti] {
        let mut s = searcher();
        let settings = Settings::default();
        let rules = DuelRules {
            max_turns: 1000,
            repetition: true,
        };
        let start = GameState::start(variant, NumberRules::default());
        let mut first_play = None;
        let d = play(start, &rules, &mut |state, history| {
            let r = search_turn(&mut s, state, history, &depth(1), &settings)?;
            if first_play.is_none() && !state.in_opening() {
                first_play = Some(r.best.token(state));
            }
            Some(r.best)
        });
        match d.end {
            DuelEnd::Finished(r) => assert!(r.points() >= 1, "{variant}: {r}"),
            end => assert!(
                variant == Variant::Anti && end != DuelEnd::NoTurn,
                "{variant}: {end:?}"
            ),
        }
        if variant == Variant::Race {
            let first = first_play.expect("a first play");
            assert!(
                first.contains("pool/"),
                "the race starts by entering: {first}"
            );
        }
    }
}

/// X has two checkers left (on its 2 and 1 points) and plays 2-1, Y has
/// borne off nothing. Bearing both off wins a gammon in the plain game and
/// loses one in Anti-Backgammon: the search scores that play +2000 and
/// -2000, exact.
#[test]
fn the_anti_search_scores_bearing_off_first_as_a_loss() {
    let pos = pos!(x 1 => 1, 2 => 1; o 13 => 15);
    let mut g = GameState::from_position(pos, NumberRules::default());
    g.pick(3).unwrap();
    g.pick(1).unwrap();
    g.pick(2).unwrap(); // X plays 2-1
    let mut anti = g;
    anti.set_objective(Objective::BearOffLast).unwrap();
    let finishing_score = |state: &GameState| {
        let limits = Limits {
            multipv: 2,
            ..depth(1)
        };
        let r = searcher()
            .search(
                state,
                &limits,
                &Settings::default(),
                &ncbg::search::StopFlag::new(false),
                &mut |_| {},
            )
            .unwrap();
        assert_eq!(r.lines.len(), 2);
        let (_, score) = r
            .lines
            .iter()
            .find(|(t, _)| t.after(state).is_over())
            .expect("one play bears both off");
        (*score, r.best.after(state).is_over())
    };
    let (plain, _) = finishing_score(&g);
    assert_eq!((plain.value, plain.exact), (2000, true));
    let (reversed, _) = finishing_score(&anti);
    assert_eq!((reversed.value, reversed.exact), (-2000, true));
    // Which play anti then prefers is the net's business: the plain net
    // values the kept checker's position a little above a sure gammon (its
    // backgammon chance is not quite 0), so reversed it looks a little
    // worse than finishing. Nets trained on the variant are the remedy
    // (the family net, embedded for Anti-Backgammon since 5 Dec 2026).
    // The evaluation reads the game's object: the same board, turned round.
    let mut live_anti = GameState::start(Variant::Anti, NumberRules::default());
    let mut live = GameState::standard();
    for s in [&mut live_anti, &mut live] {
        s.pick(3).unwrap();
        s.pick(5).unwrap();
        s.make_turn(6, "24/13").unwrap();
    }
    // A net without the game's context (the main net, given by file)
    // reads the object by turning its chances round.
    let plain = NnEval::file_or_embedded(Some(Network::embedded()));
    assert_eq!(plain.evaluate(&live_anti), -plain.evaluate(&live));
    // The embedded evaluation values Anti-Backgammon with the family net,
    // which reads the object among its inputs.
    let family = Network::embedded_family();
    assert!(family.features().reads_context());
    assert_eq!(
        NnEval::embedded().evaluate(&live_anti),
        to_millipoints(family.probabilities(&live_anti).equity())
    );
}

/// The evaluation reads a waiting checker as one on the bar.
#[test]
fn the_net_reads_the_pool_as_the_bar() {
    let net = NnEval::embedded();
    let mut race = GameState::start(Variant::Race, NumberRules::default());
    race.pick(3).unwrap();
    race.pick(5).unwrap();
    let plain = race.plain_view();
    assert_eq!(plain.position().pools(), (0, 0));
    assert_eq!(plain.position().mover().bar(), 15);
    assert_eq!(net.evaluate(&race), net.evaluate(&plain));
}

fn lines(s: &mut Session, line: &str) -> Vec<String> {
    match s.execute_line(line) {
        Reply::Lines(l) => l,
        _ => panic!("{line}: not a plain reply"),
    }
}

#[test]
fn the_session_plays_the_variants_by_option() {
    let mut s = Session::new();
    assert!(lines(&mut s, "setoption name Variant value race").is_empty());
    assert!(lines(&mut s, "position startpos moves 3 5 6").is_empty());
    let legal = lines(&mut s, "legal");
    assert!(
        legal.contains(&"legal play pool/20,pool/19".to_string()),
        "{legal:?}"
    );
    assert!(lines(
        &mut s,
        "position startpos moves 3 5 6:pool/14 4:pool/21,pool/19"
    )
    .is_empty());
    let id = ncbg::ids::state_id::encode(s.game());
    assert!(id.ends_with(":p14-13"), "{id}");
    let bad = lines(&mut s, "position startpos moves 3 5 6:bar/14");
    assert!(bad[0].starts_with("error illegal-move"), "{bad:?}");
    assert!(lines(&mut s, "setoption name Variant value anti").is_empty());
    assert!(lines(&mut s, "position startpos").is_empty());
    assert!(ncbg::ids::state_id::encode(s.game()).ends_with(":anti"));
    let e = lines(&mut s, "setoption name Variant value misere");
    assert!(e[0].contains("race, anti"), "{e:?}");
}
