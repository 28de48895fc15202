//! The command line: the subcommands and their flags.

use clap::{Parser, Subcommand};
use ncbg_train::pipeline::{self, SelfplayArgs, TdArgs, TrainArgs};
use std::path::PathBuf;

#[derive(Parser)]
#[command(
    name = "ncbg-train",
    version,
    about = "Self-play and training of ncbg's evaluation network"
)]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub(crate) command: Cmd,
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
pub(crate) enum Cmd {
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
        /// The search's depth parity (the engine's tuning knob OddDepths,
        /// `ncbg --tune`; default the game's own).
        #[arg(long)]
        odd_depths: Option<u8>,
        /// The search's move filter (the engine option MoveFilter and the
        /// tuning knobs HyperMoveFilter and HyperMoveFilterSmallAlphabet,
        /// whichever the table's game uses; 0: none; default the game's own).
        #[arg(long)]
        move_filter: Option<usize>,
        /// The search's futility margin in millipoints (the tuning knobs
        /// FutilityMargin and HyperFutilityMargin, whichever the table's
        /// game uses; 0: none; default the game's own).
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
    /// Random back-game starts (as `selfplay --back-games` and `td
    /// --td-back-games` draw them), one full-state ID a line on stdout: an
    /// openings file for the referee, to see how an engine plays them from
    /// either side.
    Backgames {
        /// How many.
        #[arg(long, default_value_t = 100)]
        count: usize,
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
