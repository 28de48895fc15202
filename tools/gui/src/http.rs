//! The HTTP side: the page's files (compiled into the binary), a JSON API
//! for the person's actions, and a server-sent event stream of snapshots.
//! Every request passes the `guard`: a `Host` or `Origin` that is not
//! this server's (DNS rebinding, other sites) is refused.

use crate::app::{NewGame, SearchSettings, Shared};
use crate::controller::Act;
use crate::review::{self, Review};
use crate::{controller, files, view, web};
use axum::extract::rejection::JsonRejection;
use axum::extract::{Query, Request, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::middleware::{self, Next};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Value};
use std::convert::Infallible;
use std::sync::Arc;

/// Builds the router for `shared`, accepting requests for `port`.
pub fn router(shared: Arc<Shared>, port: u16) -> Router {
    let mut app = Router::new();
    for (name, mime, body) in web::FILES {
        let path = if name == "index.html" {
            "/".to_string()
        } else {
            format!("/{name}")
        };
        app = app.route(
            &path,
            get(move || async move {
                (
                    [
                        (header::CONTENT_TYPE, mime),
                        (header::CACHE_CONTROL, "no-store"),
                    ],
                    body,
                )
            }),
        );
    }
    // The tab's icon (a browser asks for it; a 404 is noise in its console).
    app = app.route(
        "/favicon.ico",
        get(|| async {
            (
                [
                    (header::CONTENT_TYPE, "image/svg+xml"),
                    (header::CACHE_CONTROL, "max-age=86400"),
                ],
                web::FAVICON,
            )
        }),
    );
    app.route("/api/state", get(state))
        .route("/api/events", get(events))
        .route("/api/pick", post(pick))
        .route("/api/play", post(play))
        .route("/api/unpick", post(unpick))
        .route("/api/cube", post(cube))
        .route("/api/nextgame", post(next_game))
        .route("/api/takeback", post(take_back))
        .route("/api/newgame", post(new_game))
        .route("/api/search", post(search))
        .route("/api/stop", post(stop))
        .route("/api/hint", post(hint))
        .route("/api/pause", post(pause))
        .route("/api/hints", post(hints))
        .route("/api/step", post(step))
        .route("/api/restart", post(restart))
        .route("/api/save", post(save))
        .route("/api/files", get(list_files))
        .route("/api/position", get(position))
        .route("/api/review/load", post(review_load))
        .route("/api/review/game", get(review_game))
        .route("/api/review/analyze", post(review_analyze))
        .layer(middleware::from_fn_with_state(port, guard))
        .with_state(shared)
}

/// True when `host` (a `Host` header value or an origin's host) names this
/// server: `localhost` or an IP address, with our port (which a browser
/// leaves out when it is 80).
pub fn host_allowed(host: &str, port: u16) -> bool {
    // An IPv6 address without a port is "[::1]": its colons are not a port's.
    let (name, p) = match host.rsplit_once(':') {
        Some((name, p)) if !p.ends_with(']') => (name, p.parse::<u16>().ok()),
        _ => (host, Some(80)),
    };
    if p != Some(port) {
        return false;
    }
    let name = name.trim_start_matches('[').trim_end_matches(']');
    name.eq_ignore_ascii_case("localhost") || name.parse::<std::net::IpAddr>().is_ok()
}

/// Refuses requests for other hosts or from other origins.
async fn guard(State(port): State<u16>, headers: HeaderMap, req: Request, next: Next) -> Response {
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("");
    if !host_allowed(host, port) {
        return refuse("foreign Host header");
    }
    if let Some(origin) = headers.get(header::ORIGIN) {
        let ok = origin
            .to_str()
            .ok()
            .and_then(|o| o.strip_prefix("http://"))
            .is_some_and(|o| o.eq_ignore_ascii_case(host));
        if !ok {
            return refuse("foreign Origin");
        }
    }
    next.run(req).await
}

fn refuse(why: &str) -> Response {
    (StatusCode::FORBIDDEN, Json(json!({ "error": why }))).into_response()
}

type Api = Result<Json<Value>, (StatusCode, Json<Value>)>;

fn bad(e: impl std::fmt::Display) -> (StatusCode, Json<Value>) {
    (
        StatusCode::BAD_REQUEST,
        Json(json!({ "error": e.to_string() })),
    )
}

fn done(r: Result<(), String>) -> Api {
    r.map(|()| Json(json!({ "ok": true }))).map_err(bad)
}

fn body<T>(b: Result<Json<T>, JsonRejection>) -> Result<T, (StatusCode, Json<Value>)> {
    b.map(|Json(t)| t)
        .map_err(|e| bad(format!("bad request: {}", e.body_text())))
}

async fn state(State(sh): State<Arc<Shared>>) -> Json<Value> {
    let st = sh.lock();
    Json(view::snapshot(&sh.engine_names(), &st))
}

async fn events(
    State(sh): State<Arc<Shared>>,
) -> Sse<impl futures_util::Stream<Item = Result<Event, Infallible>>> {
    let rx = sh.changes.subscribe();
    let stream = futures_util::stream::unfold((sh, rx, true), |(sh, mut rx, first)| async move {
        if !first && rx.changed().await.is_err() {
            return None;
        }
        rx.borrow_and_update();
        let data = {
            let st = sh.lock();
            view::snapshot(&sh.engine_names(), &st).to_string()
        };
        Some((Ok(Event::default().data(data)), (sh, rx, false)))
    });
    Sse::new(stream).keep_alive(KeepAlive::default())
}

#[derive(Deserialize)]
struct PickBody {
    n: u8,
}

async fn pick(State(sh): State<Arc<Shared>>, b: Result<Json<PickBody>, JsonRejection>) -> Api {
    let b = body(b)?;
    done(sh.act(|st| {
        st.pick(b.n)?;
        st.carry_hint_through_pick(b.n);
        Ok(())
    }))
}

#[derive(Deserialize)]
struct PlayBody {
    play: String,
}

async fn play(State(sh): State<Arc<Shared>>, b: Result<Json<PlayBody>, JsonRejection>) -> Api {
    let b = body(b)?;
    done(sh.act(|st| st.play(&b.play)))
}

#[derive(Deserialize)]
struct CubeBody {
    action: String,
}

async fn cube(State(sh): State<Arc<Shared>>, b: Result<Json<CubeBody>, JsonRejection>) -> Api {
    let b = body(b)?;
    done(sh.act(|st| st.cube(&b.action)))
}

async fn next_game(State(sh): State<Arc<Shared>>) -> Api {
    done(sh.act(|st| {
        st.next_game()?;
        st.generation += 1;
        Ok(())
    }))
}

async fn unpick(State(sh): State<Arc<Shared>>) -> Api {
    done(sh.act(|st| st.unpick()))
}

async fn take_back(State(sh): State<Arc<Shared>>) -> Api {
    done(sh.act(|st| st.take_back()))
}

async fn new_game(State(sh): State<Arc<Shared>>, b: Result<Json<NewGame>, JsonRejection>) -> Api {
    let g = body(b)?;
    let slots = sh.slots.len();
    // No engine restart for new rules: the engines are always sent
    // `position state <full-state ID>`, which carries k and the credits.
    done(sh.act(|st| {
        st.new_game(&g, slots)?;
        st.generation += 1;
        Ok(())
    }))
}

async fn search(
    State(sh): State<Arc<Shared>>,
    b: Result<Json<SearchSettings>, JsonRejection>,
) -> Api {
    let s = body(b)?;
    done(sh.act(|st| st.set_search(s)))
}

async fn stop(State(sh): State<Arc<Shared>>) -> Api {
    done(controller::stop(&sh))
}

/// The engine's ranked choices for the person's turn.
async fn hint(State(sh): State<Arc<Shared>>) -> Api {
    let r = controller::hint(&sh);
    if let Err(e) = &r {
        let mut st = sh.lock();
        st.message = Some(e.clone());
        sh.changed(&mut st);
    }
    done(r)
}

#[derive(Deserialize)]
struct PauseBody {
    paused: bool,
}

async fn pause(State(sh): State<Arc<Shared>>, b: Result<Json<PauseBody>, JsonRejection>) -> Api {
    let b = body(b)?;
    done(sh.act(|st| {
        st.paused = b.paused;
        Ok(())
    }))
}

#[derive(Deserialize)]
struct HintsBody {
    on: bool,
}

/// The page's *hints* ticked or not: whether the engines' lines are sent
/// in a game a person plays. Not an action on the game: the message stays.
async fn hints(State(sh): State<Arc<Shared>>, b: Result<Json<HintsBody>, JsonRejection>) -> Api {
    let b = body(b)?;
    let mut st = sh.lock();
    if st.hints != b.on {
        st.hints = b.on;
        sh.changed(&mut st);
    }
    Ok(Json(json!({ "ok": true })))
}

/// One engine move while paused.
async fn step(State(sh): State<Arc<Shared>>) -> Api {
    done(sh.act(|st| {
        if st.game.is_over() || st.human_to_move() {
            return Err("no engine is to move".into());
        }
        st.paused = true;
        st.step = true;
        Ok(())
    }))
}

#[derive(Deserialize)]
struct SlotBody {
    slot: String,
}

async fn restart(State(sh): State<Arc<Shared>>, b: Result<Json<SlotBody>, JsonRejection>) -> Api {
    let b = body(b)?;
    match crate::app::Player::parse(&b.slot, sh.slots.len()) {
        Ok(crate::app::Player::Engine(i)) => {
            controller::restart(&sh, i);
            done(Ok(()))
        }
        _ => done(Err(format!("no engine '{}'", crate::app::cut(&b.slot)))),
    }
}

#[derive(Deserialize)]
struct SaveBody {
    name: String,
    format: String,
}

async fn save(State(sh): State<Arc<Shared>>, b: Result<Json<SaveBody>, JsonRejection>) -> Api {
    let b = body(b)?;
    let text = {
        let st = sh.lock();
        let names = st.names(&sh.engine_names());
        let names = [names[0].as_str(), names[1].as_str()];
        match b.format.as_str() {
            "match" => st.game.match_file(names),
            "mat" => st.game.mat_file(names),
            other => Err(format!(
                "no format '{}' (match or mat)",
                crate::app::cut(other)
            )),
        }
    }
    .map_err(bad)?;
    let ext = if b.format == "mat" { "mat" } else { "txt" };
    let name = files::save_name(&sh.dir, &b.name, ext).map_err(bad)?;
    let path = files::write_new(&sh.dir, &name, &text).map_err(bad)?;
    Ok(Json(
        json!({ "ok": true, "name": name, "path": path.display().to_string() }),
    ))
}

async fn list_files(State(sh): State<Arc<Shared>>) -> Json<Value> {
    Json(json!({ "dir": sh.dir.display().to_string(), "files": files::list(&sh.dir) }))
}

#[derive(Deserialize)]
struct PositionQuery {
    id: String,
}

/// The board of a full-state ID (a turn of the record the person clicked).
async fn position(
    q: Result<Query<PositionQuery>, axum::extract::rejection::QueryRejection>,
) -> Api {
    let Query(q) = q.map_err(|e| bad(e.body_text()))?;
    let s = ncbg::ids::state_id::decode(&q.id).map_err(|e| bad(format!("{}: {e}", q.id)))?;
    Ok(Json(json!({
        "id": q.id,
        "board": view::board_view(&s),
        "to_move": s.to_move().to_string(),
    })))
}

#[derive(Deserialize)]
struct NameBody {
    name: String,
}

async fn review_load(
    State(sh): State<Arc<Shared>>,
    b: Result<Json<NameBody>, JsonRejection>,
) -> Api {
    let b = body(b)?;
    let text = files::read(&sh.dir, &b.name).map_err(bad)?;
    let review = Review::load(&b.name, &text).map_err(bad)?;
    done(sh.act(|st| {
        st.review = review;
        Ok(())
    }))
}

#[derive(Deserialize)]
struct GameQuery {
    i: usize,
}

async fn review_game(
    State(sh): State<Arc<Shared>>,
    q: Result<Query<GameQuery>, axum::extract::rejection::QueryRejection>,
) -> Api {
    let Query(q) = q.map_err(|e| bad(e.body_text()))?;
    let st = sh.lock();
    let steps = st.review.steps(q.i).map_err(bad)?;
    let analysis = st.review.analysis.get(&q.i).cloned();
    Ok(Json(
        json!({ "steps": steps, "analysis": analysis, "summary": st.review.games.get(q.i).map(Review::summary) }),
    ))
}

#[derive(Deserialize)]
struct AnalyzeBody {
    game: usize,
    /// The analysis preset, `default` (absent) or `quick`.
    #[serde(default)]
    preset: Option<String>,
    /// The deepest depth, 1 to 6, replacing the preset's (absent: the
    /// preset's own, [`ncbg::analysis::AnalysisSettings::default`]'s).
    #[serde(default)]
    depth: Option<u32>,
}

async fn review_analyze(
    State(sh): State<Arc<Shared>>,
    b: Result<Json<AnalyzeBody>, JsonRejection>,
) -> Api {
    let b = body(b)?;
    if b.depth.is_some_and(|d| !(1..=6).contains(&d)) {
        return Err(bad("analysis depth is 1 to 6"));
    }
    let settings =
        review::settings(b.preset.as_deref().unwrap_or("default"), b.depth).map_err(bad)?;
    let (start, moves, depths) = {
        let mut st = sh.lock();
        let start = st.review.start(b.game).map_err(bad)?;
        let moves = st.review.games[b.game].moves.clone();
        let depths = st.review.games[b.game].depths.clone();
        if matches!(
            st.review.analysis.get(&b.game),
            Some(review::Analysis::Running { .. })
        ) {
            return Err(bad("this game is being analysed"));
        }
        let running = review::Analysis::Running { done: 0, of: 0 };
        st.review.analysis.insert(b.game, running);
        sh.changed(&mut st);
        (start, moves, depths)
    };
    let file = sh.lock().review.file.clone();
    let sh2 = sh.clone();
    let tables = sh.tables.clone();
    tokio::task::spawn_blocking(move || {
        let a = review::analyze(start, moves, depths, settings, tables);
        let mut st = sh2.lock();
        if st.review.file == file {
            st.review.analysis.insert(b.game, a);
        }
        sh2.changed(&mut st);
    });
    done(Ok(()))
}

#[cfg(test)]
mod tests {
    use super::host_allowed;

    #[test]
    fn only_our_host_names() {
        assert!(host_allowed("127.0.0.1:8080", 8080));
        assert!(host_allowed("localhost:8080", 8080));
        assert!(host_allowed("[::1]:8080", 8080));
        assert!(!host_allowed("127.0.0.1:8081", 8080));
        assert!(!host_allowed("evil.example:8080", 8080));
        assert!(!host_allowed("127.0.0.1", 8080));
        assert!(!host_allowed("", 8080));
        // Port 80: a browser's Host has no port.
        assert!(host_allowed("127.0.0.1", 80));
        assert!(host_allowed("localhost", 80));
        assert!(host_allowed("[::1]", 80));
        assert!(host_allowed("127.0.0.1:80", 80));
        assert!(!host_allowed("evil.example", 80));
        assert!(!host_allowed("[::1]", 8080));
    }
}
