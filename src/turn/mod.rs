//! Turns: what the side to move does in one step of a game ([`Turn`]), the
//! legal ones ([`legal_turns`], [`random_turn`]), and turn tokens
//! (`protocol/ncbp.md` §2) read against a game: `3`, `6:24/18,13/8`,
//! `24/18,13/8`, `pass`, `6:pass`, `-`, and the cube actions `double`,
//! `take`, `drop`, `beaver`.
//!
//! [`Turn`] is the one turn type of the library: the search answers with
//! one, the engine prints its token, the referee and the analysis read
//! tokens into one. This is the one reader of turn tokens: the engine (`position ... moves`,
//! `move`), the referee (an engine's `bestmove`) and the analysis (a match
//! file's moves) all use [`read`], with one error type, [`TurnError`]. Each
//! caller maps the error to its own vocabulary (an `error` code, a forfeit
//! reason, a message).

mod legal;

use crate::cube::CubeAction;
use crate::game::{GameState, RuleError};
use crate::movegen::LegalPlay;
use crate::notation::{check_play_syntax, cut, format_play_token};
use std::fmt;

pub(crate) use legal::children_into;
pub use legal::{legal_turns, random_turn};

/// Which tokens a caller accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TurnForm {
    /// Any single step of a game, as a GUI may send it: a number alone picks
    /// (in turn 0 or before a checker play), `n:play` picks and plays, a play
    /// alone plays the pending pair. `n:play` while a pair is pending is an
    /// error ([`RuleError::AlreadyPicked`]).
    Step,
    /// A whole answer to `go` (a `bestmove` token, a match file's move): the
    /// number alone in turn 0, `n:play` when a pick is due, and when the
    /// number is already picked the play alone or `n:play` with that number.
    Answer,
}

/// What the side to move does: a whole `bestmove` answer (a legal turn of
/// [`legal_turns`]), or what a token asks for, checked against the state it
/// was read in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    /// Pick a number (turn 0, or, read in the [`TurnForm::Step`] form, a
    /// pick whose play follows separately).
    Pick(u8),
    /// Pick a number and play the pair it makes.
    PickPlay(u8, LegalPlay),
    /// Play the pair already fixed.
    Play(LegalPlay),
    /// Double, or answer a double (take, drop, beaver).
    Cube(CubeAction),
}

/// Why a token was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TurnError {
    /// Not a turn token of the form the state needs; the message says why.
    Malformed(String),
    /// A number written with more digits than any alphabet has.
    OutOfRange {
        /// The digits as written.
        written: String,
        /// The alphabet size.
        k: u8,
    },
    /// The rules forbid it (a number, a play, the phase, a finished game).
    Rule(RuleError),
}

impl fmt::Display for TurnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TurnError::Malformed(why) => f.write_str(why),
            TurnError::OutOfRange { written, k } => {
                write!(f, "{} is not a number in 1-{k}", cut(written))
            }
            TurnError::Rule(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for TurnError {}

impl From<RuleError> for TurnError {
    fn from(e: RuleError) -> TurnError {
        TurnError::Rule(e)
    }
}

fn is_number(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

/// The number written as the digits `s`, checked by picking it in `state`
/// (a copy is changed).
fn pick(state: &mut GameState, s: &str) -> Result<u8, TurnError> {
    let n: u8 = s.parse().map_err(|_| TurnError::OutOfRange {
        written: s.to_string(),
        k: state.k(),
    })?;
    state.pick(n)?;
    Ok(n)
}

/// A token that is no turn at all, whatever the state: a `<n>:` whose `n`
/// is not a number, or a play that cannot be read as one. Checked before
/// the phase, so that such a token is a syntax error in every phase (the
/// opening, a finished game) and not a phase error.
fn check_syntax(token: &str) -> Result<(), TurnError> {
    if is_number(token) {
        return Ok(());
    }
    let play = match token.split_once(':') {
        Some((n, _)) if !is_number(n) => {
            return Err(TurnError::Malformed(format!(
                "'{}' is not a turn like 6:24/18,13/8",
                cut(token)
            )))
        }
        Some((_, play)) => play,
        None => token,
    };
    check_play_syntax(play).map_err(|e| RuleError::Play(e).into())
}

/// Reads `token` (surrounding whitespace ignored) in `state`, checking it
/// fully against the rules; `state` is not changed.
pub fn read(state: &GameState, token: &str, form: TurnForm) -> Result<Turn, TurnError> {
    let token = token.trim();
    if let Some(action) = CubeAction::from_token(token) {
        let mut next = *state;
        next.cube_action(action)?;
        return Ok(Turn::Cube(action));
    }
    check_syntax(token)?;
    if let Some(r) = state.result() {
        return Err(RuleError::GameOver(r).into());
    }
    let mut next = *state;
    if is_number(token) {
        if form == TurnForm::Answer && !state.in_opening() {
            let why = match state.pending_pair() {
                Some(_) => "a checker play is due, not a number",
                None => "expected <number>:<play>",
            };
            return Err(TurnError::Malformed(format!("'{}': {why}", cut(token))));
        }
        return Ok(Turn::Pick(pick(&mut next, token)?));
    }
    match token.split_once(':') {
        Some((n, play)) => {
            // `n` is a number: check_syntax above.
            if state.in_opening() {
                return Err(RuleError::Opening.into());
            }
            if let Some(pair) = state.pending_pair() {
                let own = state.numbers().current(state.to_move());
                let same = n.parse::<u8>().ok() == own;
                if form == TurnForm::Step || !same {
                    return Err(RuleError::AlreadyPicked { pair }.into());
                }
                return Ok(Turn::Play(state.parse_play(play)?));
            }
            let n = pick(&mut next, n)?;
            Ok(Turn::PickPlay(n, next.parse_play(play)?))
        }
        None => {
            if state.in_opening() {
                return Err(RuleError::Opening.into());
            }
            Ok(Turn::Play(state.parse_play(token)?))
        }
    }
}

impl Turn {
    /// Applies the turn to the state it was read in, checking it against the
    /// rules (on error `state` is unchanged).
    pub fn apply(&self, state: &mut GameState) -> Result<(), RuleError> {
        let mut next = *state;
        match self {
            Turn::Pick(n) => next.pick(*n)?,
            Turn::PickPlay(n, lp) => {
                next.pick(*n)?;
                next.play(lp)?;
            }
            Turn::Play(lp) => next.play(lp)?,
            Turn::Cube(a) => next.cube_action(*a)?,
        }
        *state = next;
        Ok(())
    }

    /// The state after a turn of `state` (one of [`legal_turns`], or a token
    /// read in either [`TurnForm`]: a pick alone after turn 0 leaves its
    /// pair's play pending), without checks: for turns known to be legal,
    /// as the search's.
    pub fn after(&self, state: &GameState) -> GameState {
        match self {
            Turn::Pick(n) if state.in_opening() => state.after_opening_pick(*n),
            // A pick read in its step form: its play follows as a turn.
            Turn::Pick(n) => state.after_pick(*n),
            Turn::PickPlay(n, lp) => state.child(*n, lp.after),
            Turn::Play(lp) => state.after_play(lp.after),
            Turn::Cube(a) => {
                let mut next = *state;
                // Known legal (the contract of this function); an illegal
                // action leaves the state as it was.
                let _ = next.cube_action(*a);
                next
            }
        }
    }

    /// The canonical turn token, in the state the turn is made from: `3`,
    /// `6:24/18,13/8`, `24/18,13/8`.
    pub fn token(&self, state: &GameState) -> String {
        match self {
            Turn::Pick(n) => n.to_string(),
            Turn::PickPlay(n, lp) => state.turn_token(*n, &lp.play),
            Turn::Play(lp) => format_play_token(state.position(), &lp.play),
            Turn::Cube(a) => a.token().to_string(),
        }
    }
}

/// Reads `token` and applies it: the canonical token on success; on error
/// `state` is unchanged.
pub fn apply(state: &mut GameState, token: &str, form: TurnForm) -> Result<String, TurnError> {
    let turn = read(state, token, form)?;
    let canonical = turn.token(state);
    turn.apply(state)?;
    Ok(canonical)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::PlayError;

    fn run(tokens: &[&str], form: TurnForm) -> Result<Vec<String>, TurnError> {
        let mut g = GameState::standard();
        let mut out = Vec::new();
        for t in tokens {
            let before = g;
            match apply(&mut g, t, form) {
                Ok(c) => out.push(c),
                Err(e) => {
                    assert_eq!(g, before, "an error changes nothing");
                    return Err(e);
                }
            }
        }
        Ok(out)
    }

    #[test]
    fn after_is_what_apply_makes_in_either_form() {
        let mut g = GameState::standard();
        for (token, form) in [
            ("3", TurnForm::Answer),
            ("5", TurnForm::Answer),
            ("6", TurnForm::Step),
            ("24/18,13/8", TurnForm::Step),
            // Y picks X's 6: a doublet, its play pending.
            ("6", TurnForm::Step),
        ] {
            let t = read(&g, token, form).unwrap();
            let mut applied = g;
            t.apply(&mut applied).unwrap();
            assert_eq!(t.after(&g), applied, "{token}");
            g = applied;
        }
    }

    #[test]
    fn step_and_answer_forms() {
        use TurnForm::{Answer, Step};
        assert_eq!(
            run(&["3", "5", "6:13/8,24/18"], Answer).unwrap(),
            ["3", "5", "6:24/18,13/8"]
        );
        assert_eq!(
            run(&["3", "5", "6", " 24/13 "], Step).unwrap(),
            ["3", "5", "6", "24/13"]
        );
        assert!(matches!(
            run(&["3", "5", "6"], Answer),
            Err(TurnError::Malformed(_))
        ));
        assert!(matches!(
            run(&["3", "99999"], Step),
            Err(TurnError::OutOfRange { k: 6, .. })
        ));
        assert!(matches!(
            run(&["3:24/21"], Step),
            Err(TurnError::Rule(RuleError::Opening))
        ));
        assert!(matches!(
            run(&["3", "5", "24/13"], Step),
            Err(TurnError::Rule(RuleError::NotPicked))
        ));
        assert!(matches!(
            run(&["3", "5", "x:24/13"], Step),
            Err(TurnError::Malformed(_))
        ));
        assert!(matches!(
            run(&["3", "5", "6:fly"], Answer),
            Err(TurnError::Rule(RuleError::Play(PlayError::Syntax(_))))
        ));
        // A pending pair: the same number may be repeated in an answer only.
        let mut p = crate::ids::state_id::decode("4HPwATDgc/ABMA:Xplay:x6y5:d22:k6").unwrap();
        assert!(matches!(
            read(&p, "6:24/13", Step),
            Err(TurnError::Rule(RuleError::AlreadyPicked { .. }))
        ));
        assert!(matches!(
            read(&p, "5:24/13", Answer),
            Err(TurnError::Rule(RuleError::AlreadyPicked { .. }))
        ));
        assert_eq!(apply(&mut p, "6:24/13", Answer).unwrap(), "24/13");
    }

    #[test]
    fn cube_tokens_are_turns() {
        use crate::cube::{CubeError, Terms};
        let mut g = GameState::standard();
        g.set_terms(Terms {
            cube: true,
            ..Terms::default()
        });
        for t in ["3", "5"] {
            apply(&mut g, t, TurnForm::Answer).unwrap();
        }
        // The cube token is checked against the state, before any syntax of plays.
        assert_eq!(
            read(&g, "take", TurnForm::Answer),
            Err(TurnError::Rule(RuleError::Cube(CubeError::NoOffer)))
        );
        assert_eq!(
            apply(&mut g, " double ", TurnForm::Answer).unwrap(),
            "double"
        );
        assert_eq!(
            legal_turns(&g),
            [Turn::Cube(CubeAction::Take), Turn::Cube(CubeAction::Drop)]
        );
        let before = g;
        assert!(matches!(
            apply(&mut g, "6:24/18,13/8", TurnForm::Answer),
            Err(TurnError::Rule(RuleError::Cube(CubeError::OfferPending)))
        ));
        assert_eq!(g, before);
        let take = read(&g, "take", TurnForm::Step).unwrap();
        assert_eq!(take.after(&g).cube().value(), 2);
        apply(&mut g, "take", TurnForm::Step).unwrap();
        assert_eq!(take.after(&before), g);
        assert_eq!(
            apply(&mut g, "6:24/18,13/8", TurnForm::Answer).unwrap(),
            "6:24/18,13/8"
        );
        // Today's game: no cube.
        let mut plain = GameState::standard();
        for t in ["3", "5"] {
            apply(&mut plain, t, TurnForm::Answer).unwrap();
        }
        assert_eq!(
            read(&plain, "double", TurnForm::Answer),
            Err(TurnError::Rule(RuleError::Cube(CubeError::NoCube)))
        );
        // Not a cube token: a syntax error as before.
        assert!(read(&plain, "Double", TurnForm::Answer).is_err());
    }
}
