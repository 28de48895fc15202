//! The in-page board's tests: its API, engine work and sessions, with
//! scripted engines and the library's serial engine.

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
    // The colours changed for the second game of the match (X won the
    // first by the drop: Y has its point now), and stay so restored.
    assert_eq!(b["game"]["stakes"]["match"]["score"]["Y"], 1);
    assert_eq!(b["game"]["stakes"]["first_player"], "Y");
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
    // The second game's start with the score by the first game's colours
    // (as a session stored before the colours changed every game).
    let mut s = saved.1.clone();
    let mut start = ncbg::ids::state_id::decode(s["games"][1]["start"].as_str().unwrap()).unwrap();
    let m = *start.match_score().unwrap();
    start.set_match(Some(m.colours_changed()));
    s["games"][1]["start"] = json!(ncbg::ids::state_id::encode(&start));
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
    let mut progress = Vec::new();
    while l.start_work() {
        l.run_work(&mut e, &mut |_| {});
        let s = l.snapshot();
        slices += 1;
        let a = &s["review"]["analysis"]["0"];
        if a["state"] == "running" {
            progress.push((a["done"].as_u64().unwrap(), a["of"].as_u64().unwrap()));
        }
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
        review.games[0].depths.clone(),
        review::settings("quick", Some(2)).unwrap(),
        Vec::new(),
    );
    assert_eq!(analysis["turns"], json!(one_call)["turns"]);
    assert!(analysis["turns"].as_array().unwrap().len() > 4);
    assert_eq!(
        progress.last().unwrap().1,
        analysis["turns"].as_array().unwrap().len() as u64
    );
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

/// The static site's board in a match against its engine: after the
/// person (X) drops the engine's double, *Next game* changes the colours
/// (`protocol/rules.md` §8): the engine plays X and makes the first pick
/// of the Crawford game, the person plays Y, the score by colour swapped.
#[test]
fn the_engine_moves_first_in_the_next_game_of_a_match() {
    let mut l = Local::new("ncbg");
    let mut e = serial();
    let g = json!({ "k": 6, "credits": 2, "variant": "standard", "x": "human", "y": "A",
                    "x0": null, "y0": null, "state": "4HPwATDgc/ABMA:Xtake:x4y2:d22:k6:m5s2-3" });
    assert_eq!(post(&mut l, "/api/newgame", g).0, 200);
    assert_eq!(
        post(&mut l, "/api/cube", json!({ "action": "drop" })).0,
        200
    );
    let s = settle(&mut l, &mut e);
    assert_eq!(s["game"]["winner"], "Y");
    assert_eq!(post(&mut l, "/api/nextgame", json!({})).0, 200);
    let s = settle(&mut l, &mut e);
    assert_eq!(s["players"], json!({ "X": "A", "Y": "human" }));
    let st = &s["game"]["stakes"];
    assert_eq!(st["match"]["score"], json!({ "X": 4, "Y": 2 }));
    assert_eq!(
        (&st["first_player"], &st["match"]["crawford"]),
        (&json!("Y"), &json!("game"))
    );
    assert_eq!(
        s["game"]["record"].as_array().unwrap().len(),
        1,
        "X's initial pick: {s}"
    );
    assert_eq!(s["game"]["to_move"], "Y");
    assert_eq!(s["game"]["human_to_move"], true);
}
