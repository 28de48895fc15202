//! Jellyfish `.mat` export, the match format GNU Backgammon imports with
//! `import mat FILE`.
//!
//! Mapping of an NC game:
//!
//! - The file is a money session (`0 point match`): NC games have no cube
//!   and no match score. Import with `set jacoby off` first, or gnubg's
//!   Jacoby rule scores every cubeless gammon as a single game. Player 1 (left column) is engine A, player 2 engine
//!   B, in every game; the side that plays X moves first.
//! - Turn 0 (the picks x0, y0) has no checker play and is not written; the
//!   first line of a game is X's first turn.
//! - Each turn's pair is written as the dice (`65:`), higher number first;
//!   the play follows in gnubg notation from the mover's own point numbers.
//!   A turn where no checker can move is the dice with nothing after them.
//! - Wins are `Wins N point(s)`. A forfeit is written as a one-point win
//!   after the last turn played (gnubg reads it as a resignation). A game
//!   drawn by the turn cap has no Jellyfish form and is left out, as are
//!   games without any checker play (a forfeit before the first turn), and
//!   games from full-state openings (gnubg's games start from the standard
//!   position) and games with numbers above 6.

use crate::board::Variant;
use crate::game::GameState;
use crate::matchfile::Opening;
use crate::matchfile::{GameEnd, GameRecord};
use crate::numbers::{NumberRules, Side};
use std::fmt::Write;

/// Why a game is not exported.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Skipped {
    /// Schedule index.
    pub index: u64,
    /// Why.
    pub why: String,
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

/// The turns of a game as (side, text), replaying its tokens; `None` when a
/// token does not replay.
fn game_turns(g: &GameRecord, rules: NumberRules) -> Result<Vec<(Side, String)>, String> {
    let Opening::Pair { .. } = g.opening else {
        return Err("starts from a full-state ID".into());
    };
    let mut state = GameState::start(Variant::Standard, rules);
    let mut out = Vec::new();
    for token in &g.moves {
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
/// Jellyfish match; games that cannot be written are listed.
pub fn export(
    games: &[GameRecord],
    names: [&str; 2],
    rules: NumberRules,
) -> (String, Vec<Skipped>) {
    let mut sorted: Vec<&GameRecord> = games.iter().collect();
    sorted.sort_by_key(|g| g.index);
    let mut out = String::from(" 0 point match\n");
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
        let turns = match game_turns(g, rules) {
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
        let points = g.end.points();
        let win_text = format!("Wins {points} point{}", if points == 1 { "" } else { "s" });
        let winner_is_p1 = winner == player1_side;
        score[if winner_is_p1 { 0 } else { 1 }] += points;
        for (i, (left, right)) in lines.iter().enumerate() {
            let _ = writeln!(out, "{:>3}) {:<28}{}", i + 1, left, right);
        }
        if winner_is_p1 {
            let _ = writeln!(out, "{:>3}  {}", "", win_text);
        } else {
            let _ = writeln!(out, "{:>3}  {:<28}{}", "", "", win_text);
        }
    }
    (out, skipped)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matchfile::ForfeitReason;

    fn record(index: u64, x: &str, y: &str, end: GameEnd, moves: &[&str]) -> GameRecord {
        GameRecord {
            index,
            pair: index / 2,
            round: 0,
            opening: Opening::Pair { x0: 3, y0: 5 },
            x_name: x.into(),
            y_name: y.into(),
            end,
            detail: String::new(),
            moves: moves.iter().map(|m| m.to_string()).collect(),
        }
    }

    #[test]
    fn writes_dice_plays_and_skips_what_gnubg_cannot_read() {
        let forfeit = GameEnd::Forfeit {
            loser: Side::X,
            reason: ForfeitReason::Illegal,
        };
        let games = [
            record(
                0,
                "a",
                "b",
                forfeit,
                &["3", "5", "6:24/13", "6:24/18(2),13/7(2)"],
            ),
            record(1, "b", "a", forfeit, &["3", "5", "6:24/13"]),
            record(2, "a", "b", GameEnd::MaxTurns, &["3", "5"]),
            record(3, "a", "b", forfeit, &["3", "5"]),
        ];
        let (text, skipped) = export(&games, ["a", "b"], NumberRules::default());
        assert!(text.starts_with(" 0 point match\n"));
        // Game 1: a is X and forfeits; b (player 2) wins.
        assert!(text.contains("  1) 65: 24/13                   66: 24/18(2) 13/7(2)\n"));
        assert!(text.contains(&format!("\n{}Wins 1 point\n", " ".repeat(33))));
        // Game 2: b is X and moves first; a (player 1) wins by forfeit.
        assert!(text.contains(" a : 0                        b : 1\n"));
        assert!(text.contains(&format!("  1) {}65: 24/13\n", " ".repeat(28))));
        assert!(text.contains("\n     Wins 1 point\n"));
        assert_eq!(skipped.iter().map(|s| s.index).collect::<Vec<_>>(), [2, 3]);
        assert_eq!(turn_text((6, 5), "pass"), "65:");
    }
}
