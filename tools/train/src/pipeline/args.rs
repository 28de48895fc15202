//! The runs' settings, as `ncbg-train`'s command line reads them: TD(λ),
//! self-play, training, distillation and the whole pipeline.

use std::path::PathBuf;

/// TD(λ) settings (generation 0).
#[derive(clap::Args, Clone)]
pub struct TdArgs {
    /// Feature set of a net made from scratch (`protocol/net-format.md`):
    /// 1, the board; 2, the board and the contact inputs; 3, those and the
    /// game's context (pools, Anti-Backgammon). A net given with `--init`
    /// keeps its own.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=3))]
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
    /// The games played, each drawn by its share: e.g.
    /// `standard:0.5,race:0.25,anti:0.25` (race and anti need a net of
    /// feature set 3: `widen --features 3`).
    #[arg(long, default_value = "standard")]
    pub variants: crate::variants::VariantMix,
    /// Share of games in which one side (either colour, drawn) plays by
    /// the handcrafted evaluation at one ply instead of the net: the net
    /// learns from every state of those games too, so it meets play that
    /// punishes what its own self-play never tries (in Backgammon Race,
    /// checkers left waiting until they are shut out).
    #[arg(long, default_value_t = 0.0)]
    pub handcrafted_share: f32,
    /// Share of games (0..1) in which one side (either colour, drawn)
    /// plays a holding style at one ply: each of its anchors on the
    /// opponent's home board and bar point is worth --td-holding-bonus more
    /// to it while contact lasts (`selfplay --holding`'s style; `--td-holding`
    /// so that `pipeline` takes both). The targets stay the plain net's
    /// values and the games' results, so the net learns what such a back
    /// game is worth (in Backgammon Race, the back games of many checkers
    /// it never meets in its own play). Each round logs the holding side's
    /// points.
    #[arg(long, default_value_t = 0.0)]
    pub td_holding: f64,
    /// The holding style's bonus per anchor, in millipoints (with
    /// --td-holding).
    #[arg(long, default_value_t = 150)]
    pub td_holding_bonus: i32,
    /// Share of games (0..1) that begin at a random back-game start instead
    /// of the game's: after every checker has entered, one side holds 8 to
    /// 11 checkers on anchors in the other's home board and the other leads
    /// the race by 60 pips or more (`backgame`: Backgammon Race's games are
    /// lost from such states, and self-play from the start never reaches
    /// them; `--td-back-games` so that `pipeline` takes selfplay's
    /// `--back-games` too).
    #[arg(long, default_value_t = 0.0)]
    pub td_back_games: f64,
    /// Every this many rounds: save, and play 60 games at depth 1 against
    /// the handcrafted evaluation (0: never).
    #[arg(long, default_value_t = 10)]
    pub check_every: u64,
    /// Weight of the consistency term in TD's training passes (as `train
    /// --consistency`).
    #[arg(long, default_value_t = 0.0)]
    pub td_consistency: f32,
    /// Train only the first-layer weights of feature set 3's context inputs
    /// (the pools, the Anti-Backgammon flag): every other weight stays the
    /// initial net's, so the standard game's values do not move at all.
    #[arg(long)]
    pub context_only: bool,
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
    /// Share of games (0..1) that start at a random back-game start
    /// (`backgames`: one side holds 8 to 11 checkers on anchors in the
    /// other's home board, the other leads the race by 60 pips or more).
    #[arg(long, default_value_t = 0.0)]
    pub back_games: f64,
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
    /// What the result teaches: `outcomes` (the five outcome probabilities
    /// of the game's end, cross-entropy), `win` (the cross-entropy on the
    /// win output alone, the gammon and backgammon outputs left to the
    /// search's scores) or `equity` (the game's points blended into the
    /// equity target, the outputs' split left to the search's scores).
    #[arg(long, value_enum, default_value_t = crate::supervised::ResultTarget::Outcomes)]
    pub result_target: crate::supervised::ResultTarget,
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
    /// A second net that overrules the teacher on containment states (one
    /// side --guard-behind pips or more behind in the race with a checker on
    /// the bar or in the other's home board) where it values the contained
    /// side more than --guard-margin points below the teacher's value.
    #[arg(long)]
    pub guard: Option<PathBuf>,
    /// How far (points) below the teacher's value the guard must value the
    /// contained side (c0i's 0.8; wider guards lost to their teacher).
    #[arg(long, default_value_t = 0.8)]
    pub guard_margin: f32,
    /// How many pips the contained side must trail by (c0i's 120).
    #[arg(long, default_value_t = 120)]
    pub guard_behind: u32,
    /// Train only the first-layer weights of feature set 3's context
    /// inputs (as `td --context-only`).
    #[arg(long)]
    pub context_only: bool,
    /// Self-play data files whose states to distil on.
    #[arg(required = true)]
    pub data: Vec<PathBuf>,
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
