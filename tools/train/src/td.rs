//! Generation 0: TD(λ) self-play from random weights, as TD-Gammon learned.
//!
//! Each round, `jobs` threads play games with a frozen copy of the net, every
//! turn choosing the number and play whose resulting state the net values
//! best for the mover (1 ply), with some random choices among the best few
//! in the first turns so that games differ. Every state met is then trained
//! towards its λ-return: `G_t = (1-λ)·V(s_{t+1}) + λ·G_{t+1}` (each seen by
//! the side to move in `s_t`), ending on the game's result. Games that reach
//! the turn cap are dropped. One pass of Adam over the round's states, and
//! the next round plays with the new weights.
//!
//! A game's random choices depend only on the seed, the round and the game's
//! number, so a run is reproducible for a seed whatever `jobs` is.

use crate::either_side;
use crate::mlp::{Mlp, Target};
use crate::style::{handcrafted_choice, holding_choice};
use crate::trajectory::{child_value, equity, Step};
use crate::variants::VariantMix;
use ncbg::board::Variant;
use ncbg::duel::{self, DuelEnd, DuelRules};
use ncbg::eval::nn::features::Features;
use ncbg::eval::nn::{Network, Probabilities, OUTPUTS};
use ncbg::eval::Handcrafted;
use ncbg::game::GameState;
use ncbg::numbers::{NumberRules, Side};
use ncbg::rng::Rng;
use ncbg::turn::legal_turns;

/// Settings of a TD run.
#[derive(Clone, Debug)]
pub struct TdConfig {
    pub games_per_round: u64,
    pub lambda: f32,
    /// Turns (from the first checker play) with random choices.
    pub explore_turns: u32,
    /// Chance of a random choice among the best three in those turns.
    pub explore_chance: f32,
    pub max_turns: u32,
    pub jobs: usize,
    pub seed: u64,
    /// Share of games with another alphabet size or credit count than 6/2.
    pub other_rules: f32,
    /// Share of games played under dice instead ([`dice`](crate::dice)).
    pub dice: f32,
    /// The games of the family played, by share (the NC games; dice games
    /// are the standard game's).
    pub variants: VariantMix,
    /// Share of games in which one side plays by the handcrafted
    /// evaluation at one ply ([`Handcrafted`]).
    pub handcrafted_share: f32,
    /// Share of games in which one side (either colour, drawn) plays the
    /// holding style at one ply: the net's equity plus `holding_bonus`
    /// millipoints for each of its anchors on the opponent's home board and
    /// bar point ([`crate::style::holding_anchors`]). The targets stay the
    /// plain net's values and the game's result, so the net learns what
    /// such a back game is worth from how the games end.
    pub holding_share: f32,
    /// The holding style's bonus per anchor, in millipoints.
    pub holding_bonus: i32,
    /// Share of games that begin at a back-game start
    /// ([`crate::backgame::start`]) instead of the variant's: states after
    /// the race's entry in which one side holds many checkers back against a
    /// runner far ahead, which self-play from the start never reaches.
    pub back_game_share: f32,
}

/// What a round's games held: how many had a holding side, and the points
/// that side won in them (a loss negative), over the finished ones.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct HoldingTally {
    pub games: u64,
    pub finished: u64,
    pub points: i64,
}

fn uniform(rng: &mut Rng) -> f32 {
    (rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32
}

/// The rules of one game: mostly k = 6 with two credits each.
pub fn game_rules(rng: &mut Rng, other: f32) -> NumberRules {
    if uniform(rng) < other {
        let k = [4u8, 5, 7, 8][rng.index(4)];
        let credits = rng.index(4) as u8;
        NumberRules::new(k, credits).expect("valid rules")
    } else {
        NumberRules::default()
    }
}

/// The points a holding side won in its game (a loss negative), or `None`
/// where the game ended without a result.
type HeldPoints = Option<i64>;

/// The side that plays the holding style in a game, if any (drawn only
/// when asked for, so that runs made before it replay).
fn holding_side(cfg: &TdConfig, rng: &mut Rng) -> Option<Side> {
    (cfg.holding_share > 0.0 && uniform(rng) < cfg.holding_share).then(|| either_side(rng))
}

/// A game's first state: the start of a game drawn from the mix, or, in
/// a share `back_game_share` of the games, a back-game start.
fn start_state(cfg: &TdConfig, rng: &mut Rng) -> GameState {
    let rules = game_rules(rng, cfg.other_rules);
    // Drawn only for a mix, so that runs made before --variants replay.
    let variant = if cfg.variants.is_standard_only() {
        Variant::Standard
    } else {
        cfg.variants.draw(rng)
    };
    // Drawn only when asked for, so that runs made before it replay; the
    // rules and the variant above are drawn even when a back-game start
    // then replaces them, for the same reason.
    if cfg.back_game_share > 0.0 && uniform(rng) < cfg.back_game_share {
        crate::backgame::start(rng)
    } else {
        GameState::start(variant, rules)
    }
}

/// Plays one game (a [`duel`]); `None` when it ends without a result (the
/// turn cap, or a repetition). Also gives the holding side's points, where
/// a side held.
fn play_game(
    net: &Network,
    cfg: &TdConfig,
    rng: &mut Rng,
) -> (Option<Vec<Step>>, Option<HeldPoints>) {
    let start = start_state(cfg, rng);
    // Drawn only when asked for, so that runs made before it replay.
    let handcrafted_side = (cfg.handcrafted_share > 0.0 && uniform(rng) < cfg.handcrafted_share)
        .then(|| either_side(rng));
    let holder = holding_side(cfg, rng);
    let handcrafted = Handcrafted::default();
    let mut steps = Vec::with_capacity(128);
    let duel_rules = DuelRules {
        max_turns: cfg.max_turns,
        repetition: true,
    };
    let duel = duel::play(start, &duel_rules, &mut |state, history| {
        let turn = history.len() as u32;
        let choices = legal_turns(state);
        let values: Vec<[f32; OUTPUTS]> = choices
            .iter()
            .map(|c| child_value(net, &c.after(state)))
            .collect();
        let mut order: Vec<usize> = (0..choices.len()).collect();
        order.sort_by(|&a, &b| equity(&values[b]).total_cmp(&equity(&values[a])));
        let explore = state.in_opening() || turn < cfg.explore_turns + 2;
        let pick = if handcrafted_side == Some(state.to_move()) {
            handcrafted_choice(&handcrafted, state, &choices)
        } else if holder == Some(state.to_move()) {
            holding_choice(state, &choices, &values, cfg.holding_bonus)
        } else if explore && uniform(rng) < cfg.explore_chance {
            order[rng.index(order.len().min(3))]
        } else {
            order[0]
        };
        steps.push(Step {
            features: Features::of(state, net.features()),
            chosen: values[pick],
        });
        Some(choices[pick])
    });
    let held = holder.map(|side| match duel.end {
        DuelEnd::Finished(r) if r.winner == side => Some(r.points as i64),
        DuelEnd::Finished(r) => Some(-(r.points as i64)),
        _ => None,
    });
    (
        matches!(duel.end, DuelEnd::Finished(_)).then_some(steps),
        held,
    )
}

/// λ-returns of a game's states, last first, then reversed.
fn lambda_returns(steps: &[Step], lambda: f32) -> Vec<[f32; OUTPUTS]> {
    let mut out = vec![[0.0; OUTPUTS]; steps.len()];
    let mut next: Option<[f32; OUTPUTS]> = None;
    for t in (0..steps.len()).rev() {
        let c = steps[t].chosen;
        let g = match next {
            None => c,
            Some(g_next) => {
                // G_{t+1} is from the opponent's view: flip it.
                let flipped = Probabilities::from_array(g_next).flip().to_array();
                let mut g = [0.0; OUTPUTS];
                for o in 0..OUTPUTS {
                    g[o] = (1.0 - lambda) * c[o] + lambda * flipped[o];
                }
                g
            }
        };
        out[t] = g;
        next = Some(g);
    }
    out
}

/// Training samples: encoded states and their targets.
pub type Samples = Vec<(Features, Target)>;

/// Plays round `round`'s games with `net`; returns every state with its
/// target, in game order, the number of games dropped at the cap, and what
/// the games with a holding side gave it.
pub fn play_round(net: &Network, cfg: &TdConfig, round: u64) -> (Samples, u64, HoldingTally) {
    let jobs = cfg.jobs.max(1) as u64;
    type JobOut = (Vec<(u64, Samples)>, u64, HoldingTally);
    let per_job: Vec<JobOut> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..jobs)
            .map(|j| {
                s.spawn(move || {
                    let mut games = Vec::new();
                    let mut dropped = 0;
                    let mut tally = HoldingTally::default();
                    for g in (j..cfg.games_per_round).step_by(jobs as usize) {
                        let mut rng = Rng::new(
                            cfg.seed
                                ^ round.wrapping_mul(0x9E37_79B9_7F4A_7C15)
                                ^ g.wrapping_mul(0xD1B5_4A32_D192_ED03),
                        );
                        // Without dice games no number is drawn, so that
                        // runs made before --dice replay unchanged.
                        let steps = if cfg.dice > 0.0 && uniform(&mut rng) < cfg.dice {
                            crate::dice::play_game(net, cfg.max_turns, &mut rng)
                        } else {
                            let (steps, held) = play_game(net, cfg, &mut rng);
                            if let Some(points) = held {
                                tally.games += 1;
                                if let Some(p) = points {
                                    tally.finished += 1;
                                    tally.points += p;
                                }
                            }
                            steps
                        };
                        match steps {
                            Some(steps) => {
                                let targets = lambda_returns(&steps, cfg.lambda);
                                let samples = steps
                                    .into_iter()
                                    .zip(targets)
                                    .map(|(s, t)| {
                                        (
                                            s.features,
                                            Target {
                                                probabilities: t,
                                                probability_weight: 1.0,
                                                probability_outputs: crate::mlp::ALL_OUTPUTS,
                                                equity: 0.0,
                                                equity_weight: 0.0,
                                            },
                                        )
                                    })
                                    .collect();
                                games.push((g, samples));
                            }
                            None => dropped += 1,
                        }
                    }
                    (games, dropped, tally)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("self-play thread"))
            .collect()
    });
    let mut games: Vec<(u64, Samples)> = Vec::new();
    let mut dropped = 0;
    let mut tally = HoldingTally::default();
    for (g, d, t) in per_job {
        games.extend(g);
        dropped += d;
        tally.games += t.games;
        tally.finished += t.finished;
        tally.points += t.points;
    }
    games.sort_by_key(|(g, _)| *g);
    (
        games.into_iter().flat_map(|(_, s)| s).collect(),
        dropped,
        tally,
    )
}

/// One shuffled pass of Adam over `samples`; returns the mean loss.
pub fn train_pass(
    mlp: &mut Mlp,
    samples: &[(Features, Target)],
    batch: usize,
    learning_rate: f32,
    rng: &mut Rng,
) -> f32 {
    let mut order: Vec<usize> = (0..samples.len()).collect();
    rng.shuffle(&mut order);
    let mut total = 0.0;
    let mut steps = 0;
    for chunk in order.chunks(batch.max(1)) {
        let b: Vec<(&Features, Target)> = chunk
            .iter()
            .map(|&i| (&samples[i].0, samples[i].1))
            .collect();
        total += mlp.step(&b, learning_rate);
        steps += 1;
    }
    if steps == 0 {
        0.0
    } else {
        total / steps as f32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::style::handcrafted_value;
    use ncbg::eval::nn::FeatureSet;
    use ncbg::search::{Limits, Searcher, Settings, StopFlag};
    use ncbg::turn::random_turn;

    /// The handcrafted side's choice is as good, by the handcrafted
    /// evaluation, as the engine's one-ply search with that evaluation
    /// chooses (its sign is the mover's), on states of random race games.
    #[test]
    fn the_handcrafted_side_plays_the_handcrafted_evaluations_best() {
        let h = Handcrafted::default();
        let mut searcher = Searcher::new(1, Box::new(Handcrafted::default()));
        let limits = Limits {
            depth: Some(1),
            ..Limits::default()
        };
        let value = |state: &GameState, t: &ncbg::turn::Turn| handcrafted_value(&h, state, t);
        let mut rng = Rng::new(5);
        let mut checked = 0;
        for _ in 0..6 {
            let mut state = GameState::start(Variant::Race, NumberRules::default());
            for _ in 0..60 {
                if state.result().is_some() {
                    break;
                }
                let choices = legal_turns(&state);
                let mine = choices[handcrafted_choice(&h, &state, &choices)];
                searcher.clear();
                let searched = searcher
                    .search(
                        &state,
                        &limits,
                        &Settings::default(),
                        &StopFlag::new(false),
                        &mut |_| {},
                    )
                    .expect("a legal turn")
                    .best;
                assert!(
                    value(&state, &mine) >= value(&state, &searched),
                    "worse than the search's choice"
                );
                let worst = choices
                    .iter()
                    .map(|t| value(&state, t))
                    .min()
                    .expect("choices");
                if worst < value(&state, &mine) {
                    checked += 1;
                }
                state = random_turn(&state, &mut rng).expect("a turn").after(&state);
            }
        }
        assert!(
            checked > 50,
            "too few states with a choice that matters: {checked}"
        );
    }

    /// The holding side keeps the most anchors back when the bonus outweighs
    /// any equity, and plays the net's best without a bonus; on states of
    /// random race games.
    #[test]
    fn the_holding_side_keeps_its_anchors_back() {
        let net = crate::mlp::Mlp::new(FeatureSet::Context, 16, 3).to_network();
        let mut rng = Rng::new(9);
        let mut differ = 0;
        for _ in 0..4 {
            let mut state = GameState::start(Variant::Race, NumberRules::default());
            for _ in 0..80 {
                if state.result().is_some() {
                    break;
                }
                let choices = legal_turns(&state);
                let values: Vec<[f32; OUTPUTS]> = choices
                    .iter()
                    .map(|c| child_value(&net, &c.after(&state)))
                    .collect();
                let side = state.to_move();
                let anchors = |i: usize| {
                    let child = choices[i].after(&state);
                    crate::style::holding_anchors(child.position(), child.to_move() == side)
                };
                let most = (0..choices.len()).map(anchors).max().expect("choices");
                let held = holding_choice(&state, &choices, &values, 1_000_000);
                assert_eq!(anchors(held), most);
                let plain = holding_choice(&state, &choices, &values, 0);
                let best = (0..choices.len())
                    .map(|i| equity(&values[i]))
                    .fold(f32::MIN, f32::max);
                assert_eq!(equity(&values[plain]), best);
                if anchors(plain) < most {
                    differ += 1;
                }
                state = random_turn(&state, &mut rng).expect("a turn").after(&state);
            }
        }
        assert!(differ > 10, "the style changed too few choices: {differ}");
    }

    /// Six race games a round, no style, no back-game start.
    fn race_config() -> TdConfig {
        TdConfig {
            games_per_round: 6,
            lambda: 0.7,
            explore_turns: 4,
            explore_chance: 0.2,
            max_turns: 400,
            jobs: 1,
            seed: 3,
            other_rules: 0.0,
            dice: 0.0,
            variants: "race".parse().expect("a mix"),
            handcrafted_share: 0.0,
            holding_share: 0.0,
            holding_bonus: 0,
            back_game_share: 0.0,
        }
    }

    /// A back-game share of 1 starts every game at a back-game start, and
    /// none starts every game at the variant's start.
    #[test]
    fn back_game_starts_replace_the_games_start_by_their_share() {
        let mut cfg = race_config();
        cfg.back_game_share = 1.0;
        let mut rng = Rng::new(9);
        for _ in 0..20 {
            let s = start_state(&cfg, &mut rng);
            let p = s.position();
            assert_eq!(p.mover().pool() + p.opponent().pool(), 0);
            let (a, b) = p.pips();
            assert!(a.abs_diff(b) >= crate::backgame::MIN_LEAD);
        }
        cfg.back_game_share = 0.0;
        for _ in 0..20 {
            let s = start_state(&cfg, &mut rng);
            assert_eq!(s.position().mover().pool(), 15, "the race's start");
        }
    }

    /// With a holding share of 1 every game has a holding side, tallied
    /// with its points; with none, no game has.
    #[test]
    fn a_round_tallies_the_holding_sides_games() {
        let net = crate::mlp::Mlp::new(FeatureSet::Context, 16, 3).to_network();
        let mut cfg = race_config();
        cfg.jobs = 2;
        cfg.holding_share = 1.0;
        cfg.holding_bonus = 300;
        let (samples, dropped, held) = play_round(&net, &cfg, 0);
        assert_eq!(held.games, 6);
        assert_eq!(held.finished, 6 - dropped);
        assert!(held.points.unsigned_abs() <= 3 * held.finished);
        assert!(!samples.is_empty() || dropped == 6);
        cfg.holding_share = 0.0;
        let (_, _, none) = play_round(&net, &cfg, 0);
        assert_eq!(none, HoldingTally::default());
    }
}
