//! Tests of the command grammar.

use super::*;
use crate::engine::error::{EngineError, ErrorCode};

fn ok(line: &str) -> Command {
    parse_command(line).unwrap().unwrap()
}

fn err(line: &str) -> EngineError {
    parse_command(line).unwrap_err()
}

#[test]
fn simple_commands() {
    assert_eq!(ok("isready"), Command::IsReady);
    assert_eq!(ok("  \td \t"), Command::Display);
    assert_eq!(parse_command(" \t ").unwrap(), None);
    assert_eq!(err("isready now").code, ErrorCode::Syntax);
    assert_eq!(err("fly").code, ErrorCode::UnknownCommand);
    assert_eq!(err("ISREADY").code, ErrorCode::UnknownCommand);
}

#[test]
fn setoption_names_and_values() {
    assert_eq!(
        ok("setoption name Clear  Hash"),
        Command::SetOption {
            name: "Clear Hash".into(),
            value: None
        }
    );
    assert_eq!(
        ok("setoption name hash value 32"),
        Command::SetOption {
            name: "hash".into(),
            value: Some("32".into())
        }
    );
    assert_eq!(err("setoption name").code, ErrorCode::Syntax);
    assert_eq!(err("setoption Hash").code, ErrorCode::Syntax);
    // `value` with nothing after it: the empty string (the option judges it).
    for line in [
        "setoption name Tables value",
        "setoption name Tables value \t ",
    ] {
        assert_eq!(
            ok(line),
            Command::SetOption {
                name: "Tables".into(),
                value: Some(String::new())
            }
        );
    }
    // A name word `value` still needs the name before it.
    assert_eq!(err("setoption name value 3").code, ErrorCode::Syntax);
}

#[test]
fn position_with_a_match_score() {
    use crate::cube::Crawford;
    assert_eq!(
        ok("position startpos score 4 2 crawford moves 3 5"),
        Command::Position(PositionCommand {
            base: PositionBase::StartPos,
            moves: vec!["3".into(), "5".into()],
            score: Some(StartScore {
                x: 4,
                y: 2,
                crawford: Crawford::Game
            }),
        })
    );
    assert_eq!(
        ok("position startpos score 4 4 postcrawford"),
        Command::Position(PositionCommand {
            base: PositionBase::StartPos,
            moves: vec![],
            score: Some(StartScore {
                x: 4,
                y: 4,
                crawford: Crawford::After
            }),
        })
    );
    for bad in [
        "position startpos score 4",
        "position startpos score x 2",
        "position startpos crawford",
        "position state 4HPwATDgc/ABMA:Xpick:x3y5:d22:k6 score 1 2",
    ] {
        assert_eq!(err(bad).code, ErrorCode::Syntax, "{bad}");
    }
}

#[test]
fn position_forms() {
    assert_eq!(
        ok("position startpos moves 3 5 6:24/13"),
        Command::Position(PositionCommand {
            base: PositionBase::StartPos,
            moves: vec!["3".into(), "5".into(), "6:24/13".into()],
            score: None,
        })
    );
    assert_eq!(
        ok("position posid 4HPwATDgc/ABMA phase play numbers 3 5 side Y credits 1 2"),
        Command::Position(PositionCommand {
            base: PositionBase::PosId {
                id: "4HPwATDgc/ABMA".into(),
                side: Some(Side::Y),
                numbers: Some((3, Some(5))),
                credits: Some((1, 2)),
                phase: Some(Phase::Play),
            },
            moves: vec![],
            score: None,
        })
    );
    assert_eq!(
        ok("position posid 4HPwATDgc/ABMA numbers 3 -"),
        Command::Position(PositionCommand {
            base: PositionBase::PosId {
                id: "4HPwATDgc/ABMA".into(),
                side: None,
                numbers: Some((3, None)),
                credits: None,
                phase: None,
            },
            moves: vec![],
            score: None,
        })
    );
    for bad in [
        "position",
        "position start",
        "position state",
        "position startpos 3 5",
        "position posid",
        "position posid 4HPwATDgc/ABMA side Z",
        "position posid 4HPwATDgc/ABMA numbers 3",
        "position posid 4HPwATDgc/ABMA phase roll",
        "position startpos moves 3 extra moves",
    ] {
        let e = parse_command(bad);
        // "moves 3 extra moves" is just three tokens: checked later.
        if bad.ends_with("extra moves") {
            assert!(e.is_ok());
        } else {
            assert_eq!(e.unwrap_err().code, ErrorCode::Syntax, "{bad}");
        }
    }
}

#[test]
fn go_limits() {
    assert_eq!(
        ok("go depth 3 multipv 2 xtime 1000 infinite"),
        Command::Go(GoCommand {
            depth: Some(3),
            multipv: Some(2),
            xtime: Some(1000),
            infinite: true,
            ..GoCommand::default()
        })
    );
    assert_eq!(
        ok("go xtime 60000 xinc 600 movestogo 40"),
        Command::Go(GoCommand {
            xtime: Some(60000),
            xinc: Some(600),
            movestogo: Some(40),
            ..GoCommand::default()
        })
    );
    assert_eq!(ok("go"), Command::Go(GoCommand::default()));
    for bad in [
        "go depth",
        "go depth x",
        "go depth -1",
        "go ponder",
        "go multipv 0",
        "go movestogo 0",
        "go depth 0",
        "go nodes 99999999999999999999999",
    ] {
        assert_eq!(err(bad).code, ErrorCode::Syntax, "{bad}");
    }
}

#[test]
fn numbers_and_moves() {
    assert_eq!(ok("choose-number 12"), Command::ChooseNumber("12".into()));
    assert_eq!(err("choose-number").code, ErrorCode::Syntax);
    let extra = err("choose-number 1 2");
    assert_eq!(extra.code, ErrorCode::Syntax);
    assert!(
        extra.message.contains("'2'") && extra.message.contains("choose-number"),
        "{}",
        extra.message
    );
    assert_eq!(err("choose-number 1.5").code, ErrorCode::Syntax);
    assert_eq!(ok("move 24/18 13/8"), Command::Move("24/18 13/8".into()));
    assert_eq!(err("move").code, ErrorCode::Syntax);
    assert_eq!(ok("perft 2"), Command::Perft(2));
    assert_eq!(err("perft 99").code, ErrorCode::Syntax);
    assert_eq!(ok("bench"), Command::Bench { depth: None });
    assert_eq!(ok("bench depth 2"), Command::Bench { depth: Some(2) });
    assert_eq!(err("bench 2").code, ErrorCode::Syntax);
}
