//! `ncbg-train`: self-play data and training of ncbg's evaluation network.
//! See `tools/train/README.md` for the pipeline and the command that made
//! the embedded net.

use clap::{Parser, Subcommand};
use ncbg::eval::nn::{file, Network, NnEval};
use ncbg::eval::Handcrafted;
use ncbg::rng::Rng;
use ncbg_train::mlp::Mlp;
use ncbg_train::{arena, data, selfplay, supervised, td};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

#[derive(Parser)]
#[command(
    name = "ncbg-train",
    about = "Self-play and training of ncbg's evaluation network"
)]
struct Cli {
    #[command(subcommand)]
    command: Cmd,
}

/// TD(λ) settings (generation 0).
#[derive(clap::Args, Clone)]
struct TdArgs {
    #[arg(long, default_value_t = 128)]
    hidden: usize,
    #[arg(long, default_value_t = 100)]
    rounds: u64,
    #[arg(long, default_value_t = 400)]
    games_per_round: u64,
    #[arg(long, default_value_t = 0.7)]
    lambda: f32,
    #[arg(long, default_value_t = 0.001)]
    lr: f32,
    /// Learning rate at the last round (linear decay from --lr).
    #[arg(long)]
    lr_end: Option<f32>,
    #[arg(long, default_value_t = 64)]
    batch: usize,
    #[arg(long, default_value_t = 6)]
    explore_turns: u32,
    #[arg(long, default_value_t = 0.15)]
    explore_chance: f32,
    #[arg(long, default_value_t = 300)]
    max_turns: u32,
    /// Share of games with other number rules than k = 6, two credits.
    #[arg(long, default_value_t = 0.1)]
    other_rules: f32,
    /// Every this many rounds: save, and play 60 games at depth 1 against
    /// the handcrafted evaluation (0: never).
    #[arg(long, default_value_t = 10)]
    check_every: u64,
}

/// Self-play settings.
#[derive(clap::Args, Clone)]
struct SelfplayArgs {
    /// Games in the schedule (all shards together).
    #[arg(long, default_value_t = 3000)]
    games: u64,
    /// Search depth of every turn.
    #[arg(long, default_value_t = 2)]
    depth: u32,
    /// Nodes per turn instead of a depth (0: use --depth).
    #[arg(long, default_value_t = 0)]
    nodes: u64,
    /// Turns with softmax exploration over the four best choices.
    #[arg(long, default_value_t = 6)]
    explore: u32,
    /// Softmax temperature in millipoints.
    #[arg(long, default_value_t = 100.0)]
    temperature: f64,
    /// Turn cap of a self-play game.
    #[arg(long, default_value_t = 300)]
    play_max_turns: u32,
}

/// Supervised training settings.
#[derive(clap::Args, Clone)]
struct TrainArgs {
    /// Weight of the game's result against the search's score (0..1).
    #[arg(long, default_value_t = 0.2)]
    result_weight: f32,
    #[arg(long, default_value_t = 1)]
    epochs: u32,
    #[arg(long, default_value_t = 0.00005)]
    train_lr: f32,
    #[arg(long, default_value_t = 256)]
    train_batch: usize,
}

fn parse_shard(s: &str) -> Result<(u64, u64), String> {
    let (i, n) = s.split_once('/').ok_or("expected i/n")?;
    let i = i.parse().map_err(|_| "expected i/n")?;
    let n = n.parse().map_err(|_| "expected i/n")?;
    if n == 0 || i >= n {
        return Err("need i < n".into());
    }
    Ok((i, n))
}

#[derive(Subcommand)]
enum Cmd {
    /// Generation 0: TD(λ) self-play at one ply from random weights (or --init).
    Td {
        /// Where to write the net (also written after every check).
        #[arg(long)]
        out: PathBuf,
        /// Start from this net instead of random weights.
        #[arg(long)]
        init: Option<PathBuf>,
        #[command(flatten)]
        td: TdArgs,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long, default_value_t = 2)]
        jobs: usize,
    },
    /// Self-play games labelled by the search, written to a data file.
    Selfplay {
        /// The data file.
        #[arg(long)]
        out: PathBuf,
        /// The net that plays (default: the embedded net).
        #[arg(long)]
        net: Option<PathBuf>,
        #[command(flatten)]
        play: SelfplayArgs,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long, default_value_t = 2)]
        jobs: usize,
        /// Play only the games i, i+n, ... of the schedule.
        #[arg(long, value_parser = parse_shard, default_value = "0/1")]
        shard: (u64, u64),
        /// Finish an existing file (same settings).
        #[arg(long)]
        resume: bool,
    },
    /// Trains a net on self-play data files.
    Train {
        /// The net to start from.
        #[arg(long)]
        init: PathBuf,
        /// Where to write the trained net.
        #[arg(long)]
        out: PathBuf,
        #[command(flatten)]
        train: TrainArgs,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Data files.
        #[arg(required = true)]
        data: Vec<PathBuf>,
    },
    /// The whole pipeline: generation 0 by TD(λ), then generations of
    /// self-play with the last net and training on its data. Each finished
    /// step's file is kept, so running it again resumes.
    Pipeline {
        /// Folder for nets and data (gen0.ncnn, gen1.data, gen1.ncnn, ...).
        #[arg(long)]
        dir: PathBuf,
        /// Generations after generation 0 that continue TD(λ) from the
        /// previous net (with --td-continue-lr ... --td-continue-lr-end).
        #[arg(long, default_value_t = 0)]
        td_generations: u32,
        /// Then generations of search-labelled self-play and training.
        #[arg(long, default_value_t = 1)]
        search_generations: u32,
        #[command(flatten)]
        td: TdArgs,
        /// Learning rate of the continued TD generations (first round).
        #[arg(long, default_value_t = 0.0004)]
        td_continue_lr: f32,
        /// Learning rate of the continued TD generations (last round).
        #[arg(long, default_value_t = 0.0001)]
        td_continue_lr_end: f32,
        /// Depth of the check games between each generation and the last.
        #[arg(long, default_value_t = 2)]
        check_depth: u32,
        #[command(flatten)]
        play: SelfplayArgs,
        #[command(flatten)]
        train: TrainArgs,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long, default_value_t = 2)]
        jobs: usize,
    },
}

fn save(net: &Network, path: &Path) -> Result<(), String> {
    let tmp = path.with_extension("tmp");
    std::fs::write(&tmp, file::write(net)).map_err(|e| format!("{}: {e}", tmp.display()))?;
    std::fs::rename(&tmp, path).map_err(|e| format!("{}: {e}", path.display()))
}

fn load(path: &Path) -> Result<Network, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    file::read(&bytes).map_err(|e| format!("{}: {e}", path.display()))
}

fn check_vs_classic(net: &Network, jobs: usize) -> arena::Score {
    let net = Arc::new(net.clone());
    let make_nn = move || -> Box<dyn ncbg::eval::Evaluator> { Box::new(NnEval::new(net.clone())) };
    let make_classic = || -> Box<dyn ncbg::eval::Evaluator> { Box::new(Handcrafted::default()) };
    arena::match_60(&make_nn, &make_classic, 1, jobs)
}

fn net_id(net: &Network) -> String {
    format!("{:016x}", file::fnv1a(&file::write(net)))
}

fn run_td(
    out: &Path,
    init: Option<&Path>,
    a: &TdArgs,
    seed: u64,
    jobs: usize,
) -> Result<(), String> {
    let TdArgs {
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
        check_every,
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
    };
    let mut mlp = match init {
        Some(p) => Mlp::from_network(&load(p)?),
        None => Mlp::new(hidden, seed),
    };
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

fn selfplay_config(
    a: &SelfplayArgs,
    out: &Path,
    net: &Network,
    seed: u64,
    jobs: usize,
) -> selfplay::SelfplayConfig {
    selfplay::SelfplayConfig {
        out: out.to_path_buf(),
        games: a.games,
        depth: a.depth,
        nodes: a.nodes,
        explore: a.explore,
        temperature: a.temperature,
        max_turns: a.play_max_turns,
        seed,
        jobs,
        shard: (0, 1),
        resume: false,
        net_id: net_id(net),
    }
}

fn run_train(
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
    let samples = supervised::samples(&games, a.result_weight);
    let mut mlp = Mlp::from_network(&load(init)?);
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

fn run(cli: Cli) -> Result<(), String> {
    match cli.command {
        Cmd::Selfplay {
            out,
            net,
            play,
            seed,
            jobs,
            shard,
            resume,
        } => {
            let net = Arc::new(match &net {
                Some(p) => load(p)?,
                None => (*Network::embedded()).clone(),
            });
            let mut cfg = selfplay_config(&play, &out, &net, seed, jobs);
            cfg.shard = shard;
            cfg.resume = resume;
            let start = Instant::now();
            let n = selfplay::run(net, &cfg)?;
            eprintln!(
                "selfplay: {n} games written to {} in {:.0}s",
                out.display(),
                start.elapsed().as_secs_f64()
            );
            Ok(())
        }
        Cmd::Train {
            init,
            out,
            train,
            seed,
            data,
        } => run_train(&init, &out, &train, seed, &data),
        Cmd::Pipeline {
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
        } => {
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
                    let mut cfg =
                        selfplay_config(&play, &data_path, &net, seed + u64::from(g), jobs);
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
        Cmd::Td {
            out,
            init,
            td,
            seed,
            jobs,
        } => run_td(&out, init.as_deref(), &td, seed, jobs),
    }
}

fn main() {
    let cli = Cli::parse();
    if let Err(e) = run(cli) {
        eprintln!("ncbg-train: {e}");
        std::process::exit(1);
    }
}
