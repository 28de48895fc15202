//! Writing a play in GNU Backgammon's notation.
//!
//! The steps are sorted by source (then destination), highest first; steps of
//! one checker are joined into one path, keeping an intermediate point only
//! when the checker hits there (`24/18*/13`), else eliding it (`24/13`);
//! identical paths are written once with a count (`13/7(2)`); a destination
//! that held an opposing checker gets a `*` the first time (`8/5*(2)`). The bar
//! is `bar`, borne off is `off`, and a checker entering from the pool
//! (Backgammon Race; ncbg's own notation, gnubg has no pool) starts at `pool`:
//! `pool/22`. This is the form gnubg prints, so the two
//! programs write every play the same way.

use crate::board::{Position, BAR, OFF, POOL};
use crate::play::Play;
use std::fmt::Write;

/// The word for a play where no checker can move.
pub const NO_MOVE: &str = "pass";

/// A checker's path: the source, the hit intermediate points, the destination.
#[derive(Clone, PartialEq, Eq)]
struct Path {
    points: Vec<u8>,
}

/// Writes `play`, made from `before`, in the canonical form
/// (`"24/18 13/8"`, `"bar/22*"`, `"6/off"`, `"13/7(2)"`; [`NO_MOVE`] for none).
pub fn format_play(before: &Position, play: &Play) -> String {
    format_with(before, play, ' ')
}

/// The canonical form with commas between paths (`"24/18,13/8"`), a single
/// whitespace-free token for game records and the protocol.
pub fn format_play_token(before: &Position, play: &Play) -> String {
    format_with(before, play, ',')
}

fn format_with(before: &Position, play: &Play, separator: char) -> String {
    if play.is_none() {
        return NO_MOVE.to_string();
    }
    let hit_at = |p: u8| p as usize != OFF && before.opponent_on(p as usize) > 0;

    let mut steps: Vec<(u8, u8)> = play.steps().iter().map(|s| (s.from, s.to)).collect();
    steps.sort_by(|x, y| y.cmp(x));

    // Join steps of one checker: a step starting where an earlier path ends.
    let mut paths: Vec<Option<Path>> = steps
        .iter()
        .map(|&(from, to)| {
            Some(Path {
                points: vec![from, to],
            })
        })
        .collect();
    for i in 0..paths.len() {
        for j in i + 1..paths.len() {
            let (Some(pi), Some(pj)) = (&paths[i], &paths[j]) else {
                continue;
            };
            let end = *pi.points.last().expect("paths have two points");
            if end != pj.points[0] {
                continue;
            }
            let next = pj.points[1];
            let pi = paths[i].as_mut().expect("checked above");
            if hit_at(end) {
                pi.points.push(next);
            } else {
                *pi.points.last_mut().expect("paths have two points") = next;
            }
            paths[j] = None;
        }
    }

    // Count identical paths.
    let mut counted: Vec<(Path, usize)> = Vec::new();
    for path in paths.into_iter().flatten() {
        match counted.iter_mut().find(|(p, _)| *p == path) {
            Some((_, n)) => *n += 1,
            None => counted.push((path, 1)),
        }
    }

    let mut out = String::new();
    let mut starred = 0u32;
    for (i, (path, n)) in counted.iter().enumerate() {
        if i > 0 {
            out.push(separator);
        }
        let last = path.points.len() - 1;
        out.push_str(point_name(path.points[0]).as_str());
        for &p in &path.points[1..last] {
            let _ = write!(out, "/{}*", point_name(p));
            starred |= 1 << p;
        }
        let end = path.points[last];
        let _ = write!(out, "/{}", point_name(end));
        if hit_at(end) && starred & (1 << end) == 0 {
            out.push('*');
            starred |= 1 << end;
        }
        if *n > 1 {
            let _ = write!(out, "({n})");
        }
    }
    out
}

/// `bar`, `off`, `pool`, or the point number.
pub(crate) fn point_name(p: u8) -> String {
    match p as usize {
        BAR => "bar".to_string(),
        POOL => "pool".to_string(),
        OFF => "off".to_string(),
        _ => p.to_string(),
    }
}
