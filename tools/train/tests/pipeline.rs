//! The training pipeline end to end, tiny: TD generation 0, one generation of
//! self-play and training, the result loaded as the engine's evaluation.
//! Also self-play files: the same for any --jobs, resumed after a cut, and
//! refused when damaged or made with other settings.

use ncbg::eval::nn::{file, NnEval};
use ncbg::game::GameState;
use ncbg::search::{Limits, Searcher, Settings};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::AtomicBool;

fn train_bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_ncbg-train"))
}

fn tmp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ncbg-train-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn run(cmd: &mut Command) -> String {
    let out = cmd.output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(out.status.success(), "{cmd:?} failed: {err}");
    err
}

#[test]
fn pipeline_smoke_run_gives_a_net_the_engine_plays_with() {
    let dir = tmp("pipeline");
    let log = run(train_bin().args([
        "pipeline",
        "--dir",
        dir.to_str().unwrap(),
        "--td-generations",
        "1",
        "--search-generations",
        "1",
        "--hidden",
        "16",
        "--rounds",
        "2",
        "--games-per-round",
        "4",
        "--check-every",
        "0",
        "--games",
        "3",
        "--depth",
        "1",
        "--check-depth",
        "1",
        "--epochs",
        "1",
        "--jobs",
        "2",
    ]));
    assert!(log.contains("gen1 vs gen0"), "{log}");
    assert!(log.contains("gen2 vs gen1"), "{log}");
    for f in ["gen0.ncnn", "gen1.ncnn", "gen2.data", "gen2.ncnn"] {
        assert!(dir.join(f).exists(), "{f} missing");
    }
    let gen0 = file::read(&std::fs::read(dir.join("gen0.ncnn")).unwrap()).unwrap();
    let gen1 = file::read(&std::fs::read(dir.join("gen1.ncnn")).unwrap()).unwrap();
    let gen2 = file::read(&std::fs::read(dir.join("gen2.ncnn")).unwrap()).unwrap();
    assert_eq!(gen2.hidden(), 16);
    assert_ne!(gen0, gen1, "TD training changed nothing");
    assert_ne!(gen1, gen2, "supervised training changed nothing");
    let gen1 = gen2;
    // The engine's search plays with it.
    let mut searcher = Searcher::new(1, Box::new(NnEval::new(gen1.into())));
    let mut g = GameState::standard();
    g.pick(3).unwrap();
    g.pick(5).unwrap();
    let limits = Limits {
        depth: Some(2),
        multipv: 1,
        ..Limits::default()
    };
    let r = searcher
        .search(
            &g,
            &limits,
            &Settings::default(),
            &AtomicBool::new(false),
            &mut |_| {},
        )
        .unwrap();
    assert_eq!(r.depth, 2);
    // Running it again resumes: every step's file is kept.
    let again = run(train_bin().args([
        "pipeline",
        "--dir",
        dir.to_str().unwrap(),
        "--td-generations",
        "1",
        "--search-generations",
        "1",
    ]));
    assert!(again.contains("exists, keeping it"), "{again}");
}

fn selfplay(out: &Path, jobs: &str, extra: &[&str]) -> std::process::Output {
    train_bin()
        .args(["selfplay", "--out", out.to_str().unwrap(), "--games", "6"])
        .args([
            "--depth",
            "1",
            "--explore",
            "4",
            "--jobs",
            jobs,
            "--seed",
            "5",
        ])
        .args(extra)
        .output()
        .unwrap()
}

#[test]
fn selfplay_files_are_reproducible_resumable_and_checked() {
    let dir = tmp("selfplay");
    let a = dir.join("a.data");
    let b = dir.join("b.data");
    assert!(selfplay(&a, "1", &[]).status.success());
    assert!(selfplay(&b, "2", &[]).status.success());
    let text = std::fs::read_to_string(&a).unwrap();
    assert_eq!(
        text,
        std::fs::read_to_string(&b).unwrap(),
        "jobs changed the games"
    );
    assert_eq!(text.lines().count(), 7);
    // Games differ (exploration) and carry scores and results.
    let lines: Vec<&str> = text.lines().skip(1).collect();
    assert!(lines
        .windows(2)
        .any(|w| w[0].split(" states ").nth(1) != w[1].split(" states ").nth(1)));
    // A file cut in the middle of a game: training refuses it...
    let cut = &text[..text.len() - 200];
    std::fs::write(&b, cut).unwrap();
    let train = train_bin()
        .args(["train", "--init"])
        .arg(dir.join("none.ncnn"))
        .args(["--out"])
        .arg(dir.join("x.ncnn"))
        .arg(&b)
        .output()
        .unwrap();
    assert!(!train.status.success());
    let err = String::from_utf8_lossy(&train.stderr);
    assert!(err.contains("line 7") && err.contains("cut short"), "{err}");
    // ...and --resume finishes it into the same file as an uncut run.
    assert!(
        !selfplay(&b, "2", &[]).status.success(),
        "an existing file needs --resume"
    );
    assert!(selfplay(&b, "2", &["--resume"]).status.success());
    assert_eq!(std::fs::read_to_string(&b).unwrap(), text);
    // Other settings: refused, naming the field, the file untouched.
    let other = selfplay(&b, "2", &["--resume", "--seed", "6"]);
    assert!(!other.status.success());
    assert!(String::from_utf8_lossy(&other.stderr).contains("seed"));
    assert_eq!(std::fs::read_to_string(&b).unwrap(), text);
    // Shards: 0/2 and 1/2 together hold the games of one run.
    let s0 = dir.join("s0.data");
    let s1 = dir.join("s1.data");
    assert!(selfplay(&s0, "1", &["--shard", "0/2"]).status.success());
    assert!(selfplay(&s1, "1", &["--shard", "1/2"]).status.success());
    let mut games: Vec<String> = [s0, s1]
        .iter()
        .flat_map(|p| {
            std::fs::read_to_string(p)
                .unwrap()
                .lines()
                .skip(1)
                .map(String::from)
                .collect::<Vec<_>>()
        })
        .collect();
    games.sort_by_key(|l| l.split(' ').nth(1).unwrap().parse::<u64>().unwrap());
    assert_eq!(games, lines);
}

/// `--variant`, `--k` and `--credits`: every state of every game is of that
/// game, the header says so (a resume with other rules is refused), and dice
/// starts, which are standard positions at k 6, are refused with them.
#[test]
fn selfplay_plays_the_variant_and_numbers_it_is_given() {
    let dir = tmp("selfplay-variant");
    let h = dir.join("h.data");
    let rules = ["--variant", "hypergammon", "--k", "3", "--credits", "0"];
    let out = selfplay(&h, "2", &rules);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&h).unwrap();
    let header = text.lines().next().unwrap();
    assert!(
        header.ends_with(" variant=hypergammon k=3 credits=0"),
        "{header}"
    );
    let mut states = 0;
    for line in text.lines().skip(1) {
        for item in line.split(" states ").nth(1).unwrap().split(' ') {
            if item == "end" {
                continue;
            }
            let id = item.split('=').next().unwrap();
            assert!(
                id.ends_with(":d00:k3:n3"),
                "not Hypergammon k=3 without credits: {id}"
            );
            states += 1;
        }
    }
    assert!(states > 6, "{states} states");
    // The default game's header names no rules (earlier files keep theirs).
    let d = dir.join("d.data");
    assert!(selfplay(&d, "1", &[]).status.success());
    let plain = std::fs::read_to_string(&d).unwrap();
    assert!(!plain.lines().next().unwrap().contains("variant="));
    // Resuming with other rules is refused.
    let other = selfplay(
        &h,
        "1",
        &[
            "--resume",
            "--variant",
            "hypergammon",
            "--k",
            "4",
            "--credits",
            "0",
        ],
    );
    assert!(!other.status.success());
    let dice = selfplay(
        &dir.join("x.data"),
        "1",
        &["--variant", "hypergammon", "--dice-turns", "4"],
    );
    assert!(!dice.status.success());
    assert!(String::from_utf8_lossy(&dice.stderr).contains("--dice-turns"));
    let bad = selfplay(&dir.join("y.data"), "1", &["--k", "12"]);
    assert!(!bad.status.success());
}

#[test]
fn relabel_writes_a_sample_that_train_reads() {
    let dir = tmp("relabel");
    let games = dir.join("games.data");
    assert!(selfplay(&games, "2", &[]).status.success());
    let relabel = |out: &Path, jobs: &str| {
        train_bin()
            .args(["relabel", "--out"])
            .arg(out)
            .args([
                "--states", "12", "--nodes", "0", "--depth", "2", "--seed", "3",
            ])
            .args(["--jobs", jobs])
            .arg(&games)
            .output()
            .unwrap()
    };
    let a = dir.join("a.data");
    let b = dir.join("b.data");
    assert!(relabel(&a, "1").status.success());
    assert!(relabel(&b, "2").status.success());
    let text = std::fs::read_to_string(&a).unwrap();
    assert_eq!(
        text,
        std::fs::read_to_string(&b).unwrap(),
        "jobs changed the labels"
    );
    assert!(text.starts_with("ncbg-selfplay 1 relabel seed=3 states=12 depth=2 nodes=0 "));
    // Twelve one-state games, each a state of the input with its result.
    let input = std::fs::read_to_string(&games).unwrap();
    let mut played = Vec::new();
    for l in input.lines().skip(1) {
        let w: Vec<&str> = l.split(' ').collect();
        for s in &w[5..w.len() - 1] {
            played.push((s.split('=').next().unwrap(), w[3]));
        }
    }
    let lines: Vec<&str> = text.lines().skip(1).collect();
    assert_eq!(lines.len(), 12);
    for l in &lines {
        let w: Vec<&str> = l.split(' ').collect();
        assert_eq!(w.len(), 7, "{l}");
        let id = w[5].split('=').next().unwrap();
        assert!(played.contains(&(id, w[3])), "{l} is not an input state");
    }
    // train takes it.
    let net = dir.join("n.ncnn");
    run(train_bin()
        .args(["train", "--init", "src/eval/nn/default.ncnn", "--out"])
        .arg(&net)
        .arg(&a)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")));
    assert!(file::load(&net).is_ok());
    // A missing input: an error, nothing written.
    let bad = train_bin()
        .args(["relabel", "--out"])
        .arg(dir.join("d.data"))
        .arg(dir.join("missing.data"))
        .output()
        .unwrap();
    assert!(!bad.status.success());
    assert!(!dir.join("d.data").exists());
}

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

/// The bytes of a net from a tiny `td` run with `extra` settings.
fn td_net(dir: &Path, name: &str, extra: &[&str]) -> Vec<u8> {
    let out = dir.join(name);
    run(train_bin()
        .args(["td", "--out", out.to_str().unwrap(), "--hidden", "16"])
        .args([
            "--rounds",
            "2",
            "--games-per-round",
            "6",
            "--check-every",
            "0",
        ])
        .args(["--seed", "5"])
        .args(extra));
    std::fs::read(out).unwrap()
}

#[test]
fn td_dice_games_are_reproducible_and_change_the_training() {
    let dir = tmp("dice");
    let one = td_net(&dir, "a.ncnn", &["--dice", "0.5", "--jobs", "1"]);
    let two = td_net(&dir, "b.ncnn", &["--dice", "0.5", "--jobs", "2"]);
    assert_eq!(one, two, "the same net whatever --jobs is");
    let plain = td_net(&dir, "c.ncnn", &["--jobs", "2"]);
    let zero = td_net(&dir, "d.ncnn", &["--dice", "0", "--jobs", "2"]);
    assert_eq!(plain, zero, "--dice 0 is the run without dice games");
    assert_ne!(one, plain, "dice games changed nothing");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn feature_set_two_goes_through_td_selfplay_and_train() {
    use ncbg::eval::nn::FeatureSet;
    let dir = tmp("features");
    let one = td_net(&dir, "one.ncnn", &["--jobs", "2"]);
    let two = td_net(&dir, "two.ncnn", &["--features", "2", "--jobs", "2"]);
    let (one, two) = (file::read(&one).unwrap(), file::read(&two).unwrap());
    assert_eq!(one.features(), FeatureSet::Board, "set 1 stays the default");
    assert_eq!(two.features(), FeatureSet::Contact);
    let (data, next) = (dir.join("two.data"), dir.join("next.ncnn"));
    run(train_bin().args([
        "selfplay",
        "--net",
        dir.join("two.ncnn").to_str().unwrap(),
        "--out",
        data.to_str().unwrap(),
        "--games",
        "2",
        "--depth",
        "1",
        "--jobs",
        "1",
    ]));
    run(train_bin().args([
        "train",
        "--init",
        dir.join("two.ncnn").to_str().unwrap(),
        "--out",
        next.to_str().unwrap(),
        data.to_str().unwrap(),
    ]));
    let next = file::read(&std::fs::read(&next).unwrap()).unwrap();
    assert_eq!(next.features(), FeatureSet::Contact, "--init keeps its set");
    assert_ne!(next, two, "training changed nothing");
    // A bad set is refused by the command line.
    let out = train_bin()
        .args([
            "td",
            "--out",
            dir.join("x.ncnn").to_str().unwrap(),
            "--features",
            "3",
        ])
        .output()
        .unwrap();
    assert!(!out.status.success());
    // A set-1 net goes on to set 2 by `widen --features 2`, its outputs
    // unchanged; set 2 does not go back to set 1, and there is no set 3.
    let widened = dir.join("one-as-two.ncnn");
    let widen = |from: &Path, to: &Path, set: &str| {
        train_bin()
            .args(["widen", "--init", from.to_str().unwrap()])
            .args(["--out", to.to_str().unwrap(), "--features", set])
            .output()
            .unwrap()
    };
    assert!(widen(&dir.join("one.ncnn"), &widened, "2").status.success());
    let widened = file::read(&std::fs::read(&widened).unwrap()).unwrap();
    assert_eq!(widened.features(), FeatureSet::Contact);
    assert_eq!(
        widened.hidden(),
        one.hidden(),
        "no --hidden: the same units"
    );
    let (mut g, mut rng) = (GameState::standard(), ncbg::rng::Rng::new(5));
    for _ in 0..30 {
        assert_eq!(widened.raw_probabilities(&g), one.raw_probabilities(&g));
        let Some(t) = ncbg::turn::random_turn(&g, &mut rng) else {
            break;
        };
        g = t.after(&g);
    }
    for (from, set) in [("two.ncnn", "1"), ("one.ncnn", "3")] {
        let out = widen(&dir.join(from), &dir.join("refused.ncnn"), set);
        assert!(!out.status.success(), "widen {from} --features {set}");
        assert!(!dir.join("refused.ncnn").exists());
    }
    let _ = std::fs::remove_dir_all(dir);
}

/// `train --consistency` and `--result-target equity` or `win` change the trained net
/// (0 and `outcomes` are the plain run), and
/// `consistency` counts the broken bounds of nets on random games and on a
/// data file's states.
#[test]
fn consistency_weight_and_report() {
    let dir = tmp("consistency");
    let data = dir.join("d.data");
    assert!(selfplay(&data, "2", &[]).status.success());
    let init = concat!(env!("CARGO_MANIFEST_DIR"), "/nets/gen1d.ncnn");
    let trained = |name: &str, extra: &[&str]| -> Vec<u8> {
        let out = dir.join(name);
        run(train_bin()
            .args(["train", "--init", init, "--out", out.to_str().unwrap()])
            .args(["--train-lr", "0.01"])
            .args(extra)
            .arg(&data));
        std::fs::read(out).unwrap()
    };
    let plain = trained("plain.ncnn", &[]);
    assert_eq!(plain, trained("zero.ncnn", &["--consistency", "0"]));
    assert_ne!(plain, trained("strong.ncnn", &["--consistency", "100"]));
    // `--result-target`: `outcomes` is the default, `equity` and `win`
    // other nets, anything else refused by name.
    assert_eq!(
        plain,
        trained("outcomes.ncnn", &["--result-target", "outcomes"])
    );
    let equity = trained("equity.ncnn", &["--result-target", "equity"]);
    let win = trained("win.ncnn", &["--result-target", "win"]);
    assert_ne!(plain, equity);
    assert_ne!(plain, win);
    assert_ne!(equity, win);
    let bad = train_bin()
        .args(["train", "--init", init, "--out"])
        .arg(dir.join("bad.ncnn"))
        .args(["--result-target", "gammons"])
        .arg(&data)
        .output()
        .unwrap();
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("gammons"));
    assert!(!dir.join("bad.ncnn").exists());
    let out = train_bin()
        .args(["consistency", init, "--games", "2", "--data"])
        .arg(&data)
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert!(lines[0].contains("gen1d.ncnn random games: "), "{text}");
    assert!(lines[1].contains("gen1d.ncnn data: "), "{text}");
    for l in lines {
        assert!(l.contains(" states (") && l.contains("worst excess"), "{l}");
    }
    let missing = train_bin()
        .args(["consistency", "no-such.ncnn"])
        .output()
        .unwrap();
    assert!(!missing.status.success());
    assert!(String::from_utf8_lossy(&missing.stderr).contains("no-such.ncnn"));
    let _ = std::fs::remove_dir_all(dir);
}

/// `merge` makes one net of two that the engine loads (its width the sum),
/// refuses a bad weight list, and `distill` trains a net towards it: the
/// student's file differs from its start, is the same for the same seed,
/// and the report gives the held-out gap shrinking.
#[test]
fn merge_and_distill_from_the_command_line() {
    let dir = tmp("distill");
    let data = dir.join("d.data");
    // Enough games that some are held out (every 20th).
    let out = train_bin()
        .args(["selfplay", "--out", data.to_str().unwrap(), "--games", "40"])
        .args(["--depth", "1", "--jobs", "2", "--seed", "3"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let nets = concat!(env!("CARGO_MANIFEST_DIR"), "/nets/");
    let (a, b) = (format!("{nets}gen1d.ncnn"), format!("{nets}gen2d.ncnn"));
    let merged = dir.join("m.ncnn");
    let log = run(train_bin().args(["merge", "--out", merged.to_str().unwrap(), &a, &b]));
    assert!(log.contains("2 nets, 256 hidden units"), "{log}");
    let net = file::read(&std::fs::read(&merged).unwrap()).unwrap();
    assert_eq!(net.hidden(), 256);
    let bad = train_bin()
        .args(["merge", "--out", dir.join("x.ncnn").to_str().unwrap()])
        .args(["--weights", "1", &a, &b])
        .output()
        .unwrap();
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("1 weights for 2 nets"));
    let distil_with = |name: &str, extra: &[&str]| -> (Vec<u8>, String) {
        let out = dir.join(name);
        let log = run(train_bin()
            .args([
                "distill",
                "--teacher",
                merged.to_str().unwrap(),
                "--init",
                &a,
            ])
            .args([
                "--out",
                out.to_str().unwrap(),
                "--children",
                "4",
                "--epochs",
                "3",
            ])
            .args(["--lr", "0.001", "--seed", "7"])
            .args(extra)
            .arg(&data));
        (std::fs::read(out).unwrap(), log)
    };
    let distil = |name: &str| distil_with(name, &[]);
    let (one, log) = distil("s1.ncnn");
    assert_ne!(one, std::fs::read(&a).unwrap());
    assert_eq!(one, distil("s2.ncnn").0);
    let gap = |word: &str| -> f32 {
        let (before, after) = log
            .split("gap to the teacher ")
            .nth(1)
            .and_then(|t| t.split(';').next())
            .and_then(|t| t.split_once(" -> "))
            .unwrap_or_else(|| panic!("{log}"));
        let v = if word == "before" { before } else { after };
        v.trim().parse().unwrap()
    };
    assert!(gap("after") < gap("before"), "{log}");
    // A guard: it labels the containment states where it values the
    // contained side lower by more than its margin; at a margin no equity
    // gap reaches it labels none, and the net is the unguarded one.
    let guarded = |log: &str| -> (usize, usize) {
        let t = log
            .split("the guard labels ")
            .nth(1)
            .unwrap_or_else(|| panic!("{log}"));
        let mut w = t.split_whitespace();
        let n = w.next().unwrap().parse().unwrap();
        let of = w.nth(1).unwrap().parse().unwrap();
        (n, of)
    };
    let (deaf, log) = distil_with("g1.ncnn", &["--guard", &b, "--guard-margin", "10"]);
    assert_eq!(guarded(&log).0, 0, "{log}");
    assert_eq!(deaf, one);
    let eager = ["--guard", &b, "--guard-margin=-10", "--guard-behind", "0"];
    let (warned, log) = distil_with("g2.ncnn", &eager);
    let (n, of) = guarded(&log);
    assert!(n > 0 && n < of, "{log}");
    assert_ne!(warned, one);
    let _ = std::fs::remove_dir_all(dir);
}
