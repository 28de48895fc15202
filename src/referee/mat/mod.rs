//! Jellyfish `.mat` export, the match format GNU Backgammon imports with
//! `import mat FILE`.
//!
//! Mapping of an NC game:
//!
//! - Money games are a money session (`0 point match`). Import it with
//!   `set jacoby off` first, or gnubg's Jacoby rule scores every cubeless
//!   gammon as a single game. A match to N points (`--match-length`) is an
//!   `N point match`, one file a match: each game's score line the score
//!   before it, the last game's win `Wins P points and the match`. Player
//!   1 (left column) is engine A, player 2 engine B, in every game; the
//!   side that plays X moves first.
//! - Cube actions are written in the acting player's column: ` Doubles =>
//!   2`, ` Takes`, ` Drops`, ` Beavers => 4`.
//! - Turn 0 (the picks x0, y0) has no checker play and is not written; the
//!   first line of a game is X's first turn.
//! - Each turn's pair is written as the dice (`65:`), higher number first;
//!   the play follows in gnubg notation from the mover's own point numbers.
//!   A turn where no checker can move is the dice with nothing after them.
//! - Wins are `Wins N point(s)` (the recorded points). A forfeit is written as a win
//!   after the last turn played (gnubg reads it as a resignation). A game
//!   drawn by the turn cap has no Jellyfish form and is left out, as are
//!   games without any checker play (a forfeit before the first turn), and
//!   games from full-state openings (gnubg's games start from the standard
//!   position) and games with numbers above 6.
//!
//! A `.mat` file is one match between two players, so a tournament is
//! exported one file per pairing ([`plan_export`]): every pairing that played
//! by default, each to `<OUT without .mat>.<A>-vs-<B>.mat`, or the one
//! pairing `--pair A,B` names to OUT itself.

use crate::board::Variant;
use crate::cube::CubeAction;
use crate::game::GameState;
use crate::matchfile::Opening;
use crate::matchfile::{GameEnd, GameRecord, ScoringRules};
use crate::numbers::{NumberRules, Side};
use std::fmt::Write;

mod pairings;

pub use pairings::{
    export_pairing, export_target, match_path, pairing_path, pairings_of, parse_pair, plan_export,
    rules_warning, ExportPlan, Exported, Target,
};

/// Why a game is not exported.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Skipped {
    /// Schedule index.
    pub index: u64,
    /// Why.
    pub why: String,
}

/// Why a game of `variant` has no `.mat` form (`None` for the standard
/// game): gnubg plays only the standard start and object.
pub fn variant_refusal(variant: Variant) -> Option<&'static str> {
    match variant {
        Variant::Standard => None,
        Variant::Race => Some(
            "a Backgammon Race game cannot be exported to .mat: gnubg has no pool of \
             waiting checkers, so its games cannot be written as gnubg games",
        ),
        Variant::Anti => Some(
            "an Anti-Backgammon game cannot be exported to .mat: gnubg knows only \
             the plain object (the first to bear off wins), so it would score every \
             game for the wrong side",
        ),
        Variant::Nackgammon | Variant::Hypergammon => {
            Some("only standard-variant games can be exported to .mat: gnubg's games start from the standard position")
        }
    }
}

/// One written turn: the dice and the play, or nothing for a turn not yet
/// played.
fn turn_text(dice: (u8, u8), play: &str) -> String {
    let play = if play == "pass" {
        String::new()
    } else {
        play.replace(',', " ")
    };
    format!("{}{}: {}", dice.0, dice.1, play)
        .trim_end()
        .to_string()
}

/// A cube action as a `.mat` writes it in the acting player's column
/// (gnubg's and Jellyfish's form): ` Doubles => 2`, ` Takes`, ` Drops`,
/// ` Beavers => 4`; `cube` is the cube's value before it.
fn cube_text(action: CubeAction, cube: u32) -> String {
    match action {
        CubeAction::Double => format!(" Doubles => {}", cube * 2),
        CubeAction::Take => " Takes".into(),
        CubeAction::Drop => " Drops".into(),
        CubeAction::Beaver => format!(" Beavers => {}", cube * 4),
    }
}

/// The turns of a game as (side, text), replaying its tokens (cube actions
/// under `scoring`, in the game's match); an error when a token does not
/// replay.
fn game_turns(
    g: &GameRecord,
    rules: NumberRules,
    scoring: &ScoringRules,
) -> Result<Vec<(Side, String)>, String> {
    let Opening::Pair { .. } = g.opening else {
        return Err(FULL_STATE.into());
    };
    let mut state = GameState::start(Variant::Standard, rules);
    state.set_terms(scoring.terms);
    if let Some(place) = &g.stakes.in_match {
        let score = crate::referee::judge::match_score(scoring.match_length, place)?;
        state.set_match(Some(score));
    }
    let mut out = Vec::new();
    for token in &g.moves {
        if let Some(action) = CubeAction::from_token(token) {
            let (side, cube) = (state.to_move(), state.cube().value());
            state.cube_action(action).map_err(|e| e.to_string())?;
            out.push((side, cube_text(action, cube)));
            continue;
        }
        if state.in_opening() {
            let n: u8 = token.parse().map_err(|_| format!("bad pick '{token}'"))?;
            state.pick(n).map_err(|e| e.to_string())?;
            continue;
        }
        let (n, play) = token
            .split_once(':')
            .ok_or_else(|| format!("bad turn '{token}'"))?;
        let n: u8 = n.parse().map_err(|_| format!("bad turn '{token}'"))?;
        let side = state.to_move();
        let pair = state.pair_for(n).ok_or("no pair")?;
        if pair.hi() > 6 {
            return Err("numbers above 6 have no dice".into());
        }
        state.make_turn(n, play).map_err(|e| e.to_string())?;
        out.push((side, turn_text((pair.hi(), pair.lo()), play)));
    }
    Ok(out)
}

/// Writes the games between `names[0]` (player 1) and `names[1]` as a
/// Jellyfish match to `scoring`'s length (0: a money session; otherwise
/// `games` are the games of one match), with their cube actions; games
/// that cannot be written are listed.
pub fn export(
    games: &[GameRecord],
    names: [&str; 2],
    rules: NumberRules,
    scoring: &ScoringRules,
) -> (String, Vec<Skipped>) {
    let length = scoring.match_length;
    let mut sorted: Vec<&GameRecord> = games.iter().collect();
    sorted.sort_by_key(|g| g.key());
    let mut out = format!(" {length} point match\n");
    let mut skipped = Vec::new();
    let mut score = [0u32; 2];
    let mut number = 0;
    for g in sorted {
        let skip = |why: String| Skipped {
            index: g.index,
            why,
        };
        if g.end.is_draw() {
            skipped.push(skip(match g.end {
                GameEnd::Repetition => "drawn by repetition".into(),
                _ => "drawn by the turn cap".into(),
            }));
            continue;
        }
        let player1_side = if g.x_name == names[0] && g.y_name == names[1] {
            Side::X
        } else if g.y_name == names[0] && g.x_name == names[1] {
            Side::Y
        } else {
            skipped.push(skip("other engines".into()));
            continue;
        };
        let turns = match game_turns(g, rules, scoring) {
            Ok(t) => t,
            Err(why) => {
                skipped.push(skip(why));
                continue;
            }
        };
        if turns.is_empty() {
            skipped.push(skip("no checker play".into()));
            continue;
        }
        number += 1;
        let _ = writeln!(out, "\n Game {number}");
        let _ = writeln!(
            out,
            " {} : {:<25}{} : {}",
            names[0], score[0], names[1], score[1]
        );
        // Lines of (player 1 text, player 2 text).
        let mut lines: Vec<(String, String)> = Vec::new();
        for (side, text) in turns {
            if side == player1_side {
                lines.push((text, String::new()));
            } else {
                match lines.last_mut() {
                    Some(last) if last.1.is_empty() => last.1 = text,
                    _ => lines.push((String::new(), text)),
                }
            }
        }
        let winner = g.end.winner().expect("draws were skipped");
        let points = g.points();
        let winner_is_p1 = winner == player1_side;
        let won = &mut score[if winner_is_p1 { 0 } else { 1 }];
        let wins_match = length > 0 && *won < length && *won + points >= length;
        *won += points;
        let win_text = format!(
            "Wins {points} point{}{}",
            if points == 1 { "" } else { "s" },
            if wins_match { " and the match" } else { "" }
        );
        for (i, (left, right)) in lines.iter().enumerate() {
            // A left play of 28 characters or more keeps a space before the
            // right one's dice, so that the two never run together.
            let gap = if left.len() >= 28 && !right.is_empty() {
                " "
            } else {
                ""
            };
            let _ = writeln!(out, "{:>3}) {:<28}{gap}{}", i + 1, left, right);
        }
        if winner_is_p1 {
            let _ = writeln!(out, "{:>3}  {}", "", win_text);
        } else {
            let _ = writeln!(out, "{:>3}  {:<28}{}", "", "", win_text);
        }
    }
    (out, skipped)
}

/// Why a game from a full-state opening is skipped.
pub(super) const FULL_STATE: &str = "starts from a full-state ID";

#[cfg(test)]
mod tests;
