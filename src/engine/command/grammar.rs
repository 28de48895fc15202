//! The command grammar, in `nom` combinators over the line's text, with an
//! error type that carries the protocol error of the first thing that did
//! not fit.

use super::{
    Command, GoCommand, PositionBase, PositionCommand, StartScore, MAX_BENCH_DEPTH, MAX_PERFT_DEPTH,
};
use crate::cube::Crawford;
use crate::engine::error::{quote, EngineError, ErrorCode};
use crate::game::Phase;
use crate::numbers::Side;
use nom::branch::alt;
use nom::bytes::complete::{tag, take_till1, take_while1};
use nom::character::complete::digit1;
use nom::combinator::{eof, map, map_res, opt, peek, rest, value};
use nom::error::{ErrorKind, FromExternalError, ParseError};
use nom::multi::{many0, separated_list1};
use nom::sequence::{pair, preceded, terminated};
use nom::{Err, IResult};

/// Reads one line. `Ok(None)` for an empty (or blank) line, which is ignored.
pub fn parse_command(line: &str) -> Result<Option<Command>, EngineError> {
    let line = line.trim_matches(is_sep);
    if line.is_empty() {
        return Ok(None);
    }
    let (args, name) = token(line).map_err(|_| EngineError::syntax("empty command"))?;
    let no_args = |cmd: Command| {
        finish(Ok((args, cmd)), |found| {
            format!("{name} takes no arguments, found {found}")
        })
    };
    let cmd = match name {
        "ncbp" => no_args(Command::Ncbp),
        "isready" => no_args(Command::IsReady),
        "newgame" => no_args(Command::NewGame),
        "stop" => no_args(Command::Stop),
        "legal" => no_args(Command::Legal),
        "d" => no_args(Command::Display),
        "eval" => no_args(Command::Eval),
        "quit" => no_args(Command::Quit),
        "setoption" => finish(setoption(args), |f| unexpected(name, f)),
        "position" => finish(position(args), |f| unexpected(name, f)),
        "choose-number" => finish(
            map(arg(digits, |f| format!("choose-number needs a number, found {f}")), |d: &str| {
                Command::ChooseNumber(d.to_string())
            })(args),
            |f| unexpected(name, f),
        ),
        "move" => finish(
            map(arg(rest, |_| "move needs a play, like 24/18,13/8".to_string()), |p: &str| {
                Command::Move(p.to_string())
            })(args),
            |f| unexpected(name, f),
        ),
        "go" => finish(many0(preceded(sep, go_limit))(args), |f| {
            format!("{f} is not a go limit (depth, nodes, movetime, xtime, ytime, xinc, yinc, movestogo, infinite, multipv)")
        })
        .and_then(go_command)
        .map(Command::Go),
        "perft" => finish(
            arg(number, |f| format!("perft needs a depth, found {f}"))(args),
            |f| unexpected(name, f),
        )
        .and_then(|d| bounded(d, 0, MAX_PERFT_DEPTH, "perft depth"))
        .map(Command::Perft),
        "bench" => finish(
            opt(preceded(
                pair(sep, keyword("depth")),
                arg(number, |f| format!("depth needs a number, found {f}")),
            ))(args),
            |f| unexpected(name, f),
        )
        .and_then(|d| {
            d.map(|d| bounded(d, 1, MAX_BENCH_DEPTH, "bench depth"))
                .transpose()
        })
        .map(|depth| Command::Bench { depth }),
        _ => Err(EngineError::new(
            ErrorCode::UnknownCommand,
            format!("'{}' is not a command", quote(name)),
        )),
    }?;
    Ok(Some(cmd))
}

/// The parse error: `None` lets `alt` and `opt` try something else, `Some`
/// is the final answer.
#[derive(Debug)]
struct PErr(Option<EngineError>);

impl<'a> ParseError<&'a str> for PErr {
    fn from_error_kind(_: &'a str, _: ErrorKind) -> PErr {
        PErr(None)
    }
    fn append(_: &'a str, _: ErrorKind, other: PErr) -> PErr {
        other
    }
}

impl<'a, E> FromExternalError<&'a str, E> for PErr {
    fn from_external_error(_: &'a str, _: ErrorKind, _: E) -> PErr {
        PErr(None)
    }
}

type Res<'a, T> = IResult<&'a str, T, PErr>;

fn is_sep(c: char) -> bool {
    c == ' ' || c == '\t'
}

/// Spaces and tabs between tokens.
fn sep(i: &str) -> Res<'_, &str> {
    take_while1(is_sep)(i)
}

/// A whitespace-free token.
fn token(i: &str) -> Res<'_, &str> {
    take_till1(is_sep)(i)
}

/// Exactly the word `k`, as a whole token.
fn keyword<'a>(k: &'static str) -> impl FnMut(&'a str) -> Res<'a, &'a str> {
    terminated(tag(k), peek(alt((sep, eof))))
}

/// A non-negative decimal integer token (that fits in 64 bits).
fn number(i: &str) -> Res<'_, u64> {
    map_res(digits, str::parse::<u64>)(i)
}

/// Digits, as a whole token.
fn digits(i: &str) -> Res<'_, &str> {
    terminated(digit1, peek(alt((sep, eof))))(i)
}

/// What the text at `i` starts with, for messages: `'foo'` or `end of line`.
fn found(i: &str) -> String {
    match i.trim_start_matches(is_sep).split(is_sep).next() {
        None | Some("") => "end of line".to_string(),
        Some(word) => format!("'{}'", quote(word)),
    }
}

/// An argument: a separator, then `p`; when `p` does not match, the command
/// fails with the syntax error `msg(found)`.
fn arg<'a, O>(
    mut p: impl FnMut(&'a str) -> Res<'a, O>,
    msg: impl Fn(String) -> String,
) -> impl FnMut(&'a str) -> Res<'a, O> {
    move |i: &'a str| {
        let failed = || Err::Failure(PErr(Some(EngineError::syntax(msg(found(i))))));
        let (after, _) = sep(i).map_err(|_| failed())?;
        match p(after) {
            Err(Err::Error(PErr(None))) => Err(failed()),
            other => other,
        }
    }
}

/// Ends a command: nothing may be left but separators.
fn finish<O>(r: Res<'_, O>, leftover: impl Fn(String) -> String) -> Result<O, EngineError> {
    match r {
        Ok((rest, o)) if rest.trim_matches(is_sep).is_empty() => Ok(o),
        Ok((rest, _)) => Err(EngineError::syntax(leftover(found(rest)))),
        Err(Err::Error(PErr(Some(e))) | Err::Failure(PErr(Some(e)))) => Err(e),
        Err(_) => Err(EngineError::syntax("malformed arguments")),
    }
}

/// The message for what is left after a command's arguments were read.
fn unexpected(command: &str, found: String) -> String {
    format!("unexpected {found} in {command}")
}

fn bounded(n: u64, min: u32, max: u32, what: &str) -> Result<u32, EngineError> {
    if (u64::from(min)..=u64::from(max)).contains(&n) {
        Ok(n as u32)
    } else {
        Err(EngineError::syntax(format!(
            "{what} must be {min}-{max}, not {n}"
        )))
    }
}

/// `name <Name words> [value <V>]`.
fn setoption(i: &str) -> Res<'_, Command> {
    let (i, _) = arg(keyword("name"), |f| {
        format!("setoption needs 'name <Name> [value <V>]', found {f}")
    })(i)?;
    let not_value = |t: &&str| *t != "value";
    let name_words = separated_list1(sep, nom::combinator::verify(token, not_value));
    let (i, words) = arg(name_words, |_| "setoption needs an option name".to_string())(i)?;
    // `value` with nothing after it is the empty string (as UCI GUIs send
    // an empty string option), which each option then judges.
    let (i, value) = opt(preceded(
        pair(sep, keyword("value")),
        map(opt(preceded(sep, rest)), Option::unwrap_or_default),
    ))(i)?;
    Ok((
        i,
        Command::SetOption {
            name: words.join(" "),
            value: value.map(|v: &str| v.trim_matches(is_sep).to_string()),
        },
    ))
}

/// `startpos | state <ID> | posid <ID> [fields]`, then `[moves <token>...]`.
fn position(i: &str) -> Res<'_, Command> {
    let base = alt((
        value(PositionBase::StartPos, keyword("startpos")),
        map(
            preceded(
                keyword("state"),
                arg(token, |f| format!("state needs a full-state ID, found {f}")),
            ),
            |id| PositionBase::State(id.to_string()),
        ),
        preceded(keyword("posid"), posid),
    ));
    let (i, base) = arg(base, |f| {
        format!("position needs startpos, state <ID> or posid <ID>, found {f}")
    })(i)?;
    let (i, score) = if base == PositionBase::StartPos {
        opt(preceded(pair(sep, keyword("score")), start_score))(i)?
    } else {
        (i, None)
    };
    let (i, moves) = opt(preceded(
        pair(sep, keyword("moves")),
        many0(preceded(sep, token)),
    ))(i)?;
    Ok((
        i,
        Command::Position(PositionCommand {
            base,
            moves: moves
                .unwrap_or_default()
                .into_iter()
                .map(str::to_string)
                .collect(),
            score,
        }),
    ))
}

/// `<x> <y> [crawford|postcrawford]` after `score`.
fn start_score(i: &str) -> Res<'_, StartScore> {
    let (i, x) = arg(number, |f| format!("score needs X's points, found {f}"))(i)?;
    let (i, y) = arg(number, |f| format!("score needs Y's points, found {f}"))(i)?;
    let (i, crawford) = opt(preceded(
        sep,
        alt((
            value(Crawford::Game, keyword("crawford")),
            value(Crawford::After, keyword("postcrawford")),
        )),
    ))(i)?;
    Ok((
        i,
        StartScore {
            x,
            y,
            crawford: crawford.unwrap_or_default(),
        },
    ))
}

/// One field of `posid`.
#[derive(Clone, Copy)]
enum PosIdField {
    Side(Side),
    Numbers(u64, Option<u64>),
    Credits(u64, u64),
    Phase(Phase),
}

/// `<Position ID> [side X|Y] [numbers x y|x -] [credits cx cy] [phase pick|play]`.
fn posid(i: &str) -> Res<'_, PositionBase> {
    let (i, id) = arg(token, |f| format!("posid needs a Position ID, found {f}"))(i)?;
    let side = preceded(
        keyword("side"),
        arg(
            alt((
                value(Side::X, alt((keyword("X"), keyword("x")))),
                value(Side::Y, alt((keyword("Y"), keyword("y")))),
            )),
            |f| format!("side needs X or Y, found {f}"),
        ),
    );
    let numbers = preceded(
        keyword("numbers"),
        pair(
            arg(number, |f| format!("numbers needs X's number, found {f}")),
            arg(alt((map(number, Some), value(None, keyword("-")))), |f| {
                format!("numbers needs Y's number or '-', found {f}")
            }),
        ),
    );
    let credits = preceded(
        keyword("credits"),
        pair(
            arg(number, |f| format!("credits needs X's credits, found {f}")),
            arg(number, |f| format!("credits needs Y's credits, found {f}")),
        ),
    );
    let phase = preceded(
        keyword("phase"),
        arg(
            alt((
                value(Phase::Pick, keyword("pick")),
                value(Phase::Play, keyword("play")),
            )),
            |f| format!("phase needs pick or play, found {f}"),
        ),
    );
    let field = alt((
        map(side, PosIdField::Side),
        map(numbers, |(x, y)| PosIdField::Numbers(x, y)),
        map(credits, |(x, y)| PosIdField::Credits(x, y)),
        map(phase, PosIdField::Phase),
    ));
    let (i, fields) = many0(preceded(sep, field))(i)?;
    let mut base = PositionBase::PosId {
        id: id.to_string(),
        side: None,
        numbers: None,
        credits: None,
        phase: None,
    };
    if let PositionBase::PosId {
        side,
        numbers,
        credits,
        phase,
        ..
    } = &mut base
    {
        for f in fields {
            match f {
                PosIdField::Side(s) => *side = Some(s),
                PosIdField::Numbers(x, y) => *numbers = Some((x, y)),
                PosIdField::Credits(x, y) => *credits = Some((x, y)),
                PosIdField::Phase(p) => *phase = Some(p),
            }
        }
    }
    Ok((i, base))
}

/// One limit of `go`: its name and its value (`infinite` has none).
fn go_limit(i: &str) -> Res<'_, (&'static str, u64)> {
    fn with_value<'a>(name: &'static str) -> impl FnMut(&'a str) -> Res<'a, (&'static str, u64)> {
        map(
            preceded(
                keyword(name),
                arg(number, move |f| format!("{name} needs a number, found {f}")),
            ),
            move |v| (name, v),
        )
    }
    alt((
        value(("infinite", 0), keyword("infinite")),
        with_value("depth"),
        with_value("nodes"),
        with_value("movetime"),
        with_value("xtime"),
        with_value("ytime"),
        with_value("xinc"),
        with_value("yinc"),
        with_value("movestogo"),
        with_value("multipv"),
    ))(i)
}

fn go_command(limits: Vec<(&'static str, u64)>) -> Result<GoCommand, EngineError> {
    let mut go = GoCommand::default();
    for (name, v) in limits {
        match name {
            "infinite" => go.infinite = true,
            "depth" => {
                if v == 0 {
                    return Err(EngineError::syntax("depth must be at least 1"));
                }
                go.depth = Some(v.min(u64::from(u32::MAX)) as u32);
            }
            "nodes" => go.nodes = Some(v),
            "movetime" => go.movetime = Some(v),
            "xtime" => go.xtime = Some(v),
            "ytime" => go.ytime = Some(v),
            "xinc" => go.xinc = Some(v),
            "yinc" => go.yinc = Some(v),
            "movestogo" => {
                if v == 0 {
                    return Err(EngineError::syntax("movestogo must be at least 1"));
                }
                go.movestogo = Some(v.min(u64::from(u32::MAX)) as u32);
            }
            "multipv" => {
                if v == 0 {
                    return Err(EngineError::syntax("multipv must be at least 1"));
                }
                go.multipv = Some(v.min(1024) as usize);
            }
            _ => unreachable!("go_limit only yields the names above"),
        }
    }
    Ok(go)
}
