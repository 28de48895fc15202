//! The handcrafted evaluation: an NC-aware estimate of a state's value for
//! the side to move, in millipoints, kept as a baseline beside the learned
//! one (`setoption name Eval value classic`).
//!
//! The NC twist: the side to move will play the pair (its pick, the
//! opponent's current number), so the opponent's blots are weighed by how many
//! of the mover's possible next pairs hit them — the number the opponent just
//! picked is half of every such pair, and the mover's own previous number is
//! excluded.

use super::{finish, Evaluator};
use crate::board::{Checkers, Position, BAR, POINT_BITS};
use crate::game::GameState;
use crate::pair::Pair;

/// Weights of the handcrafted evaluation, in millipoints.
#[derive(Clone, Debug)]
pub struct Handcrafted {
    /// Per pip of race lead.
    pub pip: i32,
    /// Per made point in the home board.
    pub home_point: i32,
    /// Per made point elsewhere.
    pub outer_point: i32,
    /// Per point of the longest prime beyond one.
    pub prime: i32,
    /// Per anchor (made point in the opponent's home board).
    pub anchor: i32,
    /// Per shot: opposing blot hittable by the mover's next pairs, scaled.
    pub shot: i32,
    /// Per own blot in direct range of the opponent.
    pub blot: i32,
    /// Per checker on the bar, plus per closed point in front of it.
    pub bar: i32,
    /// Per checker borne off.
    pub off: i32,
    /// Per doublet credit left (contact).
    pub credit: i32,
    /// Per doublet credit left (race, where a doublet is worth most).
    pub race_credit: i32,
    /// The extra point of a likely gammon (scaled by how likely); a third of
    /// it again for a likely backgammon.
    pub gammon: i32,
}

impl Default for Handcrafted {
    fn default() -> Handcrafted {
        Handcrafted {
            pip: 10,
            home_point: 90,
            outer_point: 20,
            prime: 80,
            anchor: 40,
            shot: 200,
            blot: 15,
            bar: 40,
            off: 25,
            credit: 300,
            race_credit: 120,
            gammon: 500,
        }
    }
}

/// Per-side features, from that side's own point of view.
struct Side {
    pips: i32,
    home_points: i32,
    outer_points: i32,
    longest_prime: i32,
    anchors: i32,
    bar: i32,
    off: i32,
}

fn side_features(c: Checkers) -> Side {
    let made = c.occupied_twice();
    let home = (made & 0b111_1110).count_ones() as i32;
    let outer = (made & (0xFF_FF80 & !(0x3F << 19))).count_ones() as i32;
    let anchors = (made & (0x3F << 19)).count_ones() as i32;
    // Longest run of consecutive made points: shift-and until empty.
    let mut run = made & POINT_BITS;
    let mut longest = 0;
    while run != 0 {
        run &= run >> 1;
        longest += 1;
    }
    Side {
        pips: c.pips() as i32,
        home_points: home,
        outer_points: outer,
        longest_prime: longest,
        anchors,
        bar: i32::from(c.bar()),
        off: i32::from(c.off()),
    }
}

/// True when the pair can carry a checker exactly `d` points forward with its
/// single numbers, or its sum through an open intermediate point (`open(p)`
/// says whether the mover may land on its point `p`).
fn pair_reaches(pair: Pair, from: usize, d: usize, open: &dyn Fn(usize) -> bool) -> bool {
    let (a, b) = (pair.hi() as usize, pair.lo() as usize);
    if d == a || d == b {
        return true;
    }
    if pair.is_doublet() {
        let mut at = from;
        for _ in 0..4 {
            if at <= a || !open(at - a) {
                return false;
            }
            at -= a;
            if from - at == d {
                return true;
            }
        }
        return false;
    }
    d == a + b && from > a + b && ((from > a && open(from - a)) || (from > b && open(from - b)))
}

/// The mover's shots at the opponent's blots: for each blot, the share of the
/// mover's possible next pairs that hit it, weighted by what the hit costs the
/// opponent (the blot's pips plus a base).
fn shots(state: &GameState, pos: &Position) -> f64 {
    let mover = pos.mover();
    let blots = pos.opponent_blots();
    if blots == 0 {
        return 0.0;
    }
    let side = state.to_move();
    let Some(theirs) = state.numbers().current(side.other()) else {
        return 0.0;
    };
    let mut pairs = [None; 9];
    let mut n_pairs = 0;
    for n in state.numbers().legal_picks(side, state.k()).iter() {
        pairs[n_pairs] = Pair::new(n, theirs);
        n_pairs += 1;
    }
    if n_pairs == 0 {
        return 0.0;
    }
    let blocked = pos.blocked();
    let open = |p: usize| blocked & (1 << p) == 0;
    // Checkers on the bar must enter first: then only the bar shoots.
    let sources = if mover.bar() > 0 {
        1 << BAR
    } else {
        mover.occupied() & POINT_BITS
    };
    let mut total = 0.0;
    for t in crate::movegen::bits(blots) {
        let behind = sources & !((2u32 << t) - 1);
        if behind == 0 {
            continue;
        }
        let hitting = pairs[..n_pairs]
            .iter()
            .flatten()
            .filter(|&&pair| {
                crate::movegen::bits(behind).any(|p| pair_reaches(pair, p, p - t, &open))
            })
            .count();
        if hitting > 0 {
            // The mover chooses its number: any hitting pair is a real threat.
            let share = 0.5 + 0.5 * hitting as f64 / n_pairs as f64;
            // The blot on the mover's point t loses t pips (it sits on the
            // opponent's point 25 - t).
            total += share * (1.0 + t as f64 / 12.0);
        }
    }
    total
}

/// The mover's blots that opposing checkers could hit with any single number
/// or sum up to 2k (a static danger count).
fn exposed_blots(pos: &Position, k: usize) -> i32 {
    let blots = pos.mover().singles() & POINT_BITS;
    if blots == 0 {
        return 0;
    }
    // Opposing checkers on the mover's points (their bar is the mover's 0).
    let theirs = pos.opponent().occupied();
    let mut near_me = (theirs.reverse_bits() >> 6) & POINT_BITS;
    if pos.opponent().bar() > 0 {
        near_me |= 1;
    }
    crate::movegen::bits(blots)
        .filter(|&p| {
            let below = (1u32 << p) - 1;
            let window = below & !((1u32 << p.saturating_sub(2 * k)) - 1);
            near_me & window != 0
        })
        .count() as i32
}

/// Pips a turn moves on average when the mover may pick its number.
const PIPS_PER_TURN: i32 = 9;

/// How likely (0..=1, in 1/64ths) `winner` bears everything off before
/// `loser` bears off one checker: a race of turns, the winner needing all its
/// pips, the loser its pips to bring every checker home and one off.
fn gammon_chance(winner_pips: i32, loser: Checkers) -> (i32, i32) {
    if loser.off() > 0 {
        return (0, 0);
    }
    let winner_turns = winner_pips / PIPS_PER_TURN + 1;
    let mut to_home = 0;
    let mut in_winners_home = 0;
    for s in crate::movegen::bits(loser.occupied() & !0x7F) {
        let n = i32::from(loser.count(s));
        to_home += n * (s as i32 - 6);
        if s >= 19 {
            in_winners_home += n * (s as i32 - 18);
        }
    }
    let loser_turns = (to_home + 3) / PIPS_PER_TURN + 1 + i32::from(loser.bar());
    let margin = loser_turns - winner_turns;
    let gammon = ((margin + 2) * 16).clamp(0, 64);
    // Still stuck in the winner's home board (or on the bar) at the end.
    let back_turns = (in_winners_home + 25 * i32::from(loser.bar())) / PIPS_PER_TURN;
    let backgammon = if gammon == 64 && (in_winners_home > 0 || loser.bar() > 0) {
        ((back_turns - winner_turns + 2) * 16).clamp(0, 64)
    } else {
        0
    };
    (gammon, backgammon)
}

/// The evaluation's terms, without allocating.
struct Terms {
    items: [(&'static str, i32); 12],
    len: usize,
}

impl Terms {
    fn new() -> Terms {
        Terms {
            items: [("", 0); 12],
            len: 0,
        }
    }

    fn push(&mut self, name: &'static str, value: i32) {
        self.items[self.len] = (name, value);
        self.len += 1;
    }

    fn extend<const N: usize>(&mut self, items: [(&'static str, i32); N]) {
        for (name, value) in items {
            self.push(name, value);
        }
    }

    fn total(&self) -> i32 {
        self.items[..self.len].iter().map(|(_, v)| v).sum()
    }
}

impl Handcrafted {
    fn raw_terms(&self, state: &GameState) -> Terms {
        let pos = state.position();
        let me = side_features(pos.mover());
        let them = side_features(pos.opponent());
        // The side to move is worth about a turn in the race.
        let tempo = 8;
        let race_lead = them.pips - me.pips + tempo;
        let side = state.to_move();
        let (my_gammon, my_backgammon) = gammon_chance(me.pips, pos.opponent());
        let (their_gammon, their_backgammon) = gammon_chance(them.pips, pos.mover());
        let gammons = self.gammon * (my_gammon - their_gammon) / 64
            + self.gammon * (my_backgammon - their_backgammon) / 192;
        let credits = i32::from(state.numbers().credits(side))
            - i32::from(state.numbers().credits(side.other()));
        if pos.is_race() {
            // A pip matters more as the race gets shorter.
            let length = (me.pips + them.pips).max(20);
            let per_pip = self.pip * 160 / (length / 2 + 20);
            let mut terms = Terms::new();
            terms.push("race", per_pip * race_lead);
            terms.push("credits", self.race_credit * credits);
            terms.push("off", self.off * (me.off - them.off));
            terms.push("gammons", gammons);
            return terms;
        }
        let mut terms = Terms::new();
        terms.push("race", self.pip * race_lead);
        terms.push("credits", self.credit * credits);
        terms.push("gammons", gammons);
        let k = usize::from(state.k());
        terms.extend([
            (
                "points",
                self.home_point * (me.home_points - them.home_points)
                    + self.outer_point * (me.outer_points - them.outer_points),
            ),
            (
                "primes",
                self.prime * ((me.longest_prime - 1).max(0) - (them.longest_prime - 1).max(0)),
            ),
            ("anchors", self.anchor * (me.anchors - them.anchors)),
            (
                "bar",
                self.bar * (them.bar * (1 + me.home_points) - me.bar * (1 + them.home_points)),
            ),
            (
                "shots",
                (self.shot as f64 * shots(state, pos)).round() as i32,
            ),
            (
                "blots",
                -self.blot * exposed_blots(pos, k) + self.blot * exposed_blots(&pos.flip(), k) / 2,
            ),
            ("off", self.off * (me.off - them.off)),
        ]);
        terms
    }
}

impl Evaluator for Handcrafted {
    /// Reads the plain game's view of `state` (waiting checkers on the
    /// bar); in Anti-Backgammon the value is turned round.
    fn evaluate(&self, state: &GameState) -> i32 {
        let plain = finish(self.raw_terms(&state.plain_view()).total());
        match state.objective() {
            crate::board::Objective::BearOffFirst => plain,
            crate::board::Objective::BearOffLast => -plain,
        }
    }

    fn terms(&self, state: &GameState) -> Vec<(&'static str, String)> {
        let t = self.raw_terms(&state.plain_view());
        t.items[..t.len]
            .iter()
            .map(|&(name, v)| (name, v.to_string()))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Phase;
    use crate::numbers::{Numbers, Side};
    use crate::pos;

    fn state(position: Position) -> GameState {
        let numbers = Numbers::from_parts([Some(3), Some(5)], [2, 2]);
        GameState::new(position, Side::X, numbers, 6, Phase::Pick).unwrap()
    }

    #[test]
    fn a_near_certain_gammon_is_worth_about_two_points() {
        // The mover has 3 checkers left at home; the opponent has borne off
        // nothing and sits on its 13 point.
        let p = pos!(x 1 => 2, 2 => 1; o 13 => 15);
        assert_eq!(
            gammon_chance(p.mover().pips() as i32, p.opponent()),
            (64, 0)
        );
        let h = Handcrafted::default();
        let v = h.evaluate(&state(p));
        assert!(v > 1000, "{v}");
        let terms = h.terms(&state(p));
        assert!(
            terms
                .iter()
                .any(|(n, v)| *n == "gammons" && v.parse::<i32>().unwrap() > 0),
            "{terms:?}"
        );
        // With one checker off the opponent is safe from the gammon.
        let q = pos!(x 1 => 2, 2 => 1; o 13 => 14);
        assert_eq!(gammon_chance(q.mover().pips() as i32, q.opponent()), (0, 0));
    }

    #[test]
    fn race_values_follow_the_pip_count() {
        let h = Handcrafted::default();
        // Equal races: the side to move is ahead by a turn's tempo.
        let even = pos!(x 6 => 5, 5 => 5; o 6 => 5, 5 => 5);
        let v = h.evaluate(&state(even));
        assert!(v > 0, "{v}");
        assert_eq!(v, h.evaluate(&state(even.flip())));
        // 7 pips ahead is better than 7 pips behind, and never a multiple
        // of 1000 (kept for finished games).
        let ahead = pos!(x 6 => 4, 4 => 6; o 6 => 5, 5 => 5);
        let a = h.evaluate(&state(ahead));
        let b = h.evaluate(&state(ahead.flip()));
        assert!(a > b, "{a} {b}");
        assert!(a % 1000 != 0 && b % 1000 != 0);
    }
}
