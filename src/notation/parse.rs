//! Reading a play written by a person or another program, leniently.
//!
//! Accepted: gnubg's forms (`24/18 13/8`, `bar/22*`, `6/off`, `13/7(2)`, the
//! combined `24/13`, chains `24/22*/20*/18`, bare pairs `8 5 6 5`, `b`/`bar`/`25`
//! for the bar, `o`/`off`/`0` for off), commas as separators (`24/18,13/8`), the
//! paths in any order, and `pass` (or `-`) when no checker can move. Stars are
//! optional; they only settle which of two results was meant when a path's
//! route is left open (`24/13` through a blot or not).
//!
//! A play is read by simulating its steps under the rules, trying each order
//! of the paths and each way of splitting a path into the numbers of the pair,
//! and keeping the results that are legal plays. An input that leads to no
//! legal play is rejected with the reason.

use super::format::{format_play, point_name, NO_MOVE};
use crate::board::{Position, BAR, OFF};
use crate::movegen::{legal_plays, LegalPlay};
use crate::pair::Pair;
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
struct WrittenPath {
    points: Vec<u8>,
}

/// A play as written: the paths and the points marked with `*`.
#[derive(Clone, Debug, Default)]
struct Written {
    paths: Vec<WrittenPath>,
    stars: u32,
}

/// One piece of text: a point, and whether `/` joined it to the point before.
#[derive(Clone, Copy, Debug)]
struct Token {
    point: u8,
    joined: bool,
}

fn syntax(why: impl Into<String>) -> PlayError {
    PlayError::Syntax(why.into())
}

/// Splits the text into paths, following gnubg's reading: points pair up into
/// (from, to) moves, and a `/` after a destination makes it the next source.
fn read(text: &str) -> Result<Written, PlayError> {
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
            let n: u32 = s.parse().map_err(|_| syntax(format!("bad point '{s}'")))?;
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
            let word: String = chars[start..i]
                .iter()
                .collect::<String>()
                .to_ascii_lowercase();
            let point = match word.as_str() {
                "bar" | "b" => BAR as u8,
                "off" | "o" => OFF as u8,
                _ => return Err(syntax(format!("unexpected '{word}'"))),
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
                return Err(syntax(format!(
                    "unexpected character '{}'",
                    c.escape_default()
                )))
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

fn push_point(tokens: &mut Vec<Token>, slash: &mut bool, path_start: &mut usize, point: u8) {
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
fn is_no_move(text: &str) -> bool {
    let t = text.trim();
    t.eq_ignore_ascii_case(NO_MOVE) || t == "-"
}

/// Reads `text` as a play of `pair` from `pos` and returns the legal play it
/// means (its canonical steps and result).
///
/// ```
/// use ncbg::board::Variant;
/// use ncbg::notation::{format_play, parse_play};
/// use ncbg::pair::Pair;
///
/// let start = Variant::Standard.start();
/// let pair = Pair::new(6, 5).unwrap();
/// let play = parse_play("24/13", &start, pair).unwrap();
/// assert_eq!(format_play(&start, &play.play), "24/13");
/// assert!(parse_play("24/14", &start, pair).is_err());
/// ```
pub fn parse_play(text: &str, pos: &Position, pair: Pair) -> Result<LegalPlay, PlayError> {
    let legal = legal_plays(pos, pair);
    parse_among(text, pos, pair, &legal)
}

/// Like [`parse_play`], with the legal plays already generated.
pub fn parse_among(
    text: &str,
    pos: &Position,
    pair: Pair,
    legal: &[LegalPlay],
) -> Result<LegalPlay, PlayError> {
    let none_legal = legal.len() == 1 && legal[0].play.is_none();
    if is_no_move(text) {
        return if none_legal {
            Ok(legal[0])
        } else {
            Err(PlayError::Illegal(format!(
                "checkers can move with {}-{}, so '{}' is not legal",
                pair.hi(),
                pair.lo(),
                text.trim()
            )))
        };
    }
    if text.trim().is_empty() {
        return Err(syntax("empty play"));
    }
    let written = read(text)?;
    if none_legal {
        return Err(PlayError::Illegal(format!(
            "no checker can move with {}-{}: the only play is {NO_MOVE}",
            pair.hi(),
            pair.lo()
        )));
    }
    check_sources(&written, pos)?;

    let dice: Vec<usize> = if pair.is_doublet() {
        vec![pair.hi() as usize; 4]
    } else {
        vec![pair.hi() as usize, pair.lo() as usize]
    };
    if written.paths.len() > dice.len() {
        return Err(PlayError::Illegal(format!(
            "{} paths written, but {}-{} moves at most {} checkers",
            written.paths.len(),
            pair.hi(),
            pair.lo(),
            dice.len()
        )));
    }
    for path in &written.paths {
        for leg in path.points.windows(2) {
            if !leg_fits(leg[0] as usize, leg[1] as usize, &dice) {
                return Err(PlayError::Illegal(format!(
                    "{}/{} cannot be played with {}-{}",
                    point_name(leg[0]),
                    point_name(leg[1]),
                    pair.hi(),
                    pair.lo()
                )));
            }
        }
    }
    let mut search = Search {
        written: &written,
        found: Vec::new(),
        pair,
        failure: None,
    };
    let mut at: Vec<u8> = written.paths.iter().map(|p| p.points[0]).collect();
    let mut next: Vec<usize> = vec![1; written.paths.len()];
    search.walk(*pos, &dice, &mut at, &mut next, 0, 0);

    // Keep the simulated results that are legal plays.
    let mut candidates: Vec<(LegalPlay, u32)> = Vec::new();
    for found in &search.found {
        if let Some(lp) = legal.iter().find(|lp| lp.after == found.after) {
            if !candidates.iter().any(|(c, _)| c.after == lp.after) {
                candidates.push((*lp, found.hits));
            }
        }
    }
    match candidates.len() {
        0 => Err(PlayError::Illegal(explain(&search, pair, legal))),
        1 => Ok(candidates[0].0),
        _ => {
            // The result whose hits best agree with the stars written.
            let mismatch = |hits: u32| (hits ^ written.stars).count_ones();
            let best = candidates
                .iter()
                .map(|(_, h)| mismatch(*h))
                .min()
                .unwrap_or(0);
            let best: Vec<&(LegalPlay, u32)> = candidates
                .iter()
                .filter(|(_, h)| mismatch(*h) == best)
                .collect();
            if best.len() == 1 {
                Ok(best[0].0)
            } else {
                Err(PlayError::Ambiguous(
                    best.iter()
                        .map(|(lp, _)| format_play(pos, &lp.play))
                        .collect(),
                ))
            }
        }
    }
}

/// True when some of the numbers add up to the leg's distance (for a bear-off,
/// reach or pass it).
fn leg_fits(from: usize, to: usize, dice: &[usize]) -> bool {
    let distance = from - to;
    (1..1u32 << dice.len()).any(|subset| {
        let sum: usize = (0..dice.len())
            .filter(|&i| subset & (1 << i) != 0)
            .map(|i| dice[i])
            .sum();
        sum == distance || (to == OFF && sum > distance)
    })
}

/// Every path must start where the mover has a checker (counting paths that
/// start on the same point), or where an earlier path lands.
fn check_sources(written: &Written, pos: &Position) -> Result<(), PlayError> {
    let mut available = pos.mover().to_slots();
    let mut landed = [0u8; 26];
    for path in &written.paths {
        let from = path.points[0] as usize;
        if available[from] > 0 {
            available[from] -= 1;
        } else if landed[from] > 0 {
            landed[from] -= 1;
        } else {
            return Err(PlayError::Illegal(if from == BAR {
                "no checker on the bar".to_string()
            } else if pos.mover().count(from) == 0 {
                format!("no checker on {from}")
            } else {
                format!("not enough checkers on {from}")
            }));
        }
        landed[*path.points.last().expect("two points") as usize] += 1;
    }
    Ok(())
}

/// A result the written paths reach, step by step legally.
struct Reached {
    after: Position,
    /// Points where a checker was hit.
    hits: u32,
    /// Numbers used.
    steps: usize,
}

/// The simulation of a written play.
struct Search<'a> {
    written: &'a Written,
    /// Results reached with every path made.
    found: Vec<Reached>,
    /// The pair, for messages.
    pair: Pair,
    /// The reason to report if nothing works: a broken rule beats a notation
    /// that no numbers fit; then the one found after the most steps.
    failure: Option<(Failure, usize, String)>,
}

/// Kinds of failure, least telling first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Failure {
    /// The numbers do not fit the written points.
    Notation,
    /// A step breaks a rule.
    Rule,
}

impl Search<'_> {
    fn fail(&mut self, kind: Failure, depth: usize, why: String) {
        if self
            .failure
            .as_ref()
            .is_none_or(|(k, d, _)| (kind, depth) > (*k, *d))
        {
            self.failure = Some((kind, depth, why));
        }
    }

    /// A written leg that the numbers cannot make.
    fn misfit(&mut self, path: usize, next: usize, depth: usize) {
        let points = &self.written.paths[path].points;
        let why = format!(
            "{}/{} cannot be played with {}-{}",
            point_name(points[next - 1]),
            point_name(points[next]),
            self.pair.hi(),
            self.pair.lo()
        );
        self.fail(Failure::Notation, depth, why);
    }

    /// Advances the paths one number at a time, in every interleaving (a
    /// checker may need another to enter from the bar before it moves on).
    /// `at[i]` is where path `i`'s checker stands and `next[i]` the index of
    /// its next waypoint.
    fn walk(
        &mut self,
        pos: Position,
        dice: &[usize],
        at: &mut [u8],
        next: &mut [usize],
        depth: usize,
        hits: u32,
    ) {
        let paths = &self.written.paths;
        if (0..paths.len()).all(|i| next[i] == paths[i].points.len()) {
            self.found.push(Reached {
                after: pos,
                hits,
                steps: depth,
            });
            return;
        }
        // Failures rank by the waypoints reached, so that the most direct
        // reading of what was written explains a rejection.
        let progress: usize = next.iter().sum();
        if dice.is_empty() {
            let i = (0..paths.len())
                .find(|&i| next[i] < paths[i].points.len())
                .expect("a path is unfinished");
            self.misfit(i, next[i], progress);
            return;
        }
        for i in 0..paths.len() {
            if next[i] == paths[i].points.len() {
                continue;
            }
            let (from, target) = (at[i] as usize, paths[i].points[next[i]] as usize);
            for (k, &die) in dice.iter().enumerate() {
                if dice[..k].contains(&die) {
                    continue;
                }
                let Some(to) = self.step(&pos, from, die, progress) else {
                    continue;
                };
                if (to != OFF && to < target) || (to == OFF && target != OFF) {
                    self.misfit(i, next[i], progress);
                    continue;
                }
                let mut rest = dice.to_vec();
                rest.remove(k);
                let mut after = pos;
                let hit = after.move_checker(from, to);
                let hits = if hit { hits | (1 << to) } else { hits };
                let saved = (at[i], next[i]);
                at[i] = to as u8;
                if to == target {
                    next[i] += 1;
                }
                self.walk(after, &rest, at, next, depth + 1, hits);
                (at[i], next[i]) = saved;
            }
        }
    }

    /// One step under the rules, or `None` with the reason recorded at `depth`.
    fn step(&mut self, pos: &Position, from: usize, die: usize, depth: usize) -> Option<usize> {
        let mover = pos.mover();
        if mover.count(from) == 0 {
            self.fail(
                Failure::Rule,
                depth,
                format!("no checker on {}", point_name(from as u8)),
            );
            return None;
        }
        if from != BAR && mover.bar() > 0 {
            self.fail(
                Failure::Rule,
                depth,
                "checkers on the bar must enter first".to_string(),
            );
            return None;
        }
        if from > die {
            let to = from - die;
            if pos.opponent_on(to) >= 2 {
                self.fail(Failure::Rule, depth, format!("point {to} is blocked"));
                return None;
            }
            return Some(to);
        }
        if !mover.all_home() {
            self.fail(
                Failure::Rule,
                depth,
                "cannot bear off while checkers are outside the home board".to_string(),
            );
            return None;
        }
        if from != die && mover.highest() != from {
            self.fail(
                Failure::Rule,
                depth,
                format!(
                    "cannot bear off from {from} with a {die} while a checker is on a higher point"
                ),
            );
            return None;
        }
        Some(OFF)
    }
}

/// Why no simulated result is legal.
fn explain(search: &Search, pair: Pair, legal: &[LegalPlay]) -> String {
    let Some(used) = search.found.iter().map(|f| f.steps).max() else {
        return match &search.failure {
            Some((_, _, why)) => why.clone(),
            None => "not a legal play".to_string(),
        };
    };
    // Every step was legal on its own: the play as a whole breaks the rule of
    // using as many numbers as possible (or the larger one).
    let most = legal
        .iter()
        .map(|lp| lp.play.steps().len())
        .max()
        .unwrap_or(0);
    if pair.is_doublet() {
        format!("must play {most} of the four {}s, not {used}", pair.hi())
    } else if most == 2 {
        format!("must use both numbers ({} and {})", pair.hi(), pair.lo())
    } else {
        format!("must use the larger number ({})", pair.hi())
    }
}
