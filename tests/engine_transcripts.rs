//! Replays every golden transcript in `protocol/examples/` against the real
//! engine binary (format: `protocol/examples/README.md`).

mod engine_util;

use engine_util::Engine;
use std::path::Path;

/// True when `line` matches `pattern`, where `*` matches any run of
/// characters.
fn matches(pattern: &str, line: &str) -> bool {
    let parts: Vec<&str> = pattern.split('*').collect();
    let (first, rest) = parts.split_first().expect("split gives one part");
    let Some(mut left) = line.strip_prefix(first) else {
        return false;
    };
    let Some((last, middle)) = rest.split_last() else {
        return left.is_empty();
    };
    for part in middle {
        match left.find(part) {
            Some(i) => left = &left[i + part.len()..],
            None => return false,
        }
    }
    left.len() >= last.len() && left.ends_with(last)
}

fn replay(path: &Path) -> usize {
    let text = std::fs::read_to_string(path).expect("read transcript");
    let name = path.file_name().unwrap().to_string_lossy();
    let mut engine = Engine::start();
    let mut checked = 0;
    for (n, line) in text.lines().enumerate() {
        let at = format!("{name}:{}", n + 1);
        if let Some(cmd) = line.strip_prefix("> ") {
            engine.send(cmd);
        } else if let Some(pattern) = line.strip_prefix("<~ ") {
            let got = engine.line();
            assert!(
                matches(pattern, &got),
                "{at}: expected ~ '{pattern}', got '{got}'"
            );
            checked += 1;
        } else if let Some(expected) = line.strip_prefix("< ") {
            let got = engine.line();
            assert_eq!(got, expected, "{at}");
            checked += 1;
        } else {
            assert!(
                line.is_empty() || line.starts_with('#'),
                "{at}: not a transcript line: '{line}'"
            );
        }
    }
    engine.send("isready");
    assert_eq!(
        engine.line(),
        "readyok",
        "{name}: output beyond the transcript"
    );
    engine.send("quit");
    assert!(engine.wait_exit().success(), "{name}: exit status");
    checked
}

#[test]
fn wildcard_matching() {
    assert!(matches("a*c", "abc"));
    assert!(matches("a*c", "ac"));
    assert!(matches("*", ""));
    assert!(matches(
        "info * time * pv *",
        "info depth 1 time 3 pv 6:24/13"
    ));
    assert!(!matches("a*c", "abd"));
    assert!(!matches("ab*ba", "aba"));
    assert!(!matches("abc", "abcd"));
}

#[test]
fn golden_transcripts() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("protocol/examples");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("protocol/examples")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    assert!(files.len() >= 4, "transcripts missing in {}", dir.display());
    for f in &files {
        let checked = replay(f);
        assert!(checked > 0, "{}: checks nothing", f.display());
    }
}
