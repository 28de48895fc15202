//! The search's pruning: the move filter (and each game's own), the answer
//! from odd depths, the filter reduction, futility at the frontier, the
//! push for progress in long games.

use ncbg::eval::NnEval;
use ncbg::game::GameState;
use ncbg::search::{Knob, Limits, SearchProfile, Searcher, Settings};
use ncbg::turn::legal_turns;
use std::sync::atomic::AtomicBool;

mod search_support;
use search_support::*;

/// The filtered search's value, worked out plainly: every root choice; below
/// it, a node two or more turns from the leaves keeps its `filter` best
/// children by static value (ties by move-list order), as the search does.
fn filtered_minimax(g: &GameState, depth: u32, filter: usize, eval: &NnEval) -> i32 {
    use ncbg::eval::Evaluator;
    let leaf = |s: &GameState| match s.position().outcome() {
        Some(o) => o.mover_points() * 1000,
        None => eval.evaluate(s),
    };
    if g.is_over() || depth == 0 {
        return leaf(g);
    }
    let children: Vec<GameState> = legal_turns(g).iter().map(|t| t.after(g)).collect();
    let mut order: Vec<(i32, usize)> = children
        .iter()
        .enumerate()
        .map(|(i, c)| (if depth >= 2 { leaf(c) } else { 0 }, i))
        .collect();
    order.sort();
    if depth >= 2 && filter > 0 {
        order.truncate(filter);
    }
    order
        .iter()
        .map(|&(_, i)| -filtered_minimax(&children[i], depth - 1, filter, eval))
        .max()
        .expect("a child")
}

/// The move filter: alpha-beta with the table finds the plainly worked-out
/// filtered value; a filter wider than any move list is the full-width
/// search, node for node; the default filter searches fewer nodes than full
/// width in the opening at depth 4.
#[test]
fn the_move_filter_keeps_the_best_children_by_static_value() {
    let eval = NnEval::embedded();
    let depth3 = Limits {
        depth: Some(3),
        ..Limits::default()
    };
    for g in random_states(12).into_iter().take(3) {
        let mut root_best = i32::MIN;
        for t in legal_turns(&g) {
            root_best = root_best.max(-filtered_minimax(&t.after(&g), 2, 3, &eval));
        }
        let settings = Settings {
            move_filter: 3,
            ..Settings::default()
        };
        let r = search(&g, depth3.clone(), &settings);
        assert_eq!(
            r.score.value,
            root_best,
            "{}",
            ncbg::ids::state_id::encode(&g)
        );
    }
    let g = opened(3, 5);
    let full = |filter| Settings {
        move_filter: filter,
        ..Settings::default()
    };
    let a = search(&g, depth3.clone(), &full(0));
    let b = search(&g, depth3, &full(1000));
    assert_eq!((a.best, a.score, a.nodes), (b.best, b.score, b.nodes));
    let depth4 = Limits {
        depth: Some(4),
        ..Limits::default()
    };
    let filtered = search(&g, depth4.clone(), &Settings::default());
    let full_width = search(&g, depth4, &full(0));
    assert!(
        filtered.nodes < full_width.nodes,
        "{} vs {}",
        filtered.nodes,
        full_width.nodes
    );
}

/// The `OddDepths` knob: 2 searches only the odd depths and the depth limit, and
/// finds the value the search of every depth finds there; 1 searches every
/// depth but answers with the last odd one completed (or the limit).
#[test]
fn odd_depths_answer_from_odd_depths() {
    let g = opened(3, 5);
    let run = |limits: Limits, odd: u8| {
        let settings = tuned(&[(Knob::OddDepths, odd.into())]);
        let mut s = Searcher::new(16, Box::new(NnEval::embedded()));
        let stop = AtomicBool::new(false);
        let mut depths = Vec::new();
        let r = s
            .search(&g, &limits, &settings, &stop, &mut |i| depths.push(i.depth))
            .expect("game not over");
        (r, depths)
    };
    let depth = |d| Limits {
        depth: Some(d),
        ..Limits::default()
    };
    let (every5, d) = run(depth(5), 0);
    assert_eq!(d, [1, 2, 3, 4, 5]);
    let (odd5, d) = run(depth(5), 2);
    assert_eq!(d, [1, 3, 5]);
    assert_eq!((odd5.depth, odd5.score), (5, every5.score));
    assert!(odd5.nodes < every5.nodes);
    let (odd4, d) = run(depth(4), 2);
    assert_eq!((d.as_slice(), odd4.depth), ([1, 3, 4].as_slice(), 4));
    let (answer4, d) = run(depth(4), 1);
    assert_eq!((d.as_slice(), answer4.depth), ([1, 3, 4].as_slice(), 4));
    // A node limit that completes depth 4 but not 5: the answer is depth 3's.
    let (every4, _) = run(depth(4), 0);
    let (every3, _) = run(depth(3), 0);
    let limit = Limits {
        nodes: Some(every4.nodes + 10),
        ..Limits::default()
    };
    let (plain, _) = run(limit.clone(), 0);
    assert_eq!(plain.depth, 4);
    let (odd, d) = run(limit, 1);
    assert_eq!(d, [1, 3]);
    assert_eq!(
        (odd.depth, odd.best, odd.score),
        (3, every3.best, every3.score)
    );
}

/// The `FilterReduction` knob: a reply the static value ranks past the move filter's
/// cut is searched a few turns shallower instead of left out. From a game
/// the engine lost to the sparring partner's lookahead player: X bears off
/// against Y's anchor on its 3 point; Y's best answer (7/5 4/1 with a 3,
/// which X then cannot play) looks poor to the net, so the filter drops it
/// and depth 5 sees X winning a gammon. With the reduction (and at full
/// width) depth 5 finds X losing. A reduction too large to leave any depth
/// is the plain filter node for node, and with nothing past the cut it is
/// the full-width search node for node. Two threads find one thread's
/// value.
#[test]
fn the_filter_reduction_searches_what_the_filter_cut() {
    let g = ncbg::ids::state_id::decode("ttsCAA2/wwAAAA:Xpick:x3y1:d00:k6").unwrap();
    let depth = |d| Limits {
        depth: Some(d),
        ..Limits::default()
    };
    let with = |filter, reduction| Settings {
        move_filter: filter,
        ..tuned(&[(Knob::FilterReduction, reduction)])
    };
    let filtered = search(&g, depth(5), &with(12, 0));
    let reduced = search(&g, depth(5), &with(12, 2));
    let full = search(&g, depth(5), &with(0, 0));
    assert!(filtered.score.value > 1000, "{:?}", filtered.score);
    assert!(reduced.score.value < 0, "{:?}", reduced.score);
    assert!(full.score.value < 0, "{:?}", full.score);
    assert!(
        reduced.nodes < full.nodes,
        "{} vs {}",
        reduced.nodes,
        full.nodes
    );
    // Two threads find the one thread's value, with the default reduction
    // and with 2.
    for settings in [with(12, 2), Settings::default()] {
        let one = search(&g, depth(5), &settings);
        let two = search(
            &g,
            depth(5),
            &Settings {
                threads: 2,
                ..settings
            },
        );
        assert_eq!(one.score, two.score);
    }

    for g in random_states(12).into_iter().take(4) {
        let plain = search(&g, depth(4), &with(12, 0));
        let too_deep = search(&g, depth(4), &with(12, 3));
        assert_eq!(
            (plain.best, plain.score, plain.nodes),
            (too_deep.best, too_deep.score, too_deep.nodes)
        );
        let wide = search(&g, depth(4), &with(1000, 1));
        let full = search(&g, depth(4), &with(0, 0));
        assert_eq!(
            (wide.best, wide.score, wide.nodes),
            (full.best, full.score, full.nodes)
        );
        let reduced = search(&g, depth(4), &with(12, 1));
        assert!(legal_turns(&g).contains(&reduced.best));
        assert!(reduced.nodes >= plain.nodes);
    }
}

/// NC-Hypergammon searches with its profile's filter, the
/// `HyperMoveFilterSmallAlphabet` knob's at k = 3 and 4 and the
/// `HyperMoveFilter` knob's at k = 5..9, and every other game with the
/// `MoveFilter` option's: each changes the search of its own games and
/// leaves the others' node for node.
#[test]
fn each_game_searches_with_its_own_move_filter() {
    let small = hyper_opened(4);
    let hyper = hyper_opened(6);
    let standard = opened(3, 5);
    let with = |filter, hyper_filter, small_filter| Settings {
        move_filter: filter,
        ..tuned(&[
            (Knob::HyperMoveFilter, hyper_filter),
            (Knob::HyperMoveFilterSmallAlphabet, small_filter),
        ])
    };
    // Hypergammon at k = 6: its filter cuts, the others are not read.
    let full = key(search(&hyper, to_depth(6), &with(12, 0, 4)));
    let narrow = key(search(&hyper, to_depth(6), &with(12, 2, 4)));
    assert_ne!(full.2, narrow.2, "the Hypergammon filter changed nothing");
    assert_eq!(key(search(&hyper, to_depth(6), &with(0, 2, 1000))), narrow);
    assert_eq!(key(search(&hyper, to_depth(6), &with(1000, 0, 0))), full);
    // Hypergammon at k = 4: the small alphabet's filter, not the others.
    let full = key(search(&small, to_depth(6), &with(12, 6, 0)));
    let narrow = key(search(&small, to_depth(6), &with(12, 6, 2)));
    assert_ne!(
        full.2, narrow.2,
        "the small alphabet's filter changed nothing"
    );
    assert_eq!(key(search(&small, to_depth(6), &with(0, 1000, 2))), narrow);
    assert_eq!(key(search(&small, to_depth(6), &with(1000, 2, 0))), full);
    // The standard game: the reverse.
    let a = key(search(&standard, to_depth(4), &with(12, 0, 0)));
    assert_eq!(
        key(search(&standard, to_depth(4), &with(12, 1000, 1000))),
        a
    );
    assert_ne!(key(search(&standard, to_depth(4), &with(0, 6, 4))).2, a.2);
    // Untuned, each game's profile chooses.
    let defaults = Settings::default();
    let filter = |g: &GameState| defaults.profile_for(g).move_filter;
    assert_eq!(filter(&hyper), ncbg::search::DEFAULT_HYPER_MOVE_FILTER);
    assert_eq!(
        filter(&hyper_opened(5)),
        ncbg::search::DEFAULT_HYPER_MOVE_FILTER
    );
    for k in [3, 4] {
        assert_eq!(
            filter(&hyper_opened(k)),
            ncbg::search::DEFAULT_SMALL_ALPHABET_HYPER_MOVE_FILTER
        );
    }
    assert_eq!(filter(&standard), ncbg::search::DEFAULT_MOVE_FILTER);
    // The MoveFilter option is the profile's in the standard game only.
    let option = Settings {
        move_filter: 3,
        ..Settings::default()
    };
    assert_eq!(option.profile_for(&standard).move_filter, 3);
    assert_eq!(option.profile_for(&hyper), SearchProfile::for_state(&hyper));
}

/// Futility at the frontier (the `HyperFutilityMargin` knob in
/// NC-Hypergammon, `FutilityMargin` elsewhere): a null-window node one turn from the leaves
/// whose static value is past the window by the margin is not expanded. The
/// principal variation is never cut, so to depth 3 (where no null window
/// reaches a node one turn from the leaves) the search is the same node for
/// node; deeper it visits fewer nodes for the same depth and answers
/// legally. Each game reads its own margin: the standard game's default is
/// off, so its search is unchanged.
#[test]
fn futility_prunes_only_null_windows_at_the_frontier() {
    let hyper = hyper_opened(3);
    let standard = opened(3, 5);
    let with = |margin, hyper_margin| {
        tuned(&[
            (Knob::FutilityMargin, margin),
            (Knob::HyperFutilityMargin, hyper_margin),
        ])
    };
    let defaults = Settings::default();
    assert_eq!(defaults.profile_for(&standard).futility_margin, 0);
    assert_eq!(
        defaults.profile_for(&hyper).futility_margin,
        ncbg::search::DEFAULT_HYPER_FUTILITY_MARGIN
    );
    for g in [&hyper, &standard] {
        assert_eq!(
            key(search(g, to_depth(3), &with(0, 0))),
            key(search(g, to_depth(3), &with(60, 60)))
        );
    }
    for (g, d, pruning, other) in [
        (&hyper, 7, with(0, 60), with(60, 0)),
        (&standard, 4, with(60, 0), with(0, 60)),
    ] {
        let plain = search(g, to_depth(d), &with(0, 0));
        let pruned = search(g, to_depth(d), &pruning);
        assert!(
            pruned.nodes < plain.nodes,
            "depth {d}: {} nodes with futility, {} without",
            pruned.nodes,
            plain.nodes
        );
        assert!(legal_turns(g).contains(&pruned.best));
        assert_eq!(pruned.depth, d);
        // The other game's margin is not read.
        assert_eq!(key(search(g, to_depth(d), &other)), key(plain));
    }
}

/// `SearchProfile::progress_after` (the `ProgressAfter` knob): in a game gone that many turns without a
/// checker borne off, the side to move that leads by `PROGRESS_LEAD`
/// searches with `progress_weight` millipoints a pip of race lead in every
/// static value; a shorter game, or a side not ahead, searches as always.
#[test]
fn a_long_game_presses_the_side_ahead_for_progress() {
    use ncbg::eval::Evaluator;
    use ncbg::ids::state_id::decode;
    // Two states of a Nackgammon game without credits that a referee capped
    // at 400 turns: X holds all of Y's home board with 14 checkers (315
    // pips to Y's 227), its net values that a win, and no checker was ever
    // borne off.
    let x_ahead = decode("APwPADcAQNhdNw:Xpick:x5y3:d00:k6").unwrap();
    let y_behind = decode("AEDYXTcA/AcINw:Ypick:x5y1:d00:k6").unwrap();
    let eval = NnEval::embedded();
    assert!(eval.evaluate(&x_ahead) >= ncbg::search::PROGRESS_LEAD);
    assert!(eval.evaluate(&y_behind) < ncbg::search::PROGRESS_LEAD);
    let run = |root: &GameState, earlier: &GameState, turns: usize, after: u32| {
        let mut s = Searcher::new(16, Box::new(NnEval::embedded()));
        s.set_history(&vec![*earlier; turns]);
        let settings = tuned(&[(Knob::ProgressAfter, after), (Knob::ProgressWeight, 4)]);
        let stop = AtomicBool::new(false);
        key(s
            .search(root, &to_depth(2), &settings, &stop, &mut |_| {})
            .unwrap())
    };
    let off = run(&x_ahead, &y_behind, 120, 0);
    let on = run(&x_ahead, &y_behind, 120, 100);
    assert_ne!(on.1, off.1, "the long game's values move");
    // X trails the race by about 90 pips: its values fall, by at most the
    // term of the largest race lead there could be.
    assert!(on.1.value < off.1.value, "{on:?} {off:?}");
    assert!(on.1.value > off.1.value - 4 * 400, "{on:?} {off:?}");
    // 99 turns are not a long game; Y, behind, is never pressed.
    assert_eq!(run(&x_ahead, &y_behind, 99, 100), off);
    assert_eq!(
        run(&y_behind, &x_ahead, 120, 100),
        run(&y_behind, &x_ahead, 120, 0)
    );
}

/// Backgammon Race presses for progress as the standard game does: a
/// dozen quiet turns after its start leave the search as it was (the
/// race's own early push, 10 turns at 8 mp, lost the back games `deep`
/// held), and a long game presses, whether it started with pools or not.
#[test]
fn a_race_presses_for_progress_as_the_standard_game_does() {
    use ncbg::board::Variant;
    use ncbg::ids::state_id::decode;
    use ncbg::search::DEFAULT_PROGRESS_AFTER;
    // X ahead (valued past PROGRESS_LEAD, see the test above), no pool left.
    let x_ahead = decode("APwPADcAQNhdNw:Xpick:x5y3:d00:k6").unwrap();
    let y_behind = decode("AEDYXTcA/AcINw:Ypick:x5y1:d00:k6").unwrap();
    let race_start = GameState::start(Variant::Race, ncbg::numbers::NumberRules::default());
    assert!(race_start.position().mover().pool() == 15);
    let run = |history: Vec<GameState>| {
        let mut s = Searcher::new(16, Box::new(NnEval::embedded()));
        s.set_history(&history);
        let stop = AtomicBool::new(false);
        key(s
            .search(
                &x_ahead,
                &to_depth(2),
                &Settings::default(),
                &stop,
                &mut |_| {},
            )
            .unwrap())
    };
    let plain = run(Vec::new());
    // A dozen quiet turns after the race's start: no push yet.
    let dozen = vec![y_behind; 12];
    assert_eq!(run([vec![race_start], dozen].concat()), plain);
    // A long game presses X, who trails the race by about 90 pips, the
    // same whether it started as a race or not.
    let long = vec![y_behind; DEFAULT_PROGRESS_AFTER as usize + 2];
    let pressed = run(long.clone());
    assert!(pressed.1.value < plain.1.value, "{pressed:?} {plain:?}");
    assert_eq!(run([vec![race_start], long].concat()), pressed);
    // One profile for every game of fifteen checkers a side.
    let standard = SearchProfile::for_state(&GameState::standard());
    assert_eq!(SearchProfile::for_state(&race_start), standard);
    assert_eq!(SearchProfile::for_state(&x_ahead), standard);
    assert_eq!(Settings::default().profile_for(&race_start), standard);
}
