//! One prior for both reports (issue 40): a small or perfect sample gets a
//! finite estimate with a wide, finite interval, and two engines get the
//! same Elo and interval from the match report and from the tournament's
//! rating list.

use ncbg::board::WinKind;
use ncbg::matchfile::Opening;
use ncbg::matchfile::{GameEnd, GameRecord};
use ncbg::numbers::Side;
use ncbg::referee::report::Report;
use ncbg::referee::standings::TournamentReport;
use ncbg::referee::stats::elo_from_score;

/// Game `index` of pair `index / 2` between `a` and `b` (colours swapped
/// within the pair), won by `a` when `a_wins`.
fn game(index: u64, a: &str, b: &str, a_wins: bool) -> GameRecord {
    let a_is_x = index % 2 == 0;
    let a_side = if a_is_x { Side::X } else { Side::Y };
    GameRecord {
        depths: Vec::new(),
        index,
        pair: index / 2,
        round: 0,
        opening: Opening::Pair { x0: 3, y0: 5 },
        x_name: if a_is_x { a } else { b }.into(),
        y_name: if a_is_x { b } else { a }.into(),
        end: GameEnd::Win {
            winner: if a_wins { a_side } else { a_side.other() },
            kind: WinKind::Single,
        },
        detail: String::new(),
        moves: vec![],
        stakes: ncbg::matchfile::Stakes::default(),
    }
}

#[test]
fn twelve_nil_is_finite_wide_and_the_same_in_both_reports() {
    let games: Vec<GameRecord> = (0..12).map(|i| game(i, "A", "B", true)).collect();
    let m = Report::new(&games, ["A", "B"], None);
    let elo = m.elo.elo.expect("a finite Elo");
    let (low, high) = (m.elo.low.unwrap(), m.elo.high.unwrap());
    // 12 wins and the prior's two draws: 13 of 14.
    assert!((elo - elo_from_score(13.0 / 14.0).unwrap()).abs() < 1e-9);
    assert!((elo - 445.6).abs() < 0.1, "{elo}");
    // The prior's pair is two coin tosses: a wide interval, finite.
    assert!((low - 18.4).abs() < 0.1, "{low}");
    assert!((high - 872.7).abs() < 0.1, "{high}");
    assert!(
        m.to_text().contains("Elo difference: +445.6"),
        "{}",
        m.to_text()
    );
    assert!(
        m.progress_line(12).contains("Elo +445.6 ± "),
        "{}",
        m.progress_line(12)
    );

    // The same games as a tournament of two (B the anchor at 0).
    let t = TournamentReport::new(&games, &["A", "B"], (1, 0.0), 200);
    let a = t.standings.iter().find(|s| s.name == "A").unwrap();
    let e = a.elo;
    assert!((e.elo.unwrap() - elo).abs() < 0.01, "{e:?} vs {elo}");
    // Every resample is 12-0: the interval is the pair-robust one, the
    // match report's.
    assert!((e.low.unwrap() - low).abs() < 0.5, "{e:?} vs {low}");
    assert!((e.high.unwrap() - high).abs() < 0.5, "{e:?} vs {high}");
    // On points too (single wins: the same).
    assert!((a.points_elo.elo.unwrap() - elo).abs() < 0.01);
}

/// In a tournament a perfect pairing no longer sends an engine to +2000:
/// A beat B 12-0 and C split with both.
#[test]
fn a_perfect_pairing_in_a_tournament_is_rated_sanely() {
    let mut games = Vec::new();
    let mut index = 0;
    let mut add = |a: &str, b: &str, wins: &[bool]| {
        for &w in wins {
            games.push(game(index, a, b, w));
            index += 1;
        }
    };
    add("A", "B", &[true; 12]);
    add(
        "A",
        "C",
        &[true, false, true, false, true, false, true, true],
    );
    add(
        "B",
        "C",
        &[false, true, false, true, false, true, false, false],
    );
    let t = TournamentReport::new(&games, &["A", "B", "C"], (2, 0.0), 300);
    for s in &t.standings {
        let e = s.elo;
        let (elo, low, high) = (e.elo.unwrap(), e.low.unwrap(), e.high.unwrap());
        assert!(elo.abs() < 600.0, "{}: {elo}", s.name);
        assert!(
            low < elo && elo < high || s.name == "C",
            "{}: {e:?}",
            s.name
        );
        assert!(high - low < 1500.0, "{}: {e:?}", s.name);
    }
    let a = t.standings.iter().find(|s| s.name == "A").unwrap().elo;
    let b = t.standings.iter().find(|s| s.name == "B").unwrap().elo;
    let gap = a.elo.unwrap() - b.elo.unwrap();
    assert!(gap > 200.0 && gap < 800.0, "{gap}");
    assert!(t.to_text().contains("prior of one drawn game pair"));
}

/// Every pair split 1-1 (each engine wins with the same colour): the games
/// have no spread, yet both reports give an interval of non-zero width, the
/// same one, and it narrows as pairs come in.
#[test]
fn even_pairs_get_the_same_non_zero_interval_in_both_reports() {
    let width = |pairs: u64| {
        let games: Vec<GameRecord> = (0..2 * pairs)
            .map(|i| game(i, "A", "B", i % 2 == 0))
            .collect();
        let m = Report::new(&games, ["A", "B"], None);
        assert_eq!(m.pentanomial, [0, 0, pairs, 0, 0]);
        let (elo, low, high) = (m.elo.elo.unwrap(), m.elo.low.unwrap(), m.elo.high.unwrap());
        assert!(elo.abs() < 1e-9 && low < -1.0 && high > 1.0, "{:?}", m.elo);
        let t = TournamentReport::new(&games, &["A", "B"], (1, 0.0), 200);
        let a = t.standings.iter().find(|s| s.name == "A").unwrap().elo;
        assert!((a.elo.unwrap() - elo).abs() < 0.01, "{a:?}");
        assert!((a.low.unwrap() - low).abs() < 0.5, "{a:?} vs {low}");
        assert!((a.high.unwrap() - high).abs() < 0.5, "{a:?} vs {high}");
        high - low
    };
    let (six, sixty) = (width(6), width(60));
    assert!(sixty < six, "{six} {sixty}");
}
