//! Shared helpers of the referee tests: paths of the binaries and a runner.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The referee binary.
pub fn referee() -> &'static str {
    env!("CARGO_BIN_EXE_ncbg-referee")
}

/// The test engine example, built by `cargo test` next to the test binary.
pub fn test_engine() -> PathBuf {
    let exe = std::env::current_exe().expect("test executable");
    let dir = exe.parent().and_then(Path::parent).expect("target dir");
    let path = dir.join("examples").join("test_engine");
    assert!(
        path.exists(),
        "{} missing: run `cargo build --example test_engine` (cargo test builds it)",
        path.display()
    );
    path
}

/// `cmd=<test engine> --mode <mode> <extra>` as one argument.
pub fn engine_cmd(mode: &str, extra: &str) -> String {
    format!("cmd={} --mode {mode} {extra}", test_engine().display())
}

/// A fresh temporary directory for one test.
pub fn temp_dir(name: &str) -> PathBuf {
    static COUNTER: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let n = COUNTER.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    let dir = std::env::temp_dir().join(format!("ncbg-referee-{name}-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// Runs the referee with `args`; panics with its stderr when it fails.
pub fn run_referee(args: &[String]) -> Output {
    check(Command::new(referee()).args(args), args)
}

/// Runs the referee with `args`, whatever its exit status.
pub fn referee_output(args: &[String]) -> Output {
    Command::new(referee())
        .args(args)
        .output()
        .expect("run ncbg-referee")
}

/// The referee's standard error as text.
pub fn stderr_of(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Runs the referee with `args` under a file size limit of `blocks` blocks
/// of 512 bytes (`ulimit -f`), SIGXFSZ ignored, so a write past the limit
/// fails (EFBIG) as on a full disk instead of killing; whatever its exit
/// status.
pub fn referee_output_file_limited(args: &[String], blocks: u32) -> Output {
    Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -f {blocks} && trap '' XFSZ && exec \"$0\" \"$@\""
        ))
        .arg(referee())
        .args(args)
        .output()
        .expect("run ncbg-referee")
}

/// [`run_referee`] under a virtual memory limit (`ulimit -v`, KiB).
pub fn run_referee_limited(args: &[String], kib: u64) -> Output {
    let mut cmd = Command::new("sh");
    cmd.arg("-c")
        .arg(format!("ulimit -v {kib} && exec \"$0\" \"$@\""))
        .arg(referee())
        .args(args);
    check(&mut cmd, args)
}

fn check(cmd: &mut Command, args: &[String]) -> Output {
    let out = cmd.output().expect("run ncbg-referee");
    assert!(
        out.status.success(),
        "ncbg-referee {:?} failed:\n{}",
        args,
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// The game lines of a match file.
pub fn game_lines(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .filter(|l| l.starts_with("game\t"))
        .map(str::to_string)
        .collect()
}

/// The game lines of a match file that are complete (ended by a newline):
/// a referee killed while writing may leave its last line cut short, which
/// a resume removes and plays again.
pub fn complete_game_lines(path: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let complete = &text[..text.rfind('\n').map_or(0, |i| i + 1)];
    complete
        .lines()
        .filter(|l| l.starts_with("game\t"))
        .map(str::to_string)
        .collect()
}

/// A field of a game line.
pub fn field<'a>(line: &'a str, key: &str) -> &'a str {
    line.split('\t')
        .find_map(|f| f.strip_prefix(key).and_then(|r| r.strip_prefix('=')))
        .unwrap_or_else(|| panic!("no {key} in {line}"))
}

/// Strings to `Vec<String>`.
pub fn args(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

/// Writes `text` to `dir/name` as an executable script; its path.
#[cfg(unix)]
pub fn script(dir: &Path, name: &str, text: &str) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write script");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    path
}

/// A minimal engine in `sh`: it answers `ncbp` and `isready`, ends at
/// `quit`, and runs `on_go` (shell commands) on every `go`.
pub fn sh_engine(on_go: &str) -> String {
    format!(
        "#!/bin/sh\nwhile read -r line; do\n  case \"$line\" in\n    ncbp) echo ncbpok ;;\n    \
         isready) echo readyok ;;\n    go*) {on_go} ;;\n    quit) exit 0 ;;\n  esac\ndone\n"
    )
}

/// Two test engines playing random turns, `a` and `b` (each started with
/// the test engine's arguments `engine_extra`, such as `--think-ms 5`),
/// then the referee's arguments `extra`.
pub fn random_pair(engine_extra: &str, extra: &[&str]) -> Vec<String> {
    let mut a = args(&[
        "--engine",
        &engine_cmd("random", engine_extra),
        "name=a",
        "--engine",
        &engine_cmd("random", engine_extra),
        "name=b",
    ]);
    a.extend(args(extra));
    a
}

/// Starts the referee with `args` (its output piped) and waits until the
/// match file `file` holds `games` complete game lines (or the referee
/// ended first); the running referee, for the caller to signal or kill.
pub fn referee_after_games(args: &[String], file: &Path, games: usize) -> std::process::Child {
    use std::time::{Duration, Instant};
    let mut child = Command::new(referee())
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("start referee");
    let started = Instant::now();
    while complete_game_lines(file).len() < games {
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "no {games} games recorded in 120 s"
        );
        if let Ok(Some(_)) = child.try_wait() {
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    child
}

/// Sends `signal` (`libc::SIGINT`, ...) to the running `child`.
#[cfg(unix)]
pub fn send_signal(child: &std::process::Child, signal: libc::c_int) {
    let pid = libc::pid_t::try_from(child.id()).expect("a pid");
    // SAFETY: a plain system call on our own child.
    unsafe {
        libc::kill(pid, signal);
    }
}

/// The engine that lost a game line's game, one with a winner (the side
/// the winner is not).
pub fn loser(line: &str) -> &str {
    match field(line, "winner") {
        "X" => field(line, "y"),
        _ => field(line, "x"),
    }
}

/// The indices of game lines, sorted.
pub fn sorted_indices(lines: &[String]) -> Vec<u64> {
    let mut indices: Vec<u64> = lines
        .iter()
        .map(|l| field(l, "index").parse().expect("an index"))
        .collect();
    indices.sort();
    indices
}

/// Game lines sorted by their index.
pub fn sorted_games(mut lines: Vec<String>) -> Vec<String> {
    lines.sort_by_key(|l| field(l, "index").parse::<u64>().expect("an index"));
    lines
}

/// Plays shard `i/n` of a match for every `i` in `0..n`, each to
/// `dir/shard<i>.txt` with the arguments `args_of(file)` and `--shard`;
/// the files' paths.
pub fn play_shards(dir: &Path, n: u32, args_of: impl Fn(&Path) -> Vec<String>) -> Vec<String> {
    (0..n)
        .map(|i| {
            let file = dir.join(format!("shard{i}.txt"));
            let mut a = args_of(&file);
            a.extend(args(&["--shard", &format!("{i}/{n}")]));
            run_referee(&a);
            assert!(
                !game_lines(&file).is_empty(),
                "shard {i}/{n} played nothing"
            );
            file.display().to_string()
        })
        .collect()
}
