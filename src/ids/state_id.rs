//! The full-state ID: one whitespace-free token for a whole NC game state.
//!
//! ```text
//! 4HPwATDgc/ABMA:Xpick:x3y5:d22:k6
//! └──── board ─┘ └┬──┘ └┬─┘ └┬┘ └┬┘
//!    Position ID  │     │    │   alphabet size k
//!   (side to move │     │    doublet credits left: X's, then Y's
//!     on roll)    │     current numbers of X and Y ('-' = not yet picked)
//!                 side to move and what it does: pick a number, or play
//!                 the pending pair (its number already picked)
//! ```
//!
//! Optional fields follow, in this order, each left out when it has its
//! default: `n3`, the checkers a side owns when it is not 15
//! (Hypergammon); `p15-12`, the checkers waiting in X's and Y's pools
//! (Backgammon Race; the Position ID counts them as borne off) when either
//! is not 0; `anti`, a game of Anti-Backgammon (the first to bear off all
//! its checkers loses); `c2X`, the cube's value and owner (`X`, `Y`, or `-`
//! centred) when it is not centred on 1; `m5s2-1`, the match length and
//! the score (X's, Y's) before this game, with `c` after it in the
//! Crawford game and `p` after the Crawford game (money play has no `m`).
//! The phase `take` means a double is offered and the side named answers
//! it; `drop` that the side named has dropped it (the game is over). Examples: the start before turn 0 is
//! `4HPwATDgc/ABMA:Xpick:x-y-:d22:k6`; after X picks 6 from `x3y5`, with the
//! pair 6-5 pending, `4HPwATDgc/ABMA:Xplay:x6y5:d22:k6`.
//!
//! ```
//! use ncbg::game::GameState;
//! use ncbg::ids::state_id;
//!
//! let mut g = GameState::standard();
//! g.pick(3).unwrap();
//! g.pick(5).unwrap();
//! let id = state_id::encode(&g);
//! assert_eq!(id, "4HPwATDgc/ABMA:Xpick:x3y5:d22:k6");
//! assert_eq!(state_id::decode(&id).unwrap(), g);
//! ```

use super::position_id;
use crate::board::{Objective, MAX_CHECKERS};
use crate::cube::{Crawford, Cube, MatchScore, Terms};
use crate::game::{GameState, Phase};
use crate::notation::cut;
use crate::numbers::{Numbers, Side};
use std::fmt;

/// Why a text is not a full-state ID.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StateIdError(pub String);

impl fmt::Display for StateIdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for StateIdError {}

fn error(why: impl Into<String>) -> StateIdError {
    StateIdError(why.into())
}

/// The full-state ID of `state`.
pub fn encode(state: &GameState) -> String {
    let numbers = state.numbers();
    let digit = |n: Option<u8>| n.map_or('-', |n| char::from(b'0' + n));
    let phase = match state.phase() {
        Phase::Pick => "pick",
        Phase::Play => "play",
        Phase::Take if state.is_over() => "drop",
        Phase::Take => "take",
    };
    let mut id = format!(
        "{}:{}{}:x{}y{}:d{}{}:k{}",
        position_id::encode(state.position()),
        state.to_move().letter(),
        phase,
        digit(numbers.current(Side::X)),
        digit(numbers.current(Side::Y)),
        numbers.credits(Side::X),
        numbers.credits(Side::Y),
        state.k()
    );
    let n = state.position().checkers_per_side();
    if n != MAX_CHECKERS {
        id.push_str(&format!(":n{n}"));
    }
    let (mover_pool, other_pool) = state.position().pools();
    if mover_pool + other_pool > 0 {
        let (x, y) = match state.to_move() {
            Side::X => (mover_pool, other_pool),
            Side::Y => (other_pool, mover_pool),
        };
        id.push_str(&format!(":p{x}-{y}"));
    }
    if state.objective() == Objective::BearOffLast {
        id.push_str(":anti");
    }
    let cube = state.cube();
    if cube != Cube::CENTRED {
        let owner = cube.owner().map_or('-', |s| s.letter());
        id.push_str(&format!(":c{}{owner}", cube.value()));
    }
    if let Some(m) = state.match_score() {
        id.push_str(&format!(
            ":m{}s{}-{}",
            m.length(),
            m.score(Side::X),
            m.score(Side::Y)
        ));
        match m.crawford() {
            Crawford::Before => {}
            Crawford::Game => id.push('c'),
            Crawford::After => id.push('p'),
        }
    }
    id
}

/// Reads a cube field without its `c`: `2X`, `1-`.
fn decode_cube(f: &str) -> Result<Cube, StateIdError> {
    let bad = || error(format!("'c{}' is not a cube like c2X or c1-", cut(f)));
    // The owner is the last character (a letter, or `-`), which may be
    // any character in a bad ID: split before it, not one byte back.
    let last = f.chars().next_back().ok_or_else(bad)?;
    let owner_at = Some(f.len() - last.len_utf8())
        .filter(|&i| i > 0)
        .ok_or_else(bad)?;
    let (value, owner) = f.split_at(owner_at);
    let value: u32 = value
        .bytes()
        .all(|b| b.is_ascii_digit())
        .then(|| value.parse().ok())
        .flatten()
        .ok_or_else(bad)?;
    let owner = match owner {
        "-" => None,
        o => Some(
            o.chars()
                .next()
                .and_then(Side::from_letter)
                .ok_or_else(bad)?,
        ),
    };
    Cube::new(value, owner).map_err(error)
}

/// Reads a match field without its `m`: `5s2-1`, `5s4-0c`, `5s4-3p`.
fn decode_match(f: &str) -> Result<MatchScore, StateIdError> {
    let bad = || {
        error(format!(
            "'m{}' is not a match like m5s2-1, m5s4-0c or m5s4-3p",
            cut(f)
        ))
    };
    let (body, crawford) = match f.as_bytes().last() {
        Some(b'c') => (&f[..f.len() - 1], Crawford::Game),
        Some(b'p') => (&f[..f.len() - 1], Crawford::After),
        _ => (f, Crawford::Before),
    };
    let number = |s: &str| -> Result<u16, StateIdError> {
        if s.is_empty() || s.len() > 3 || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        s.parse().map_err(|_| bad())
    };
    let (length, score) = body.split_once('s').ok_or_else(bad)?;
    let (x, y) = score.split_once('-').ok_or_else(bad)?;
    MatchScore::with_score(number(length)?, [number(x)?, number(y)?], crawford).map_err(error)
}

/// Reads a pool field without its `p`: `15-12` (X's, then Y's).
fn decode_pools(f: &str) -> Result<[u8; 2], StateIdError> {
    let bad = || error(format!("'p{}' is not the pools like p15-12", cut(f)));
    let count = |s: &str| -> Result<u8, StateIdError> {
        if s.is_empty() || s.len() > 2 || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        s.parse::<u8>()
            .ok()
            .filter(|&n| n <= MAX_CHECKERS)
            .ok_or_else(bad)
    };
    let (x, y) = f.split_once('-').ok_or_else(bad)?;
    Ok([count(x)?, count(y)?])
}

/// Reads a full-state ID.
pub fn decode(id: &str) -> Result<GameState, StateIdError> {
    let fields: Vec<&str> = id.split(':').collect();
    if !(5..=10).contains(&fields.len()) {
        return Err(error(format!(
            "a state ID has 5 to 10 ':'-separated fields, not {}",
            fields.len()
        )));
    }
    // The optional fields, each at most once and in the order n, p, anti,
    // c, m.
    let mut optional = fields[5..].iter().peekable();
    let mut take = |tag: char| optional.next_if(|f| f.starts_with(tag)).map(|f| &f[1..]);
    let checkers = match take('n') {
        None => MAX_CHECKERS,
        Some(f) => f
            .parse::<u8>()
            .ok()
            .filter(|n| (1..=MAX_CHECKERS).contains(n))
            .ok_or_else(|| error(format!("'n{}' is not a checker count like n3", cut(f))))?,
    };
    let pools = take('p').map(decode_pools).transpose()?;
    let anti = optional.next_if(|f| **f == "anti").is_some();
    let mut take = |tag: char| optional.next_if(|f| f.starts_with(tag)).map(|f| &f[1..]);
    let cube = take('c').map(decode_cube).transpose()?;
    let match_score = take('m').map(decode_match).transpose()?;
    if let Some(f) = optional.next() {
        return Err(error(format!(
            "'{}' is not an optional field n3, p15-15, anti, c2X or m5s0-0 in that order",
            cut(f)
        )));
    }

    let (to_move, phase) = {
        let f = fields[1];
        let mut chars = f.chars();
        let side = chars.next().and_then(Side::from_letter);
        let phase = match chars.as_str() {
            "pick" => Some((Phase::Pick, false)),
            "play" => Some((Phase::Play, false)),
            "take" => Some((Phase::Take, false)),
            "drop" => Some((Phase::Take, true)),
            _ => None,
        };
        match (side, phase) {
            (Some(s), Some(p)) => (s, p),
            _ => {
                return Err(error(format!(
                    "'{}' is not a side and phase like Xpick, Yplay or Xtake",
                    cut(f)
                )))
            }
        }
    };

    let number = |c: char| -> Result<Option<u8>, StateIdError> {
        match c {
            '-' => Ok(None),
            '1'..='9' => Ok(Some(c as u8 - b'0')),
            _ => Err(error(format!("'{c}' is not a number 1-9 or '-'"))),
        }
    };
    let nums: Vec<char> = fields[2].chars().collect();
    if nums.len() != 4 || nums[0] != 'x' || nums[2] != 'y' {
        return Err(error(format!(
            "'{}' is not the numbers like x3y5 or x-y-",
            cut(fields[2])
        )));
    }
    let current = [number(nums[1])?, number(nums[3])?];

    let credits: Vec<char> = fields[3].chars().collect();
    if credits.len() != 3 || credits[0] != 'd' || !credits[1..].iter().all(char::is_ascii_digit) {
        return Err(error(format!(
            "'{}' is not the doublet credits like d22",
            cut(fields[3])
        )));
    }
    let credits = [credits[1] as u8 - b'0', credits[2] as u8 - b'0'];

    let k = fields[4]
        .strip_prefix('k')
        .and_then(|k| k.parse::<u8>().ok())
        .ok_or_else(|| {
            error(format!(
                "'{}' is not an alphabet size like k6",
                cut(fields[4])
            ))
        })?;

    let [x_pool, y_pool] = pools.unwrap_or([0, 0]);
    let side_pools = match to_move {
        Side::X => (x_pool, y_pool),
        Side::Y => (y_pool, x_pool),
    };
    let position =
        position_id::decode_with_pools(fields[0], checkers, side_pools).map_err(|e| {
            let pools = match pools {
                Some(_) => format!(" with pools p{x_pool}-{y_pool}"),
                None => String::new(),
            };
            error(format!("bad Position ID '{}'{pools}: {e}", cut(fields[0])))
        })?;

    let (phase, dropped) = phase;
    let mut state = GameState::new(
        position,
        to_move,
        Numbers::from_parts(current, credits),
        k,
        phase,
    )
    .map_err(|e| error(e.0))?;
    state.set_cube(cube.unwrap_or(Cube::CENTRED));
    state.set_match(match_score);
    if anti {
        state
            .set_objective(Objective::BearOffLast)
            .map_err(|e| error(e.0))?;
    }
    // The terms are the engine's options, not the ID's: check only what the
    // ID itself contradicts (a turned cube in the Crawford game, a double
    // from a side that could not double), as if the cube were on.
    let mut probe = state;
    probe.set_terms(Terms {
        cube: true,
        ..Terms::default()
    });
    probe.check_stakes().map_err(|e| error(e.0))?;
    if dropped {
        state
            .cube_action(crate::cube::CubeAction::Drop)
            .map_err(|e| error(e.to_string()))?;
    }
    Ok(state)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube::CubeAction;

    #[test]
    fn todays_ids_keep_their_meaning() {
        for id in [
            "4HPwATDgc/ABMA:Xpick:x-y-:d22:k6",
            "4HPwATDgc/ABMA:Xpick:x3y5:d22:k6",
            "4HPwATDgc/ABMA:Xplay:x6y5:d22:k6",
        ] {
            let g = decode(id).unwrap();
            assert_eq!(g.cube(), Cube::CENTRED);
            assert_eq!(g.match_score(), None);
            assert_eq!(encode(&g), id);
        }
    }

    #[test]
    fn pools_and_anti_round_trip() {
        use crate::board::Variant;
        use crate::numbers::NumberRules;
        let race = GameState::start(Variant::Race, NumberRules::default());
        let id = encode(&race);
        assert_eq!(id, "AAAAAAAAAAAAAA:Xpick:x-y-:d22:k6:p15-15");
        assert_eq!(decode(&id).unwrap(), race);
        // X enters two checkers with 6-5: Y to move, its pool still full.
        let mut g = race;
        g.pick(3).unwrap();
        g.pick(5).unwrap();
        g.make_turn(6, "pool/19 pool/20").unwrap();
        let id = encode(&g);
        assert!(id.ends_with(":p13-15"), "{id}");
        assert_eq!(decode(&id).unwrap(), g);
        let anti = GameState::start(Variant::Anti, NumberRules::default());
        assert_eq!(encode(&anti), "4HPwATDgc/ABMA:Xpick:x-y-:d22:k6:anti");
        assert_eq!(decode(&encode(&anti)).unwrap(), anti);
        for bad in [
            "4HPwATDgc/ABMA:Xpick:x-y-:d22:k6:p1-0",   // nothing is off
            "AAAAAAAAAAAAAA:Xpick:x-y-:d22:k6:p16-15", // too many
            "AAAAAAAAAAAAAA:Xpick:x-y-:d22:k6:p15",    // one count
            "AAAAAAAAAAAAAA:Xpick:x-y-:d22:k6:anti:p15-15", // order
            "4HPwATDgc/ABMA:Xpick:x3y5:d22:k6:anti:c2X", // no cube in anti
            "4HPwATDgc/ABMA:Xpick:x-y-:d22:k6:antix",
        ] {
            assert!(decode(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn cube_match_and_offer_round_trip() {
        let mut g = GameState::standard();
        g.set_terms(Terms {
            cube: true,
            ..Terms::default()
        });
        g.set_match(Some(
            MatchScore::with_score(7, [6, 3], Crawford::After).unwrap(),
        ));
        g.pick(3).unwrap();
        g.pick(5).unwrap();
        g.cube_action(CubeAction::Double).unwrap();
        let id = encode(&g);
        assert_eq!(id, "4HPwATDgc/ABMA:Ytake:x3y5:d22:k6:m7s6-3p");
        let mut back = decode(&id).unwrap();
        back.set_terms(*g.terms());
        assert_eq!(back, g);
        g.cube_action(CubeAction::Take).unwrap();
        let id = encode(&g);
        assert_eq!(id, "4HPwATDgc/ABMA:Xpick:x3y5:d22:k6:c2Y:m7s6-3p");
        let mut back = decode(&id).unwrap();
        back.set_terms(*g.terms());
        assert_eq!(back, g);
        // A dropped double: phase `drop`, the game over.
        let mut d = decode("4HPwATDgc/ABMA:Ytake:x3y5:d22:k6:c2X").unwrap();
        d.cube_action(CubeAction::Drop).unwrap();
        let id = encode(&d);
        assert_eq!(id, "4HPwATDgc/ABMA:Ydrop:x3y5:d22:k6:c2X");
        let back = decode(&id).unwrap();
        assert_eq!(back, d);
        assert_eq!(back.result().unwrap().points, 2);
        // Hypergammon: the checker count comes first.
        let mut h = GameState::start(
            crate::board::Variant::Hypergammon,
            crate::numbers::NumberRules::default(),
        );
        h.set_cube(Cube::new(4, Some(Side::X)).unwrap());
        let id = encode(&h);
        assert!(id.ends_with(":k6:n3:c4X"), "{id}");
        assert_eq!(decode(&id).unwrap(), h);
    }

    #[test]
    fn bad_cube_and_match_fields_are_refused() {
        for id in [
            "4HPwATDgc/ABMA:Xpick:x3y5:d22:k6:c3X",
            "4HPwATDgc/ABMA:Xpick:x3y5:d22:k6:c2-",
            "4HPwATDgc/ABMA:Xpick:x3y5:d22:k6:c1X",
            "4HPwATDgc/ABMA:Xpick:x3y5:d22:k6:cX",
            "4HPwATDgc/ABMA:Xpick:x3y5:d22:k6:c2Z",
            "4HPwATDgc/ABMA:Xpick:x3y5:d22:k6:m5s5-0",
            "4HPwATDgc/ABMA:Xpick:x3y5:d22:k6:m0s0-0",
            "4HPwATDgc/ABMA:Xpick:x3y5:d22:k6:m5s2-1c",
            "4HPwATDgc/ABMA:Xpick:x3y5:d22:k6:m5s2+1",
            "4HPwATDgc/ABMA:Xpick:x3y5:d22:k6:m5s4-0:c2X",
            "4HPwATDgc/ABMA:Xpick:x3y5:d22:k6:c2X:c2X",
            // A turned cube in the Crawford game; a double of the taker's cube.
            "4HPwATDgc/ABMA:Xpick:x3y5:d22:k6:c2X:m5s4-0c",
            "4HPwATDgc/ABMA:Ytake:x3y5:d22:k6:c2Y",
            "4HPwATDgc/ABMA:Ytake:x3y5:d22:k6:m5s4-0c",
            // No double in turn 0.
            "4HPwATDgc/ABMA:Ytake:x3y-:d22:k6",
        ] {
            assert!(decode(id).is_err(), "{id}");
        }
    }
}
