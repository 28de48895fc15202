//! The analysis input (`ncbg analyze`'s reading, as its binary does it:
//! a match file, else a gnubg `.mat`, else a list of full-state IDs) and
//! the analysis of what it reads, with tiny searches (depth 1, at most
//! 500 nodes, a 1 MiB table), at most 2 games of 24 turns or 3 positions.
//!
//! Asserted: no panic; every analysed turn's played and best tokens are
//! legal turns of its state and its loss is not negative; every output
//! line (table, JSON, TSV) is one line; a JSON line parses as JSON; a TSV
//! line has as many fields as its header.

#![no_main]

use libfuzzer_sys::fuzz_target;
use ncbg::analysis::output::{self, Format};
use ncbg::analysis::{analyze_game, analyze_position, totals, AnalysisSettings};
use ncbg::board::Variant;
use ncbg::eval::NnEval;
use ncbg::ids::state_id;
use ncbg::matchfile::{mat, start_state, GameRecord, MatchFile};
use ncbg::numbers::NumberRules;
use ncbg::search::Searcher;
use ncbg::turn::{self, TurnForm};
use ncbg_fuzz::is_legal_turn;

const FORMATS: [Format; 3] = [Format::Table, Format::Json, Format::Tsv];

fn check_output(format: Format, line: &str, tsv_header: &str) {
    assert!(!line.contains('\n') && !line.contains('\r'), "{line:?}");
    match format {
        Format::Json => {
            serde_json::from_str::<serde_json::Value>(line)
                .unwrap_or_else(|e| panic!("not JSON: {line:?}: {e}"));
        }
        Format::Tsv => assert_eq!(
            line.split('\t').count(),
            tsv_header.split('\t').count(),
            "TSV fields: {line:?}"
        ),
        Format::Table => {}
    }
}

/// A tiny analysis: depth 1 (then one parity only), at most 500 nodes a turn.
fn settings() -> AnalysisSettings {
    AnalysisSettings {
        nodes: Some(500),
        ..AnalysisSettings::default()
            .with_depth(1)
            .expect("depth 1 is a depth")
    }
}

fn searcher() -> Searcher {
    Searcher::new(1, Box::new(NnEval::embedded()))
}

fn games(records: &[GameRecord], variant: Variant, numbers: NumberRules) {
    let mut players = Vec::new();
    for g in records.iter().take(2) {
        let Ok(start) = start_state(&g.opening, variant, numbers) else {
            continue;
        };
        let moves: Vec<String> = g.moves.iter().take(24).cloned().collect();
        let Ok(turns) = analyze_game(&mut searcher(), &start, &moves, &settings()) else {
            continue;
        };
        for t in &turns {
            assert!(t.loss >= 0);
            let state = state_id::decode(&t.state).expect("a report's state reads");
            for token in [&t.played, &t.best] {
                let turn = turn::read(&state, token, TurnForm::Answer)
                    .unwrap_or_else(|e| panic!("{token} in {}: {e}", t.state));
                assert!(is_legal_turn(&turn, &state));
            }
            let player = if t.side == "X" { &g.x_name } else { &g.y_name };
            for f in FORMATS {
                check_output(
                    f,
                    &output::turn_line(f, g.index, player, t),
                    output::GAMES_TSV_HEADER,
                );
            }
        }
        let _ = totals(&turns);
        output::add_to_players(&mut players, [&g.x_name, &g.y_name], &turns);
    }
    for (name, t) in &players {
        for f in FORMATS {
            if let Some(l) = output::totals_line(f, name, t) {
                assert!(!l.contains('\n') && !l.contains('\r'), "{l:?}");
                if f == Format::Json {
                    serde_json::from_str::<serde_json::Value>(&l).expect("JSON totals");
                }
            }
        }
    }
}

fn positions(text: &str) {
    if output::not_a_list(text).is_some() {
        return;
    }
    for item in output::read_positions(text).into_iter().take(3) {
        let Ok((line, state)) = item else { continue };
        assert!(!state.is_over());
        let report = analyze_position(&mut searcher(), &state, &settings(), 2)
            .unwrap_or_else(|e| panic!("{}: {e}", state_id::encode(&state)));
        let best = turn::read(&state, &report.best, TurnForm::Answer).expect("best reads");
        assert!(is_legal_turn(&best, &state));
        for f in FORMATS {
            for l in output::position_lines(f, line, &report) {
                check_output(f, &l, output::POSITIONS_TSV_HEADER);
            }
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if MatchFile::is_match_file(&text) {
        let file = MatchFile::parse(&text);
        if let (Ok(numbers), Ok(variant)) = (file.header.numbers(), file.header.variant()) {
            games(&file.games, variant, numbers);
        }
    } else if mat::is_mat(&text) {
        if let Ok((records, numbers)) = mat::read(&text) {
            games(&records, Variant::Standard, numbers);
        }
    } else {
        positions(&text);
    }
});
