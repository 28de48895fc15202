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
use ncbg_train::mlp::Mlp;
use ncbg_train::pipeline::{
    self, load, run_td, run_train, selfplay_config, SelfplayArgs, TdArgs, TrainArgs,
};
use ncbg_train::{alphabet, consistency, data, ensemble, exact, gap, relabel, selfplay, widen};
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
    /// Training data labelled by an exact table: random reachable states of
    /// its game as one-state games with their exact values. Teach only from
    /// bear-offs and NC-Hypergammon k = 4; other solved games are for
    /// measurement (`exact`).
    ExactData {
        #[arg(long)]
        table: PathBuf,
        #[arg(long)]
        out: PathBuf,
        #[arg(long, default_value_t = 100_000)]
        states: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Random turns after the initial pair, at most (uniform 0..=N).
        #[arg(long, default_value_t = 60)]
        max_turns: u32,
        /// Instead of random states, the states met in these referee match
        /// files of the table's game (an engine's own play).
        #[arg(long, num_args = 1..)]
        games: Vec<PathBuf>,
        /// Also the children of every state whose choices differ in value
        /// (the states after each of its turns, labelled the same way): the
        /// positions its mover must tell apart.
        #[arg(long)]
        children: bool,
    },
    /// Strength against perfect play: random reachable states of a solved
    /// game (NC-Hypergammon), each searched afresh with the engine's
    /// settings, the turn played judged by the exact table.
    Exact {
        /// The exact table of a solved game (a full table, e.g.
        /// `ncbg tables build --full --checkers 3 --k 3 --credits 0`).
        #[arg(long)]
        table: PathBuf,
        /// The net that searches (default: the embedded nets, each for its
        /// game, as the engine plays).
        #[arg(long)]
        net: Option<PathBuf>,
        /// States to draw [default: 300]; with --games, the first N of
        /// their states [default: all].
        #[arg(long)]
        states: Option<usize>,
        /// Seed of the states drawn.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Random turns after the initial pair, at most (uniform 0..=N).
        #[arg(long, default_value_t = 60)]
        max_turns: u32,
        /// Instead of random states, the states met in these referee match
        /// files of the table's game, each once: the positions engines steer
        /// into in play, the same for every net judged on them (random
        /// states are often lopsided, an engine's own games are its own).
        #[arg(long, num_args = 1..)]
        games: Vec<PathBuf>,
        /// Node limit of each search (0: use --movetime or --depth).
        #[arg(long, default_value_t = 20_000)]
        nodes: u64,
        /// Time of each search in milliseconds, as `go movetime` gives it
        /// (the engine's time management, which may answer sooner), where
        /// --nodes is 0; 0: use --depth. Timed verdicts depend on the
        /// machine and its load: run one job a core.
        #[arg(long, default_value_t = 0)]
        movetime: u64,
        /// Depth limit of each search, where --nodes and --movetime are 0.
        #[arg(long, default_value_t = 4)]
        depth: u32,
        #[arg(long, default_value_t = 2)]
        jobs: usize,
        /// Write each state's verdict as a line (ID, best, played, turn,
        /// score in mp, turns to the end under the best choice and under the
        /// played one) to this file.
        #[arg(long)]
        verdicts: Option<PathBuf>,
        /// The search's depth parity (engine option OddDepths; default the
        /// engine's).
        #[arg(long)]
        odd_depths: Option<u8>,
        /// The search's move filter (engine options MoveFilter and
        /// HyperMoveFilter, whichever the table's game uses; 0: none).
        #[arg(long)]
        move_filter: Option<usize>,
        /// The search's futility margin in millipoints (engine options
        /// FutilityMargin and HyperFutilityMargin, whichever the table's
        /// game uses; 0: none; default the engine's).
        #[arg(long)]
        futility_margin: Option<i32>,
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
    /// A net of two hidden layers from one of one: its first layer kept, a
    /// fresh second hidden layer and output layer (train it next).
    Deepen {
        /// The net of one hidden layer.
        #[arg(long)]
        init: PathBuf,
        /// Where to write the net of two.
        #[arg(long)]
        out: PathBuf,
        /// Units of the second hidden layer.
        #[arg(long, default_value_t = 32)]
        units: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// A net whose inputs for one alphabet size are copied from another's:
    /// an alphabet no training showed (k = 3 and 9 for every net of ours)
    /// keeps random weights; copied, the net reads its states as those of
    /// the nearest alphabet it learned.
    Alphabet {
        /// The net to change.
        #[arg(long)]
        init: PathBuf,
        /// Where to write the changed net.
        #[arg(long)]
        out: PathBuf,
        /// The alphabet whose weights are copied.
        #[arg(long)]
        from: u8,
        /// The alphabet that gets them (repeat the flag for several).
        #[arg(long, required = true)]
        to: Vec<u8>,
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
            let mut cfg = selfplay_config(&play, &out, &net, seed, jobs)?;
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
        Cmd::ExactData {
            table,
            out,
            states,
            seed,
            max_turns,
            games: matches,
            children,
        } => {
            let path = table;
            let table = ncbg::tables::Table::open(&path)?;
            let spec = table.spec();
            if !(spec.space.total == 3 && spec.k == 4 && spec.credits == 0)
                && spec.space.kind != ncbg::tables::Kind::Bearoff
            {
                return Err(format!(
                    "{spec}: exact labels may come only from bear-off tables and NC-Hypergammon k=4 without credits; other solved games are kept for measurement"
                ));
            }
            let sample = if matches.is_empty() {
                let start = exact::start_of(&table)?;
                exact::sample_states(&table, start, states, seed, max_turns)?
            } else {
                exact::states_of_match_files(&table, &matches)?
            };
            let sample = if children {
                exact::with_children(&table, &sample)?
            } else {
                sample
            };
            let games = exact::labelled_games(&table, &sample)?;
            let mut text = format!(
                "{} {} exact table={spec} seed={seed} states={states} max_turns={max_turns}{}\n",
                data::MAGIC,
                data::VERSION,
                if children { " children" } else { "" }
            );
            for g in &games {
                text.push_str(&g.to_line());
                text.push('\n');
            }
            std::fs::write(&out, text).map_err(|e| format!("{}: {e}", out.display()))?;
            eprintln!(
                "exact-data: {} states written to {}",
                games.len(),
                out.display()
            );
            Ok(())
        }
        Cmd::Exact {
            table,
            net,
            states,
            seed,
            max_turns,
            games: matches,
            nodes,
            movetime,
            depth,
            jobs,
            verdicts,
            odd_depths,
            move_filter,
            futility_margin,
        } => {
            let defaults = ncbg::search::Settings::default();
            let settings = ncbg::search::Settings {
                odd_depths: odd_depths.unwrap_or(defaults.odd_depths),
                move_filter: move_filter.unwrap_or(defaults.move_filter),
                hyper_move_filter: move_filter.unwrap_or(defaults.hyper_move_filter),
                futility_margin: futility_margin.unwrap_or(defaults.futility_margin),
                hyper_futility_margin: futility_margin.unwrap_or(defaults.hyper_futility_margin),
                ..defaults
            };
            let table = ncbg::tables::Table::open(&table)?;
            // The engine's own evaluation: the embedded nets, each for its
            // game, unless a net is given.
            let eval = ncbg::eval::nn::NnEval::file_or_embedded(match &net {
                Some(p) => Some(Arc::new(load(p)?)),
                None => None,
            });
            let sample = if matches.is_empty() {
                let start = exact::start_of(&table)?;
                exact::sample_states(&table, start, states.unwrap_or(300), seed, max_turns)?
            } else {
                let mut all = exact::states_of_match_files(&table, &matches)?;
                all.truncate(states.unwrap_or(usize::MAX));
                all
            };
            let limits = exact::limits(nodes, movetime, depth);
            let make = || -> Box<dyn ncbg::eval::Evaluator> { Box::new(eval.clone()) };
            let t = Instant::now();
            let out = exact::judge_all(&make, &table, &sample, &limits, &settings, jobs)?;
            if let Some(path) = verdicts {
                let text: String = out
                    .iter()
                    .map(|v| {
                        format!(
                            "{} {} {} {} {} {} {}\n",
                            v.id, v.best, v.played, v.turn, v.score, v.turns, v.played_turns
                        )
                    })
                    .collect();
                std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
            }
            println!("{}", exact::Summary::of(&out).report());
            eprintln!("{} states in {:.1} s", out.len(), t.elapsed().as_secs_f64());
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
        Cmd::Alphabet {
            init,
            out,
            from,
            to,
        } => {
            let mut net = load(&init)?;
            for k in &to {
                net = alphabet::copy_alphabet(&net, from, *k)?;
            }
            pipeline::save(&net, &out)?;
            eprintln!(
                "alphabet: the inputs of k = {to:?} copied from k = {from}, written to {}",
                out.display()
            );
            Ok(())
        }
        Cmd::Deepen {
            init,
            out,
            units,
            seed,
        } => {
            let net = load(&init)?;
            let deep = Mlp::deepen(&net, units, seed)?.to_network();
            pipeline::save(&deep, &out)?;
            eprintln!(
                "deepen: {} and {units} hidden units, written to {}",
                deep.hidden(),
                out.display()
            );
            Ok(())
        }
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
