//! The library session (no binary): any line gives either its normal reply
//! or exactly one `error` line that changes nothing; it never panics.

use ncbg::engine::{Reply, Session};
use ncbg::ids::state_id;
use proptest::prelude::*;

/// Pieces that make lines close to real commands.
fn piece() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "position",
            "startpos",
            "state",
            "posid",
            "moves",
            "side",
            "numbers",
            "credits",
            "phase",
            "pick",
            "play",
            "X",
            "Y",
            "-",
            "go",
            "depth",
            "nodes",
            "multipv",
            "setoption",
            "name",
            "value",
            "Hash",
            "Alphabet",
            "Variant",
            "hypergammon",
            "race",
            "anti",
            "pool/20",
            "6:pool/19,pool/20",
            "choose-number",
            "move",
            "legal",
            "d",
            "eval",
            "perft",
            "bench",
            "pass",
            "bar/22*",
            "24/18,13/8",
            "6:24/13",
            "13/7(2)",
            "4HPwATDgc/ABMA",
            "4HPwATDgc/ABMA:Xplay:x6y5:d22:k6",
            "AAAA/l1ECAAAAA:Xpick:x1y4:d00:k6",
            "ncbp",
            "newgame",
        ])
        .prop_map(str::to_string),
        (0u64..12).prop_map(|n| n.to_string()),
        "[ -~]{0,12}",
        "\\PC{0,6}",
    ]
}

fn line() -> impl Strategy<Value = String> {
    prop::collection::vec(piece(), 1..8).prop_map(|p| p.join(" "))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn every_line_is_answered_without_panic(lines in prop::collection::vec(line(), 1..6)) {
        let mut s = Session::new();
        for l in &lines {
            // Expensive commands are not what this test is about.
            if l.contains("perft") || l.contains("bench") {
                continue;
            }
            let before = *s.game();
            let options = s.options().clone();
            match s.execute_line(l) {
                Reply::Lines(out) => {
                    if out.iter().any(|o| o.starts_with("error ")) {
                        prop_assert_eq!(out.len(), 1, "{:?}", out);
                        prop_assert_eq!(*s.game(), before);
                        prop_assert_eq!(s.options(), &options);
                    }
                    for o in &out {
                        prop_assert!(!o.contains('\n') && !o.contains('\r'));
                    }
                }
                Reply::Search(job) => {
                    prop_assert!(s.is_busy());
                    prop_assert!(!job.state.is_over());
                    s.search_finished(job.searcher);
                }
                Reply::Stop | Reply::Quit => {}
            }
            // The state always has a readable, round-tripping ID.
            let id = state_id::encode(s.game());
            let decoded = state_id::decode(&id);
            prop_assert_eq!(decoded.as_ref(), Ok(s.game()));
        }
    }
}

/// A full-state ID's bad field is quoted cut to 40 characters and `...`,
/// as every quoted token is (ncbp.md §6), so that the error for a long
/// field stays short (the whole field was quoted: a 64 KiB line gave a
/// 64 KiB error line).
#[test]
fn a_long_bad_state_id_field_is_quoted_cut() {
    let long = "A".repeat(300);
    let fields = ["4HPwATDgc/ABMA", "Xpick", "x3y5", "d22", "k6", "n15"];
    let mut s = Session::new();
    for i in 0..fields.len() {
        let mut id = fields.to_vec();
        id[i] = &long;
        let line = format!("position state {}", id.join(":"));
        let Reply::Lines(out) = s.execute_line(&line) else {
            panic!("{line}: no lines");
        };
        assert_eq!(out.len(), 1, "{out:?}");
        assert!(out[0].starts_with("error bad-id "), "{out:?}");
        assert!(
            out[0].contains(&format!("'{}...'", "A".repeat(40))),
            "{out:?}"
        );
        assert!(
            out[0].len() < 200,
            "field {i}: {} bytes: {}",
            out[0].len(),
            out[0]
        );
    }
}

/// A full-state ID whose field ends in a character of several bytes is
/// refused with `bad-id`, the session unchanged (found by the `ids` fuzz
/// target: the cube field was split one byte before its end, inside the
/// character, and `position state ...:c2é` panicked the engine).
#[test]
fn a_state_id_field_ending_in_a_wide_character_is_refused() {
    let ok = [
        "4HPwATDgc/ABMA",
        "Xpick",
        "x3y5",
        "d22",
        "k6",
        "p0-0",
        "c2X",
        "m5s2-1",
    ];
    let mut s = Session::new();
    let before = *s.game();
    assert!(
        state_id::decode(&ok.join(":")).is_ok(),
        "the ID without the wide character reads"
    );
    for i in 0..ok.len() {
        for wide in ["é", "€", "😀"] {
            let mut id: Vec<String> = ok.iter().map(|f| f.to_string()).collect();
            id[i].push_str(wide);
            let line = format!("position state {}", id.join(":"));
            let Reply::Lines(out) = s.execute_line(&line) else {
                panic!("{line}: no lines");
            };
            assert_eq!(out.len(), 1, "{line}: {out:?}");
            assert!(out[0].starts_with("error bad-id "), "{line}: {out:?}");
            assert_eq!(*s.game(), before, "{line}");
        }
    }
    // A wide character alone as the cube field.
    let line = "position state 4HPwATDgc/ABMA:Xpick:x3y5:d22:k6:cé";
    let Reply::Lines(out) = s.execute_line(line) else {
        panic!("{line}: no lines");
    };
    assert!(out[0].starts_with("error bad-id "), "{out:?}");
}
