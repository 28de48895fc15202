//! Perft counts against the published references: the `bkgm` crate and GNU
//! Backgammon (classic), and gnubg's NC perft script (`tools/gnubg_nc_perft.py`).

use ncbg::board::Variant;
use ncbg::game::GameState;
use ncbg::perft;

#[test]
fn classic_perft_from_the_start() {
    let start = Variant::Standard.start();
    assert_eq!(perft::classic(&start, 1), 447);
    assert_eq!(perft::classic(&start, 2), 202_782);
    assert_eq!(perft::classic_generated(&start, 2), 202_782);
}

#[test]
fn classic_perft_depth_3() {
    let start = Variant::Standard.start();
    assert_eq!(perft::classic(&start, 3), 116_154_993);
}

fn after_opening(x0: u8, y0: u8) -> GameState {
    let mut g = GameState::standard();
    g.pick(x0).unwrap();
    g.pick(y0).unwrap();
    g
}

#[test]
fn nc_perft_from_3_5() {
    let g = after_opening(3, 5);
    assert_eq!(perft::nc(&g, 1), 36);
    assert_eq!(perft::nc(&g, 2), 3_635);
    assert_eq!(perft::nc_generated(&g, 2), 3_635);
    // gnubg_nc_perft.py with PERFT_PAIR=3,5 PERFT_DEPTH=3.
    assert_eq!(perft::nc(&g, 3), 380_408);
}

#[test]
fn nc_perft_counts_turn_zero_picks() {
    // X has 6 picks, Y then 5: 30 initial pairs.
    let g = GameState::standard();
    assert_eq!(perft::nc(&g, 1), 6);
    assert_eq!(perft::nc(&g, 2), 30);
    let by_pairs: u64 = (1..=6)
        .flat_map(|x| (1..=6).filter(move |&y| y != x).map(move |y| (x, y)))
        .map(|(x, y)| perft::nc(&after_opening(x, y), 1))
        .sum();
    assert_eq!(perft::nc(&g, 3), by_pairs);
}

#[test]
fn nc_perft_other_openings_and_alphabets() {
    // (x0, y0, k, depth 1..=3), all computed with tools/gnubg_nc_perft.py.
    let cases = [
        (1, 2, 6, [132, 11_057, 1_311_747]),
        (6, 4, 6, [110, 10_228, 1_229_325]),
        (2, 1, 4, [72, 4_890, 518_380]),
    ];
    for (x0, y0, k, counts) in cases {
        let rules = ncbg::numbers::NumberRules::new(k, 2).unwrap();
        let mut g = GameState::start(Variant::Standard, rules);
        g.pick(x0).unwrap();
        g.pick(y0).unwrap();
        for (depth, &want) in (1..).zip(&counts) {
            assert_eq!(
                perft::nc(&g, depth),
                want,
                "({x0},{y0}) k={k} depth {depth}"
            );
        }
    }
}
