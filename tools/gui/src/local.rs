//! The board with its engine in the same program: the static site's
//! host (the page's Web Worker runs it compiled to WebAssembly, `tools/wasm`).
//!
//! [`Local`] takes the page's requests as the server's JSON API does
//! (`request("/api/pick", body)`: the same paths, bodies and replies, on the
//! same [`State`] and its actions) and gives the same snapshots
//! ([`crate::view::snapshot`]). There are no tasks and no threads: engine
//! work (the engine's turn, a hint, a review's analysis) is queued by the
//! request that makes it due and run by [`Local::run_work`] on an engine
//! the host passes in ([`LineEngine`]: NCBP text in, its lines out), a
//! search to its own limit. A host calls [`Local::start_work`] after each
//! request, shows the snapshot (the engine is thinking), then
//! [`Local::run_work`], and again until there is no more work.
//!
//! What differs from the server: one engine (slot A) that cannot crash
//! away; files are the page's (a save returns the file's text for a
//! download, a review loads the text of a file the person opened); `stop`
//! is the host's (its request comes after the search, which the host
//! stops through the engine's stop request, [`ncbg::host`], if it can).

use crate::app::{cut, Hint, NewGame, Player, SearchSettings, SlotFault, SlotStatus, State};
use crate::review::{self, Analysis, Review};
use crate::slots::{multipv_index, stop_sender, Thinking};
use crate::view;
use ncbg::analysis::{judge_turn, played_turns, AnalysisSettings, PlayedTurn, TurnReport};
use ncbg::eval::NnEval;
use ncbg::host::Instant;
use ncbg::ncbp_client::reply::{bestmove_token, first_word, parse_info};
use ncbg::search::Searcher;
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::VecDeque;

/// An NCBP engine in the same program: `feed` reads `text` (whole lines)
/// and gives every line it prints to `out`; a `go` is searched to its
/// limit inside the call.
pub trait LineEngine {
    /// Feeds NCBP input.
    fn feed(&mut self, text: &str, out: &mut dyn FnMut(&str));
}

/// How many choices a hint ranks (as the server's).
pub const HINT_CHOICES: usize = 5;

/// The least time between two snapshots of a running search.
pub const PROGRESS_MS: u64 = 100;

/// A search's progress: a new version of the state, and its snapshot for
/// the host when [`PROGRESS_MS`] have passed since the last.
fn show(st: &mut State, names: &[String], shown: &mut Instant, progress: &mut dyn FnMut(Value)) {
    st.version += 1;
    if shown.elapsed().as_millis() >= u128::from(PROGRESS_MS) {
        *shown = Instant::now();
        progress(view::snapshot(names, st));
    }
}

/// Engine work due.
#[derive(Debug)]
enum Work {
    /// The engine's turn, for the game's `generation`.
    Turn { generation: u64 },
    /// The person's hint, for the game's `generation`.
    Hint { generation: u64 },
    /// The review's analysis of a game, a slice of turns at a time.
    Analysis(Box<Analyzing>),
}

/// A review's analysis under way: the turns to judge, the verdicts so far,
/// the searcher they share (as `analyze_game` shares it: the same
/// verdicts).
struct Analyzing {
    /// The game's index in the file.
    game: usize,
    /// The file it belongs to.
    file: Option<String>,
    turns: Vec<PlayedTurn>,
    reports: Vec<TurnReport>,
    searcher: Searcher,
    net: NnEval,
    settings: AnalysisSettings,
}

impl std::fmt::Debug for Analyzing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Analyzing(game {}, {}/{} turns)",
            self.game,
            self.reports.len(),
            self.turns.len()
        )
    }
}

/// The time an analysis slice may take before the board's other work and
/// the page's requests have their turn.
pub const ANALYSIS_SLICE_MS: u64 = 200;

/// The board and its engine's work (one engine: slot A).
pub struct Local {
    /// The state, as the server's.
    pub st: State,
    /// The engine's configured name.
    names: Vec<String>,
    /// The stakes options the engine was sent last.
    stakes_sent: Vec<(String, String)>,
    /// Work due, oldest first.
    work: VecDeque<Work>,
    /// The time an analysis slice may take ([`ANALYSIS_SLICE_MS`]).
    pub analysis_slice_ms: u64,
}

/// A request's reply: HTTP's status code and its JSON body.
pub type Reply = (u16, Value);

fn ok() -> Reply {
    (200, json!({ "ok": true }))
}

fn bad(e: impl std::fmt::Display) -> Reply {
    (400, json!({ "error": e.to_string() }))
}

fn done(r: Result<(), String>) -> Reply {
    r.map_or_else(bad, |()| ok())
}

fn parse<T: for<'de> Deserialize<'de>>(body: &str) -> Result<T, Reply> {
    serde_json::from_str(body).map_err(|e| bad(format!("bad request: {e}")))
}

/// The value of `key` in a query string (`a=1&b=2`), percent-decoded.
fn query(q: &str, key: &str) -> Option<String> {
    q.split('&').find_map(|kv| {
        let (k, v) = kv.split_once('=')?;
        (k == key).then(|| percent_decode(v))
    })
}

fn percent_decode(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'%' if i + 2 < b.len() => {
                let hex = std::str::from_utf8(&b[i + 1..i + 3]).ok();
                match hex.and_then(|h| u8::from_str_radix(h, 16).ok()) {
                    Some(v) => {
                        out.push(v);
                        i += 3;
                        continue;
                    }
                    None => out.push(b'%'),
                }
            }
            b'+' => out.push(b' '),
            c => out.push(c),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[derive(Deserialize)]
struct PickBody {
    n: u8,
}
#[derive(Deserialize)]
struct PlayBody {
    play: String,
}
#[derive(Deserialize)]
struct CubeBody {
    action: String,
}
#[derive(Deserialize)]
struct OnBody {
    on: bool,
}
#[derive(Deserialize)]
struct PauseBody {
    paused: bool,
}
#[derive(Deserialize)]
struct SlotBody {
    slot: String,
}
#[derive(Deserialize)]
struct SaveBody {
    name: String,
    format: String,
}
#[derive(Deserialize)]
struct LoadBody {
    name: String,
    /// The file's text (the page read the file the person opened).
    text: Option<String>,
}
#[derive(Deserialize)]
struct AnalyzeBody {
    game: usize,
    #[serde(default)]
    preset: Option<String>,
    #[serde(default)]
    depth: Option<u32>,
}

impl Local {
    /// A board whose engine A is named `engine`; it is ready at once (the
    /// host loaded it before).
    pub fn new(engine: &str) -> Local {
        let names = vec![engine.to_string()];
        let mut st = State::new(&names);
        st.status[0] = SlotStatus::Ready;
        Local {
            st,
            names,
            stakes_sent: Vec::new(),
            work: VecDeque::new(),
            analysis_slice_ms: ANALYSIS_SLICE_MS,
        }
    }

    /// Takes the engine's `id name` (from its `ncbp` handshake).
    pub fn set_id_name(&mut self, name: &str) {
        self.st.id_names[0] = name.to_string();
        self.st.version += 1;
    }

    /// The snapshot the page draws.
    pub fn snapshot(&self) -> Value {
        view::snapshot(&self.names, &self.st)
    }

    /// The server's API as a call: `path` with its query (`/api/position?id=..`),
    /// `body` the JSON of a POST (`None`: a GET).
    pub fn request(&mut self, path: &str, body: Option<&str>) -> Reply {
        let (path, q) = path.split_once('?').unwrap_or((path, ""));
        let body = body.unwrap_or("");
        let reply = self.route(path, q, body);
        match reply {
            Ok(r) | Err(r) => r,
        }
    }

    fn route(&mut self, path: &str, q: &str, body: &str) -> Result<Reply, Reply> {
        let st = &mut self.st;
        Ok(match path {
            "/api/state" => (200, self.snapshot()),
            "/api/pick" => {
                let b: PickBody = parse(body)?;
                done(st.act(|st| {
                    st.pick(b.n)?;
                    st.carry_hint_through_pick(b.n);
                    Ok(())
                }))
            }
            "/api/play" => {
                let b: PlayBody = parse(body)?;
                done(st.act(|st| st.play(&b.play)))
            }
            "/api/cube" => {
                let b: CubeBody = parse(body)?;
                done(st.act(|st| st.cube(&b.action)))
            }
            "/api/nextgame" => done(st.act(|st| {
                st.next_game()?;
                st.generation += 1;
                Ok(())
            })),
            "/api/unpick" => done(st.act(State::unpick)),
            "/api/takeback" => done(st.act(State::take_back)),
            "/api/newgame" => {
                let g: NewGame = parse(body)?;
                done(st.act(|st| {
                    st.new_game(&g, 1)?;
                    st.generation += 1;
                    Ok(())
                }))
            }
            "/api/search" => {
                let s: SearchSettings = parse(body)?;
                done(st.act(|st| st.set_search(s)))
            }
            // The search runs inside one call, so a stop is read after it
            // ended: the host stops it through shared memory, or it ends at
            // its limit. Nothing to refuse either way.
            "/api/stop" => ok(),
            "/api/hint" => {
                let r = self.hint();
                if let Err(e) = &r {
                    self.st.message = Some(e.clone());
                    self.st.version += 1;
                }
                done(r)
            }
            "/api/pause" => {
                let b: PauseBody = parse(body)?;
                done(st.act(|st| {
                    st.paused = b.paused;
                    Ok(())
                }))
            }
            "/api/hints" => {
                let b: OnBody = parse(body)?;
                if st.hints != b.on {
                    st.hints = b.on;
                    st.version += 1;
                }
                ok()
            }
            "/api/step" => done(st.act(|st| {
                if st.game.current.is_over() || st.human_to_move() {
                    return Err("no engine is to move".into());
                }
                st.paused = true;
                st.step = true;
                Ok(())
            })),
            "/api/restart" => {
                let b: SlotBody = parse(body)?;
                if Player::parse(&b.slot, 1) != Ok(Player::Engine(0)) {
                    return Err(bad(format!("no engine '{}'", cut(&b.slot))));
                }
                // The engine is in this program: a restart clears its fault.
                st.status[0] = SlotStatus::Ready;
                st.fault = None;
                st.version += 1;
                ok()
            }
            "/api/save" => {
                let b: SaveBody = parse(body)?;
                let names = st.names(&self.names);
                let names = [names[0].as_str(), names[1].as_str()];
                let text = match b.format.as_str() {
                    "match" => st.game.match_file(names),
                    "mat" => st.game.mat_file(names),
                    other => Err(format!("no format '{}' (match or mat)", cut(other))),
                }
                .map_err(bad)?;
                let ext = if b.format == "mat" { "mat" } else { "txt" };
                let base = match b.name.trim() {
                    "" => "ncbg-game",
                    n => n,
                };
                let name = crate::files::with_ext(base, ext);
                if name.contains(['/', '\\']) || name.starts_with('.') {
                    return Err(bad(format!("'{}' is not a plain file name", cut(&name))));
                }
                // The page offers the text as a download.
                (200, json!({ "ok": true, "name": name, "text": text }))
            }
            "/api/files" => (200, json!({ "dir": "", "files": [], "local": true })),
            // The session, for the page to keep across loads.
            "/api/session" => (200, json!(crate::session::save(st))),
            "/api/restore" => {
                let saved: crate::session::Saved = parse(body)?;
                done(st.act(|st| {
                    crate::session::restore(st, &saved, 1)?;
                    st.generation += 1;
                    Ok(())
                }))
            }
            "/api/position" => {
                let id = query(q, "id").unwrap_or_default();
                let s = ncbg::ids::state_id::decode(&id).map_err(|e| bad(format!("{id}: {e}")))?;
                (
                    200,
                    json!({
                        "id": id,
                        "board": view::board_view(&s),
                        "to_move": s.to_move().to_string(),
                    }),
                )
            }
            "/api/review/load" => {
                let b: LoadBody = parse(body)?;
                let text = b
                    .text
                    .ok_or_else(|| bad("open a match file from this computer"))?;
                if text.len() > 16 << 20 {
                    return Err(bad(format!("{} is larger than 16 MiB", cut(&b.name))));
                }
                let review = Review::load(&b.name, &text).map_err(bad)?;
                self.work.retain(|w| !matches!(w, Work::Analysis(_)));
                done(st.act(|st| {
                    st.review = review;
                    Ok(())
                }))
            }
            "/api/review/game" => {
                let i: usize = query(q, "i")
                    .and_then(|i| i.parse().ok())
                    .ok_or_else(|| bad("give the game's index: i=N"))?;
                let steps = st.review.steps(i).map_err(bad)?;
                let analysis = st.review.analysis.get(&i).cloned();
                (
                    200,
                    json!({ "steps": steps, "analysis": analysis, "summary": st.review.games.get(i).map(Review::summary) }),
                )
            }
            "/api/review/analyze" => {
                let b: AnalyzeBody = parse(body)?;
                if b.depth.is_some_and(|d| !(1..=6).contains(&d)) {
                    return Err(bad("analysis depth is 1 to 6"));
                }
                let settings = review::settings(b.preset.as_deref().unwrap_or("default"), b.depth)
                    .map_err(bad)?;
                let start = st.review.start(b.game).map_err(bad)?;
                if matches!(st.review.analysis.get(&b.game), Some(Analysis::Running)) {
                    return Err(bad("this game is being analysed"));
                }
                let moves = st.review.games[b.game].moves.clone();
                st.version += 1;
                match played_turns(&start, &moves) {
                    Err(e) => {
                        st.review
                            .analysis
                            .insert(b.game, Analysis::Failed { error: e.0 });
                    }
                    Ok(turns) => {
                        st.review.analysis.insert(b.game, Analysis::Running);
                        self.work.push_back(Work::Analysis(Box::new(Analyzing {
                            game: b.game,
                            file: st.review.file.clone(),
                            turns,
                            reports: Vec::new(),
                            searcher: Searcher::new(16, Box::new(NnEval::embedded())),
                            net: NnEval::embedded(),
                            settings,
                        })));
                    }
                }
                ok()
            }
            _ => (
                404,
                json!({ "error": format!("no such request: {}", cut(path)) }),
            ),
        })
    }

    /// The person asks for a hint: the engine ranks its [`HINT_CHOICES`]
    /// best choices (queued; run by [`Local::run_work`]).
    fn hint(&mut self) -> Result<(), String> {
        let st = &mut self.st;
        if st.game.current.is_over() {
            return Err("the game is over".into());
        }
        if !st.human_to_move() {
            return Err("a hint is for your own turn".into());
        }
        if st.thinking.is_some() {
            return Err("an engine is thinking".into());
        }
        if st.hint.as_ref().is_some_and(|h| h.running) {
            return Err("the hint is being searched".into());
        }
        if st.status[0] != SlotStatus::Ready {
            return Err("no engine is ready to give a hint".into());
        }
        let generation = st.generation;
        st.hint = Some(Hint {
            slot: 0,
            generation,
            asked: generation,
            picked: None,
            running: true,
            error: None,
            lines: Default::default(),
            stop: stop_sender(),
        });
        st.version += 1;
        self.work.push_back(Work::Hint { generation });
        Ok(())
    }

    /// Makes the engine's turn due if the engine is to move (the server's
    /// `kick`): the snapshot then shows it thinking. True when there is
    /// work for [`Local::run_work`].
    pub fn start_work(&mut self) -> bool {
        let st = &mut self.st;
        let game = &st.game;
        let idle = !(game.current.is_over()
            || (st.paused && !st.step)
            || st.thinking.is_some()
            || game.picked.is_some());
        if idle {
            let side = game.current.to_move();
            if let Player::Engine(slot) = st.player(side) {
                if st.status.get(slot) == Some(&SlotStatus::Ready) && st.fault.is_none() {
                    st.step = false;
                    let generation = st.generation;
                    st.thinking = Some(Thinking {
                        slot,
                        side: side.to_string(),
                        info: None,
                        lines: Vec::new(),
                        generation,
                        stop: stop_sender(),
                    });
                    st.status[slot] = SlotStatus::Thinking;
                    st.version += 1;
                    self.work.push_back(Work::Turn { generation });
                }
            }
        }
        !self.work.is_empty()
    }

    /// Runs the oldest work due on `engine`. Returns the milliseconds to
    /// wait before the next engine turn (the watching delay when engines
    /// play each other; else 0). While a search runs, `progress` is given
    /// the snapshot with its latest `info` lines (at most every
    /// [`PROGRESS_MS`] ms), as the server streams them.
    pub fn run_work(
        &mut self,
        engine: &mut dyn LineEngine,
        progress: &mut dyn FnMut(Value),
    ) -> u64 {
        match self.work.pop_front() {
            Some(Work::Turn { generation }) => self.turn(engine, generation, progress),
            Some(Work::Hint { generation }) => {
                self.run_hint(engine, generation, progress);
                0
            }
            Some(Work::Analysis(a)) => {
                self.analyze(a);
                0
            }
            None => 0,
        }
    }

    /// Judges turns of analysis `a` for up to `analysis_slice_ms`; the
    /// rest is queued again (after the work that came meanwhile). A new
    /// file loaded since drops it.
    fn analyze(&mut self, mut a: Box<Analyzing>) {
        if self.st.review.file != a.file {
            return;
        }
        let began = Instant::now();
        while a.reports.len() < a.turns.len() {
            let turn = a.turns[a.reports.len()];
            match judge_turn(&mut a.searcher, &a.net, &turn, &a.settings) {
                Ok(r) => a.reports.push(r),
                Err(e) => {
                    let failed = Analysis::Failed { error: e.0 };
                    self.st.review.analysis.insert(a.game, failed);
                    self.st.version += 1;
                    return;
                }
            }
            if began.elapsed().as_millis() >= u128::from(self.analysis_slice_ms) {
                break;
            }
        }
        if a.reports.len() < a.turns.len() {
            self.work.push_back(Work::Analysis(a));
            return;
        }
        let done = Analysis::Done {
            turns: std::mem::take(&mut a.reports),
            settings: a.settings.describe(),
        };
        self.st.review.analysis.insert(a.game, done);
        self.st.version += 1;
    }

    /// The stakes options for the current game (none for the default game),
    /// sent to the engine when they changed, with `isready`: an `error`
    /// before `readyok` (no cube options) is the engine's refusal.
    fn send_stakes(&mut self, engine: &mut dyn LineEngine) -> Result<(), String> {
        let wanted = if self.st.stakes.is_default() {
            Vec::new()
        } else {
            self.st.stakes.engine_options()
        };
        if wanted == self.stakes_sent {
            return Ok(());
        }
        let lines = if wanted.is_empty() {
            [
                ("Cube", "false"),
                ("Jacoby", "true"),
                ("Beavers", "false"),
                ("MatchLength", "0"),
            ]
            .iter()
            .map(|(n, v)| (n.to_string(), v.to_string()))
            .collect()
        } else {
            wanted.clone()
        };
        let mut text = String::new();
        for (name, value) in &lines {
            text.push_str(&format!("setoption name {name} value {value}\n"));
        }
        text.push_str("isready\n");
        let mut refusal = None;
        engine.feed(&text, &mut |line| {
            if first_word(line) == Some("error") && refusal.is_none() {
                refusal = Some(cut(line));
            }
        });
        if let Some(e) = refusal {
            return Err(format!(
                "it refused the cube's options ({e}): play money without the cube"
            ));
        }
        self.stakes_sent = wanted;
        Ok(())
    }

    /// Runs a search: `position` and `go` with `multipv` lines; each
    /// `info` goes to `on_info` with its index; returns the `bestmove`
    /// token and the cube note (`info string cube ...`).
    fn search(
        engine: &mut dyn LineEngine,
        position: &str,
        go: &str,
        mut on_info: impl FnMut(usize, ncbg::ncbp_client::reply::InfoLine),
    ) -> Result<(String, Option<String>), String> {
        let mut best: Option<Result<String, String>> = None;
        let mut note = None;
        engine.feed(&format!("{position}\n{go}\n"), &mut |line| {
            if best.is_some() {
                return;
            }
            if let Some(token) = bestmove_token(line) {
                best = Some(
                    token
                        .map(str::to_string)
                        .ok_or_else(|| "'bestmove' without a turn token".to_string()),
                );
                return;
            }
            match first_word(line) {
                Some("info") => {
                    if let Some(n) = line.strip_prefix("info string cube ") {
                        note = Some(cut(n.trim()));
                    }
                    if let Some(info) = parse_info(line) {
                        on_info(multipv_index(line), info);
                    }
                }
                Some("error") => best = Some(Err(cut(line))),
                _ => {}
            }
        });
        best.unwrap_or_else(|| Err("it ended its search without a 'bestmove'".into()))
            .map(|b| (b, note))
    }

    fn fault(&mut self, what: &str, detail: &str) {
        let f = SlotFault::new(0, &self.names[0], what, detail);
        self.st.status[0] = SlotStatus::Faulted(f.detail.clone());
        self.st.fault = Some(f);
    }

    /// The engine's turn (the server's `think`).
    fn turn(
        &mut self,
        engine: &mut dyn LineEngine,
        generation: u64,
        progress: &mut dyn FnMut(Value),
    ) -> u64 {
        if self.st.generation != generation {
            return 0;
        }
        let result = self.send_stakes(engine).and_then(|()| {
            let position = self.st.game.position_command();
            let go = self.st.search.go_line();
            let (st, names) = (&mut self.st, &self.names);
            let mut shown = Instant::now();
            Self::search(engine, &position, &go, |_, info| {
                if let Some(t) = st.thinking.as_mut() {
                    t.lines.push(info.clone());
                    if t.lines.len() > 40 {
                        t.lines.remove(0);
                    }
                    t.info = Some(info);
                    show(st, names, &mut shown, progress);
                }
            })
        });
        let st = &mut self.st;
        if let Some(t) = st.thinking.take() {
            st.last_search = Some((t.slot, t.side, t.info));
        }
        st.version += 1;
        let mut pause = 0;
        match result {
            Ok((token, note)) => match st.game.apply_engine(&token) {
                Ok(canonical) => {
                    if ncbg::cube::CubeAction::from_token(&canonical).is_some() {
                        st.cube_note = Some(crate::app::CubeNote {
                            slot: 0,
                            side: st.game.states[st.game.tokens.len() - 1].to_move(),
                            action: canonical,
                            at: st.game.tokens.len() - 1,
                            analysis: note,
                        });
                    }
                    st.generation += 1;
                    st.status[0] = SlotStatus::Ready;
                    if st.players.iter().all(|p| matches!(p, Player::Engine(_))) {
                        pause = st.search.delay;
                    }
                }
                Err(why) => {
                    let detail = format!(
                        "it answered an illegal turn 'bestmove {}': {why}",
                        cut(&token)
                    );
                    self.fault("sent an answer the board cannot take", &detail);
                }
            },
            Err(e) if e.starts_with("it refused the cube") => {
                self.fault(crate::slots::NO_CUBE, &e);
            }
            Err(e) => self.fault("sent an answer the board cannot take", &e),
        }
        pause
    }

    /// The person's hint (the server's `controller::hint` task).
    fn run_hint(
        &mut self,
        engine: &mut dyn LineEngine,
        generation: u64,
        progress: &mut dyn FnMut(Value),
    ) {
        let fresh = |st: &State| {
            st.generation == generation
                && st.hint.as_ref().is_some_and(|h| h.generation == generation)
        };
        if !fresh(&self.st) {
            if let Some(h) = self.st.hint.as_mut() {
                h.running = false;
            }
            return;
        }
        let mut search = self.st.search;
        if search.depth == 0 && search.movetime == 0 {
            search.movetime = 1000;
        }
        let go = format!("{} multipv {HINT_CHOICES}", search.go_line());
        let result = self.send_stakes(engine).and_then(|()| {
            let position = self.st.game.position_command();
            let (st, names) = (&mut self.st, &self.names);
            let mut shown = Instant::now();
            Self::search(engine, &position, &go, |i, info| {
                if let Some(h) = st.hint.as_mut() {
                    h.lines.insert(i, info);
                    show(st, names, &mut shown, progress);
                }
            })
        });
        if let Some(h) = self.st.hint.as_mut() {
            h.running = false;
            h.error = result.err();
        }
        self.st.version += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_query_is_read_and_decoded() {
        assert_eq!(
            query("id=4HPw%2BATDgc%3A&x=1", "id").unwrap(),
            "4HPw+ATDgc:"
        );
        assert_eq!(query("i=3", "i").unwrap(), "3");
        assert_eq!(query("i=3", "id"), None);
        assert_eq!(percent_decode("%zz%4"), "%zz%4");
    }

    #[test]
    fn bad_requests_change_nothing() {
        let mut l = Local::new("ncbg");
        let before = l.snapshot();
        assert_eq!(l.request("/api/pick", Some("{")).0, 400);
        assert_eq!(l.request("/api/nowhere", Some("{}")).0, 404);
        assert_eq!(l.request("/api/restart", Some(r#"{"slot":"B"}"#)).0, 400);
        assert_eq!(l.request("/api/position?id=nonsense", None).0, 400);
        assert_eq!(
            l.request("/api/review/load", Some(r#"{"name":"a.txt"}"#)).0,
            400
        );
        assert_eq!(
            l.request("/api/save", Some(r#"{"name":"a","format":"match"}"#))
                .0,
            400
        );
        assert_eq!(l.snapshot()["game"], before["game"]);
    }

    /// An engine that prints `lines` for every `go`, `pause` apart.
    struct Scripted {
        lines: Vec<&'static str>,
        pause: std::time::Duration,
    }

    impl LineEngine for Scripted {
        fn feed(&mut self, text: &str, out: &mut dyn FnMut(&str)) {
            for line in text.lines() {
                if line == "isready" {
                    out("readyok");
                }
                if line.starts_with("go") {
                    for l in &self.lines {
                        std::thread::sleep(self.pause);
                        out(l);
                    }
                }
            }
        }
    }

    fn engine_plays_x() -> Local {
        let mut l = Local::new("scripted");
        let g = json!({ "k": 6, "credits": 2, "variant": "standard", "x": "A", "y": "human",
                        "x0": null, "y0": null, "state": null });
        assert_eq!(l.request("/api/newgame", Some(&g.to_string())).0, 200);
        l
    }

    /// A running search's info lines reach the host as snapshots (the
    /// engine thinking, its depth and line), no more often than
    /// [`PROGRESS_MS`]; its answer is then played.
    #[test]
    fn a_running_search_is_shown_as_it_goes() {
        let mut l = engine_plays_x();
        let mut e = Scripted {
            lines: vec![
                "info depth 1 score mp 120 nodes 7 pv 3",
                "info depth 2 score mp 90 nodes 70 pv 3",
                "info depth 3 score mp 100 nodes 700 pv 4",
                "bestmove 4",
            ],
            pause: std::time::Duration::from_millis(120),
        };
        assert!(l.start_work());
        let mut seen = Vec::new();
        l.run_work(&mut e, &mut |s| seen.push(s));
        assert!(!seen.is_empty() && seen.len() <= 3, "{}", seen.len());
        for s in &seen {
            assert_eq!(s["thinking"]["side"], "X");
            assert!(s["thinking"]["info"]["depth"].as_u64().unwrap() >= 1);
        }
        let depths: Vec<u64> = seen
            .iter()
            .map(|s| s["thinking"]["info"]["depth"].as_u64().unwrap())
            .collect();
        assert!(depths.windows(2).all(|w| w[0] < w[1]), "{depths:?}");
        let s = l.snapshot();
        assert!(s["thinking"].is_null());
        assert_eq!(s["game"]["record"][0]["token"], "4");
        assert_eq!(s["last_search"]["info"]["depth"], 3);
    }

    /// An engine's illegal or missing answer is a fault on the page and
    /// never reaches the board.
    #[test]
    fn a_bad_answer_is_a_fault_and_the_board_stays() {
        for lines in [
            vec!["bestmove 13/7"],
            vec!["info depth 1 pv 3"],
            vec!["bestmove"],
        ] {
            let mut l = engine_plays_x();
            let before = l.snapshot()["game"]["stateid"].clone();
            let mut e = Scripted {
                lines: lines.clone(),
                pause: std::time::Duration::ZERO,
            };
            assert!(l.start_work());
            l.run_work(&mut e, &mut |_| {});
            let s = l.snapshot();
            assert_eq!(s["game"]["stateid"], before, "{lines:?}");
            assert!(
                s["fault"]["message"].as_str().unwrap().contains("Engine A"),
                "{lines:?}: {}",
                s["fault"]
            );
            assert_eq!(s["engines"][0]["status"]["state"], "faulted");
            assert!(!l.start_work(), "a faulted engine is not asked again");
            // Restart clears the fault; the engine is asked again.
            assert_eq!(l.request("/api/restart", Some(r#"{"slot":"A"}"#)).0, 200);
            assert!(l.start_work());
        }
    }

    /// A session saved from one board is the same game on a fresh one
    /// (a match with the cube, its finished first game, a pending pick, the
    /// players and limits); a session that does not fit is refused whole.
    #[test]
    fn a_session_is_kept_across_boards_and_a_bad_one_changes_nothing() {
        let mut l = Local::new("ncbg");
        let g = json!({ "k": 6, "credits": 2, "variant": "standard", "x": "human", "y": "human",
                        "x0": 3, "y0": 5, "state": null, "stakes": { "match_length": 3 } });
        assert_eq!(post(&mut l, "/api/newgame", g).0, 200);
        for (path, body) in [
            ("/api/cube", json!({ "action": "double" })),
            ("/api/cube", json!({ "action": "drop" })),
            ("/api/nextgame", json!({})),
            ("/api/pick", json!({ "n": 4 })),
            ("/api/pick", json!({ "n": 2 })),
            ("/api/pick", json!({ "n": 3 })),
            (
                "/api/search",
                json!({ "depth": 2, "movetime": 0, "delay": 5 }),
            ),
        ] {
            assert_eq!(post(&mut l, path, body.clone()).0, 200, "{path} {body}");
        }
        let saved = l.request("/api/session", None);
        assert_eq!(saved.0, 200);
        assert_eq!(saved.1["games"].as_array().unwrap().len(), 2);
        assert_eq!(saved.1["picked"], 3);
        let mut fresh = Local::new("ncbg");
        assert_eq!(post(&mut fresh, "/api/restore", saved.1.clone()).0, 200);
        let (a, b) = (l.snapshot(), fresh.snapshot());
        assert_eq!(a["game"], b["game"]);
        assert_eq!(a["players"], b["players"]);
        assert_eq!(a["search"], b["search"]);
        assert_eq!(
            b["game"]["stakes"]["match"]["score"]["X"].as_u64().unwrap()
                + b["game"]["stakes"]["match"]["score"]["Y"].as_u64().unwrap(),
            1
        );
        assert_eq!(b["game"]["can_save"], true, "the first game is kept");
        // Sessions that do not fit: nothing changes.
        let before = fresh.snapshot();
        let mut bad = Vec::new();
        for (key, value) in [
            ("picked", json!(9)),
            ("players", json!(["human", "B"])),
            ("games", json!([])),
            ("search", json!({ "depth": 0, "movetime": 0, "delay": 0 })),
        ] {
            let mut s = saved.1.clone();
            s[key] = value;
            bad.push(s);
        }
        let mut s = saved.1.clone();
        s["games"][1]["tokens"] = json!(["4", "2", "6:24/1"]);
        bad.push(s);
        let mut s = saved.1.clone();
        s["games"][0]["start"] = json!("nonsense");
        bad.push(s);
        let mut s = saved.1.clone();
        s["games"][0]["tokens"] = json!(["3", "5"]);
        bad.push(s);
        for s in bad {
            let r = post(&mut fresh, "/api/restore", s.clone());
            assert_eq!(r.0, 400, "{s}");
            assert_eq!(fresh.snapshot()["game"], before["game"], "{s}");
        }
    }

    /// The review's analysis runs a slice at a time: the engine's turns
    /// and the person's requests go on meanwhile, and the verdicts are
    /// those of the one-call analysis (`review::analyze`).
    #[test]
    fn an_analysis_runs_in_slices_beside_the_game_with_the_same_verdicts() {
        let mut l = Local::new("ncbg");
        let mut e = serial();
        post(
            &mut l,
            "/api/search",
            json!({ "depth": 1, "movetime": 0, "delay": 0 }),
        );
        let g = json!({ "k": 6, "credits": 2, "variant": "hypergammon", "x": "A", "y": "A",
                        "x0": null, "y0": null, "state": null });
        assert_eq!(post(&mut l, "/api/newgame", g.clone()).0, 200);
        let over = settle(&mut l, &mut e);
        assert_eq!(over["game"]["phase"], "over");
        let text = post(
            &mut l,
            "/api/save",
            json!({ "name": "g", "format": "match" }),
        )
        .1["text"]
            .as_str()
            .unwrap()
            .to_string();
        let load = json!({ "name": "g.txt", "text": text });
        assert_eq!(post(&mut l, "/api/review/load", load).0, 200);
        // One turn a slice; a new game with the engine to move.
        l.analysis_slice_ms = 0;
        let request = json!({ "game": 0, "preset": "quick", "depth": 2 });
        assert_eq!(post(&mut l, "/api/review/analyze", request).0, 200);
        assert_eq!(post(&mut l, "/api/newgame", g).0, 200);
        let mut slices = 0;
        let mut moved_while_analysing = false;
        while l.start_work() {
            l.run_work(&mut e, &mut |_| {});
            let s = l.snapshot();
            slices += 1;
            if s["review"]["analysis"]["0"]["state"] == "running"
                && !s["game"]["record"].as_array().unwrap().is_empty()
            {
                moved_while_analysing = true;
            }
            assert!(slices < 10_000);
        }
        assert!(
            moved_while_analysing,
            "the game went on during the analysis"
        );
        let analysis = &l.snapshot()["review"]["analysis"]["0"];
        assert_eq!(analysis["state"], "done");
        let review = Review::load("g.txt", &text).unwrap();
        let start = review.start(0).unwrap();
        let one_call = review::analyze(
            start,
            review.games[0].moves.clone(),
            review::settings("quick", Some(2)).unwrap(),
            Vec::new(),
        );
        assert_eq!(analysis["turns"], json!(one_call)["turns"]);
        assert!(analysis["turns"].as_array().unwrap().len() > 4);
    }

    /// The library's serial engine, as the WebAssembly build runs it.
    struct Serial(ncbg::engine::SerialEngine, ncbg::search::StopFlag);

    impl LineEngine for Serial {
        fn feed(&mut self, text: &str, out: &mut dyn FnMut(&str)) {
            self.0.feed(text.as_bytes(), &self.1, out);
        }
    }

    fn serial() -> Serial {
        Serial(
            ncbg::engine::SerialEngine::new(),
            ncbg::search::StopFlag::new(false),
        )
    }

    /// Runs the engine's work as the host does; the snapshot after.
    fn settle(l: &mut Local, e: &mut Serial) -> Value {
        while l.start_work() {
            l.run_work(e, &mut |_| {});
        }
        l.snapshot()
    }

    fn post(l: &mut Local, path: &str, body: Value) -> Reply {
        l.request(path, Some(&body.to_string()))
    }

    /// The person's turn as the page takes it: the first legal number, or
    /// the first complete play of the snapshot's play tree.
    fn human_turn(l: &mut Local, s: &Value) {
        let g = &s["game"];
        let reply = match g["phase"].as_str().unwrap() {
            "pick" | "opening" => {
                let n = g["choices"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .find(|c| c["legal"] == true)
                    .unwrap()["n"]
                    .clone();
                post(l, "/api/pick", json!({ "n": n }))
            }
            "play" => {
                let nodes = g["tree"]["nodes"].as_array().unwrap();
                let mut node = &nodes[0];
                while node["done"].is_null() {
                    node = &nodes[node["edges"][0]["next"].as_u64().unwrap() as usize];
                }
                let token = node["done"].as_str().unwrap().to_string();
                post(l, "/api/play", json!({ "play": token }))
            }
            other => panic!("the person has nothing to do in phase {other}: {s}"),
        };
        assert_eq!(reply.0, 200, "{reply:?}");
    }

    /// A whole Hypergammon game of the person against the engine at depth
    /// 1, through the page's API: a hint ranks choices, a take back returns
    /// to the person's turn, and the game ends with a winner and a match
    /// file to save.
    #[test]
    fn a_whole_game_against_the_engine_is_played_through_the_api() {
        let mut l = Local::new("ncbg");
        let mut e = serial();
        let set = post(
            &mut l,
            "/api/search",
            json!({ "depth": 1, "movetime": 0, "delay": 0 }),
        );
        assert_eq!(set.0, 200);
        let g = json!({ "k": 6, "credits": 2, "variant": "hypergammon", "x": "human", "y": "A",
                        "x0": null, "y0": null, "state": null });
        assert_eq!(post(&mut l, "/api/newgame", g).0, 200);
        let mut s = settle(&mut l, &mut e);
        assert_eq!(s["game"]["variant"], "hypergammon");
        let mut turns = 0;
        let mut hinted = false;
        let mut took_back = false;
        while s["game"]["phase"] != "over" {
            assert!(s["game"]["human_to_move"] == true, "{}", s["game"]);
            assert!(s["fault"].is_null(), "{}", s["fault"]);
            if !hinted && s["game"]["phase"] == "play" {
                assert_eq!(post(&mut l, "/api/hint", json!({})).0, 200);
                let h = settle(&mut l, &mut e)["hint"].clone();
                assert_eq!(h["running"], false, "{h}");
                assert!(!h["lines"].as_array().unwrap().is_empty(), "{h}");
                assert!(h["lines"][0]["token"].is_string(), "{h}");
                hinted = true;
            }
            let record = s["game"]["record"].as_array().unwrap().len();
            if !took_back && record >= 4 {
                assert_eq!(post(&mut l, "/api/takeback", json!({})).0, 200);
                let back = settle(&mut l, &mut e);
                assert!(back["game"]["record"].as_array().unwrap().len() < record);
                assert_eq!(back["game"]["human_to_move"], true);
                took_back = true;
                s = back;
                continue;
            }
            human_turn(&mut l, &s);
            s = settle(&mut l, &mut e);
            turns += 1;
            assert!(turns < 500, "the game does not end");
        }
        assert!(hinted && took_back);
        let winner = s["game"]["winner"].as_str().unwrap();
        assert!(winner == "X" || winner == "Y");
        assert!(s["game"]["result"].is_string());
        assert_eq!(s["last_search"]["slot"], "A");
        let saved = post(
            &mut l,
            "/api/save",
            json!({ "name": "", "format": "match" }),
        );
        assert_eq!(saved.0, 200);
        assert_eq!(saved.1["name"], "ncbg-game.txt");
        let text = saved.1["text"].as_str().unwrap();
        assert!(text.starts_with("# ncbg-referee match file"), "{text}");
        // The saved file loads for review, and its game's analysis runs.
        let load = post(
            &mut l,
            "/api/review/load",
            json!({ "name": "ncbg-game.txt", "text": text }),
        );
        assert_eq!(load.0, 200, "{load:?}");
        let game = l.request("/api/review/game?i=0", None);
        assert_eq!(game.0, 200);
        assert!(game.1["steps"].as_array().unwrap().len() > 4);
        let analyze = post(
            &mut l,
            "/api/review/analyze",
            json!({ "game": 0, "preset": "quick", "depth": 1 }),
        );
        assert_eq!(analyze.0, 200, "{analyze:?}");
        let s = settle(&mut l, &mut e);
        assert!(
            s["review"]["analysis"]["0"]["turns"].is_array(),
            "{}",
            s["review"]["analysis"]
        );
    }
}
