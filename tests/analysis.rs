//! Batch analysis: blunders are flagged, results do not depend on threads.

use ncbg::analysis::{
    analyze_game, analyze_position, judge_turn, played_turns_at, run_parallel, totals,
    AnalysisSettings, Candidates, Thresholds, TurnReport, Verdict, CHECK_PLIES, TIE_MARGIN,
};
use ncbg::board::{Position, Stage};
use ncbg::eval::NnEval;
use ncbg::game::GameState;
use ncbg::search::{Limits, Searcher, Settings};
use std::sync::atomic::AtomicBool;

fn opened(x0: u8, y0: u8) -> GameState {
    let mut g = GameState::standard();
    g.pick(x0).unwrap();
    g.pick(y0).unwrap();
    g
}

fn depth(d: u32) -> AnalysisSettings {
    AnalysisSettings::default().with_depth(d).unwrap()
}

#[test]
fn positions_rank_alternatives() {
    let mut s = Searcher::new(8, Box::new(NnEval::embedded()));
    let g = opened(3, 5);
    let r = analyze_position(&mut s, &g, &depth(2), 3).unwrap();
    assert_eq!(r.ranked.len(), 3);
    assert_eq!(r.ranked[0].choice, r.best);
    assert!(r.ranked.windows(2).all(|w| w[0].score >= w[1].score));
    let json = serde_json::to_string(&r).unwrap();
    let back: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(back["best"], r.best.as_str());
}

#[test]
fn a_deliberate_blunder_is_flagged() {
    // After the initial pair (3,5), X plays the turn the engine ranks last.
    let mut s = Searcher::new(8, Box::new(NnEval::embedded()));
    let start = GameState::standard();
    let g = opened(3, 5);
    let limits = depth(2);
    let all = analyze_position(&mut s, &g, &limits, 1000).unwrap();
    let best = all.ranked.first().unwrap().choice.clone();
    let worst = all.ranked.last().unwrap().choice.clone();
    let t = Thresholds::default();
    let good = analyze_game(&mut s, &start, &tokens(&["3", "5", &best]), &limits).unwrap();
    let bad = analyze_game(&mut s, &start, &tokens(&["3", "5", &worst]), &limits).unwrap();
    assert_eq!(good.len(), 1, "turn-0 picks are not judged");
    assert_eq!(good[0].loss, 0);
    assert_eq!(good[0].verdict, Verdict::Ok);
    assert_eq!(bad[0].played, worst);
    assert!(bad[0].loss >= t.blunder, "{:?}", bad[0]);
    assert_eq!(bad[0].verdict, Verdict::Blunder);
    let [(_, x), (_, y)] = totals(&bad);
    assert_eq!((x.blunders, y.turns), (1, 0));
    assert!(x.error_rate() >= f64::from(t.blunder));
    // The opening is contact: the whole loss lands in that stage.
    assert_eq!(bad[0].stage, Stage::Contact);
    let contact = x.stages[Stage::Contact.index()];
    assert_eq!((contact.turns, contact.total_loss), (1, x.total_loss));
    assert_eq!(contact.errors_and_blunders, 1);
    assert_eq!(x.stages[Stage::Race.index()].turns, 0);
}

/// Where the record says the play searched as deep as the analysis or
/// deeper (depth p), a mark is checked by the played and the best choice
/// searched alone to depth p + 1 (at most `CHECK_PLIES` past the
/// analysis); a turn that is no mark, a shallower play and a capped
/// analysis are not.
#[test]
fn a_mark_is_checked_past_the_plays_depth() {
    let mut s = Searcher::new(8, Box::new(NnEval::embedded()));
    let start = GameState::standard();
    let settings = depth(2);
    let all = analyze_position(&mut s, &opened(3, 5), &settings, 1000).unwrap();
    let best = all.ranked.first().unwrap().choice.clone();
    let worst = all.ranked.last().unwrap().choice.clone();
    let net = NnEval::embedded();
    let mut judge = |played: &str, play_depth: Option<u32>, settings: &AnalysisSettings| {
        let moves = tokens(&["3", "5", played]);
        let turns = played_turns_at(&start, &moves, &[None, None, play_depth]).unwrap();
        assert_eq!(turns.len(), 1);
        assert_eq!(turns[0].play_depth, play_depth);
        judge_turn(&mut s, &net, &turns[0], settings).unwrap()
    };
    let plain: TurnReport = judge(&worst, None, &settings);
    assert_eq!((plain.depth, plain.play_depth), (2, None));
    assert_ne!(plain.verdict, Verdict::Ok, "{plain:?}");
    // The play went to depth 3: the mark is judged at depth 4, by a search
    // of the two choices that costs more than the analysis's own.
    let checked = judge(&worst, Some(3), &settings);
    assert_eq!((checked.depth, checked.play_depth), (4, Some(3)));
    assert!(checked.nodes > plain.nodes, "{checked:?} {plain:?}");
    assert_eq!(checked.played, plain.played);
    // As deep as the analysis: one ply past it.
    assert_eq!(judge(&worst, Some(2), &settings).depth, 3);
    // Far deeper play: checked CHECK_PLIES past the analysis.
    let far = judge(&worst, Some(2 + CHECK_PLIES + 4), &settings);
    assert_eq!(far.depth, 2 + CHECK_PLIES);
    // Shallower than the analysis: the verdict as without a depth.
    let shallow = TurnReport {
        play_depth: Some(1),
        ..plain.clone()
    };
    assert_eq!(judge(&worst, Some(1), &settings), shallow);
    // No mark: nothing to check, the play's depth is reported.
    let good = judge(&best, Some(3), &settings);
    assert_eq!((good.depth, good.play_depth, good.loss), (2, Some(3), 0));
    // A node cap is the user's budget: no check past it.
    let capped = AnalysisSettings {
        nodes: Some(10_000_000),
        ..settings
    };
    assert_eq!(judge(&worst, Some(3), &capped).depth, 2);
}

#[test]
fn losses_are_split_by_stage() {
    // A race (X's rearmost on its 8, Y's on its 9 = X's 16), X to pick:
    // a bad play there counts in the race stage only.
    let mut mover = [0u8; 25];
    mover[7] = 2; // point 8
    mover[4] = 13; // point 5
    let mut opponent = [0u8; 25];
    opponent[8] = 2; // point 9
    opponent[3] = 13; // point 4
    let pos = Position::from_points(&mover, &opponent, 15).unwrap();
    assert_eq!(pos.stage(), Stage::Race);
    let id = format!("{}:Xpick:x3y5:d22:k6", ncbg::ids::position_id::encode(&pos));
    let g = ncbg::ids::state_id::decode(&id).unwrap();
    let mut s = Searcher::new(4, Box::new(NnEval::embedded()));
    let limits = depth(2);
    let all = analyze_position(&mut s, &g, &limits, 1000).unwrap();
    let worst = all.ranked.last().unwrap().choice.clone();
    let r = analyze_game(&mut s, &g, &tokens(&[&worst]), &limits).unwrap();
    assert_eq!(r[0].stage, Stage::Race);
    let [(_, x), _] = totals(&r);
    assert_eq!(x.stages[Stage::Race.index()].turns, 1);
    assert!(x.total_loss > 0, "{:?}", r[0]);
    assert_eq!(x.stages[Stage::Race.index()].total_loss, x.total_loss);
    assert_eq!(x.stages[Stage::Contact.index()].turns, 0);
}

fn tokens(t: &[&str]) -> Vec<String> {
    t.iter().map(|s| s.to_string()).collect()
}

#[test]
fn same_results_with_one_or_two_threads() {
    let states: Vec<GameState> = (1..=6u8)
        .flat_map(|x| {
            (1..=6u8)
                .filter(move |&y| y != x)
                .map(move |y| opened(x, y))
        })
        .take(8)
        .collect();
    let work = |s: &mut Searcher, g: &GameState| analyze_position(s, g, &depth(2), 2).unwrap();
    let one = run_parallel(&states, 1, 4, &NnEval::embedded(), &[], work, || {});
    let two = run_parallel(&states, 2, 4, &NnEval::embedded(), &[], work, || {});
    assert_eq!(one, two);
}

/// Every choice is valued alike: the played turn's value in a game's
/// verdict is the value the position's analysis gives that choice, and a
/// turn that plays the best loses nothing.
#[test]
fn the_played_turn_is_valued_as_the_positions_analysis_values_it() {
    let mut s = Searcher::new(8, Box::new(NnEval::embedded()));
    let settings = depth(3);
    let g = opened(6, 1);
    let all = analyze_position(&mut s, &g, &settings, 1000).unwrap();
    let start = GameState::standard();
    for alt in [
        &all.ranked[0],
        &all.ranked[all.ranked.len() / 2],
        all.ranked.last().unwrap(),
    ] {
        let r = analyze_game(&mut s, &start, &tokens(&["6", "1", &alt.choice]), &settings).unwrap();
        assert_eq!(r[0].played_score, alt.score, "{alt:?}");
        assert_eq!(r[0].best_score, all.score);
        assert_eq!(r[0].loss, all.score - alt.score);
        assert_eq!(r[0].depth, 3);
    }
}

/// A played choice within the tie margin of the best is named the best and
/// loses nothing; one just past it keeps its loss and the best its place.
#[test]
fn a_played_choice_within_the_tie_margin_is_named_the_best() {
    let mut s = Searcher::new(8, Box::new(NnEval::embedded()));
    let settings = depth(3);
    let start = GameState::standard();
    let (mut tied, mut apart) = (0, 0);
    for (x0, y0) in [(6, 1), (3, 1), (5, 2), (4, 2)] {
        let g = opened(x0, y0);
        let all = analyze_position(&mut s, &g, &settings, 1000).unwrap();
        let opening = [x0.to_string(), y0.to_string()];
        for alt in &all.ranked {
            let gap = all.score - alt.score;
            if gap == 0 || gap > 2 * TIE_MARGIN {
                continue;
            }
            let moves = [opening[0].as_str(), opening[1].as_str(), &alt.choice];
            let r = analyze_game(&mut s, &start, &tokens(&moves), &settings).unwrap();
            assert_eq!(r[0].played_score, alt.score, "{alt:?}");
            if gap <= TIE_MARGIN {
                tied += 1;
                assert_eq!((r[0].best.as_str(), r[0].loss), (alt.choice.as_str(), 0));
                assert_eq!(r[0].best_score, alt.score);
            } else {
                apart += 1;
                assert_eq!((r[0].best.as_str(), r[0].loss), (all.best.as_str(), gap));
                assert_eq!(r[0].best_score, all.score);
            }
        }
    }
    assert!(tied > 0 && apart > 0, "tied {tied}, apart {apart}");
}

/// With both parities (the default), each choice's value weighs its values
/// at the three deepest depths 1:2:1 (two depths, when the analysis goes only
/// two deep, are averaged), each depth alone as the single-depth analysis
/// gives it.
#[test]
fn both_parities_weigh_the_three_deepest_depths() {
    let mut s = Searcher::new(8, Box::new(NnEval::embedded()));
    let g = opened(2, 4);
    let single = |d: u32| AnalysisSettings {
        both_parities: false,
        ..depth(d)
    };
    let score_of = |r: &ncbg::analysis::PositionReport, c: &str| {
        r.ranked.iter().find(|a| a.choice == c).unwrap().score
    };
    let one = analyze_position(&mut s, &g, &single(1), 1000).unwrap();
    let two = analyze_position(&mut s, &g, &single(2), 1000).unwrap();
    let three = analyze_position(&mut s, &g, &single(3), 1000).unwrap();
    let both = analyze_position(&mut s, &g, &depth(3), 1000).unwrap();
    let pair = analyze_position(&mut s, &g, &depth(2), 1000).unwrap();
    assert_eq!(both.ranked.len(), three.ranked.len());
    let mut differ = 0;
    for alt in &both.ranked {
        let c = &alt.choice;
        let (a, b, d) = (score_of(&one, c), score_of(&two, c), score_of(&three, c));
        assert_eq!(alt.score, (a + 2 * b + d).div_euclid(4), "{alt:?}");
        assert_eq!(score_of(&pair, c), (a + b).div_euclid(2), "{alt:?}");
        differ += usize::from(a + d != 2 * b);
    }
    // The weighing differs from the middle depth somewhere (else the test
    // shows nothing).
    assert!(differ > 0);
    assert!(both.ranked.windows(2).all(|w| w[0].score >= w[1].score));
}

/// The default analysis combines odd and even depths, the quick one
/// too, and a node cap stops the deepening deterministically.
#[test]
fn presets_and_a_node_cap() {
    let d = AnalysisSettings::default();
    assert!(d.both_parities && d.depth > AnalysisSettings::quick().depth);
    let mut s = Searcher::new(8, Box::new(NnEval::embedded()));
    let g = opened(3, 5);
    let capped = AnalysisSettings {
        nodes: Some(3000),
        ..depth(8)
    };
    let a = analyze_position(&mut s, &g, &capped, 3).unwrap();
    let b = analyze_position(&mut s, &g, &capped, 3).unwrap();
    assert_eq!(a, b);
    assert!(a.depth < 8, "{a:?}");
    // The search itself, to the same depth, reaches the same best.
    let stop = AtomicBool::new(false);
    let r = s
        .search(
            &g,
            &Limits {
                depth: Some(1),
                ..Limits::default()
            },
            &Settings::default(),
            &stop,
            &mut |_| {},
        )
        .unwrap();
    let one = analyze_position(
        &mut s,
        &g,
        &AnalysisSettings {
            both_parities: false,
            ..depth(1)
        },
        1,
    )
    .unwrap();
    assert_eq!(one.best, r.best.token(&g));
}

/// With candidates, every choice is screened shallow, and the screen's
/// best few and the played choice are searched alike to the full depth:
/// the others keep their screening values and rank after them, and the
/// played choice gets the value the same search gives it.
#[test]
fn the_screens_best_and_the_played_choice_are_searched_to_the_full_depth() {
    let mut s = Searcher::new(8, Box::new(NnEval::embedded()));
    let single = |d: u32, candidates| AnalysisSettings {
        both_parities: false,
        candidates,
        ..depth(d)
    };
    let three = Some(Candidates {
        screen_depth: 2,
        count: 3,
        margin: 0,
    });
    let g = opened(6, 1);
    let screen = analyze_position(&mut s, &g, &single(2, None), 1000).unwrap();
    let deep = analyze_position(&mut s, &g, &single(4, three), 1000).unwrap();
    assert_eq!(deep.depth, 4);
    assert_eq!(deep.ranked.len(), screen.ranked.len());
    let pairs = |r: &[ncbg::analysis::Ranked]| -> Vec<(String, i32)> {
        r.iter().map(|a| (a.choice.clone(), a.score)).collect()
    };
    let mut top: Vec<String> = deep.ranked[..3].iter().map(|a| a.choice.clone()).collect();
    let mut screen_top: Vec<String> = screen.ranked[..3]
        .iter()
        .map(|a| a.choice.clone())
        .collect();
    top.sort();
    screen_top.sort();
    assert_eq!(top, screen_top);
    assert_eq!(pairs(&deep.ranked[3..]), pairs(&screen.ranked[3..]));
    // The deep values are not the screen's.
    assert_ne!(pairs(&deep.ranked[..3]), pairs(&screen.ranked[..3]));

    // The screen's worst choice, played: searched with the three at depth 4.
    let worst = screen.ranked.last().unwrap().choice.clone();
    let r = analyze_game(
        &mut s,
        &GameState::standard(),
        &tokens(&["6", "1", &worst]),
        &single(4, three),
    )
    .unwrap();
    assert_eq!(r[0].depth, 4);
    // The same two searches by hand: the screen, then the four choices.
    let stop = AtomicBool::new(false);
    let settings = Settings {
        move_overhead: std::time::Duration::ZERO,
        ..Settings::default()
    };
    let choices = ncbg::turn::legal_turns(&g);
    let find = |t: &str| *choices.iter().find(|c| c.token(&g) == t).unwrap();
    s.clear();
    let all = Limits {
        depth: Some(2),
        multipv: choices.len(),
        ..Limits::default()
    };
    s.search(&g, &all, &settings, &stop, &mut |_| {}).unwrap();
    let mut four: Vec<_> = screen.ranked[..3].iter().map(|a| find(&a.choice)).collect();
    four.push(find(&worst));
    let chosen = Limits {
        depth: Some(4),
        multipv: 4,
        root_choices: Some(four),
        ..Limits::default()
    };
    let by_hand = s
        .search(&g, &chosen, &settings, &stop, &mut |_| {})
        .unwrap();
    assert_eq!(by_hand.lines.len(), 4);
    let value = |t: &str| {
        by_hand
            .lines
            .iter()
            .find(|(c, _)| c.token(&g) == t)
            .unwrap()
            .1
            .value
    };
    assert_eq!(r[0].played_score, value(&worst));
    assert_eq!(r[0].best_score, by_hand.score.value);
}
