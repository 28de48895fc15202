//! What the page is sent: a JSON snapshot of the whole state after every
//! change. The page draws it and keeps nothing authoritative.

use crate::app::State;
pub use crate::boardview::{board_view, BoardView};
use crate::history::result_text;
use crate::playtree::{self, PlayTree};
use crate::review::Review;
use ncbg::board::Objective;
use ncbg::cube::{Crawford, MatchProgress};
use ncbg::game::{GameState, Phase, ANTI_TURN_LIMIT_PER_SIDE};
use ncbg::ids::state_id;
use ncbg::numbers::{PickError, Side};
use ncbg::turn::{self, Turn, TurnForm};
use serde::Serialize;
use serde_json::{json, Value};

#[derive(Serialize)]
struct NumberChoice {
    n: u8,
    legal: bool,
    doublet: bool,
    /// The pair this pick gives has no legal play: the picker passes.
    pass: bool,
    reason: Option<String>,
}

fn number_choices(s: &GameState, over: bool) -> Vec<NumberChoice> {
    if s.phase() != Phase::Pick || over {
        return Vec::new();
    }
    (1..=s.k())
        .map(|n| match s.numbers().check_pick(s.to_move(), n, s.k()) {
            Ok(doublet) => NumberChoice {
                n,
                legal: true,
                doublet,
                pass: !s.in_opening()
                    && s.pair_for(n)
                        .is_some_and(|pair| !ncbg::movegen::can_move(s.position(), pair)),
                reason: None,
            },
            Err(e) => NumberChoice {
                n,
                legal: false,
                doublet: false,
                pass: false,
                reason: Some(pick_reason(&e, s.to_move())),
            },
        })
        .collect()
}

/// The last turn played, for the page to animate and highlight: the side,
/// its token, the board before it, and its checker steps in the mover's
/// numbering as `[from, to, hit]` (25 the bar, 0 off), hits worked out
/// step by step. `None` before the first turn.
fn last_move(g: &crate::history::Record) -> Option<Value> {
    let i = g.tokens.len().checked_sub(1)?;
    let (before, token) = (&g.states[i], &g.tokens[i]);
    let steps: Vec<(u8, u8)> = match turn::read(before, token, TurnForm::Answer).ok()? {
        Turn::Pick(_) | Turn::Cube(_) => Vec::new(),
        Turn::PickPlay(_, lp) | Turn::Play(lp) => {
            lp.play.steps().iter().map(|s| (s.from, s.to)).collect()
        }
    };
    Some(json!({
        "index": i,
        "side": before.to_move().to_string(),
        "token": token,
        "before_id": state_id::encode(before),
        "before": board_view(before),
        "steps": steps_json(before, steps),
    }))
}

/// Checker steps in the mover's numbering as `[from, to, hit]` (26 the
/// pool), hits worked out step by step.
fn steps_json(before: &GameState, steps: Vec<(u8, u8)>) -> Vec<Value> {
    let view = board_view(before);
    let (mut mover, mut opp) = match before.to_move() {
        Side::X => (view.x, view.y),
        Side::Y => (view.y, view.x),
    };
    steps
        .into_iter()
        .map(|(from, to)| {
            let (f, t) = (usize::from(from), usize::from(to));
            if f >= mover.len() || t >= mover.len() {
                return json!([from, to, false]);
            }
            mover[f] = mover[f].saturating_sub(1);
            mover[t] += 1;
            let hit = (1..=24).contains(&t) && opp[25 - t] == 1;
            if hit {
                opp[25 - t] = 0;
                opp[25] += 1;
            }
            json!([from, to, hit])
        })
        .collect()
}

/// The hint asked for in this state, if any: its engine, whether it still
/// searches, and each ranked choice with its value in points (millipoints
/// for the side to move), the pair it plays and its checker steps.
fn hint_json(st: &State) -> Value {
    let Some(h) = st.hint.as_ref().filter(|h| h.generation == st.generation) else {
        return Value::Null;
    };
    let s = &st.game.current;
    let lines: Vec<Value> = h
        .lines
        .iter()
        .filter_map(|(rank, info)| {
            let token = info.pv.first()?;
            let (pick, pair, steps) = match turn::read(s, token, TurnForm::Answer).ok()? {
                Turn::Pick(n) => (Some(n), None, Vec::new()),
                Turn::Cube(_) => (None, None, Vec::new()),
                Turn::PickPlay(n, lp) => (Some(n), s.pair_for(n), lp.play.steps().to_vec()),
                Turn::Play(lp) => (h.picked, s.pending_pair(), lp.play.steps().to_vec()),
            };
            let steps = steps.iter().map(|st| (st.from, st.to)).collect();
            Some(json!({
                "rank": rank,
                "token": token,
                "pick": pick,
                "score_mp": info.score_mp,
                "exact": info.exact,
                "depth": info.depth,
                "pair": pair.map(|p| [p.hi(), p.lo()]),
                "steps": steps_json(s, steps),
            }))
        })
        .collect();
    json!({
        "slot": crate::app::slot_letter(h.slot).to_string(),
        "side": s.to_move().to_string(),
        "running": h.running,
        "error": h.error,
        "asked": h.asked,
        "picked": h.picked,
        "lines": lines,
    })
}

/// Why a number cannot be picked, in the person's words (the library
/// speaks of "the mover").
fn pick_reason(e: &PickError, side: Side) -> String {
    match e {
        PickError::SameAsOwn { n } => format!("{n} was {side}'s own last number: pick another"),
        PickError::NoDoubletCredit { n } => format!(
            "{n} is {}'s number, a doublet, and {side} has no doublet credit left",
            side.other()
        ),
        e => e.to_string(),
    }
}

/// The snapshot of the game part.
fn game_json(st: &State) -> Value {
    let g = &st.game;
    let s = &g.current;
    let n = s.numbers();
    let over = g.is_over();
    let phase = if over {
        "over"
    } else if s.in_opening() {
        "opening"
    } else if s.phase() == Phase::Play {
        "play"
    } else if s.phase() == Phase::Take {
        "take"
    } else {
        "pick"
    };
    let tree: Option<PlayTree> = match (st.human_to_move(), s.pending_pair()) {
        (true, Some(pair)) => Some(playtree::build(s.position(), pair)),
        _ => None,
    };
    let board = board_view(s);
    let pips = crate::boardview::pips;
    let record: Vec<Value> = g
        .tokens
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let before = &g.states[i];
            // The pair the turn played (none for an opening pick).
            let pair = match turn::read(before, t, TurnForm::Answer) {
                Ok(Turn::PickPlay(n, _)) => before.pair_for(n),
                Ok(Turn::Play(_)) => before.pending_pair(),
                _ => None,
            };
            json!({
                "token": t,
                "pair": pair.map(|p| [p.hi(), p.lo()]),
                "side": before.to_move().to_string(),
                "before": state_id::encode(&g.states[i]),
                "after": state_id::encode(&g.states[i + 1]),
            })
        })
        .collect();
    json!({
        "stateid": state_id::encode(s),
        "start": state_id::encode(&g.start),
        "to_move": s.to_move().to_string(),
        "phase": phase,
        "k": s.k(),
        "variant": g.variant.name(),
        "numbers": { "X": n.current(Side::X), "Y": n.current(Side::Y) },
        "credits": { "X": n.credits(Side::X), "Y": n.credits(Side::Y) },
        "pair": s.pending_pair().map(|p| [p.hi(), p.lo()]),
        "picked": g.picked,
        "pips": { "X": pips(&board.x), "Y": pips(&board.y) },
        "board": board,
        "choices": number_choices(s, over),
        "tree": tree,
        "result": if g.drawn() {
            Some(format!(
                "Drawn: each side has made its {ANTI_TURN_LIMIT_PER_SIDE} turns without ending (Anti-Backgammon)"
            ))
        } else {
            result_text(s)
        },
        // Anti-Backgammon's object, for the page to say: the first to bear
        // off all its checkers loses.
        "anti": s.objective() == Objective::BearOffLast,
        "turns_played": g.turns_played(),
        // Whether `turns_played` counts from the game's beginning, or from
        // a later position loaded by its full-state ID (which carries no
        // turn count: the 500-turn draw counts from there).
        "turns_from_beginning": g.counts_from_the_beginning(),
        "human_to_move": st.human_to_move(),
        "record": record,
        "last_move": last_move(g),
        // The session's finished games save: this one once over, and the
        // earlier games of a match or money session between games.
        "can_save": over || !g.earlier.is_empty(),
        // Why the finished game has no gnubg .mat (from a full-state ID, a
        // non-standard variant), for the page's *Save .mat*.
        "mat_refusal": if over { g.mat_file(["X", "Y"]).err() } else { None },
        "winner": s.result().map(|r| r.winner.to_string()),
        "stakes": stakes_json(st),
    })
}

/// The stakes: money or match, its score before this game (and after it,
/// once over), the Crawford state, the cube with its owner, and the cube
/// actions the person may make now.
fn stakes_json(st: &State) -> Value {
    let s = &st.game.current;
    let k = &st.stakes;
    let cube = s.cube();
    let side_json = |v: [u16; 2]| json!({ "X": v[0], "Y": v[1] });
    let score = k.score.map(|m| {
        let crawford = match m.crawford() {
            Crawford::Before => "before",
            Crawford::Game => "game",
            Crawford::After => "after",
        };
        json!({
            "length": m.length(),
            "score": side_json([m.score(Side::X), m.score(Side::Y)]),
            "crawford": crawford,
        })
    });
    let after = match k.after(s) {
        Some(MatchProgress::Won { winner, score }) => json!({
            "over": true,
            "winner": winner.to_string(),
            "score": side_json(score),
        }),
        Some(MatchProgress::Next(m)) => json!({
            "over": false,
            "score": side_json([m.score(Side::X), m.score(Side::Y)]),
            "crawford": m.is_crawford_game(),
        }),
        None => Value::Null,
    };
    let actions: Vec<&str> = if st.human_to_move() && st.game.picked.is_none() {
        s.cube_actions().iter().map(|a| a.token()).collect()
    } else {
        Vec::new()
    };
    // Each player's points, by the colour the player plays now.
    let by_player = k.totals();
    let first = k.first_player_side();
    let mut totals = [0, 0];
    totals[first.index()] = by_player[0];
    totals[first.other().index()] = by_player[1];
    let person_plays = st.players.contains(&crate::app::Player::Human);
    let note = st
        .cube_note
        .as_ref()
        .filter(|n| st.game.tokens.get(n.at) == Some(&n.action))
        .map(|n| {
            json!({
                "slot": crate::app::slot_letter(n.slot).to_string(),
                "side": n.side.to_string(),
                "action": n.action,
                // Its equities speak of the person's own decision: shown
                // with hints on (or when engines play each other).
                "analysis": n.analysis.as_ref().filter(|_| st.hints || !person_plays),
                "hidden": n.analysis.is_some() && person_plays && !st.hints,
            })
        });
    json!({
        "cube_in_play": s.cube_in_play(),
        "cube": { "value": cube.value(), "owner": cube.owner().map(|o| o.to_string()) },
        "offer": (s.phase() == Phase::Take && !s.is_over()).then(|| s.to_move().other().to_string()),
        "actions": actions,
        "double_refusal": s.double_refusal().filter(|_| s.cube_in_play()).map(|e| e.to_string()),
        "terms": { "cube": k.terms.cube, "jacoby": k.terms.jacoby, "beavers": k.terms.beavers },
        "crawford_rule": k.crawford_rule,
        "match": score,
        "after": after,
        "games": k.played.len(),
        // The colour the session's first player (X of its first game)
        // plays now: a match changes the colours every game, and the page
        // keeps each player's score, card and side of the board with the
        // player.
        "first_player": first.to_string(),
        "engine_action": note,
        "totals": { "X": totals[0], "Y": totals[1] },
    })
}

fn review_json(r: &Review) -> Value {
    json!({
        "file": r.file,
        "games": r.games.iter().map(Review::summary).collect::<Vec<_>>(),
        "analysis": r.analysis.iter().map(|(i, a)| (i.to_string(), a)).collect::<std::collections::BTreeMap<_, _>>(),
    })
}

/// An engine's `info` as the page may see it: in a game a person plays,
/// with *hints* off, its score and line are left out (the line holds the
/// person's own best move), depth and nodes kept.
fn info_json(info: &crate::slots::InfoLine, shown: bool) -> Value {
    let mut v = json!(info);
    if !shown {
        v["score_mp"] = Value::Null;
        v["pv"] = json!([]);
        v["hidden"] = json!(true);
    }
    v
}

/// The whole snapshot; `engines` are the engines' configured names, by
/// slot.
pub fn snapshot(engines: &[String], st: &State) -> Value {
    let person_plays = st.players.contains(&crate::app::Player::Human);
    let shown = !person_plays || st.hints;
    let thinking = st.thinking.as_ref().map(|t| {
        json!({
            "slot": t.slot,
            "side": t.side,
            "info": t.info.as_ref().map(|i| info_json(i, shown)),
            "lines": t.lines.iter().map(|i| info_json(i, shown)).collect::<Vec<_>>(),
        })
    });
    let engines: Vec<Value> = engines
        .iter()
        .enumerate()
        .map(|(i, name)| {
            json!({
                "slot": crate::app::slot_letter(i).to_string(),
                "name": name,
                "id_name": st.id_names[i],
                "status": st.status[i],
            })
        })
        .collect();
    json!({
        "version": st.version,
        "engines": engines,
        "players": { "X": st.players[0].code(), "Y": st.players[1].code() },
        "search": st.search,
        "game": game_json(st),
        "thinking": thinking,
        "hints": st.hints,
        "hint": hint_json(st),
        "last_search": st.last_search.as_ref().map(|(slot, side, info)| json!({ "slot": crate::app::slot_letter(*slot).to_string(), "side": side, "info": info.as_ref().map(|i| info_json(i, shown)) })),
        "fault": st.fault.as_ref().map(|f| json!({ "slot": crate::app::slot_letter(f.slot).to_string(), "message": f.text, "detail": f.detail })),
        "message": st.message,
        "paused": st.paused,
        "review": review_json(&st.review),
    })
}

#[cfg(all(test, feature = "server"))]
mod tests {
    use super::*;
    use crate::app::{Player, Thinking};
    use crate::slots::InfoLine;
    use std::path::PathBuf;
    use std::time::Duration;

    /// Between the games of a match the session's finished games can be
    /// saved (the buttons were off until the next game ended).
    #[test]
    fn the_earlier_games_of_a_match_can_be_saved_between_games() {
        let shared =
            crate::app::Shared::new(Vec::new(), PathBuf::from("."), Duration::from_secs(1));
        let mut st = shared.lock();
        let g = crate::app::NewGame {
            k: 6,
            credits: 2,
            variant: "standard".into(),
            x: "human".into(),
            y: "human".into(),
            x0: Some(3),
            y0: Some(5),
            state: None,
            stakes: crate::stakes::StakesSetup {
                match_length: 3,
                ..crate::stakes::StakesSetup::default()
            },
        };
        st.new_game(&g, 0).unwrap();
        assert_eq!(game_json(&st)["can_save"], false, "nothing finished yet");
        st.cube("double").unwrap();
        st.cube("drop").unwrap();
        assert_eq!(game_json(&st)["can_save"], true, "the game is over");
        st.next_game().unwrap();
        assert!(!st.game.current.is_over());
        assert_eq!(game_json(&st)["can_save"], true, "the first game is kept");
    }

    /// In a game a person plays, the engines' scores and lines are sent
    /// only with *hints* on (the line holds the person's best move); depth
    /// and nodes always; a watched game sends them all.
    #[test]
    fn the_engine_line_is_sent_only_with_hints_in_a_persons_game() {
        let shared =
            crate::app::Shared::new(Vec::new(), PathBuf::from("."), Duration::from_secs(1));
        let mut st = shared.lock();
        let info = InfoLine {
            depth: 3,
            nodes: 99,
            score_mp: Some(250),
            pv: vec!["5:13/8,6/4".into()],
            ..InfoLine::default()
        };
        st.players = [Player::Human, Player::Engine(0)];
        st.last_search = Some((0, "Y".into(), Some(info.clone())));
        st.thinking = Some(Thinking {
            slot: 0,
            side: "Y".into(),
            info: Some(info.clone()),
            lines: vec![info.clone(), info],
            generation: 0,
            stop: tokio::sync::watch::channel(false).0,
        });
        let infos = |v: &Value| {
            let mut out = vec![
                v["last_search"]["info"].clone(),
                v["thinking"]["info"].clone(),
            ];
            out.extend(v["thinking"]["lines"].as_array().unwrap().iter().cloned());
            out
        };
        for i in infos(&snapshot(&shared.engine_names(), &st)) {
            assert_eq!(i["pv"], json!([]), "{i}");
            assert!(i["score_mp"].is_null(), "{i}");
            assert_eq!(
                (i["depth"].as_u64(), i["nodes"].as_u64()),
                (Some(3), Some(99))
            );
        }
        st.hints = true;
        for i in infos(&snapshot(&shared.engine_names(), &st)) {
            assert_eq!(i["pv"], json!(["5:13/8,6/4"]), "{i}");
            assert_eq!(i["score_mp"], 250);
        }
        st.hints = false;
        st.players = [Player::Engine(0), Player::Engine(0)];
        for i in infos(&snapshot(&shared.engine_names(), &st)) {
            assert_eq!(i["pv"], json!(["5:13/8,6/4"]), "watched: {i}");
        }
    }
}
