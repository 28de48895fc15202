//! The engine's state machine: the game, the options and the searcher, and
//! what each command does to them and prints.
//!
//! The session does no I/O and runs no threads. [`Session::execute`] turns a
//! command into a [`Reply`]: lines to print, or a [`SearchJob`] for the
//! caller to run (on another thread) and to hand back with
//! [`Session::search_finished`]. While the job is out the session is *busy*:
//! commands that would change the game, the options or the table are refused
//! with `error busy`.

use super::command::{parse_command, Command, GoCommand, IDLE_ONLY};
use super::display;
use super::error::{quote, EngineError, ErrorCode};
use super::options::{EvalKind, OptionEffect, Options};
use super::search_job::{self, SearchJob, Task, BENCH_DEPTH};
use super::setup;
use super::turn_input;
use crate::eval::cube::MatchAware;
use crate::eval::nn::{file as net_file, Network, NnEval};
use crate::eval::{Evaluator, Handcrafted};
use crate::game::{GameState, RuleError};
use crate::ids::state_id;
use crate::search::{Limits, Searcher, Settings, Tune};
use crate::tables::{rules_of, Table};
use std::path::Path;
use std::sync::Arc;

/// What the caller must do after a command.
pub enum Reply {
    /// Print these lines (possibly none).
    Lines(Vec<String>),
    /// Run this search; print its `info` lines and then its `bestmove`, and
    /// give the searcher back with [`Session::search_finished`].
    Search(Box<SearchJob>),
    /// Stop the running search, if any (its `bestmove` is still due).
    Stop,
    /// Stop any search, print its `bestmove`, and exit.
    Quit,
}

impl Reply {
    fn line(line: impl Into<String>) -> Reply {
        Reply::Lines(vec![line.into()])
    }
}

impl From<EngineError> for Reply {
    fn from(e: EngineError) -> Reply {
        Reply::line(e.to_string())
    }
}

/// The engine's state between commands.
pub struct Session {
    game: GameState,
    options: Options,
    /// An experiment's changes to the search profile each game chooses
    /// (`ncbg --tune`; empty: none). Not an option: fixed for the session.
    tune: Tune,
    /// `None` while a search has it: the session is busy.
    searcher: Option<Searcher>,
    /// The net of `EvalFile`, for every game (`None`: the embedded nets,
    /// each for its game).
    net: Option<Arc<Network>>,
    /// The game's earlier states (before each turn token), oldest first: the
    /// search scores a line back to one of them as a draw.
    history: Vec<GameState>,
    /// The exact-value tables the search and `eval` use: those of
    /// `Tables`, then those of `TablesPath` (the first that covers a state
    /// answers it).
    tables: Vec<Arc<Table>>,
    /// The tables of `Tables`, in the option's order.
    file_tables: Vec<Arc<Table>>,
    /// The tables of `TablesPath`: the folders in the option's order, each
    /// one's tables by file name.
    folder_tables: Vec<Arc<Table>>,
    /// The games (k, checkers a side) already reported as beyond every
    /// loaded table, so that each is reported once (emptied when tables
    /// load).
    uncovered: Vec<(u8, u8)>,
    /// The match score and cube of the last `go` in a match: values stored
    /// at another score are another evaluation's, so the table is emptied
    /// when they change.
    last_stakes: Option<(Option<crate::cube::MatchScore>, crate::cube::Cube)>,
}

impl Default for Session {
    fn default() -> Session {
        Session::new()
    }
}

impl Session {
    /// A new session: default options, the standard start, X to pick.
    pub fn new() -> Session {
        let options = Options::default();
        Session {
            game: GameState::start(options.variant, options.number_rules()),
            searcher: Some(Searcher::new(
                options.hash_mib,
                Box::new(NnEval::embedded()),
            )),
            options,
            tune: Tune::new(),
            net: None,
            history: Vec::new(),
            tables: Vec::new(),
            file_tables: Vec::new(),
            folder_tables: Vec::new(),
            uncovered: Vec::new(),
            last_stakes: None,
        }
    }

    /// A new session whose searches change each game's search profile by
    /// `tune` (an experiment's knobs, `ncbg --tune`).
    pub fn with_tune(tune: Tune) -> Session {
        Session {
            tune,
            ..Session::new()
        }
    }

    /// The search settings: the options' with the session's tune.
    fn settings(&self) -> Settings {
        Settings {
            tune: self.tune.clone(),
            ..self.options.settings()
        }
    }

    /// The `info string` line saying that no loaded table can answer the
    /// current game (another k, more doublet credits, other checkers a
    /// side), the first time this session meets such a game with these
    /// tables (once for a k and number of checkers, however the credits
    /// go down during the game); `None` otherwise.
    fn tables_warning(&mut self) -> Option<String> {
        if self.tables.is_empty()
            || self
                .tables
                .iter()
                .any(|t| t.check_rules(&self.game).is_ok())
        {
            return None;
        }
        let game = (self.game.k(), self.game.position().mover().total());
        if self.uncovered.contains(&game) {
            return None;
        }
        self.uncovered.push(game);
        let rules = rules_of(&self.game);
        let held: Vec<String> = self.tables.iter().map(|t| t.spec().to_string()).collect();
        Some(format!(
            "info string Tables: no loaded table covers this game ({rules}); loaded: {}; the search plays it without them",
            held.join(", ")
        ))
    }

    /// The evaluation the options ask for (the net's made match-aware: in
    /// a match it values states by match winning chances).
    fn evaluator(&self) -> Box<dyn Evaluator> {
        match self.options.eval {
            EvalKind::Nn => Box::new(MatchAware::new(NnEval::file_or_embedded(self.net.clone()))),
            EvalKind::Classic => Box::new(Handcrafted::default()),
        }
    }

    /// The game's states before the current one (for repetitions).
    pub fn history(&self) -> &[GameState] {
        &self.history
    }

    /// The current game.
    pub fn game(&self) -> &GameState {
        &self.game
    }

    /// The current options.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// True while a search job is out.
    pub fn is_busy(&self) -> bool {
        self.searcher.is_none()
    }

    /// Takes back the searcher of a finished search; the session is idle again.
    pub fn search_finished(&mut self, searcher: Searcher) {
        self.searcher = Some(searcher);
    }

    /// Reads and executes one input line. Empty lines give no output.
    pub fn execute_line(&mut self, line: &str) -> Reply {
        match parse_command(line) {
            Ok(Some(cmd)) => self.execute(cmd),
            Ok(None) => Reply::Lines(Vec::new()),
            // A command not allowed while searching is `busy` before its
            // arguments are judged, malformed ones too (ncbp.md §6).
            Err(e) => match line.split([' ', '\t']).find(|w| !w.is_empty()) {
                Some(name) if self.is_busy() && IDLE_ONLY.contains(&name) => busy(name).into(),
                _ => e.into(),
            },
        }
    }

    /// Executes one command.
    pub fn execute(&mut self, cmd: Command) -> Reply {
        if cmd.needs_idle() && self.is_busy() {
            return busy(cmd.name()).into();
        }
        match self.run(cmd) {
            Ok(reply) => reply,
            Err(e) => e.into(),
        }
    }

    fn run(&mut self, cmd: Command) -> Result<Reply, EngineError> {
        let lines = match cmd {
            Command::Ncbp => {
                let mut lines = vec![
                    format!("id name ncbg {}", env!("CARGO_PKG_VERSION")),
                    "id author the ncbg developers".to_string(),
                ];
                lines.extend(Options::declarations());
                lines.push("ncbpok".to_string());
                lines
            }
            Command::IsReady => vec!["readyok".to_string()],
            Command::SetOption { name, value } => {
                let mut options = self.options.clone();
                let effect = options.set(&name, value.as_deref())?;
                if effect == OptionEffect::ResizeHash {
                    let searcher = self.searcher.as_mut().expect("idle: checked above");
                    searcher
                        .try_resize(options.hash_mib, self.options.hash_mib)
                        .map_err(|e| {
                            EngineError::new(
                                ErrorCode::BadValue,
                                format!(
                                    "Hash {}: {e}; it stays {} MiB",
                                    options.hash_mib, self.options.hash_mib
                                ),
                            )
                        })?;
                }
                if effect == OptionEffect::LoadNet {
                    self.net = match &options.eval_file {
                        None => None,
                        Some(path) => Some(Arc::new(load_net(path)?)),
                    };
                }
                if effect == OptionEffect::LoadTables {
                    self.file_tables = options
                        .table_paths()
                        .into_iter()
                        .map(|p| load_table(p).map(Arc::new))
                        .collect::<Result<_, _>>()?;
                }
                if effect == OptionEffect::LoadTablesPath {
                    self.folder_tables = load_folders(&options.tables_path)?;
                }
                if matches!(
                    effect,
                    OptionEffect::LoadTables | OptionEffect::LoadTablesPath
                ) {
                    self.tables = self
                        .file_tables
                        .iter()
                        .chain(&self.folder_tables)
                        .cloned()
                        .collect();
                    self.uncovered.clear();
                }
                self.options = options;
                let evaluator = self.evaluator();
                let searcher = self.searcher.as_mut().expect("idle: checked above");
                match effect {
                    OptionEffect::None | OptionEffect::ResizeHash => {}
                    OptionEffect::Terms => self.game.set_terms(self.options.terms()),
                    // Values stored without the tables' exact ones are stale.
                    OptionEffect::ClearHash
                    | OptionEffect::LoadTables
                    | OptionEffect::LoadTablesPath => searcher.clear(),
                    OptionEffect::ChangeEval | OptionEffect::LoadNet => {
                        searcher.set_evaluator(evaluator);
                        searcher.clear();
                    }
                }
                Vec::new()
            }
            Command::NewGame => {
                self.game = GameState::start(self.options.variant, self.options.number_rules());
                self.game.set_terms(self.options.terms());
                self.game.set_match(setup::match_of(None, &self.options)?);
                self.history.clear();
                if let Some(s) = self.searcher.as_mut() {
                    s.clear();
                }
                Vec::new()
            }
            Command::Position(p) => {
                (self.game, self.history) = setup::build(&p, &self.options)?;
                self.tables_warning().into_iter().collect()
            }
            Command::ChooseNumber(n) => {
                let mut next = self.game;
                turn_input::pick(&mut next, &n)?;
                self.history.push(self.game);
                self.game = next;
                Vec::new()
            }
            Command::Move(text) => {
                let before = self.game;
                turn_input::apply(&mut self.game, &text).map_err(|e| e.context(&quote(&text)))?;
                self.history.push(before);
                Vec::new()
            }
            Command::Go(go) => return self.go(&go),
            Command::Stop => return Ok(Reply::Stop),
            Command::Quit => return Ok(Reply::Quit),
            Command::Legal => display::legal(&self.game),
            Command::Display => display::display(&self.game),
            Command::Eval => {
                self.check_live()?;
                let exact = self.tables.iter().find_map(|t| t.probe(&self.game).ok());
                let nn = NnEval::file_or_embedded(self.net.clone());
                let cube = crate::search::cube::analysis(&self.game, &nn);
                display::eval(&self.game, self.evaluator().as_ref(), exact, cube)
            }
            Command::Perft(depth) => return Ok(self.job(Task::Perft(depth))),
            Command::Bench { depth } => {
                return Ok(self.job(Task::Bench(depth.unwrap_or(BENCH_DEPTH))))
            }
        };
        Ok(Reply::Lines(lines))
    }

    /// A perft or bench job for the search thread (the session is busy
    /// until it comes back).
    fn job(&mut self, task: Task) -> Reply {
        let searcher = self.searcher.take().expect("idle: checked by execute");
        Reply::Search(Box::new(SearchJob {
            task,
            searcher,
            state: self.game,
            limits: Limits::default(),
            settings: self.settings(),
            hash_mib: self.options.hash_mib,
            tbhits: false,
            net: self.net.clone(),
        }))
    }

    fn check_live(&self) -> Result<(), EngineError> {
        match self.game.result() {
            Some(r) => Err(RuleError::GameOver(r).into()),
            None => Ok(()),
        }
    }

    fn go(&mut self, go: &GoCommand) -> Result<Reply, EngineError> {
        self.check_live()?;
        let mut searcher = self.searcher.take().expect("idle: checked by execute");
        // A searcher rebuilt after a panic has the default evaluation.
        searcher.set_evaluator(self.evaluator());
        searcher.set_history(&self.history);
        searcher.set_tables(self.tables.clone());
        let stakes = (self.game.match_score().copied(), self.game.cube());
        if stakes.0.is_some() && self.last_stakes != Some(stakes) {
            searcher.clear();
        }
        self.last_stakes = Some(stakes);
        log::debug!("go from {}", state_id::encode(&self.game));
        Ok(Reply::Search(Box::new(SearchJob {
            task: Task::Go,
            searcher,
            state: self.game,
            limits: search_job::limits(go, &self.game),
            settings: self.settings(),
            hash_mib: self.options.hash_mib,
            tbhits: !self.tables.is_empty(),
            net: self.net.clone(),
        })))
    }
}

/// The `busy` error of command `name`.
fn busy(name: &str) -> EngineError {
    EngineError::new(
        ErrorCode::Busy,
        format!("{name} is not allowed while searching: send stop first"),
    )
}

/// Reads a net file for `EvalFile`; the error names the file and the reason.
fn load_net(path: &str) -> Result<Network, EngineError> {
    let bad = |why: String| {
        EngineError::new(
            ErrorCode::BadValue,
            format!("EvalFile '{}': {why}; the current net stays", quote(path)),
        )
    };
    net_file::load(Path::new(path)).map_err(bad)
}

/// Reads a table file for `Tables`; the error names the file and the reason.
fn load_table(path: &str) -> Result<Table, EngineError> {
    Table::open(Path::new(path)).map_err(|why| {
        EngineError::new(
            ErrorCode::BadValue,
            format!("Tables '{}': {why}; the current tables stay", quote(path)),
        )
    })
}

/// Reads the table files of `TablesPath`'s folders; the error names the
/// folder or the file and the reason.
fn load_folders(list: &str) -> Result<Vec<Arc<Table>>, EngineError> {
    crate::tables::open_folders(list).map_err(|why| {
        EngineError::new(
            ErrorCode::BadValue,
            format!(
                "TablesPath '{}': {why}; the current tables stay",
                quote(list)
            ),
        )
    })
}
