//! `ncbg-train selfplay`: games of the engine against itself, each state
//! labelled with the search's score at a fixed depth (or node count) and
//! the game's result, written to a data file ([`crate::data`]).
//!
//! Game `i` starts from the initial pair `i mod 30` (of the 30 pairs x0 ≠ y0
//! for k = 6); in its first `explore` turns the mover picks among the search's
//! four best choices with a softmax of their scores (temperature in
//! millipoints), so that games differ; later turns play the best choice.
//! With `random_turns` N, game `i` first plays 0..=N uniformly random turns
//! (still searched, for their labels): positions the net's own play never
//! reaches. With `holding` p, a share p of the games has one side (X or Y
//! at random) play a holding style ([`crate::style`]); its states are
//! searched again by the plain net for their labels. With `dice_turns` N,
//! game `i` starts instead from the position after 0..=N turns of a dice
//! game played by the net at one ply ([`crate::dice::opening`]), with the
//! side to move, its previous number and the opponent's current number
//! drawn at random: the kinds of position (holding games, blots left,
//! checkers sent back) that dice force and NC self-play avoids, played and
//! labelled by NC search from there. With `favourites`, each state's
//! one-ply favourite (the child a depth-1 search plays: the best static
//! value for the mover) is written after it too where the search chose
//! another, labelled by a search one turn shallower from it (the same
//! horizon): the children a one-ply player reaches for and the search's
//! play never visits, which a search-labelled net otherwise overrates. A
//! game's random choices depend only on the seed and `i`, and games are
//! written in order, so a file is the same for any `--jobs`. `--shard i/n`
//! plays the games whose number is `i` mod `n`; `--resume` finishes a file
//! cut short.

use crate::data::{self, Game, MAGIC, VERSION};
use crate::dice;
use crate::style::HoldingEval;
use ncbg::board::Variant;
use ncbg::duel::{self, search_turn, DuelRules};
use ncbg::eval::nn::{Network, NnEval};
use ncbg::game::{GameState, Phase};
use ncbg::numbers::{NumberRules, Numbers, Side};
use ncbg::rng::Rng;
use ncbg::search::{Limits, Searcher};
use ncbg::turn::random_turn;
use std::path::PathBuf;
use std::sync::Arc;

/// What a self-play run does.
#[derive(Clone, Debug)]
pub struct SelfplayConfig {
    pub out: PathBuf,
    pub games: u64,
    pub depth: u32,
    /// Node limit per turn instead of a depth (0: none).
    pub nodes: u64,
    pub explore: u32,
    pub temperature: f64,
    pub max_turns: u32,
    /// Games start with 0..=`random_turns` uniformly random turns.
    pub random_turns: u32,
    /// Share of games with one side in the holding style (0: none).
    pub holding: f64,
    /// The holding style's bonus per anchor, in millipoints.
    pub holding_bonus: i32,
    /// Games start after 0..=`dice_turns` dice turns (0: the NC start).
    pub dice_turns: u32,
    /// Share of games that start at a back-game start
    /// ([`crate::backgame::start`]) instead (0: none).
    pub back_games: f64,
    /// Also label each state's one-ply favourite where the search chose
    /// another.
    pub favourites: bool,
    /// The start position of every game.
    pub variant: Variant,
    /// The numbers of every game (k and doublet credits).
    pub rules: NumberRules,
    pub seed: u64,
    pub jobs: usize,
    pub shard: (u64, u64),
    pub resume: bool,
    /// Names the net in the header (e.g. its FNV-1a hash).
    pub net_id: String,
}

impl SelfplayConfig {
    /// The header line: everything that defines the games.
    pub fn header(&self) -> String {
        format!(
            "{MAGIC} {VERSION} seed={} games={} depth={} nodes={} explore={} temperature={} max_turns={} shard={}/{} net={}",
            self.seed,
            self.games,
            self.depth,
            self.nodes,
            self.explore,
            self.temperature,
            self.max_turns,
            self.shard.0,
            self.shard.1,
            self.net_id
        ) + &if self.random_turns > 0 {
            // Only when set, so that earlier files keep their header.
            format!(" random_turns={}", self.random_turns)
        } else {
            String::new()
        } + &if self.holding > 0.0 {
            format!(" holding={} holding_bonus={}", self.holding, self.holding_bonus)
        } else {
            String::new()
        } + &if self.dice_turns > 0 {
            format!(" dice_turns={}", self.dice_turns)
        } else {
            String::new()
        } + &if self.back_games > 0.0 {
            format!(" back_games={}", self.back_games)
        } else {
            String::new()
        } + if self.favourites {
            " favourites=1"
        } else {
            ""
        } + &if !self.standard_game() {
            format!(
                " variant={} k={} credits={}",
                self.variant, self.rules.k, self.rules.doublet_credits
            )
        } else {
            String::new()
        }
    }

    /// The standard game under the standard numbers (k 6, two credits).
    fn standard_game(&self) -> bool {
        self.variant == Variant::Standard && self.rules == NumberRules::default()
    }

    /// Why the settings cannot make games, if they cannot: dice starts are
    /// standard-game positions at k = 6 with two credits, and back-game
    /// starts standard boards at k = 6.
    pub fn check(&self) -> Result<(), String> {
        if self.back_games > 0.0 && !self.standard_game() {
            return Err(
                "--back-games starts from standard boards at k 6: not with --variant, --k or --credits"
                    .into(),
            );
        }
        if self.dice_turns > 0 && !self.standard_game() {
            return Err(
                "--dice-turns starts from standard positions at k 6 with 2 credits: \
                 not with --variant, --k or --credits"
                    .into(),
            );
        }
        Ok(())
    }
}

/// The k·(k−1) initial pairs of alphabet `k` (30 for k = 6).
fn initial_pairs(k: u8) -> Vec<(u8, u8)> {
    let mut v = Vec::new();
    for x0 in 1..=k {
        for y0 in (1..=k).filter(|&y| y != x0) {
            v.push((x0, y0));
        }
    }
    v
}

/// The NC state after `turns` dice turns ([`dice::opening`]), the mover X
/// or Y at random, its previous number and the opponent's current number
/// two different random numbers of k = 6, two credits each, the mover to
/// pick; `None` for 0 turns or when the dice game ended.
fn dice_start(net: &Network, turns: u32, rng: &mut Rng) -> Option<GameState> {
    if turns == 0 {
        return None;
    }
    let position = dice::opening(net, turns, rng)?;
    let rules = NumberRules::default();
    let k = usize::from(rules.k);
    let own = 1 + rng.index(k);
    // Any number but `own`: 1..k-1 steps on from it, round the alphabet.
    let theirs = (own - 1 + 1 + rng.index(k - 1)) % k + 1;
    let (own, theirs) = (own as u8, theirs as u8);
    let mover = crate::either_side(rng);
    let mut current = [None, None];
    current[mover.index()] = Some(own);
    current[mover.other().index()] = Some(theirs);
    let credits = [rules.doublet_credits; 2];
    GameState::new(
        position,
        mover,
        Numbers::from_parts(current, credits),
        rules.k,
        Phase::Pick,
    )
    .ok()
}

/// Plays game `index`.
pub fn play_game(net: &Arc<Network>, cfg: &SelfplayConfig, index: u64) -> Game {
    let pairs = initial_pairs(cfg.rules.k);
    let (x0, y0) = pairs[(index % pairs.len() as u64) as usize];
    let mut rng = Rng::new(cfg.seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let mut g = GameState::start(cfg.variant, cfg.rules);
    g.pick(x0).expect("initial pick");
    g.pick(y0).expect("initial pick");
    if cfg.dice_turns > 0 {
        let mut dice_rng = Rng::new(cfg.seed ^ index.wrapping_mul(0xE703_7ED1_A0B4_28DB) ^ 0xD1CE);
        let turns = dice_rng.index(cfg.dice_turns as usize + 1) as u32;
        if let Some(start) = dice_start(net, turns, &mut dice_rng) {
            g = start;
        }
    }
    if cfg.back_games > 0.0 {
        let mut back_rng = Rng::new(cfg.seed ^ index.wrapping_mul(0x8EBC_6AF0_9C88_C6E3) ^ 0xBAC6);
        if back_rng.unit() < cfg.back_games {
            g = crate::backgame::start(&mut back_rng);
        }
    }
    // A stream of its own, so that games without random turns are the same
    // as before the option.
    let mut chaos = Rng::new(cfg.seed ^ index.wrapping_mul(0xD1B5_4A32_D192_ED03) ^ 0x5EED);
    let random_turns = if cfg.random_turns > 0 {
        chaos.index(cfg.random_turns as usize + 1) as u32
    } else {
        0
    };
    // The styled side, if any: a stream of its own again.
    let mut style_rng = Rng::new(cfg.seed ^ index.wrapping_mul(0xA076_1D64_78BD_642F) ^ 0x57_713);
    let mut styled = (cfg.holding > 0.0 && style_rng.unit() < cfg.holding).then(|| {
        let side = if style_rng.index(2) == 0 {
            Side::X
        } else {
            Side::Y
        };
        let eval = HoldingEval::new(NnEval::new(net.clone()), side, cfg.holding_bonus);
        (side, Searcher::new(8, Box::new(eval)))
    });
    let mut searcher = Searcher::new(8, Box::new(NnEval::new(net.clone())));
    // The favourites' searches on a table of their own, so that the games
    // are the ones played without them.
    let mut side_searcher = cfg
        .favourites
        .then(|| Searcher::new(8, Box::new(NnEval::new(net.clone()))));
    let settings = crate::search_settings();
    let mut states = Vec::new();
    let rules = DuelRules {
        max_turns: cfg.max_turns,
        repetition: true,
    };
    let duel = duel::play(g, &rules, &mut |g, history| {
        let turn = history.len() as u32;
        let explore = turn < cfg.explore;
        let limits = Limits {
            depth: (cfg.nodes == 0).then_some(cfg.depth),
            nodes: (cfg.nodes > 0).then_some(cfg.nodes),
            multipv: if explore { 4 } else { 1 },
            ..Limits::default()
        };
        let r = search_turn(&mut searcher, g, history, &limits, &settings)?;
        let label = r.score.value;
        let favourite = match &mut side_searcher {
            Some(s) => one_ply_favourite(s, g, history, r.best, cfg.depth, &settings),
            None => None,
        };
        let r = match &mut styled {
            Some((side, s)) if g.to_move() == *side => {
                search_turn(s, g, history, &limits, &settings)?
            }
            _ => r,
        };
        let choice = if turn < random_turns {
            random_turn(g, &mut chaos)?
        } else if explore && r.lines.len() > 1 {
            let best = r.lines[0].1.value as f64;
            let weights: Vec<f64> = r
                .lines
                .iter()
                .map(|(_, s)| ((s.value as f64 - best) / cfg.temperature.max(1.0)).exp())
                .collect();
            let total: f64 = weights.iter().sum();
            let mut x = rng.unit() * total;
            let mut pick = 0;
            for (i, w) in weights.iter().enumerate() {
                if x < *w {
                    pick = i;
                    break;
                }
                x -= w;
            }
            r.lines[pick].0
        } else {
            r.best
        };
        states.push((*g, label));
        states.extend(favourite);
        Some(choice)
    });
    Game {
        index,
        result: duel.points_for_x(),
        states,
    }
}

/// `state`'s one-ply favourite (the choice of a depth-1 search) and its
/// label, a search one turn shallower than `depth` from it, where the
/// favourite is not the search's choice `best`.
fn one_ply_favourite(
    searcher: &mut Searcher,
    state: &GameState,
    history: &[GameState],
    best: ncbg::turn::Turn,
    depth: u32,
    settings: &ncbg::search::Settings,
) -> Option<(GameState, i32)> {
    let one_ply = Limits {
        depth: Some(1),
        ..Limits::default()
    };
    let favourite = search_turn(searcher, state, history, &one_ply, settings)?.best;
    if favourite == best {
        return None;
    }
    let child = favourite.after(state);
    if child.is_over() {
        return None;
    }
    let mut line = history.to_vec();
    line.push(*state);
    let shallower = Limits {
        depth: Some(depth - 1),
        ..Limits::default()
    };
    let r = search_turn(searcher, &child, &line, &shallower, settings)?;
    Some((child, r.score.value))
}

/// Runs self-play; returns the number of games written by this run.
pub fn run(net: Arc<Network>, cfg: &SelfplayConfig) -> Result<u64, String> {
    let (shard, shards) = cfg.shard;
    if shards == 0 || shard >= shards {
        return Err(format!("--shard {shard}/{shards}: need i/n with i < n"));
    }
    if cfg.favourites && (cfg.nodes > 0 || cfg.depth < 2) {
        return Err(format!(
            "--favourites needs a depth limit of 2 or more (got --depth {} --nodes {}): \
             a favourite is searched one turn shallower than its parent",
            cfg.depth, cfg.nodes
        ));
    }
    let (mut file, done) = data::open_to_append(&cfg.out, &cfg.header(), cfg.resume)?;
    let todo: Vec<u64> = (0..cfg.games)
        .filter(|i| i % shards == shard && !done.contains(i))
        .collect();
    data::write_games(&mut file, &cfg.out, &todo, cfg.jobs, "selfplay", |i| {
        play_game(&net, cfg, i)
    })
}
