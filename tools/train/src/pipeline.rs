//! The training runs behind `ncbg-train`'s commands: TD rounds, training on
//! self-play data, and the pipeline of generations; with the nets' files
//! (save, load, id) and the check games against the handcrafted
//! evaluation. The binary parses the command line and calls these.

use crate::mlp::Mlp;
use crate::{arena, data, distill, selfplay, supervised, td};
use ncbg::eval::nn::{file, FeatureSet, Network, NnEval};
use ncbg::eval::Handcrafted;
use ncbg::numbers::NumberRules;
use ncbg::rng::Rng;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

/// TD(λ) settings (generation 0).
#[derive(clap::Args, Clone)]
pub struct TdArgs {
    /// Feature set of a net made from scratch (`protocol/net-format.md`):
    /// 1, the board; 2, the board and the contact inputs. A net given with
    /// `--init` keeps its own.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=2))]
    pub features: u32,
    #[arg(long, default_value_t = 128)]
    pub hidden: usize,
    #[arg(long, default_value_t = 100)]
    pub rounds: u64,
    #[arg(long, default_value_t = 400)]
    pub games_per_round: u64,
    #[arg(long, default_value_t = 0.7)]
    pub lambda: f32,
    #[arg(long, default_value_t = 0.001)]
    pub lr: f32,
    /// Learning rate at the last round (linear decay from --lr).
    #[arg(long)]
    pub lr_end: Option<f32>,
    #[arg(long, default_value_t = 64)]
    pub batch: usize,
    #[arg(long, default_value_t = 6)]
    pub explore_turns: u32,
    #[arg(long, default_value_t = 0.15)]
    pub explore_chance: f32,
    #[arg(long, default_value_t = 300)]
    pub max_turns: u32,
    /// Share of games with other number rules than k = 6, two credits.
    #[arg(long, default_value_t = 0.1)]
    pub other_rules: f32,
    /// Share of games played under dice (random pairs, states read with no
    /// numbers): positions NC self-play never reaches.
    #[arg(long, default_value_t = 0.0)]
    pub dice: f32,
    /// Every this many rounds: save, and play 60 games at depth 1 against
    /// the handcrafted evaluation (0: never).
    #[arg(long, default_value_t = 10)]
    pub check_every: u64,
    /// Weight of the consistency term in TD's training passes (as `train
    /// --consistency`).
    #[arg(long, default_value_t = 0.0)]
    pub td_consistency: f32,
}

/// Self-play settings.
#[derive(clap::Args, Clone)]
pub struct SelfplayArgs {
    /// Games in the schedule (all shards together).
    #[arg(long, default_value_t = 3000)]
    pub games: u64,
    /// Search depth of every turn.
    #[arg(long, default_value_t = 2)]
    pub depth: u32,
    /// Nodes per turn instead of a depth (0: use --depth).
    #[arg(long, default_value_t = 0)]
    pub nodes: u64,
    /// Turns with softmax exploration over the four best choices.
    #[arg(long, default_value_t = 6)]
    pub explore: u32,
    /// Softmax temperature in millipoints.
    #[arg(long, default_value_t = 100.0)]
    pub temperature: f64,
    /// Turn cap of a self-play game.
    #[arg(long, default_value_t = 300)]
    pub play_max_turns: u32,
    /// Each game starts with 0..=N uniformly random turns (searched for
    /// their labels, but played at random), so that the data holds states
    /// the net's own play never reaches (0: none).
    #[arg(long, default_value_t = 0)]
    pub random_turns: u32,
    /// Share of games (0..1) where one side, X or Y at random, plays a
    /// holding style: each of its anchors on the opponent's home board and
    /// bar point is worth --holding-bonus more to it while contact lasts
    /// (labels stay the plain net's search scores).
    #[arg(long, default_value_t = 0.0)]
    pub holding: f64,
    /// The holding style's bonus per anchor, in millipoints.
    #[arg(long, default_value_t = 150)]
    pub holding_bonus: i32,
    /// Each game starts from the position after 0..=N turns of a dice game
    /// played by the net at one ply, with random current numbers (0: the NC
    /// start): the positions dice force and NC self-play avoids.
    #[arg(long, default_value_t = 0)]
    pub dice_turns: u32,
    /// Also write each state's one-ply favourite (the child a depth-1
    /// search plays) where the search chose another, labelled by a search
    /// one turn shallower from it (needs --depth 2 or more, no --nodes).
    #[arg(long)]
    pub favourites: bool,
    /// The start position of every game: standard, nackgammon or
    /// hypergammon.
    #[arg(long, default_value = "standard")]
    pub variant: ncbg::board::Variant,
    /// The alphabet size k of every game (3..=9).
    #[arg(long, default_value_t = 6)]
    pub k: u8,
    /// Doublet credits of each side (0..=9).
    #[arg(long, default_value_t = 2)]
    pub credits: u8,
}

/// Supervised training settings.
#[derive(clap::Args, Clone)]
pub struct TrainArgs {
    /// Weight of the game's result against the search's score (0..1).
    #[arg(long, default_value_t = 0.2)]
    pub result_weight: f32,
    /// How far (0..1) the equity target of a drawn game's states (stopped at
    /// the turn cap or by a repetition) moves from the search's score to 0,
    /// the draw's value; 0 keeps the search's score alone.
    #[arg(long, default_value_t = 0.0)]
    pub draw_weight: f32,
    /// λ of TDLeaf(λ) returns as the equity targets in place of each
    /// state's own search score (0: the score itself).
    #[arg(long, default_value_t = 0.0)]
    pub score_lambda: f32,
    #[arg(long, default_value_t = 1)]
    pub epochs: u32,
    #[arg(long, default_value_t = 0.00005)]
    pub train_lr: f32,
    #[arg(long, default_value_t = 256)]
    pub train_batch: usize,
    /// Weight of the consistency term: the loss grows by this times each
    /// bound the outputs break (win-gammon over win, lose-gammon over
    /// 1 - win, ...), so that the net's chances rarely need cutting at play.
    #[arg(long, default_value_t = 0.0)]
    pub consistency: f32,
}

pub fn save(net: &Network, path: &Path) -> Result<(), String> {
    let tmp = path.with_extension("tmp");
    std::fs::write(&tmp, file::write(net)).map_err(|e| format!("{}: {e}", tmp.display()))?;
    std::fs::rename(&tmp, path).map_err(|e| format!("{}: {e}", path.display()))
}

pub fn load(path: &Path) -> Result<Network, String> {
    file::load(path).map_err(|e| format!("{}: {e}", path.display()))
}

pub fn check_vs_classic(net: &Network, jobs: usize) -> arena::Score {
    let net = Arc::new(net.clone());
    let make_nn = move || -> Box<dyn ncbg::eval::Evaluator> { Box::new(NnEval::new(net.clone())) };
    let make_classic = || -> Box<dyn ncbg::eval::Evaluator> { Box::new(Handcrafted::default()) };
    arena::match_60(&make_nn, &make_classic, 1, jobs)
}

pub fn net_id(net: &Network) -> String {
    format!("{:016x}", file::fnv1a(&file::write(net)))
}

pub fn run_td(
    out: &Path,
    init: Option<&Path>,
    a: &TdArgs,
    seed: u64,
    jobs: usize,
) -> Result<(), String> {
    let TdArgs {
        features,
        hidden,
        rounds,
        games_per_round,
        lambda,
        lr,
        lr_end,
        batch,
        explore_turns,
        explore_chance,
        max_turns,
        other_rules,
        dice,
        check_every,
        td_consistency,
    } = a.clone();
    let cfg = td::TdConfig {
        games_per_round,
        lambda,
        explore_turns,
        explore_chance,
        max_turns,
        jobs,
        seed,
        other_rules,
        dice,
    };
    let mut mlp = match init {
        Some(p) => Mlp::from_network(&load(p)?),
        None => Mlp::new(
            FeatureSet::from_id(features).expect("clap keeps --features in 1..=2"),
            hidden,
            seed,
        ),
    };
    mlp.consistency = td_consistency;
    let mut rng = Rng::new(seed ^ 0x5EED);
    let start = Instant::now();
    let mut games = 0u64;
    for round in 0..rounds {
        let frac = if rounds > 1 {
            round as f32 / (rounds - 1) as f32
        } else {
            1.0
        };
        let rate = lr + (lr_end.unwrap_or(lr) - lr) * frac;
        let net = mlp.to_network();
        let (samples, dropped) = td::play_round(&net, &cfg, round);
        games += games_per_round;
        let loss = td::train_pass(&mut mlp, &samples, batch, rate, &mut rng);
        eprintln!(
            "td round {} games {games} states {} capped {dropped} loss {loss:.4} lr {rate:.5} {:.0}s",
            round + 1,
            samples.len(),
            start.elapsed().as_secs_f64()
        );
        if check_every > 0 && ((round + 1) % check_every == 0 || round + 1 == rounds) {
            let net = mlp.to_network();
            save(&net, out)?;
            let s = check_vs_classic(&net, jobs);
            eprintln!(
                "check after {games} games: nn d1 vs classic d1 {}-{} points {:+} share {:.1}%",
                s.wins,
                s.losses,
                s.points,
                100.0 * s.share()
            );
        }
    }
    save(&mlp.to_network(), out)?;
    eprintln!(
        "td: {games} games in {:.0}s, net written to {}",
        start.elapsed().as_secs_f64(),
        out.display()
    );
    Ok(())
}

pub fn selfplay_config(
    a: &SelfplayArgs,
    out: &Path,
    net: &Network,
    seed: u64,
    jobs: usize,
) -> Result<selfplay::SelfplayConfig, String> {
    let rules = NumberRules::new(a.k, a.credits).map_err(|e| e.to_string())?;
    let cfg = selfplay::SelfplayConfig {
        out: out.to_path_buf(),
        games: a.games,
        depth: a.depth,
        nodes: a.nodes,
        explore: a.explore,
        temperature: a.temperature,
        max_turns: a.play_max_turns,
        random_turns: a.random_turns,
        holding: a.holding,
        holding_bonus: a.holding_bonus,
        dice_turns: a.dice_turns,
        favourites: a.favourites,
        variant: a.variant,
        rules,
        seed,
        jobs,
        shard: (0, 1),
        resume: false,
        net_id: net_id(net),
    };
    cfg.check()?;
    Ok(cfg)
}

pub fn run_train(
    init: &Path,
    out: &Path,
    a: &TrainArgs,
    seed: u64,
    data: &[PathBuf],
) -> Result<(), String> {
    let start = Instant::now();
    let mut games = Vec::new();
    for path in data {
        games.extend(data::read_for_training(path)?);
    }
    let mut mlp = Mlp::from_network(&load(init)?);
    mlp.consistency = a.consistency;
    let samples = supervised::samples(
        &games,
        a.result_weight,
        a.draw_weight,
        a.score_lambda,
        mlp.features,
    );
    let loss = supervised::train(
        &mut mlp,
        &samples,
        a.epochs,
        a.train_batch,
        a.train_lr,
        seed,
    );
    save(&mlp.to_network(), out)?;
    eprintln!(
        "train: {} games, {} states, {} epochs, loss {loss:.4}, {:.0}s, net written to {}",
        games.len(),
        samples.len(),
        a.epochs,
        start.elapsed().as_secs_f64(),
        out.display()
    );
    Ok(())
}

/// Settings of `ncbg-train distill`.
#[derive(clap::Args, Clone)]
pub struct DistillArgs {
    /// The net whose values are learned.
    #[arg(long)]
    pub teacher: PathBuf,
    /// The net to start from.
    #[arg(long)]
    pub init: PathBuf,
    /// Where to write the trained net.
    #[arg(long)]
    pub out: PathBuf,
    /// Children drawn at random from each state of the data.
    #[arg(long, default_value_t = 8)]
    pub children: usize,
    #[arg(long, default_value_t = 2)]
    pub epochs: u32,
    #[arg(long, default_value_t = 256)]
    pub batch: usize,
    #[arg(long, default_value_t = 0.0001)]
    pub lr: f32,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Every this many games one is held out, and the gap to the teacher
    /// measured on its states (0: none held out).
    #[arg(long, default_value_t = 20)]
    pub hold_out: u64,
    /// Self-play data files whose states to distil on.
    #[arg(required = true)]
    pub data: Vec<PathBuf>,
}

/// Distils `a.teacher` into a net that starts from `a.init`; every
/// `a.hold_out`-th game of the data is held out, and the mean equity gap to
/// the teacher on its states is reported before and after.
pub fn run_distill(a: &DistillArgs) -> Result<(), String> {
    let start = Instant::now();
    let teacher = load(&a.teacher)?;
    let mut student = Mlp::from_network(&load(&a.init)?);
    if student.features != teacher.features() {
        return Err("distill: the teacher and the student read other feature sets".into());
    }
    let mut games = Vec::new();
    for path in &a.data {
        games.extend(data::read_for_training(path)?);
    }
    let n = a.hold_out;
    let (held, games): (Vec<_>, Vec<_>) = games
        .into_iter()
        .partition(|g| n > 0 && g.index % n == n - 1);
    let mut rng = Rng::new(a.seed);
    let states = distill::states(&games, a.children, &mut rng);
    let held = distill::states(&held, a.children, &mut rng);
    let before = distill::gap(&student.to_network(), &teacher, &held);
    let loss = distill::train(
        &mut student,
        &teacher,
        &states,
        a.epochs,
        a.batch,
        a.lr,
        &mut rng,
    );
    let net = student.to_network();
    save(&net, &a.out)?;
    let gap = if held.is_empty() {
        "no games held out".to_string()
    } else {
        format!(
            "held-out states {}: mean equity gap to the teacher {before:.4} -> {:.4}",
            held.len(),
            distill::gap(&net, &teacher, &held)
        )
    };
    eprintln!(
        "distill: {} games, {} states, {} epochs, loss {loss:.4}; {gap}; {:.0}s, net written to {}",
        games.len(),
        states.len(),
        a.epochs,
        start.elapsed().as_secs_f64(),
        a.out.display()
    );
    Ok(())
}

/// Settings of the whole pipeline (`ncbg-train pipeline`), read from its
/// command line.
#[derive(clap::Args, Clone)]
pub struct PipelineArgs {
    /// Folder for nets and data (gen0.ncnn, gen1.data, gen1.ncnn, ...).
    #[arg(long)]
    pub dir: PathBuf,
    /// Generations after generation 0 that continue TD(λ) from the
    /// previous net (with --td-continue-lr ... --td-continue-lr-end).
    #[arg(long, default_value_t = 0)]
    pub td_generations: u32,
    /// Then generations of search-labelled self-play and training.
    #[arg(long, default_value_t = 1)]
    pub search_generations: u32,
    /// Generation 0's TD settings.
    #[command(flatten)]
    pub td: TdArgs,
    /// Learning rate of the continued TD generations (first round).
    #[arg(long, default_value_t = 0.0004)]
    pub td_continue_lr: f32,
    /// Learning rate of the continued TD generations (last round).
    #[arg(long, default_value_t = 0.0001)]
    pub td_continue_lr_end: f32,
    /// Depth of the check games between each generation and the last.
    #[arg(long, default_value_t = 2)]
    pub check_depth: u32,
    /// Self-play settings.
    #[command(flatten)]
    pub play: SelfplayArgs,
    /// Training settings.
    #[command(flatten)]
    pub train: TrainArgs,
    /// Seed of generation 0 (generation g adds g).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Threads.
    #[arg(long, default_value_t = 2)]
    pub jobs: usize,
}

/// Runs the pipeline: generation 0 by TD, then TD and search-labelled
/// generations, each checked against the one before; generations already
/// written are kept (the pipeline resumes).
pub fn pipeline(p: &PipelineArgs) -> Result<(), String> {
    let PipelineArgs {
        dir,
        td_generations,
        search_generations,
        td,
        td_continue_lr,
        td_continue_lr_end,
        check_depth,
        play,
        train,
        seed,
        jobs,
    } = p.clone();

    let generations = td_generations + search_generations;
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let gen0 = dir.join("gen0.ncnn");
    if gen0.exists() {
        eprintln!("pipeline: {} exists, keeping it", gen0.display());
    } else {
        run_td(&gen0, None, &td, seed, jobs)?;
    }
    for g in 1..=generations {
        let prev = dir.join(format!("gen{}.ncnn", g - 1));
        let next = dir.join(format!("gen{g}.ncnn"));
        if next.exists() {
            eprintln!("pipeline: {} exists, keeping it", next.display());
            continue;
        }
        let net = Arc::new(load(&prev)?);
        if g <= td_generations {
            let continued = TdArgs {
                lr: td_continue_lr,
                lr_end: Some(td_continue_lr_end),
                ..td.clone()
            };
            run_td(&next, Some(&prev), &continued, seed + u64::from(g), jobs)?;
        } else {
            let data_path = dir.join(format!("gen{g}.data"));
            let mut cfg = selfplay_config(&play, &data_path, &net, seed + u64::from(g), jobs)?;
            cfg.resume = true;
            selfplay::run(net.clone(), &cfg)?;
            run_train(&prev, &next, &train, seed + u64::from(g), &[data_path])?;
        }
        let new = load(&next)?;
        let make_new = {
            let n = Arc::new(new.clone());
            move || -> Box<dyn ncbg::eval::Evaluator> { Box::new(NnEval::new(n.clone())) }
        };
        let make_old = {
            let n = net.clone();
            move || -> Box<dyn ncbg::eval::Evaluator> { Box::new(NnEval::new(n.clone())) }
        };
        let s = arena::match_60(&make_new, &make_old, check_depth, jobs);
        eprintln!(
            "pipeline: gen{g} vs gen{} at depth {check_depth}: {}-{} points {:+} share {:.1}%",
            g - 1,
            s.wins,
            s.losses,
            s.points,
            100.0 * s.share()
        );
    }
    eprintln!(
        "pipeline: done; last net {}",
        dir.join(format!("gen{generations}.ncnn")).display()
    );
    Ok(())
}
