//! The read-only reports: `d` (board and key lines), `legal` and `eval`
//! (with the exact value when a table covers the state).

use crate::board::{Checkers, Objective};
use crate::cube::Crawford;
use crate::eval::cube::CubeAnalysis;
use crate::eval::Evaluator;
use crate::game::{GameState, Phase};
use crate::ids::{position_id, state_id};
use crate::numbers::Side;
use crate::tables::{Exact, Value};
use crate::turn::{legal_turns, Turn};

/// X's and Y's checkers, each in its own coordinates.
fn sides(state: &GameState) -> (Checkers, Checkers) {
    let pos = state.position();
    match state.to_move() {
        Side::X => (pos.mover(), pos.opponent()),
        Side::Y => (pos.opponent(), pos.mover()),
    }
}

/// One board cell: `X5`, `O2` or `.`, three characters wide.
fn cell(x: u8, y: u8) -> String {
    match (x, y) {
        (0, 0) => " . ".to_string(),
        (n, 0) => format!("X{n:<2}"),
        (_, n) => format!("O{n:<2}"),
    }
}

/// The ASCII board, from X's side: X moves from its 24 point (top right)
/// round to its 1 point (bottom right); Y's checkers are shown as `O`.
pub fn board(state: &GameState) -> Vec<String> {
    let (x, y) = sides(state);
    let at = |p: usize| cell(x.count(p), y.count(25 - p));
    let row = |points: &mut dyn Iterator<Item = usize>| -> String {
        let cells: Vec<String> = points.map(at).collect();
        format!("|{}|{}|", cells[..6].concat(), cells[6..].concat())
    };
    let header = |points: &mut dyn Iterator<Item = usize>| -> String {
        let nums: Vec<String> = points.map(|p| format!("{p:^3}")).collect();
        format!(" {} {} ", nums[..6].concat(), nums[6..].concat())
    };
    vec![
        header(&mut (13..=24)),
        row(&mut (13..=24)),
        format!(
            "|{:^18}|{:^18}|",
            format!("bar X{} O{}", x.bar(), y.bar()),
            format!("off X{} O{}", x.off(), y.off())
        ),
        row(&mut (1..=12).rev()),
        header(&mut (1..=12).rev()),
    ]
}

fn number(n: Option<u8>) -> String {
    n.map_or("-".to_string(), |n| n.to_string())
}

/// The key lines of `d` (without the board and `dok`).
pub fn key_lines(state: &GameState) -> Vec<String> {
    let (x, y) = sides(state);
    let numbers = state.numbers();
    let phase = if state.is_over() {
        "over".to_string()
    } else {
        match (state.phase(), state.pending_pair()) {
            (Phase::Play, Some(pair)) => format!("play {}{}", pair.hi(), pair.lo()),
            (Phase::Take, _) => "take".to_string(),
            _ => "pick".to_string(),
        }
    };
    let result = match state.result() {
        None => "none".to_string(),
        Some(r) if r.dropped => format!("{} drop {}", r.winner, r.points()),
        Some(r) => format!("{} {} {}", r.winner, r.kind, r.points()),
    };
    let mut lines = vec![
        format!("stateid {}", state_id::encode(state)),
        format!("posid {}", position_id::encode(state.position())),
        format!("tomove {}", state.to_move()),
        format!("phase {phase}"),
        format!(
            "numbers x {} y {}",
            number(numbers.current(Side::X)),
            number(numbers.current(Side::Y))
        ),
        format!(
            "credits x {} y {}",
            numbers.credits(Side::X),
            numbers.credits(Side::Y)
        ),
        format!("pips x {} y {}", x.pips(), y.pips()),
        format!("result {result}"),
    ];
    lines.extend(stakes_lines(state));
    lines.extend(variant_lines(state));
    lines
}

/// `d`'s lines on the games of `protocol/rules.md` §9: `pool x <x> y <y>`
/// while a checker waits in a pool (Backgammon Race: the board's picture
/// shows none of them), `variant anti` in Anti-Backgammon.
fn variant_lines(state: &GameState) -> Vec<String> {
    let mut lines = Vec::new();
    let (x, y) = sides(state);
    if x.pool() + y.pool() > 0 {
        lines.push(format!("pool x {} y {}", x.pool(), y.pool()));
    }
    if state.objective() == Objective::BearOffLast {
        lines.push("variant anti".to_string());
    }
    lines
}

/// `d`'s lines on the cube and the match, when the game has either:
/// `cube <value> <centred|X|Y>` and
/// `match <length> score x <x> y <y> [crawford|postcrawford]`.
fn stakes_lines(state: &GameState) -> Vec<String> {
    let mut lines = Vec::new();
    let cube = state.cube();
    let turned = !cube.is_centred() || state.phase() == Phase::Take;
    if state.match_score().is_some() || state.terms().cube || turned {
        let owner = cube
            .owner()
            .map_or("centred".to_string(), |s| s.to_string());
        lines.push(format!("cube {} {owner}", cube.value()));
    }
    if let Some(m) = state.match_score() {
        let crawford = match m.crawford() {
            Crawford::Before => "",
            Crawford::Game => " crawford",
            Crawford::After => " postcrawford",
        };
        lines.push(format!(
            "match {} score x {} y {}{crawford}",
            m.length(),
            m.score(Side::X),
            m.score(Side::Y)
        ));
    }
    lines
}

/// The whole `d` reply.
pub fn display(state: &GameState) -> Vec<String> {
    let mut lines = board(state);
    lines.extend(key_lines(state));
    lines.push("dok".to_string());
    lines
}

/// The whole `legal` reply.
pub fn legal(state: &GameState) -> Vec<String> {
    let mut lines = Vec::new();
    if !state.is_over() {
        for a in state.cube_actions() {
            lines.push(format!("legal cube {a}"));
        }
        match state.phase() {
            Phase::Take => {}
            Phase::Pick => {
                let theirs = state.numbers().current(state.to_move().other());
                for n in state.legal_numbers().iter() {
                    let doublet = !state.in_opening() && theirs == Some(n);
                    lines.push(if doublet {
                        format!("legal number {n} doublet")
                    } else {
                        format!("legal number {n}")
                    });
                }
            }
            Phase::Play => {
                for c in legal_turns(state) {
                    if let Turn::Play(_) = c {
                        lines.push(format!("legal play {}", c.token(state)));
                    }
                }
            }
        }
    }
    lines.push(format!("legalok {}", lines.len()));
    lines
}

/// The whole `eval` reply (the game must not be over); `exact` is the
/// state's exact value when a loaded table covers it: one more line,
/// `eval exact <points|draw> turns <n>`, before `evalok`.
///
/// While a double is pending the static terms are the doubler's (its
/// state before the double). When a cube decision is due, `cube` adds
/// the analysis: `eval cube verdict <gnubg's wording>` and the three
/// equities (`eval cube equity|mwc no-double|double-take|double-pass <v>`).
pub fn eval(
    state: &GameState,
    evaluator: &dyn Evaluator,
    exact: Option<Exact>,
    cube: Option<CubeAnalysis>,
) -> Vec<String> {
    let state = &state.doubler_view();
    let mut lines: Vec<String> = evaluator
        .terms(state)
        .into_iter()
        .map(|(name, v)| format!("eval {name} {v}"))
        .collect();
    if let Some(e) = exact {
        let value = match e.value {
            Value::Draw => "draw".to_string(),
            v => v.points().to_string(),
        };
        lines.push(format!("eval exact {value} turns {}", e.rank));
    }
    if let Some(c) = cube {
        lines.extend(c.lines().into_iter().map(|l| format!("eval {l}")));
    }
    lines.push(format!("evalok {}", evaluator.evaluate(state)));
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_display() {
        let g = GameState::standard();
        let lines = display(&g);
        assert!(lines.contains(&"stateid 4HPwATDgc/ABMA:Xpick:x-y-:d22:k6".to_string()));
        assert!(lines.contains(&"pips x 167 y 167".to_string()));
        assert!(lines.contains(&"numbers x - y -".to_string()));
        assert_eq!(lines.last().unwrap(), "dok");
        assert_eq!(lines[1], "|X5  .  .  . O3  . |O5  .  .  .  . X2 |");
    }

    /// Race and anti say what the board's picture cannot: the checkers
    /// waiting in the pools, the reversed object.
    #[test]
    fn race_and_anti_display() {
        use crate::board::Variant;
        use crate::numbers::NumberRules;
        let race = display(&GameState::start(Variant::Race, NumberRules::default()));
        assert!(race.contains(&"pool x 15 y 15".to_string()), "{race:?}");
        assert!(race.contains(&"pips x 375 y 375".to_string()));
        assert!(!race.iter().any(|l| l.starts_with("variant")));
        let anti = display(&GameState::start(Variant::Anti, NumberRules::default()));
        assert!(anti.contains(&"variant anti".to_string()), "{anti:?}");
        assert!(!anti.iter().any(|l| l.starts_with("pool")));
        let plain = display(&GameState::standard());
        assert!(!plain
            .iter()
            .any(|l| l.starts_with("pool") || l.starts_with("variant")));
    }

    #[test]
    fn legal_lists() {
        let mut g = GameState::standard();
        g.pick(3).unwrap();
        g.pick(5).unwrap();
        let l = legal(&g);
        assert_eq!(
            l,
            vec![
                "legal number 1",
                "legal number 2",
                "legal number 4",
                "legal number 5 doublet",
                "legal number 6",
                "legalok 5"
            ]
        );
        g.pick(6).unwrap();
        let l = legal(&g);
        assert!(l.contains(&"legal play 24/13".to_string()));
        assert_eq!(l.last().unwrap(), &format!("legalok {}", l.len() - 1));
    }
}
