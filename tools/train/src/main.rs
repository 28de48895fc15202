//! `ncbg-train`: self-play data and training of ncbg's evaluation network.
//! See `tools/train/README.md` for the pipeline and the command that made
//! the embedded net. The runs themselves are the library's
//! (`ncbg_train::pipeline`); this file is the command line.

/// `println!` that ends the program quietly (status 0) when the reader of
/// stdout went away (`ncbg-train gap ... | head -1`), instead of panicking
/// on the broken pipe.
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let mut out = std::io::stdout().lock();
        if let Err(e) = writeln!(out, $($arg)*).and_then(|()| out.flush()) {
            if e.kind() != std::io::ErrorKind::BrokenPipe {
                let _ = writeln!(std::io::stderr(), "ncbg-train: cannot write to standard output: {e}");
                std::process::exit(1);
            }
            std::process::exit(0);
        }
    }};
}

use clap::{Parser, Subcommand};
use ncbg::eval::nn::{FeatureSet, Network};
use ncbg_train::pipeline::{
    self, load, run_td, run_train, selfplay_config, SelfplayArgs, TdArgs, TrainArgs,
};
use ncbg_train::{consistency, data, ensemble, gap, relabel, selfplay, widen};
use std::path::PathBuf;
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
    /// A sample of the states of data files searched again (as a rule
    /// deeper than they were played), written as a data file of one-state
    /// games that keep their game's result.
    Relabel {
        /// The data file to write.
        #[arg(long)]
        out: PathBuf,
        /// The net that searches (default: the embedded net).
        #[arg(long)]
        net: Option<PathBuf>,
        /// States to draw (at most all of them).
        #[arg(long, default_value_t = 10_000)]
        states: u64,
        /// Node limit of each search (0: use --depth).
        #[arg(long, default_value_t = 100_000)]
        nodes: u64,
        /// Depth limit of each search, where --nodes is 0.
        #[arg(long, default_value_t = 4)]
        depth: u32,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long, default_value_t = 2)]
        jobs: usize,
        /// Finish an existing file (same settings and input).
        #[arg(long)]
        resume: bool,
        /// Data files to draw the states from.
        #[arg(required = true)]
        data: Vec<PathBuf>,
    },
    /// How far nets' static values are from data files' labels (e.g. a
    /// held-out set from `relabel`): bias and rms gap, all states and per
    /// stage.
    Gap {
        /// Net files.
        #[arg(required = true)]
        nets: Vec<PathBuf>,
        /// Data files whose labels to compare with.
        #[arg(long, required = true)]
        data: Vec<PathBuf>,
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
    Pipeline(pipeline::PipelineArgs),
    /// A wider net with the same outputs: new hidden units with small
    /// random input weights and no weight in the outputs; with --features,
    /// a feature set that extends the net's, its new inputs weighing
    /// nothing.
    Widen {
        /// The net to widen.
        #[arg(long)]
        init: PathBuf,
        /// Where to write the wider net.
        #[arg(long)]
        out: PathBuf,
        /// Hidden units of the wider net (default: the net's own).
        #[arg(long)]
        hidden: Option<usize>,
        /// Feature set of the wider net (default: the net's own).
        #[arg(long)]
        features: Option<u32>,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// One net from several with the same inputs: their hidden layers side
    /// by side, each output the (weighted) mean of their output sums.
    Merge {
        /// Where to write the merged net.
        #[arg(long)]
        out: PathBuf,
        /// Weights of the nets, in order (default: equal).
        #[arg(long, value_delimiter = ',')]
        weights: Option<Vec<f32>>,
        /// Net files.
        #[arg(required = true)]
        nets: Vec<PathBuf>,
    },
    /// Trains a net towards another net's values (the teacher, e.g. an
    /// ensemble from `merge`) on the states of self-play data files and
    /// children of them drawn at random.
    Distill(pipeline::DistillArgs),
    /// How often nets' raw outputs break the bounds between their chances
    /// (win-gammon <= win, lose-gammon <= 1 - win, ...): on random games,
    /// and on the states of data files.
    Consistency {
        /// Net files.
        #[arg(required = true)]
        nets: Vec<PathBuf>,
        /// Seeded random games to look at (0: none).
        #[arg(long, default_value_t = 300)]
        games: u64,
        #[arg(long, default_value_t = 17)]
        seed: u64,
        /// Self-play data files whose states to look at too.
        #[arg(long)]
        data: Vec<PathBuf>,
    },
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
        Cmd::Relabel {
            out,
            net,
            states,
            nodes,
            depth,
            seed,
            jobs,
            resume,
            data: files,
        } => {
            let net = Arc::new(match &net {
                Some(p) => load(p)?,
                None => (*Network::embedded()).clone(),
            });
            let mut games = Vec::new();
            for path in &files {
                games.extend(data::read_for_training(path)?);
            }
            let all = relabel::states_of(&games);
            let cfg = relabel::RelabelConfig {
                out: out.clone(),
                states,
                nodes,
                depth,
                seed,
                jobs,
                resume,
                net_id: pipeline::net_id(&net),
                source_id: relabel::source_id(&all),
            };
            let start = Instant::now();
            let n = relabel::run(net, &all, &cfg)?;
            eprintln!(
                "relabel: {n} states of {} written to {} in {:.0}s",
                all.len(),
                out.display(),
                start.elapsed().as_secs_f64()
            );
            Ok(())
        }
        Cmd::Gap { nets, data: files } => {
            let mut games = Vec::new();
            for path in &files {
                games.extend(data::read_for_training(path)?);
            }
            for path in &nets {
                let (all, stages) = gap::gap(&load(path)?, &games);
                outln!("{}: {}", path.display(), all.line());
                for (stage, g) in ncbg::board::Stage::ALL.iter().zip(stages) {
                    outln!("  {stage}: {}", g.line());
                }
            }
            Ok(())
        }
        Cmd::Train {
            init,
            out,
            train,
            seed,
            data,
        } => run_train(&init, &out, &train, seed, &data),
        Cmd::Pipeline(args) => pipeline::pipeline(&args),
        Cmd::Widen {
            init,
            out,
            hidden,
            features,
            seed,
        } => {
            let mut net = load(&init)?;
            if let Some(id) = features {
                let set = FeatureSet::from_id(id)
                    .ok_or_else(|| format!("--features {id}: no such feature set (1 or 2)"))?;
                net = widen::with_features(&net, set)?;
            }
            let hidden = hidden.unwrap_or(net.hidden());
            let wide = widen::widen(&net, hidden, seed)?;
            pipeline::save(&wide, &out)?;
            eprintln!(
                "widen: feature set {}, {hidden} hidden units, written to {}",
                wide.features().id(),
                out.display()
            );
            Ok(())
        }
        Cmd::Merge { out, weights, nets } => {
            let nets = nets
                .iter()
                .map(|p| load(p))
                .collect::<Result<Vec<_>, _>>()?;
            let merged = ensemble::merge(&nets, weights.as_deref())?;
            pipeline::save(&merged, &out)?;
            eprintln!(
                "merge: {} nets, {} hidden units, written to {}",
                nets.len(),
                merged.hidden(),
                out.display()
            );
            Ok(())
        }
        Cmd::Distill(args) => pipeline::run_distill(&args),
        Cmd::Consistency {
            nets,
            games,
            seed,
            data,
        } => {
            let mut recorded = Vec::new();
            for path in &data {
                recorded.extend(data::read_for_training(path)?);
            }
            for path in &nets {
                let net = load(path)?;
                if games > 0 {
                    let t = consistency::random_games(&net, games, seed);
                    outln!("{} random games: {}", path.display(), t.line());
                }
                if !recorded.is_empty() {
                    let states = recorded
                        .iter()
                        .flat_map(|g| g.states.iter().map(|(s, _)| s));
                    let t = consistency::states(&net, states);
                    outln!("{} data: {}", path.display(), t.line());
                }
            }
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
