//! The text of a play, split into the paths a person wrote (gnubg's reading:
//! points pair up into moves, a `/` after a destination makes it the next
//! source), with the points marked `*`; and the error type of reading a play.

use super::format::{point_name, NO_MOVE};
use crate::board::{BAR, OFF, POOL};
use std::fmt;

/// Why a text is not a legal play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The text is not a play at all.
    Syntax(String),
    /// The text reads as a play, but not a legal one; the text says why.
    Illegal(String),
    /// The text fits several legal plays; they are listed.
    Ambiguous(Vec<String>),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Syntax(why) => write!(f, "{why}"),
            PlayError::Illegal(why) => write!(f, "{why}"),
            PlayError::Ambiguous(plays) => {
                write!(f, "ambiguous: could be {}", plays.join(" or "))
            }
        }
    }
}

impl std::error::Error for PlayError {}

/// One checker's path as written: waypoints from the source to the destination.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct WrittenPath {
    pub(super) points: Vec<u8>,
}

/// A play as written: the paths and the points marked with `*`.
#[derive(Clone, Debug, Default)]
pub(super) struct Written {
    pub(super) paths: Vec<WrittenPath>,
    pub(super) stars: u32,
}

/// One piece of text: a point, and whether `/` joined it to the point before.
#[derive(Clone, Copy, Debug)]
pub(super) struct Token {
    pub(super) point: u8,
    pub(super) joined: bool,
}

pub(super) fn syntax(why: impl Into<String>) -> PlayError {
    PlayError::Syntax(why.into())
}

/// Splits the text into paths, following gnubg's reading: points pair up into
/// (from, to) moves, and a `/` after a destination makes it the next source.
pub(super) fn read(text: &str) -> Result<Written, PlayError> {
    let mut tokens: Vec<Token> = Vec::new();
    let mut stars = 0u32;
    let mut slash = false;
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    // Index of the token where the current path began, for "(n)".
    let mut path_start = 0usize;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() || c == ',' {
            i += 1;
            continue;
        }
        if c.is_ascii_digit() {
            let start = i;
            while i < chars.len() && chars[i].is_ascii_digit() {
                i += 1;
            }
            let s: String = chars[start..i].iter().collect();
            let n: u32 = s
                .parse()
                .map_err(|_| syntax(format!("bad point '{}'", cut(&s))))?;
            if n > 25 {
                return Err(syntax(format!(
                    "no point {n} (points are 1-24, bar 25, off 0)"
                )));
            }
            push_point(&mut tokens, &mut slash, &mut path_start, n as u8);
            continue;
        }
        if c.is_ascii_alphabetic() {
            let start = i;
            while i < chars.len() && chars[i].is_ascii_alphabetic() {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            let point = match word.to_ascii_lowercase().as_str() {
                "bar" | "b" => BAR as u8,
                "off" | "o" => OFF as u8,
                "pool" => POOL as u8,
                _ => return Err(syntax(format!("unexpected '{}'", cut(&word)))),
            };
            push_point(&mut tokens, &mut slash, &mut path_start, point);
            continue;
        }
        match c {
            '/' => {
                if tokens.is_empty() || slash {
                    return Err(syntax("'/' must come between two points"));
                }
                slash = true;
            }
            '*' => {
                let Some(last) = tokens.last() else {
                    return Err(syntax("'*' must follow a point"));
                };
                stars |= 1 << last.point;
            }
            '(' => {
                let start = i + 1;
                let mut j = start;
                while j < chars.len() && chars[j].is_ascii_digit() {
                    j += 1;
                }
                if j == start || j >= chars.len() || chars[j] != ')' {
                    return Err(syntax("a count is written like (2)"));
                }
                let n: usize = chars[start..j]
                    .iter()
                    .collect::<String>()
                    .parse()
                    .map_err(|_| syntax("bad count"))?;
                if !(2..=4).contains(&n) || slash || tokens.len() < path_start + 2 {
                    return Err(syntax("a count (2)-(4) must follow a whole path"));
                }
                let path: Vec<Token> = tokens[path_start..].to_vec();
                for _ in 1..n {
                    tokens.extend(path.iter().enumerate().map(|(k, t)| Token {
                        point: t.point,
                        joined: k > 0 && t.joined,
                    }));
                }
                i = j;
            }
            _ => {
                // A letter as written; a control character escaped.
                let shown = if c.is_control() {
                    c.escape_default().to_string()
                } else {
                    c.to_string()
                };
                return Err(syntax(format!("unexpected character '{shown}'")));
            }
        }
        i += 1;
    }
    if slash {
        return Err(syntax("a play cannot end with '/'"));
    }
    if tokens.len() > 16 {
        return Err(syntax("too many points"));
    }

    // Pair the points up: a path runs while points are joined by '/'; unjoined
    // points pair off as (from, to).
    let mut paths: Vec<WrittenPath> = Vec::new();
    let mut k = 0;
    while k < tokens.len() {
        let mut points = vec![tokens[k].point];
        k += 1;
        if k >= tokens.len() {
            return Err(syntax(format!(
                "'{}' has no destination",
                point_name(points[0])
            )));
        }
        points.push(tokens[k].point);
        k += 1;
        while k < tokens.len() && tokens[k].joined {
            points.push(tokens[k].point);
            k += 1;
        }
        paths.push(WrittenPath { points });
    }
    for path in &paths {
        if path.points[0] == OFF as u8 {
            return Err(syntax("a path cannot start off the board"));
        }
        if path.points[1..].contains(&(BAR as u8)) {
            return Err(syntax("a path cannot go to the bar"));
        }
        if path.points[1..].contains(&(POOL as u8)) {
            return Err(syntax("a path cannot go back to the pool"));
        }
        if path.points[1..path.points.len() - 1].contains(&(OFF as u8)) {
            return Err(syntax("nothing can move on from off"));
        }
        if path.points.windows(2).any(|w| w[1] >= w[0]) {
            let text: Vec<String> = path.points.iter().map(|&p| point_name(p)).collect();
            return Err(PlayError::Illegal(format!(
                "{} does not move forward (checkers move from higher to lower points)",
                text.join("/")
            )));
        }
    }
    Ok(Written { paths, stars })
}

pub(super) fn push_point(
    tokens: &mut Vec<Token>,
    slash: &mut bool,
    path_start: &mut usize,
    point: u8,
) {
    if !*slash {
        *path_start = tokens.len();
    }
    tokens.push(Token {
        point,
        joined: *slash,
    });
    *slash = false;
}

/// True when `text` says "no checker moves".
pub(super) fn is_no_move(text: &str) -> bool {
    let t = text.trim();
    t.eq_ignore_ascii_case(NO_MOVE) || t == "-"
}

/// User text quoted in a message: at most 40 characters, cut with `...`.
pub(crate) fn cut(text: &str) -> String {
    cut_to(text, 40)
}

/// `text` cut to `max` characters, `...` added when it was longer.
pub(crate) fn cut_to(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((end, _)) => format!("{}...", &text[..end]),
        None => text.to_string(),
    }
}
