//! Self-play's options that change the games or add to them: random and
//! dice turns, back-game starts, the holding style, favourites (and `favourites.py` on
//! their file).

mod common;

use common::*;
use std::path::Path;
use std::process::Command;

/// Self-play with and without `extra` (same seed): the plain file's text
/// and the variant's, after checking that one job or two give the same
/// variant file.
fn plain_and_variant(name: &str, extra: &[&str]) -> (String, String) {
    let dir = tmp(name);
    let plain = dir.join("plain.data");
    let a = dir.join("a.data");
    let b = dir.join("b.data");
    assert!(selfplay(&plain, "1", &[]).status.success());
    assert!(selfplay(&a, "1", extra).status.success());
    assert!(selfplay(&b, "2", extra).status.success());
    let text = std::fs::read_to_string(&a).unwrap();
    assert_eq!(
        text,
        std::fs::read_to_string(&b).unwrap(),
        "jobs changed the games"
    );
    (std::fs::read_to_string(&plain).unwrap(), text)
}

/// Checks that the variant's header ends with `suffix` and the plain
/// header does not name the option (`suffix`'s first key).
fn assert_header_names(plain_text: &str, text: &str, suffix: &str) {
    let header = text.lines().next().unwrap();
    assert!(header.ends_with(suffix), "{header}");
    let key = suffix.trim_start().split('=').next().unwrap();
    assert!(!plain_text.lines().next().unwrap().contains(key));
}

/// Each game's `state=label` words, in order.
fn game_states(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .skip(1)
        .map(|l| {
            let s = l.split(" states ").nth(1).unwrap();
            s.split(' ')
                .filter(|w| *w != "end")
                .map(String::from)
                .collect()
        })
        .collect()
}

#[test]
fn selfplay_random_turns_vary_the_games_and_stay_reproducible() {
    let (plain_text, text) = plain_and_variant("selfplay-random", &["--random-turns", "8"]);
    assert_header_names(&plain_text, &text, " random_turns=8");
    // The same seed without random turns: random turns take some games
    // elsewhere.
    let (p, r) = (game_states(&plain_text), game_states(&text));
    assert_eq!(p.len(), r.len());
    assert!(
        p.iter().zip(&r).any(|(x, y)| x != y),
        "random turns changed nothing"
    );
}

#[test]
fn selfplay_back_games_start_where_one_side_holds_against_a_runner() {
    let (plain_text, text) = plain_and_variant("selfplay-back", &["--back-games", "1"]);
    assert_header_names(&plain_text, &text, " back_games=1");
    let games = game_states(&text);
    assert_eq!(games.len(), 6);
    for g in &games {
        let id = g[0].rsplit_once('=').unwrap().0;
        let state = ncbg::ids::state_id::decode(id).unwrap();
        let p = state.position();
        let (a, b) = (p.mover(), p.opponent());
        let (holder, runner) = if a.pips() > b.pips() { (a, b) } else { (b, a) };
        assert!(holder.pips() >= runner.pips() + 60, "{id}");
        let back: u8 = (18..=24).map(|q| holder.count(q)).sum();
        assert!(back >= 8, "{id}: {back} checkers back");
        assert_eq!(a.pool() + b.pool() + a.off() + b.off(), 0, "{id}");
    }
    // The games differ from one another, and from the plain file's.
    assert!(games.windows(2).any(|w| w[0][0] != w[1][0]));
    assert!(game_states(&plain_text)[0][0] != games[0][0]);
    // A back-game start is a standard board at k 6: not with another game.
    let dir = tmp("selfplay-back-race");
    let out = selfplay(
        &dir.join("r.data"),
        "1",
        &["--back-games", "1", "--variant", "race"],
    );
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--back-games"));
}

#[test]
fn selfplay_dice_turns_start_games_elsewhere_and_stay_reproducible() {
    let (plain_text, text) = plain_and_variant("selfplay-dice", &["--dice-turns", "12"]);
    assert_header_names(&plain_text, &text, " dice_turns=12");
    let (p, d) = (game_states(&plain_text), game_states(&text));
    assert_eq!(p.len(), d.len());
    // A state word is `position:phase:numbers:credits:k=label`; every plain
    // game starts on the standard board, and dice turns move some games'
    // first board elsewhere, each a pick by a mover with both numbers set.
    let board = |w: &str| w.split(':').next().unwrap().to_string();
    assert!(p.iter().all(|g| board(&g[0]) == board(&p[0][0])));
    let moved: Vec<&Vec<String>> = d
        .iter()
        .filter(|g| board(&g[0]) != board(&p[0][0]))
        .collect();
    assert!(!moved.is_empty(), "dice turns moved no game's start");
    for g in moved {
        let fields: Vec<&str> = g[0].split(':').collect();
        assert!(fields[1].ends_with("pick"), "{}", g[0]);
        assert!(
            fields[2].starts_with('x') && fields[2].len() == 4,
            "{}",
            g[0]
        );
    }
}

#[test]
fn selfplay_holding_style_changes_the_play_not_the_labels() {
    let holding = ["--holding", "1", "--holding-bonus", "400"];
    let (plain_text, text) = plain_and_variant("selfplay-holding", &holding);
    assert_header_names(&plain_text, &text, " holding=1 holding_bonus=400");
    let (p, h) = (game_states(&plain_text), game_states(&text));
    assert_eq!(p.len(), h.len());
    // Every game starts from the same state with the same label: the
    // styled side's states are labelled by the plain net's search.
    for (x, y) in p.iter().zip(&h) {
        assert_eq!(x[0], y[0]);
    }
    assert!(
        p.iter().zip(&h).any(|(x, y)| x != y),
        "the holding style changed no game"
    );
}

#[test]
fn selfplay_favourites_add_labelled_children_to_the_same_games() {
    let dir = tmp("selfplay-favourites");
    let depth2 = |out: &Path, jobs: &str, extra: &[&str]| {
        let out = train_bin()
            .args(["selfplay", "--out", out.to_str().unwrap(), "--games", "4"])
            .args([
                "--depth",
                "2",
                "--explore",
                "4",
                "--seed",
                "5",
                "--jobs",
                jobs,
            ])
            .args(["--play-max-turns", "40"])
            .args(extra)
            .output()
            .unwrap();
        assert!(out.status.success(), "{out:?}");
    };
    let (plain, a, b) = (dir.join("p.data"), dir.join("a.data"), dir.join("b.data"));
    depth2(&plain, "1", &[]);
    depth2(&a, "1", &["--favourites"]);
    depth2(&b, "2", &["--favourites"]);
    let text = std::fs::read_to_string(&a).unwrap();
    assert_eq!(
        text,
        std::fs::read_to_string(&b).unwrap(),
        "jobs changed the file"
    );
    let plain_text = std::fs::read_to_string(&plain).unwrap();
    assert_header_names(&plain_text, &text, " favourites=1");
    // Each game is the plain game's states in order, with the favourites
    // between them: a state the plain game does not hold, right after the
    // state it is a child of, with the other side to move.
    let mover = |w: &str| {
        let id = w.split('=').next().unwrap();
        ncbg::ids::state_id::decode(id).unwrap().to_move()
    };
    let mut extras = 0;
    for (p, f) in game_states(&plain_text).iter().zip(game_states(&text)) {
        let mut next = 0;
        for (i, w) in f.iter().enumerate() {
            if next < p.len() && *w == p[next] {
                next += 1;
            } else {
                extras += 1;
                assert!(i > 0 && next > 0, "a favourite before any state: {w}");
                assert_ne!(mover(w), mover(&f[i - 1]), "{w} after {}", f[i - 1]);
                assert!(w.rsplit('=').next().unwrap().parse::<i32>().is_ok(), "{w}");
            }
        }
        assert_eq!(next, p.len(), "the plain game's states, in order");
    }
    assert!(extras > 0, "no favourite differed from the search's choice");
    favourites_py_splits_and_filters(&dir, &a, &plain_text, &text);
    // Without a depth of 2 or more there is no shallower search: refused,
    // no file written.
    for limits in [["--depth", "1"], ["--nodes", "500"]] {
        let bad = dir.join("bad.data");
        let out = train_bin()
            .args(["selfplay", "--out", bad.to_str().unwrap(), "--games", "2"])
            .args(limits)
            .arg("--favourites")
            .output()
            .unwrap();
        assert!(!out.status.success());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("--favourites needs a depth limit"), "{err}");
        assert!(!bad.exists());
    }
}

/// `tools/train/favourites.py` on a `--favourites` file (`fav`, its text
/// `text`; `plain_text` the same games without them): `--as-games` gives
/// the played games, then each favourite as a one-state game of result 0;
/// `--values` and `--min-gap` keep the favourites whose label is more than
/// the gap above the given value (all values 0 here: labels above the gap).
fn favourites_py_splits_and_filters(dir: &Path, fav: &Path, plain_text: &str, text: &str) {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("favourites.py");
    let run = |out: &Path, extra: &[&str]| {
        let o = Command::new("python3")
            .arg(&script)
            .arg(fav)
            .arg(out)
            .args(extra)
            .output()
            .expect("python3 runs");
        assert!(o.status.success(), "{o:?}");
        std::fs::read_to_string(out).unwrap()
    };
    // Each game's head and states, each state marked a favourite where the
    // plain game does not hold it (walked in step). A drawn game's last
    // state cannot be told from a favourite and stays played (the script's
    // documented rule; these capped games end in draws).
    let heads: Vec<&str> = text
        .lines()
        .skip(1)
        .map(|l| l.split(" states ").next().unwrap())
        .collect();
    let games: Vec<Vec<(String, bool)>> = game_states(plain_text)
        .iter()
        .zip(game_states(text))
        .zip(&heads)
        .map(|((p, f), head)| {
            let drawn = head.split(' ').nth(3) == Some("0");
            let last = f.len() - 1;
            let mut next = 0;
            let mut marked = Vec::new();
            for (i, w) in f.into_iter().enumerate() {
                let played = next < p.len() && w == p[next];
                next += usize::from(played);
                let kept_as_played = played || (drawn && i == last);
                marked.push((w, !kept_as_played));
            }
            marked
        })
        .collect();
    let label = |w: &str| w.rsplit('=').next().unwrap().parse::<i32>().unwrap();
    let line = |head: &str, words: Vec<&str>| format!("{head} states {} end", words.join(" "));
    let header = plain_text.lines().next().unwrap();
    // --as-games: the played games, then the favourites alone.
    let mut expected = vec![header.to_string()];
    let mut alone = Vec::new();
    for (g, head) in games.iter().zip(&heads) {
        let played = g.iter().filter(|(_, f)| !f).map(|(w, _)| w.as_str());
        expected.push(line(head, played.collect()));
        alone.extend(g.iter().filter(|(_, f)| *f).map(|(w, _)| w.as_str()));
    }
    assert!(!alone.is_empty());
    for (i, w) in alone.iter().enumerate() {
        expected.push(format!(
            "game {} result 0 states {w} end",
            1_000_000_000 + i
        ));
    }
    let split = run(&dir.join("split.data"), &["--as-games", "--keep", "1"]);
    assert_eq!(split.lines().collect::<Vec<_>>(), expected);
    // --values (0 for every state, so the gap is the label) and --min-gap:
    // the favourites above the gap stay in their games.
    let values: String = games
        .iter()
        .map(|g| vec!["0"; g.len()].join(" ") + "\n")
        .collect();
    let values_path = dir.join("values.txt");
    std::fs::write(&values_path, values).unwrap();
    let mut labels: Vec<i32> = alone.iter().map(|w| label(w)).collect();
    labels.sort_unstable();
    let gap = labels[labels.len() / 2];
    let mut expected = vec![text.lines().next().unwrap().to_string()];
    for (g, head) in games.iter().zip(&heads) {
        let kept = g.iter().filter(|(w, f)| !f || label(w) > gap);
        expected.push(line(head, kept.map(|(w, _)| w.as_str()).collect()));
    }
    let filtered = run(
        &dir.join("filtered.data"),
        &[
            "--values",
            values_path.to_str().unwrap(),
            "--min-gap",
            &gap.to_string(),
        ],
    );
    assert_eq!(filtered.lines().collect::<Vec<_>>(), expected);
    assert!(labels.iter().any(|&l| l <= gap), "the gap dropped none");
}
