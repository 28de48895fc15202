//! The whole state of an NC game: board, side to move, numbers, doublet
//! credits, alphabet, and whether the mover has already picked its number.
//!
//! A turn is a pick followed by a checker play. After the pick the pair is
//! fixed (the mover's new number and the opponent's current one) and only the
//! checker play is pending: [`Phase::Play`], the "dice rolled" case of classic
//! analysis. Turn 0 is two picks (X's `x0`, then Y's `y0 != x0`) and no play.
//!
//! ```
//! use ncbg::game::GameState;
//!
//! let mut g = GameState::standard();
//! g.pick(3).unwrap(); // x0
//! g.pick(5).unwrap(); // y0
//! g.pick(6).unwrap(); // X picks 6: X plays 6-5
//! let play = g.parse_play("24/13").unwrap();
//! g.play(&play).unwrap();
//! assert!(g.pick(6).is_ok()); // Y's first doublet
//! ```

mod cube;
mod objective;

pub use objective::ANTI_TURN_LIMIT_PER_SIDE;

use crate::board::{Objective, Position, Variant, WinKind};
use crate::cube::{game_points, Cube, CubeError, MatchScore, Terms};
use crate::movegen::{legal_plays, LegalPlay};
use crate::notation::{check_play_syntax, format_play_token, parse_among, PlayError};
use crate::numbers::{NumberRules, NumberSet, Numbers, PickError, Side};
use crate::pair::Pair;
use crate::play::Play;
use std::fmt;

/// What the side to move does next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Pick a number (in turn 0: pick an initial number, with no play).
    Pick,
    /// The number is picked; play the pending pair.
    Play,
    /// The opponent has doubled: take, drop or beaver (the side to move is
    /// the one that answers). After a drop the game is over in this phase.
    Take,
}

/// A finished game's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameResult {
    /// Who won: the side that bore off every checker (in Anti-Backgammon
    /// the other side), or the side that doubled when a double was dropped.
    pub winner: Side,
    /// Single game, gammon or backgammon (single when a double was dropped).
    pub kind: WinKind,
    /// The cube's value the game was played for (after a drop: its value
    /// before the refused double).
    pub cube: u32,
    /// True when the game ended by a dropped double.
    pub dropped: bool,
    /// Points won ([`crate::cube::game_points`]): the kind times the cube,
    /// with the Jacoby rule and single scoring applied.
    pub points: u32,
}

impl GameResult {
    /// Points won: 1, 2 or 3 without a cube; the kind times the cube with
    /// one.
    pub const fn points(self) -> u32 {
        self.points
    }

    /// Points from X's side: positive when X won.
    pub const fn points_for_x(self) -> i32 {
        let p = self.points as i32;
        match self.winner {
            Side::X => p,
            Side::Y => -p,
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.dropped {
            return write!(f, "{} wins {} (double dropped)", self.winner, self.points);
        }
        write!(f, "{} wins {} ({})", self.winner, self.kind, self.points)
    }
}

/// Why an action is not allowed in the current state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleError {
    /// The game is over.
    GameOver(GameResult),
    /// A number was given while a checker play is pending.
    AlreadyPicked { pair: Pair },
    /// A checker play was given before the number was picked.
    NotPicked,
    /// A checker play was given in turn 0.
    Opening,
    /// The number may not be picked.
    Pick(PickError),
    /// The checker play is not legal.
    Play(PlayError),
    /// The cube action is not allowed, or a double must be answered first.
    Cube(CubeError),
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleError::GameOver(r) => write!(f, "the game is over: {r}"),
            RuleError::AlreadyPicked { pair } => write!(
                f,
                "the number is already picked: a checker play for {}-{} is pending",
                pair.hi(),
                pair.lo()
            ),
            RuleError::NotPicked => write!(f, "no number picked yet: pick a number first"),
            RuleError::Opening => write!(f, "turn 0 has no checker play: pick a number alone"),
            RuleError::Pick(e) => write!(f, "{e}"),
            RuleError::Play(e) => write!(f, "{e}"),
            RuleError::Cube(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for RuleError {}

/// Why a described state is impossible.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StateError(pub String);

impl fmt::Display for StateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for StateError {}

/// A complete NC game state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameState {
    position: Position,
    to_move: Side,
    numbers: Numbers,
    k: u8,
    phase: Phase,
    cube: Cube,
    /// The side to move (in [`Phase::Take`]) has refused the double.
    dropped: bool,
    terms: Terms,
    match_score: Option<MatchScore>,
    /// Bear off first to win, or (Anti-Backgammon) last.
    objective: Objective,
}

impl GameState {
    /// A new game: the variant's start, X to pick `x0`.
    pub fn start(variant: Variant, rules: NumberRules) -> GameState {
        let mut state = GameState::from_position(variant.start(), rules);
        state.objective = variant.objective();
        state
    }

    /// A new game from any position (seen from X), X to pick `x0`.
    pub fn from_position(position: Position, rules: NumberRules) -> GameState {
        GameState {
            position,
            to_move: Side::X,
            numbers: Numbers::start(rules),
            k: rules.k,
            phase: Phase::Pick,
            cube: Cube::CENTRED,
            dropped: false,
            terms: Terms::default(),
            match_score: None,
            objective: Objective::BearOffFirst,
        }
    }

    /// A new standard game with the paper's rules (k = 6, two doublets each).
    pub fn standard() -> GameState {
        GameState::start(Variant::Standard, NumberRules::default())
    }

    /// A state from its parts, checked for consistency: `position` is seen from
    /// `to_move`; in turn 0 X picks first, so either no number is set (X to
    /// pick) or only X's (Y to pick), and a pending play needs both numbers.
    pub fn new(
        position: Position,
        to_move: Side,
        numbers: Numbers,
        k: u8,
        phase: Phase,
    ) -> Result<GameState, StateError> {
        if !(NumberRules::MIN_K..=NumberRules::MAX_K).contains(&k) {
            return Err(StateError(format!("alphabet size {k} out of range (3-9)")));
        }
        for side in [Side::X, Side::Y] {
            if numbers.current(side).is_some_and(|n| n == 0 || n > k) {
                return Err(StateError(format!(
                    "{side}'s number {} is outside 1-{k}",
                    numbers.current(side).unwrap_or(0)
                )));
            }
            if numbers.credits(side) > NumberRules::MAX_CREDITS {
                return Err(StateError(format!("{side} has too many doublet credits")));
            }
        }
        match (numbers.current(Side::X), numbers.current(Side::Y)) {
            (None, None) if to_move != Side::X => {
                return Err(StateError("X picks the first number".into()))
            }
            (Some(_), None) if to_move != Side::Y => {
                return Err(StateError("Y picks the second initial number".into()))
            }
            (None, Some(_)) => return Err(StateError("X picks before Y".into())),
            _ => {}
        }
        if numbers.in_opening() && phase == Phase::Play {
            return Err(StateError("turn 0 has no checker play".into()));
        }
        if numbers.in_opening() && phase == Phase::Take {
            return Err(StateError("turn 0 has no double".into()));
        }
        Ok(GameState {
            position,
            to_move,
            numbers,
            k,
            phase,
            cube: Cube::CENTRED,
            dropped: false,
            terms: Terms::default(),
            match_score: None,
            objective: Objective::BearOffFirst,
        })
    }

    /// The board, seen from the side to move.
    #[inline(always)]
    pub const fn position(&self) -> &Position {
        &self.position
    }

    /// Who moves next.
    #[inline(always)]
    pub const fn to_move(&self) -> Side {
        self.to_move
    }

    /// Both players' numbers and credits.
    #[inline(always)]
    pub const fn numbers(&self) -> &Numbers {
        &self.numbers
    }

    /// Alphabet size.
    #[inline(always)]
    pub const fn k(&self) -> u8 {
        self.k
    }

    /// Pick or play.
    #[inline(always)]
    pub const fn phase(&self) -> Phase {
        self.phase
    }

    /// True during turn 0 (initial picks, no checker play).
    #[inline(always)]
    pub const fn in_opening(&self) -> bool {
        self.numbers.in_opening()
    }

    /// The pair to play, when the number is picked and a play is pending.
    pub fn pending_pair(&self) -> Option<Pair> {
        if self.phase != Phase::Play {
            return None;
        }
        let own = self.numbers.current(self.to_move)?;
        let theirs = self.numbers.current(self.to_move.other())?;
        Pair::new(own, theirs)
    }

    /// The pair the mover would play after picking `n`.
    pub fn pair_for(&self, n: u8) -> Option<Pair> {
        Pair::new(n, self.numbers.current(self.to_move.other())?)
    }

    /// The result, once a side has borne off every checker or a double was
    /// dropped, with the points it scores under the state's terms.
    pub fn result(&self) -> Option<GameResult> {
        let in_match = self.match_score.is_some();
        if self.dropped {
            let cube = self.cube.value();
            return Some(GameResult {
                winner: self.to_move.other(),
                kind: WinKind::Single,
                cube,
                dropped: true,
                points: game_points(WinKind::Single, cube, true, &self.terms, in_match),
            });
        }
        self.outcome().map(|o| {
            let cube = self.cube.value();
            GameResult {
                winner: if o.mover_won {
                    self.to_move
                } else {
                    self.to_move.other()
                },
                kind: o.kind,
                cube,
                dropped: false,
                points: game_points(o.kind, cube, false, &self.terms, in_match),
            }
        })
    }

    /// True when the game is over.
    #[inline]
    pub fn is_over(&self) -> bool {
        self.position.mover().in_play() == 0
            || self.position.opponent().in_play() == 0
            || self.dropped
    }

    fn check_live(&self) -> Result<(), RuleError> {
        match self.result() {
            Some(r) => Err(RuleError::GameOver(r)),
            None => Ok(()),
        }
    }

    /// The numbers the side to move may pick (empty unless a pick is due).
    pub fn legal_numbers(&self) -> NumberSet {
        if self.phase != Phase::Pick || self.is_over() {
            return NumberSet::EMPTY;
        }
        self.numbers.legal_picks(self.to_move, self.k)
    }

    /// The side to move picks `n`. In turn 0 the turn then passes; otherwise
    /// the pair is fixed and the checker play is pending.
    pub fn pick(&mut self, n: u8) -> Result<(), RuleError> {
        self.check_live()?;
        self.check_no_offer()?;
        if let Some(pair) = self.pending_pair() {
            return Err(RuleError::AlreadyPicked { pair });
        }
        let doublet = self
            .numbers
            .check_pick(self.to_move, n, self.k)
            .map_err(RuleError::Pick)?;
        let opening = self.in_opening();
        self.numbers.record(self.to_move, n, doublet);
        if opening {
            self.pass_turn();
        } else {
            self.phase = Phase::Play;
        }
        Ok(())
    }

    /// Every legal checker play for the pending pair, distinct by result (a
    /// single [`Play::NONE`] when no checker can move).
    pub fn legal_plays(&self) -> Result<Vec<LegalPlay>, RuleError> {
        self.check_live()?;
        self.check_no_offer()?;
        let pair = self.pair_or_error()?;
        Ok(legal_plays(&self.position, pair))
    }

    fn pair_or_error(&self) -> Result<Pair, RuleError> {
        if self.in_opening() {
            return Err(RuleError::Opening);
        }
        self.pending_pair().ok_or(RuleError::NotPicked)
    }

    /// Reads a checker play for the pending pair (any notation
    /// [`crate::notation::parse_play`] accepts). A text that is no play at
    /// all is a [`PlayError::Syntax`] whatever the phase (in a live game),
    /// before a play out of turn is a phase error.
    pub fn parse_play(&self, text: &str) -> Result<LegalPlay, RuleError> {
        check_play_syntax(text).map_err(RuleError::Play)?;
        self.check_live()?;
        self.check_no_offer()?;
        let plays = self.legal_plays()?;
        let pair = self.pair_or_error()?;
        parse_among(text, &self.position, pair, &plays).map_err(RuleError::Play)
    }

    /// Makes a checker play for the pending pair; it must be legal (compared by
    /// its result). The turn then passes.
    pub fn play(&mut self, play: &LegalPlay) -> Result<(), RuleError> {
        let plays = self.legal_plays()?;
        let found = plays
            .iter()
            .find(|lp| lp.after == play.after && lp.play.is_none() == play.play.is_none())
            .ok_or_else(|| RuleError::Play(PlayError::Illegal("not a legal play".into())))?;
        self.apply_result(found.after);
        Ok(())
    }

    /// Picks `n` and makes the play written in `text`: one whole turn.
    pub fn make_turn(&mut self, n: u8, text: &str) -> Result<LegalPlay, RuleError> {
        let mut next = *self;
        next.pick(n)?;
        let lp = next.parse_play(text)?;
        next.play(&lp)?;
        *self = next;
        Ok(lp)
    }

    /// The state after a pick of `n` whose pair leads to `after` (a result of
    /// a legal play, from the mover's view), without checks. For search.
    #[inline]
    pub fn child(&self, n: u8, after: Position) -> GameState {
        let mut next = *self;
        let doublet = self.numbers.current(self.to_move.other()) == Some(n);
        next.numbers.record(self.to_move, n, doublet);
        next.apply_result(after);
        next
    }

    /// The state after the pending play leads to `after`, without checks.
    #[inline]
    pub fn after_play(&self, after: Position) -> GameState {
        let mut next = *self;
        next.apply_result(after);
        next
    }

    /// The state after an opening pick of `n`, without checks.
    #[inline]
    pub fn after_opening_pick(&self, n: u8) -> GameState {
        let mut next = *self;
        next.numbers.record(self.to_move, n, false);
        next.pass_turn();
        next
    }

    /// The state after a pick of `n` after turn 0 whose checker play
    /// follows as its own turn (the play phase of the pair it makes),
    /// without checks.
    pub fn after_pick(&self, n: u8) -> GameState {
        let mut next = *self;
        let doublet = self.numbers.current(self.to_move.other()) == Some(n);
        next.numbers.record(self.to_move, n, doublet);
        next.phase = Phase::Play;
        next
    }

    #[inline(always)]
    fn apply_result(&mut self, after: Position) {
        self.position = after;
        self.pass_turn();
    }

    #[inline(always)]
    fn pass_turn(&mut self) {
        self.position = self.position.flip();
        self.to_move = self.to_move.other();
        self.phase = Phase::Pick;
    }

    /// The turn token of picking `n` and making `play` from this state:
    /// `6:24/18,13/8`, `4:pass`.
    pub fn turn_token(&self, n: u8, play: &Play) -> String {
        format!("{n}:{}", format_play_token(&self.position, play))
    }
}

#[cfg(test)]
mod tests;
