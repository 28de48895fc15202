//! `ncbg tables` at the edges a new user meets (issue 78): a space too
//! large to build is refused from its count at once (it aborted on a 30 GB
//! allocation, panicked past the index's binomials, or ran for minutes
//! with a wrapped count); an existing `--out` is kept unless
//! `--overwrite`; a closed stderr (`2>&1 | head -1`) never ends a build;
//! `probe` names states from a start and turns, lists every choice with
//! the ID it leads to, and reports every problem with the word at fault.

mod common;

use common::temp_dir::TempDir;
use ncbg::game::GameState;
use ncbg::ids::state_id;
use std::io::Read;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn ncbg(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ncbg"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("ncbg runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A table of every board of one checker a side, k 3, a credit each.
fn small_table(dir: &Path) -> String {
    let file = dir.join("one.tb");
    let o = ncbg(&[
        "tables",
        "build",
        "--full",
        "--checkers",
        "1",
        "--k",
        "3",
        "--credits",
        "1",
        "--out",
        file.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    file.to_str().unwrap().to_string()
}

#[test]
fn a_space_past_the_solver_is_refused_from_its_count_at_once() {
    let dir = TempDir::new("huge");
    let out = dir.0.join("huge.tb");
    let out = out.to_str().unwrap();
    for n in ["5", "11", "12", "13", "14", "15"] {
        for force in [false, true] {
            let mut args = vec!["tables", "build", "--full", "--checkers", n, "--out", out];
            if force {
                args.push("--force");
            }
            let t = Instant::now();
            let o = ncbg(&args);
            let err = text(&o.stderr);
            // Status 2 and a message, not an abort (134) or a panic (101).
            assert_eq!(o.status.code(), Some(2), "{n}: {err}");
            assert!(
                err.contains("boards") && err.contains("no table of this space"),
                "{n}: {err}"
            );
            assert!(!err.contains("panicked") && !err.contains("sweep"), "{err}");
            assert!(
                t.elapsed() < Duration::from_secs(20),
                "{n}: {:?}",
                t.elapsed()
            );
            assert!(o.stdout.is_empty());
            assert!(!Path::new(out).exists());
        }
    }
    // The counts do not wrap: 11 checkers a side has more boards than 10.
    let boards = |n: &str| -> f64 {
        let o = ncbg(&["tables", "build", "--full", "--checkers", n, "--out", out]);
        let err = text(&o.stderr);
        let field = err.split(": ").nth(2).unwrap().split(' ').next().unwrap();
        field.parse().unwrap_or_else(|_| panic!("{err}"))
    };
    assert!(boards("11") > boards("10"));
}

#[test]
fn an_existing_out_is_kept_unless_overwrite_is_given() {
    let dir = TempDir::new("overwrite");
    let out = dir.0.join("table.tb");
    std::fs::write(&out, b"a table that took a day").unwrap();
    let args = [
        "tables",
        "build",
        "--checkers",
        "1",
        "--k",
        "3",
        "--credits",
        "0",
        "--out",
    ];
    let o = ncbg(&[&args[..], &[out.to_str().unwrap()]].concat());
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("exists") && err.contains("--overwrite"),
        "{err}"
    );
    assert_eq!(std::fs::read(&out).unwrap(), b"a table that took a day");
    let o = ncbg(&[&args[..], &[out.to_str().unwrap(), "--overwrite"]].concat());
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(std::fs::read(&out).unwrap().starts_with(b"NCBG-TABLE"));
}

/// `ncbg tables build ... 2>&1 | head -1`: stderr (and stdout) closed
/// after the first line; the build goes on and writes its table.
#[test]
fn a_closed_stderr_never_ends_a_build() {
    let dir = TempDir::new("stderr");
    let out = dir.0.join("t.tb");
    let mut child = Command::new(env!("CARGO_BIN_EXE_ncbg"))
        .args(["tables", "build", "--full", "--checkers", "1", "--k", "4"])
        .args(["--credits", "1", "--checkpoint-minutes", "0", "--out"])
        .arg(&out)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("ncbg runs");
    // Read one byte of stderr, then close both pipes, as `head -1` does.
    let mut one = [0u8; 1];
    child.stderr.as_mut().unwrap().read_exact(&mut one).unwrap();
    drop(child.stderr.take());
    drop(child.stdout.take());
    let status = child.wait().unwrap();
    assert!(status.success(), "{status:?}");
    assert!(out.exists(), "no table written");
    let o = ncbg(&[
        "tables",
        "verify",
        out.to_str().unwrap(),
        "--samples",
        "200",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
}

/// A state named by an ID and the turns after it is the state those turns
/// reach; `--choices` lists every choice with the ID it leads to, and
/// probing that ID gives the choice's value from the other side.
#[test]
fn probe_names_states_by_turns_and_lists_choices_with_their_ids() {
    let dir = TempDir::new("probe");
    let table = small_table(&dir.0);
    // X on its 24 point, Y on its 24 point: every board of one checker.
    let start = {
        use ncbg::board::Position;
        use ncbg::game::Phase;
        use ncbg::numbers::{Numbers, Side};
        let mut x = [0u8; 25];
        x[23] = 1;
        let pos = Position::from_points(&x, &x, 1).unwrap();
        let numbers = Numbers::from_parts([Some(1), Some(2)], [1, 1]);
        GameState::new(pos, Side::X, numbers, 3, Phase::Pick).unwrap()
    };
    let id = state_id::encode(&start);
    let o = ncbg(&["tables", "probe", &table, "state", &id, "moves", "3:24/19"]);
    let out = text(&o.stdout);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let mut after = start;
    ncbg::turn::apply(&mut after, "3:24/19", ncbg::turn::TurnForm::Step).unwrap();
    assert!(
        out.starts_with(&format!("state {}\nvalue ", state_id::encode(&after))),
        "{out}"
    );

    let o = ncbg(&["tables", "probe", &table, &id, "--choices"]);
    let out = text(&o.stdout);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let value: i32 = out
        .lines()
        .nth(1)
        .unwrap()
        .split(' ')
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    let rows: Vec<&str> = out.lines().skip(2).collect();
    assert!(rows.len() >= 2, "{out}");
    for row in &rows {
        // `best   3:24/19 value 1 turns 3 -> ID` or `choice ...`.
        let w: Vec<&str> = row.split_whitespace().collect();
        let (v, next) = (w[3].parse::<i32>().unwrap(), w[7]);
        assert_eq!(w[0] == "best", v == value, "{row}");
        let o = ncbg(&["tables", "probe", &table, next]);
        let reply = text(&o.stdout);
        let theirs: i32 = reply.split(' ').nth(1).unwrap().parse().unwrap();
        assert_eq!(theirs, -v, "{row}: {reply}");
    }
}

/// A missing file and a bad ID are both reported, the ID quoted.
#[test]
fn probe_reports_every_problem_with_the_word_at_fault() {
    let dir = TempDir::new("probe-errors");
    let missing = dir.0.join("missing.tb");
    let o = ncbg(&["tables", "probe", missing.to_str().unwrap(), "NOT-AN-ID"]);
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("missing.tb"), "{err}");
    assert!(err.contains("'NOT-AN-ID'"), "{err}");
    assert_eq!(err.lines().count(), 2, "{err}");
    // A turn the rules refuse names the token and where it was played.
    let table = small_table(&dir.0);
    let o = ncbg(&["tables", "probe", &table, "startpos"]);
    let err = text(&o.stderr);
    assert!(err.contains("no start position has 1 checkers"), "{err}");
}
