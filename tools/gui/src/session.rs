//! A board's session as JSON, kept across page loads: the static site's
//! page stores it in the browser (its game lives in the page only) and
//! gives it back when the page is opened again.
//!
//! What is kept: the games of the session (each as its variant, rules,
//! start position's full-state ID and turn tokens; the finished ones before
//! the current one), a number picked in the current turn, who plays each
//! side, the search limits and the stakes' terms. What is not: hints, the
//! engine's last search, a review. A session is checked as it is read:
//! every token is judged by the library again, so a stored session that no
//! longer fits (an edited store, another version) is refused whole and the
//! board is left as it was.

use crate::app::{Player, SearchSettings, State};
use crate::history::Record;
use crate::stakes::Stakes;
use ncbg::board::Variant;
use ncbg::cube::Terms;
use ncbg::ids::state_id;
use ncbg::numbers::NumberRules;
use serde::{Deserialize, Serialize};

/// One game of a session.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedGame {
    /// The variant's name.
    pub variant: String,
    /// The alphabet size.
    pub k: u8,
    /// The doublet credits.
    pub credits: u8,
    /// The start position's full-state ID.
    pub start: String,
    /// The turns played, canonical tokens.
    pub tokens: Vec<String>,
}

/// A board's session.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Saved {
    /// The games, the finished ones first, the current one last.
    pub games: Vec<SavedGame>,
    /// A number picked in the current turn, its play not made yet.
    pub picked: Option<u8>,
    /// X's and Y's players (`human`, `A`, ...) in the current game (a
    /// match changes the colours every game: its earlier games had them
    /// the other way round every other game).
    pub players: [String; 2],
    /// The search limits.
    pub search: SearchSettings,
    /// The cube in play.
    pub cube: bool,
    /// The Jacoby rule.
    pub jacoby: bool,
    /// Beavers.
    pub beavers: bool,
    /// The Crawford rule in a match.
    pub crawford: bool,
}

/// The most games a stored session may hold (a long money session).
pub const MAX_GAMES: usize = 1000;

fn saved_game(r: &Record) -> SavedGame {
    SavedGame {
        variant: r.variant.name().to_string(),
        k: r.rules.k,
        credits: r.rules.doublet_credits,
        start: state_id::encode(&r.start),
        tokens: r.tokens.clone(),
    }
}

/// The session of `st`.
pub fn save(st: &State) -> Saved {
    let mut games: Vec<SavedGame> = st.game.earlier.iter().map(saved_game).collect();
    games.push(saved_game(&st.game));
    let terms = st.stakes.terms;
    Saved {
        games,
        picked: st.game.picked,
        players: st.player_codes(),
        search: st.search,
        cube: terms.cube,
        jacoby: terms.jacoby,
        beavers: terms.beavers,
        crawford: st.stakes.crawford_rule,
    }
}

/// Replays one game of a session for `stakes`.
fn replay(g: &SavedGame, stakes: &Stakes, i: usize) -> Result<Record, String> {
    let what = |e: String| format!("game {}: {e}", i + 1);
    let variant: Variant = g
        .variant
        .parse()
        .map_err(|_| what(format!("no variant '{}'", crate::app::cut(&g.variant))))?;
    let rules = NumberRules::new(g.k, g.credits).map_err(what)?;
    let start = state_id::decode(&g.start).map_err(|e| what(format!("bad start ID: {e}")))?;
    if start.match_score() != stakes.score.as_ref() {
        // A match's score by the game's colours (a session stored before
        // the colours changed every game has the other one).
        return Err(what(
            "its start's match score is not the one the games before it give".into(),
        ));
    }
    let start = stakes.apply(start);
    let mut r = Record::new(variant, rules, start);
    r.swapped = stakes.swapped;
    for t in &g.tokens {
        r.apply_engine(t)
            .map_err(|e| what(format!("turn '{}': {e}", crate::app::cut(t))))?;
    }
    Ok(r)
}

/// Puts session `saved` on `st` (`slots` engines), all or nothing.
pub fn restore(st: &mut State, saved: &Saved, slots: usize) -> Result<(), String> {
    if saved.games.is_empty() || saved.games.len() > MAX_GAMES {
        return Err(format!("a session holds 1 to {MAX_GAMES} games"));
    }
    let players = [
        Player::parse(&saved.players[0], slots)?,
        Player::parse(&saved.players[1], slots)?,
    ];
    let first = state_id::decode(&saved.games[0].start)
        .map_err(|e| format!("game 1: bad start ID: {e}"))?;
    let mut stakes = Stakes {
        terms: Terms {
            cube: saved.cube,
            jacoby: saved.jacoby,
            beavers: saved.beavers,
            ..Terms::default()
        },
        score: first.match_score().copied(),
        crawford_rule: saved.crawford,
        played: Vec::new(),
        swapped: false,
    };
    let mut earlier = Vec::new();
    let last = saved.games.len() - 1;
    for (i, g) in saved.games.iter().enumerate() {
        let r = replay(g, &stakes, i)?;
        if i == last {
            let mut r = r;
            if let Some(n) = saved.picked {
                r.pick(n).map_err(|e| format!("the pick {n}: {e}"))?;
            }
            r.earlier = earlier;
            // The last check, and the first change.
            st.set_search(saved.search)?;
            st.game = r;
            st.players = players;
            st.stakes = stakes;
            st.cube_note = None;
            st.last_search = None;
            st.hint = None;
            st.paused = false;
            st.fault = None;
            return Ok(());
        }
        stakes
            .next_game(&r.current, r.drawn())
            .map_err(|e| format!("game {}: {e}", i + 1))?;
        earlier.push(r);
    }
    unreachable!("the last game returns")
}
