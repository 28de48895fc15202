//! The `position` command: building the game it describes, checked whole
//! before anything changes.

use super::command::{PositionBase, PositionCommand, StartScore};
use super::error::{quote, EngineError, ErrorCode};
use super::options::Options;
use super::turn_input;
use crate::cube::MatchScore;
use crate::game::{GameState, Phase};
use crate::ids::{position_id, state_id};
use crate::numbers::{Numbers, Side};

/// The game a `position` command describes with the states before each of
/// its `moves` tokens (oldest first), or the first error (naming the turn
/// token and its index, counted from 1, for an illegal `moves` token).
pub fn build(
    cmd: &PositionCommand,
    options: &Options,
) -> Result<(GameState, Vec<GameState>), EngineError> {
    let mut state = base(&cmd.base, options)?;
    state.set_terms(options.terms());
    // An ID carries its own match score; the other forms take the options'.
    if !matches!(cmd.base, PositionBase::State(_)) {
        state.set_match(match_of(cmd.score, options)?);
    }
    state
        .check_stakes()
        .map_err(|e| bad_id(format!("impossible state: {e}")))?;
    let mut history = Vec::with_capacity(cmd.moves.len());
    for (i, token) in cmd.moves.iter().enumerate() {
        history.push(state);
        turn_input::apply(&mut state, token)
            .map_err(|e| e.context(&format!("move {} '{}'", i + 1, quote(token))))?;
    }
    Ok((state, history))
}

/// The match a new game is played in: `MatchLength` and the score given
/// (0-0 by default); none in money play, where a score is an error.
pub fn match_of(
    score: Option<StartScore>,
    options: &Options,
) -> Result<Option<MatchScore>, EngineError> {
    let bad = |why: String| EngineError::new(ErrorCode::BadValue, why);
    if options.match_length == 0 {
        return match score {
            None => Ok(None),
            Some(_) => Err(bad(
                "a score needs a match: set MatchLength first (0 is money play)".into(),
            )),
        };
    }
    let s = score.unwrap_or(StartScore {
        x: 0,
        y: 0,
        crawford: Default::default(),
    });
    let points = |p: u64| u16::try_from(p).unwrap_or(u16::MAX);
    MatchScore::with_score(options.match_length, [points(s.x), points(s.y)], s.crawford)
        .map(Some)
        .map_err(bad)
}

fn bad_id(message: String) -> EngineError {
    EngineError::new(ErrorCode::BadId, message)
}

fn base(base: &PositionBase, options: &Options) -> Result<GameState, EngineError> {
    match base {
        PositionBase::StartPos => Ok(GameState::start(options.variant, options.number_rules())),
        PositionBase::State(id) => state_id::decode(id)
            .map_err(|e| bad_id(format!("'{}' is not a full-state ID: {e}", quote(id)))),
        PositionBase::PosId {
            id,
            side,
            numbers,
            credits,
            phase,
        } => {
            let position = position_id::decode_with(id, options.variant.checkers_per_side())
                .map_err(|e| bad_id(format!("'{}' is not a Position ID: {e}", quote(id))))?;
            let small = |n: u64| u8::try_from(n).unwrap_or(u8::MAX);
            let k = options.alphabet;
            let current = match numbers {
                None => [None, None],
                Some((x, y)) => {
                    for (side, n) in [("X", Some(*x)), ("Y", *y)] {
                        if let Some(n) = n.filter(|&n| n == 0 || n > u64::from(k)) {
                            return Err(bad_id(format!(
                                "impossible state: {side}'s number {n} is outside 1-{k}"
                            )));
                        }
                    }
                    [Some(small(*x)), y.map(small)]
                }
            };
            // In turn 0 after X's pick, Y is to move: that is the default then.
            let default_side = match current {
                [Some(_), None] => Side::Y,
                _ => Side::X,
            };
            let credits = match credits {
                None => [options.doublet_credits; 2],
                Some((x, y)) => [small(*x), small(*y)],
            };
            GameState::new(
                position,
                side.unwrap_or(default_side),
                Numbers::from_parts(current, credits),
                options.alphabet,
                phase.unwrap_or(Phase::Pick),
            )
            .and_then(|mut state| {
                // The Position ID gives the board; the game (its object) is
                // the Variant option's.
                state.set_objective(options.variant.objective())?;
                Ok(state)
            })
            .map_err(|e| bad_id(format!("impossible state: {e}")))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::command::{parse_command, Command};

    fn run(line: &str) -> Result<GameState, EngineError> {
        match parse_command(line).unwrap().unwrap() {
            Command::Position(p) => build(&p, &Options::default()).map(|(g, _)| g),
            other => panic!("not a position: {other:?}"),
        }
    }

    #[test]
    fn forms_agree() {
        let a = run("position startpos moves 3 5 6").unwrap();
        let b = run("position state 4HPwATDgc/ABMA:Xplay:x6y5:d22:k6").unwrap();
        let c = run("position posid 4HPwATDgc/ABMA numbers 6 5 phase play").unwrap();
        assert_eq!(a, b);
        assert_eq!(a, c);
        let d = run("position posid 4HPwATDgc/ABMA numbers 3 -").unwrap();
        assert_eq!(d, run("position startpos moves 3").unwrap());
    }

    #[test]
    fn errors_name_the_token() {
        let e = run("position startpos moves 3 5 6:24/17").unwrap_err();
        assert_eq!(e.code, ErrorCode::IllegalMove);
        assert!(e.message.starts_with("move 3 '6:24/17': "), "{}", e.message);
        assert_eq!(
            run("position state nonsense").unwrap_err().code,
            ErrorCode::BadId
        );
        assert_eq!(
            run("position posid nonsense").unwrap_err().code,
            ErrorCode::BadId
        );
        assert_eq!(
            run("position posid 4HPwATDgc/ABMA numbers 7 5")
                .unwrap_err()
                .code,
            ErrorCode::BadId
        );
        assert_eq!(
            run("position posid 4HPwATDgc/ABMA phase play")
                .unwrap_err()
                .code,
            ErrorCode::BadId
        );
    }
}
