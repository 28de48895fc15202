//! The training commands on small data: `relabel` then `train`, TD with
//! dice games, the second feature set through TD, self-play and training,
//! `train --consistency` and the result targets, `merge` and `distill`.

mod common;

use common::*;
use ncbg::eval::nn::file;
use ncbg::game::GameState;
use std::path::Path;

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
            "4",
        ])
        .output()
        .unwrap();
    assert!(!out.status.success());
    // A set-1 net goes on to set 2 by `widen --features 2`, its outputs
    // unchanged; set 2 does not go back to set 1, and there is no set 4.
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
    for (from, set) in [("two.ncnn", "1"), ("one.ncnn", "4")] {
        let out = widen(&dir.join(from), &dir.join("refused.ncnn"), set);
        assert!(!out.status.success(), "widen {from} --features {set}");
        assert!(!dir.join("refused.ncnn").exists());
    }
    let _ = std::fs::remove_dir_all(dir);
}

/// Feature set 3 through TD with a mix of the family's games (the same net
/// whatever --jobs is, another than the standard game's alone), search
/// self-play of Backgammon Race and Anti-Backgammon, and training on it; a
/// net of set 1 is refused race and anti games by name.
#[test]
fn feature_set_three_learns_race_and_anti_through_td_selfplay_and_train() {
    use ncbg::eval::nn::FeatureSet;
    let dir = tmp("context");
    let mix = ["--features", "3", "--variants", "standard:2,race:1,anti:1"];
    let a = td_net(&dir, "a.ncnn", &[&mix[..], &["--jobs", "1"]].concat());
    let b = td_net(&dir, "b.ncnn", &[&mix[..], &["--jobs", "2"]].concat());
    assert_eq!(a, b, "the same net whatever --jobs is");
    let standard = td_net(&dir, "s.ncnn", &["--features", "3", "--jobs", "2"]);
    assert_ne!(a, standard, "the race and anti games changed nothing");
    let three = file::read(&a).unwrap();
    assert_eq!(three.features(), FeatureSet::Context);
    let refused = train_bin()
        .args(["td", "--out", dir.join("x.ncnn").to_str().unwrap()])
        .args([
            "--variants",
            "race",
            "--rounds",
            "1",
            "--games-per-round",
            "2",
        ])
        .output()
        .unwrap();
    assert!(!refused.status.success());
    let err = String::from_utf8_lossy(&refused.stderr);
    assert!(
        err.contains("feature set 1") && err.contains("widen"),
        "{err}"
    );
    assert!(!dir.join("x.ncnn").exists());
    let mut files = Vec::new();
    for variant in ["race", "anti"] {
        let data = dir.join(format!("{variant}.data"));
        run(train_bin()
            .args(["selfplay", "--net", dir.join("a.ncnn").to_str().unwrap()])
            .args(["--out", data.to_str().unwrap(), "--variant", variant])
            .args(["--games", "2", "--depth", "1", "--jobs", "1"]));
        let text = std::fs::read_to_string(&data).unwrap();
        assert!(text
            .lines()
            .next()
            .unwrap()
            .contains(&format!("variant={variant}")));
        // Every state is the variant's (a race's once its checkers entered
        // plays as the standard game).
        let states: Vec<GameState> = text
            .lines()
            .skip(1)
            .flat_map(|l| {
                l.split(' ')
                    .filter_map(|w| w.split_once('='))
                    .map(|(id, _)| ncbg::ids::state_id::decode(id).unwrap())
                    .collect::<Vec<_>>()
            })
            .collect();
        assert!(states.len() > 20, "{variant}");
        let first = states[0].variant().to_string();
        assert_eq!(first, variant);
        files.push(data);
    }
    let next = dir.join("next.ncnn");
    run(train_bin()
        .args(["train", "--init", dir.join("a.ncnn").to_str().unwrap()])
        .args(["--out", next.to_str().unwrap()])
        .args(&files));
    let next = file::read(&std::fs::read(&next).unwrap()).unwrap();
    assert_eq!(next.features(), FeatureSet::Context);
    assert_ne!(next, three, "training changed nothing");
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
