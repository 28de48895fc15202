//! Agreement with GNU Backgammon's move generator on the 3000 oracle samples in
//! `tests/data/movegen-gnubg.jsonl` (format in `tests/data/movegen-gnubg.README.md`).

use ncbg::board::Position;
use ncbg::ids::position_id;
use ncbg::movegen::legal_plays;
use ncbg::pair::Pair;
use serde_json::Value;
use std::collections::BTreeSet;

struct Sample {
    line: usize,
    id: String,
    position: Position,
    pair: Pair,
    results: Vec<String>,
    moves: Vec<String>,
}

fn side(v: &Value) -> [u8; 25] {
    let a = v.as_array().expect("25 numbers");
    assert_eq!(a.len(), 25);
    let mut out = [0u8; 25];
    for (o, x) in out.iter_mut().zip(a) {
        *o = x.as_u64().expect("count") as u8;
    }
    out
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .expect("list")
        .iter()
        .map(|s| s.as_str().expect("string").to_string())
        .collect()
}

fn samples() -> Vec<Sample> {
    let text = include_str!("data/movegen-gnubg.jsonl");
    text.lines()
        .enumerate()
        .map(|(i, line)| {
            let v: Value = serde_json::from_str(line).expect("valid JSON");
            let dice = v["dice"].as_array().expect("dice");
            let pair = Pair::new(
                dice[0].as_u64().unwrap() as u8,
                dice[1].as_u64().unwrap() as u8,
            )
            .expect("dice in range");
            let position = Position::from_points(&side(&v["mover"]), &side(&v["opponent"]), 15)
                .expect("oracle positions are valid");
            Sample {
                line: i + 1,
                id: v["id"].as_str().unwrap().to_string(),
                position,
                pair,
                results: strings(&v["results"]),
                moves: strings(&v["moves"]),
            }
        })
        .collect()
}

#[test]
fn all_samples_are_read() {
    let s = samples();
    assert_eq!(s.len(), 3000);
    assert_eq!(s.iter().filter(|s| s.results.is_empty()).count(), 209);
    assert_eq!(s.iter().filter(|s| s.pair.is_doublet()).count(), 1127);
}

#[test]
fn position_ids_match_gnubg() {
    for s in samples() {
        assert_eq!(position_id::encode(&s.position), s.id, "line {}", s.line);
        assert_eq!(
            position_id::decode(&s.id).unwrap(),
            s.position,
            "line {}",
            s.line
        );
    }
}

#[test]
fn legal_results_match_gnubg_exactly() {
    for s in samples() {
        let plays = legal_plays(&s.position, s.pair);
        let ours: Vec<String> = plays
            .iter()
            .filter(|p| !p.play.is_none())
            .map(|p| position_id::encode(&p.after))
            .collect();
        let set: BTreeSet<&String> = ours.iter().collect();
        assert_eq!(set.len(), ours.len(), "line {}: duplicate results", s.line);
        let theirs: BTreeSet<&String> = s.results.iter().collect();
        assert_eq!(
            set, theirs,
            "line {}: {:?} with {}",
            s.line, s.position, s.pair
        );
        assert_eq!(s.results.len(), s.moves.len());
    }
}

#[test]
fn gnubg_move_strings_parse_to_their_results() {
    use ncbg::notation::parse_play;
    for s in samples() {
        for (text, result) in s.moves.iter().zip(&s.results) {
            let lp = parse_play(text, &s.position, s.pair)
                .unwrap_or_else(|e| panic!("line {}: '{text}' rejected: {e}", s.line));
            assert_eq!(
                &position_id::encode(&lp.after),
                result,
                "line {}: '{text}'",
                s.line
            );
            // Our own comma form reads back to the same result.
            let token = ncbg::notation::format_play_token(&s.position, &lp.play);
            let again = parse_play(&token, &s.position, s.pair).unwrap();
            assert_eq!(again.after, lp.after, "line {}: '{token}'", s.line);
        }
    }
}

#[test]
fn canonical_form_is_gnubgs() {
    use ncbg::notation::format_play;
    for s in samples() {
        for lp in legal_plays(&s.position, s.pair) {
            if lp.play.is_none() {
                continue;
            }
            let id = position_id::encode(&lp.after);
            let k = s
                .results
                .iter()
                .position(|r| *r == id)
                .expect("known result");
            assert_eq!(
                format_play(&s.position, &lp.play),
                s.moves[k],
                "line {}",
                s.line
            );
        }
    }
}
