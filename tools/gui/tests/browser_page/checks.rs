//! Checks of the page against the library and the engine: the drawn
//! board, the last move's highlight and the record's notation.

use super::{js, wait_js};
use fantoccini::Client;
use ncbg::ids::state_id;
use ncbg::turn::{self, Turn, TurnForm};
use ncbg_gui::driver::Engine;
use ncbg_gui::view::board_view;
use serde_json::Value;

/// A play as the page writes it: gnubg's form, on its mover's own point
/// numbers (the protocol's token with spaces for commas).
pub fn gnubg_text(token: &str) -> String {
    token.replace(',', " ")
}

/// The from and to locations the last turn's highlight should show: the
/// token replayed by the library, points passed through left out.
pub fn last_move_locs(s: &Value) -> (Vec<String>, Vec<String>) {
    let rec = s["game"]["record"].as_array().unwrap();
    let Some(last) = rec.last() else {
        return (Vec::new(), Vec::new());
    };
    let before = state_id::decode(last["before"].as_str().unwrap()).unwrap();
    let token = last["token"].as_str().unwrap();
    let steps: Vec<(u8, u8)> = match turn::read(&before, token, TurnForm::Answer).unwrap() {
        Turn::Pick(_) | Turn::Cube(_) => Vec::new(),
        Turn::PickPlay(_, lp) | Turn::Play(lp) => {
            lp.play.steps().iter().map(|s| (s.from, s.to)).collect()
        }
    };
    let x = before.to_move() == ncbg::numbers::Side::X;
    let loc = |slot: u8| match slot {
        26 => "pool".to_string(),
        25 => "bar".to_string(),
        0 => "off".to_string(),
        p if x => format!("x{p}"),
        p => format!("x{}", 25 - p),
    };
    let froms: Vec<String> = steps.iter().map(|s| loc(s.0)).collect();
    let tos: Vec<String> = steps.iter().map(|s| loc(s.1)).collect();
    let mut from: Vec<String> = froms.iter().filter(|f| !tos.contains(f)).cloned().collect();
    let mut to: Vec<String> = tos.iter().filter(|t| !froms.contains(t)).cloned().collect();
    if !steps.is_empty() && from.is_empty() {
        from = froms.clone();
    }
    if !steps.is_empty() && to.is_empty() {
        to = tos.clone();
    }
    for v in [&mut from, &mut to] {
        v.sort();
        v.dedup();
    }
    (from, to)
}

/// The page's board as (location, side, count) of every non-empty stack.
pub async fn dom_board(c: &Client) -> Vec<(String, String, u64)> {
    stacks_of(c, "#board").await
}

/// The board `board` (a CSS selector: `#board` for play, `#rboard` for
/// review) as (location, side, count) of every non-empty stack.
pub async fn stacks_of(c: &Client, board: &str) -> Vec<(String, String, u64)> {
    let v = c
        .execute(
            "return [...document.querySelectorAll(arguments[0] + ' g.stack')].filter(g => +g.dataset.count > 0).map(g => [g.dataset.loc, g.dataset.side, +g.dataset.count]);",
            vec![board.into()],
        )
        .await
        .unwrap();
    let mut out: Vec<(String, String, u64)> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                t[0].as_str().unwrap().to_string(),
                t[1].as_str().unwrap().to_string(),
                t[2].as_u64().unwrap(),
            )
        })
        .collect();
    out.sort();
    out
}

/// The stacks a state's board should show.
pub fn expected_board(id: &str) -> Vec<(String, String, u64)> {
    let s = state_id::decode(id).unwrap();
    let b = board_view(&s);
    let mut out = Vec::new();
    for (side, slots) in [("X", &b.x), ("Y", &b.y)] {
        for (slot, &n) in slots.iter().enumerate() {
            if n == 0 {
                continue;
            }
            let loc = match slot {
                26 => "pool".to_string(),
                0 => "off".to_string(),
                25 => "bar".to_string(),
                p if side == "X" => format!("x{p}"),
                p => format!("x{}", 25 - p),
            };
            out.push((loc, side.to_string(), u64::from(n)));
        }
    }
    out.sort();
    out
}

pub fn record_tokens(s: &Value) -> Vec<String> {
    s["game"]["record"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["token"].as_str().unwrap().to_string())
        .collect()
}

/// Checks the page against the engine: the engine replays the page's record
/// from its start and its `d` must show the page's state ID, and the page's
/// drawn board must be that state's.
pub async fn check_against_engine(c: &Client, engine: &mut Engine, s: &Value) {
    let tokens = record_tokens(s);
    let mut pos = format!("position state {}", s["game"]["start"].as_str().unwrap());
    if !tokens.is_empty() {
        pos.push_str(" moves ");
        pos.push_str(&tokens.join(" "));
    }
    let d = engine.display(&pos).await.unwrap();
    let page_id = s["game"]["stateid"].as_str().unwrap();
    assert_eq!(d.state_id, page_id, "after {tokens:?}");
    let dom_id: Value = c
        .execute("return document.body.dataset.stateid;", vec![])
        .await
        .unwrap();
    assert_eq!(dom_id.as_str(), Some(page_id));
    // A move being animated ends on the new board.
    wait_js(
        c,
        "the end of the animation",
        10,
        "return !document.body.dataset.animating;",
    )
    .await;
    // The last turn stays highlighted, and the record writes it on its
    // mover's own numbers, as gnubg does.
    let (from, to) = last_move_locs(s);
    let dom = js(
        c,
        "const l = (c) => [...new Set([...document.querySelectorAll('#board .' + c)].map(e => e.dataset.loc))].sort(); return [l('last-from'), l('last-to')];",
    )
    .await;
    let strs = |v: &Value| -> Vec<String> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(
        (strs(&dom[0]), strs(&dom[1])),
        (from, to),
        "last move of {tokens:?}"
    );
    if let Some(last) = s["game"]["record"].as_array().unwrap().last() {
        let text = js(
            c,
            "return document.querySelector('#record .tok.last .play').textContent;",
        )
        .await;
        // The record shows the pair, then the play without its pick.
        let token = last["token"].as_str().unwrap();
        let play = token.split_once(':').map_or(token, |(_, p)| p);
        let want = gnubg_text(play);
        assert_eq!(
            text.as_str(),
            Some(want.as_str()),
            "record on the mover's numbers"
        );
    }
    assert_eq!(
        dom_board(c).await,
        expected_board(page_id),
        "drawn board of {page_id}"
    );
    if s["game"]["phase"] == "over" {
        assert_ne!(d.result, "none");
        let winner = d.result.split_whitespace().next().unwrap().to_string();
        assert!(
            s["game"]["result"].as_str().unwrap().starts_with(&winner),
            "{} vs {}",
            d.result,
            s["game"]["result"]
        );
    }
}

/// True when the rectangles `a` and `b` (left, top, right, bottom)
/// overlap.
pub fn overlap(a: &[f64], b: &[f64]) -> bool {
    a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3]
}
