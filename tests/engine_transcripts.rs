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

/// The fenced block that follows the first line of `doc` containing `marker`.
fn block_after<'a>(doc: &'a str, marker: &str) -> Vec<&'a str> {
    let start = doc
        .find(marker)
        .unwrap_or_else(|| panic!("ncbp.md: no '{marker}'"));
    let mut lines = doc[start..].lines().skip_while(|l| *l != "```").skip(1);
    let block: Vec<&str> = lines.by_ref().take_while(|l| *l != "```").collect();
    assert!(!block.is_empty(), "ncbp.md: no block after '{marker}'");
    block
}

/// An example line with its machine-dependent fields (`nps`, `time`) made
/// wildcards.
fn example_pattern(line: &str) -> String {
    let mut words: Vec<&str> = line.split(' ').collect();
    for i in 1..words.len() {
        if matches!(words[i - 1], "nps" | "time") {
            words[i] = "*";
        }
    }
    words.join(" ")
}

/// The examples inside `protocol/ncbp.md` are what the engine answers: the
/// `d` and `eval` blocks after `position startpos moves 3 5`, the `info`
/// line of `go depth 4` there, and the example session of section 7 (its
/// `< ...` skips lines up to the next one shown).
#[test]
fn the_protocol_documents_examples_are_what_the_engine_answers() {
    let doc =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("protocol/ncbp.md"))
            .expect("protocol/ncbp.md");
    let mut e = Engine::start();
    e.send("position startpos moves 3 5");
    let d = block_after(&doc, "`dok`. After `position startpos moves 3 5`:");
    assert_eq!(e.ask("d"), d);
    let eval = block_after(
        &doc,
        "\nAfter `position startpos moves 3 5`:\n\n```\neval win",
    );
    assert_eq!(e.ask("eval"), eval);
    let info = block_after(
        &doc,
        "after `position startpos moves 3 5`, with the embedded net",
    );
    let got = e.go("go depth 4");
    let last_info = &got[got.len() - 2];
    assert!(
        matches(&example_pattern(info[0]), last_info),
        "§4 info: '{}' against '{last_info}'",
        info[0]
    );

    let session = block_after(&doc, "## 7. Example session");
    let mut e = Engine::start();
    let mut skipping = false;
    for line in session {
        if let Some(cmd) = line.strip_prefix("> ") {
            e.send(cmd);
        } else if line == "< ..." {
            skipping = true;
        } else if let Some(expected) = line.strip_prefix("< ") {
            let pattern = example_pattern(expected);
            loop {
                let got = e.line();
                if matches(&pattern, &got) {
                    break;
                }
                assert!(skipping, "§7: expected '{expected}', got '{got}'");
            }
            skipping = false;
        }
    }
    assert!(e.sync().is_empty(), "§7: output beyond the example");
}
