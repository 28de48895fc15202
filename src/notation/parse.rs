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
use super::simulate::{check_sources, explain, leg_fits, Search};
use super::written::{is_no_move, read, syntax, PlayError};
use crate::board::Position;
use crate::movegen::{legal_plays, LegalPlay};
use crate::pair::Pair;

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

/// Checks that `text` reads as a checker play in some position (or as "no
/// move"), whatever the position and pair: the syntax alone.
///
/// ```
/// use ncbg::notation::{check_play_syntax, PlayError};
/// assert!(check_play_syntax("24/18*,13/8").is_ok());
/// assert!(check_play_syntax("pass").is_ok());
/// assert!(matches!(check_play_syntax("Alphabet"), Err(PlayError::Syntax(_))));
/// ```
pub fn check_play_syntax(text: &str) -> Result<(), PlayError> {
    if is_no_move(text) {
        return Ok(());
    }
    if text.trim().is_empty() {
        return Err(syntax("empty play"));
    }
    read(text).map(|_| ())
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
