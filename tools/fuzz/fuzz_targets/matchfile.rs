//! The match-file reader (`ncbg::matchfile::MatchFile`, `GameRecord`,
//! the typed header) and the `.mat` reader (`ncbg::matchfile::mat`) on
//! the input as text.
//!
//! Asserted: no panic; the games and header a text reads as are written
//! (`MatchFile::to_text`) to a text that reads back to the same games and
//! header (header values and `detail` as the writer cleans them: control
//! characters become spaces); every game line reads back from its own
//! `to_line`; the typed header accessors answer; a `.mat` that reads gives
//! games whose moves replay from their start state to the recorded end.

#![no_main]

use libfuzzer_sys::fuzz_target;
use ncbg::board::Variant;
use ncbg::matchfile::{mat, start_state, GameEnd, GameRecord, MatchFile};
use ncbg::turn::{self, TurnForm};

fn clean(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let _ = MatchFile::is_match_file(&text);
    let file = MatchFile::parse(&text);
    assert!(file.complete_len <= text.len());
    let h = &file.header;
    let _ = (
        h.names(),
        h.engine_names(),
        h.variant(),
        h.numbers(),
        h.total_games(),
    );
    for g in &file.games {
        let _ = h.start_of(g);
        let line = g.to_line();
        let again = GameRecord::parse_line(&line)
            .unwrap_or_else(|| panic!("a game's own line does not read: {line:?}"));
        let mut want = g.clone();
        want.detail = clean(&g.detail);
        assert_eq!(again, want, "{line:?}");
    }
    let written = MatchFile::to_text(h, &file.games);
    let back = MatchFile::parse(&written);
    let cleaned: Vec<(String, String)> = h
        .entries
        .iter()
        .map(|(k, v)| (k.clone(), clean(v)))
        .collect();
    assert_eq!(back.header.entries, cleaned, "{written:?}");
    assert_eq!(back.games.len(), file.games.len(), "{written:?}");
    assert_eq!(back.broken_lines, 0, "{written:?}");

    let _ = mat::is_mat(&text);
    let _ = mat::player_names(&text);
    if let Ok((games, rules)) = mat::read(&text) {
        for g in &games {
            let mut state = start_state(&g.opening, Variant::Standard, rules)
                .expect("a .mat game starts from the start position");
            for (i, token) in g.moves.iter().enumerate() {
                let t = turn::read(&state, token, TurnForm::Answer)
                    .unwrap_or_else(|e| panic!("move {} {token:?} of a read .mat: {e}", i + 1));
                state = t.after(&state);
            }
            match g.end {
                GameEnd::Win { winner, kind } => {
                    let r = state.result().expect("a won game is over");
                    assert_eq!((r.winner, r.kind), (winner, kind));
                }
                _ => assert!(!state.is_over(), "a forfeit of a finished game"),
            }
        }
    }
});
