//! Self-play files: the same for any --jobs, resumed after a cut, and
//! refused when damaged or made with other settings; the variant and
//! numbers they are played with.

mod common;

use common::*;

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
