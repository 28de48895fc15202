//! Pointing at the page as a person does: a mouse click at a point, a
//! finger's tap, the boxes of its elements; and the state the server sends
//! (what the page's developer tools show).

// Each test file uses some of these.
#![allow(dead_code)]

use super::settled;
use fantoccini::actions::{
    InputSource, MouseActions, PointerAction, TouchActions, MOUSE_BUTTON_LEFT,
};
use fantoccini::Client;
use serde_json::Value;

/// A real mouse click at the viewport point (`x`, `y`).
pub async fn click_at(c: &Client, x: f64, y: f64) {
    c.perform_actions(
        MouseActions::new("mouse".into())
            .then(PointerAction::MoveTo {
                duration: None,
                x: x.round(),
                y: y.round(),
            })
            .then(PointerAction::Down {
                button: MOUSE_BUTTON_LEFT,
            })
            .then(PointerAction::Up {
                button: MOUSE_BUTTON_LEFT,
            }),
    )
    .await
    .unwrap();
    settled(c).await;
}

/// A finger's tap on the centre of `css`.
pub async fn tap(c: &Client, css: &str) {
    let r = rect(c, css).await;
    c.perform_actions(
        TouchActions::new("finger".into())
            .then(PointerAction::MoveTo {
                duration: None,
                x: ((r[0] + r[2]) / 2.0).round(),
                y: ((r[1] + r[3]) / 2.0).round(),
            })
            .then(PointerAction::Down {
                button: MOUSE_BUTTON_LEFT,
            })
            .then(PointerAction::Up {
                button: MOUSE_BUTTON_LEFT,
            }),
    )
    .await
    .unwrap();
    settled(c).await;
}

/// `css`'s box in the viewport: [left, top, right, bottom].
pub async fn rect(c: &Client, css: &str) -> Vec<f64> {
    let v = c
        .execute(
            "const r = document.querySelector(arguments[0]).getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom];",
            vec![serde_json::json!(css)],
        )
        .await
        .unwrap_or_else(|e| panic!("{css}: {e}"));
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_f64().unwrap())
        .collect()
}

/// `css`'s box in the viewport, scrolled into view first: [left, top,
/// right, bottom].
pub async fn rect_in_view(c: &Client, css: &str) -> Vec<f64> {
    let v = c
        .execute(
            "const e = document.querySelector(arguments[0]); e.scrollIntoView({ block: 'center' }); const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom];",
            vec![serde_json::json!(css)],
        )
        .await
        .unwrap();
    settled(c).await;
    let v = c
        .execute(
            "const r = document.querySelector(arguments[0]).getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom];",
            vec![serde_json::json!(css)],
        )
        .await
        .unwrap_or(v);
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_f64().unwrap())
        .collect()
}

/// The page's state as the server sends it (what developer tools show).
pub async fn server_state(c: &Client) -> Value {
    c.execute_async(
        "const done = arguments[arguments.length - 1]; fetch('/api/state').then(r => r.json()).then(done, e => done(String(e)));",
        vec![],
    )
    .await
    .unwrap()
}

/// The engines' lines in a snapshot: thinking, its lines, the last search.
pub fn engine_lines(s: &Value) -> Vec<Value> {
    let mut out = Vec::new();
    for info in [&s["thinking"]["info"], &s["last_search"]["info"]] {
        if !info.is_null() {
            out.push(info.clone());
        }
    }
    if let Some(lines) = s["thinking"]["lines"].as_array() {
        out.extend(lines.iter().cloned());
    }
    out
}
