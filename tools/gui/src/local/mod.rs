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

mod work;

use crate::app::{cut, Hint, NewGame, Player, SearchSettings, SlotStatus, State};
use crate::review::{self, Analysis, Review};
use crate::slots::stop_sender;
use crate::view;
use ncbg::analysis::played_turns_at;
use ncbg::eval::NnEval;
use ncbg::search::Searcher;
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::VecDeque;
use work::{Analyzing, Work};
pub use work::{ANALYSIS_SLICE_MS, PROGRESS_MS};

/// An NCBP engine in the same program: `feed` reads `text` (whole lines)
/// and gives every line it prints to `out`; a `go` is searched to its
/// limit inside the call.
pub trait LineEngine {
    /// Feeds NCBP input.
    fn feed(&mut self, text: &str, out: &mut dyn FnMut(&str));
}

/// How many choices a hint ranks (as the server's).
pub const HINT_CHOICES: usize = 5;

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
                if matches!(
                    st.review.analysis.get(&b.game),
                    Some(Analysis::Running { .. })
                ) {
                    return Err(bad("this game is being analysed"));
                }
                let game = &st.review.games[b.game];
                let turns = played_turns_at(&start, &game.moves, &game.depths);
                st.version += 1;
                match turns {
                    Err(e) => {
                        st.review
                            .analysis
                            .insert(b.game, Analysis::Failed { error: e.0 });
                    }
                    Ok(turns) => {
                        let running = Analysis::Running {
                            done: 0,
                            of: turns.len(),
                        };
                        st.review.analysis.insert(b.game, running);
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
}

#[cfg(test)]
mod tests;
