//! The crosstable of a tournament: for every two engines, the games between
//! them from the row engine's side (wins, losses, draws, points won and
//! lost), as text and JSON.

use crate::matchfile::GameRecord;
use serde::Serialize;
use std::fmt::Write;

/// The games of one engine against one other, from the first's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Cell {
    /// Games played.
    pub games: u64,
    /// Games won (a forfeit by the other included).
    pub wins: u64,
    /// Games lost.
    pub losses: u64,
    /// Games drawn (turn cap or repetition).
    pub draws: u64,
    /// Points won (1-3 a win, 1 a forfeit).
    pub points_won: u64,
    /// Points lost.
    pub points_lost: u64,
}

impl Cell {
    /// Wins plus half the draws.
    pub fn score(&self) -> f64 {
        self.wins as f64 + self.draws as f64 / 2.0
    }

    /// The cell as the text table shows it: `W-L-D pts+:pts-`.
    pub fn to_text(&self) -> String {
        format!(
            "{}-{}-{} {}:{}",
            self.wins, self.losses, self.draws, self.points_won, self.points_lost
        )
    }
}

/// Every engine against every other.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Crosstable {
    /// Engine names, in the order of the rows and columns.
    pub names: Vec<String>,
    /// `cells[row][column]`: the row engine's games against the column
    /// engine (the diagonal stays empty).
    pub cells: Vec<Vec<Cell>>,
}

impl Crosstable {
    /// The crosstable of `games` between the engines `names`; games with an
    /// unknown name, or an engine against itself, are left out.
    pub fn new(games: &[GameRecord], names: &[&str]) -> Crosstable {
        let n = names.len();
        let mut cells = vec![vec![Cell::default(); n]; n];
        let index = |name: &str| names.iter().position(|&m| m == name);
        for g in games {
            let (Some(x), Some(y)) = (index(&g.x_name), index(&g.y_name)) else {
                continue;
            };
            if x == y {
                continue;
            }
            let points = u64::from(g.points());
            let (winner, loser) = match g.end.winner() {
                None => {
                    for (a, b) in [(x, y), (y, x)] {
                        cells[a][b].games += 1;
                        cells[a][b].draws += 1;
                    }
                    continue;
                }
                Some(crate::numbers::Side::X) => (x, y),
                Some(crate::numbers::Side::Y) => (y, x),
            };
            let w = &mut cells[winner][loser];
            w.games += 1;
            w.wins += 1;
            w.points_won += points;
            let l = &mut cells[loser][winner];
            l.games += 1;
            l.losses += 1;
            l.points_lost += points;
        }
        Crosstable {
            names: names.iter().map(|s| s.to_string()).collect(),
            cells,
        }
    }

    /// The row engine's games against every other, summed.
    pub fn total(&self, row: usize) -> Cell {
        self.cells[row].iter().fold(Cell::default(), |t, c| Cell {
            games: t.games + c.games,
            wins: t.wins + c.wins,
            losses: t.losses + c.losses,
            draws: t.draws + c.draws,
            points_won: t.points_won + c.points_won,
            points_lost: t.points_lost + c.points_lost,
        })
    }

    /// The table for people, rows in `order` (engine indices; columns in the
    /// same order): each cell `W-L-D won:lost` points, `-` where the engines
    /// did not meet.
    pub fn to_text(&self, order: &[usize]) -> String {
        let name_width = self.names.iter().map(|s| s.len()).max().unwrap_or(0).max(6);
        let cell_text = |r: usize, c: usize| {
            if r == c {
                String::from("x")
            } else if self.cells[r][c].games == 0 {
                String::from("-")
            } else {
                self.cells[r][c].to_text()
            }
        };
        let mut width = 0;
        for &r in order {
            for &c in order {
                width = width.max(cell_text(r, c).len());
            }
        }
        for &c in order {
            width = width.max(self.names[c].len());
        }
        let mut o = String::new();
        let _ = write!(o, "{:<name_width$}", "");
        for &c in order {
            let _ = write!(o, "  {:>width$}", self.names[c]);
        }
        o.push('\n');
        for &r in order {
            let _ = write!(o, "{:<name_width$}", self.names[r]);
            for &c in order {
                let _ = write!(o, "  {:>width$}", cell_text(r, c));
            }
            o.push('\n');
        }
        o
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::WinKind;
    use crate::matchfile::{ForfeitReason, GameEnd};
    use crate::numbers::Side;

    /// Game 0 between `x` and `y`.
    fn game(x: &str, y: &str, end: GameEnd) -> GameRecord {
        crate::referee::test_games::game(0, x, y, end)
    }

    #[test]
    fn cells_from_both_sides() {
        let win = |winner, kind| GameEnd::Win { winner, kind };
        let games = [
            game("a", "b", win(Side::X, WinKind::Gammon)),
            game("b", "a", win(Side::X, WinKind::Single)),
            game("a", "c", GameEnd::MaxTurns),
            game(
                "c",
                "a",
                GameEnd::Forfeit {
                    loser: Side::X,
                    reason: ForfeitReason::Crash,
                },
            ),
            game("a", "zz", win(Side::X, WinKind::Single)),
        ];
        let t = Crosstable::new(&games, &["a", "b", "c"]);
        let ab = t.cells[0][1];
        assert_eq!((ab.games, ab.wins, ab.losses, ab.draws), (2, 1, 1, 0));
        assert_eq!((ab.points_won, ab.points_lost), (2, 1));
        assert_eq!(t.cells[1][0].to_text(), "1-1-0 1:2");
        assert_eq!(t.cells[0][2].to_text(), "1-0-1 1:0");
        assert_eq!(t.cells[2][0].to_text(), "0-1-1 0:1");
        assert_eq!(t.cells[1][2], Cell::default());
        let total = t.total(0);
        assert_eq!((total.games, total.score()), (4, 2.5));
        let text = t.to_text(&[0, 1, 2]);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 4);
        assert!(
            lines[1].starts_with("a ") && lines[1].contains("1-1-0 2:1"),
            "{text}"
        );
        assert!(lines[2].trim_end().ends_with('-'), "{text}");
        let json = serde_json::to_value(&t).unwrap();
        assert_eq!(json["cells"][0][1]["points_won"], 2);
    }
}
