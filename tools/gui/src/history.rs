//! The game being played: its start, the turn tokens so far with the state
//! before each, the number the person has picked but not yet played, and the
//! conversions to a referee match file and a gnubg `.mat`.
//!
//! Every change goes through the library (`GameState::pick`, `play`,
//! `apply_answer`), and a rejected change leaves the game as it was.

use ncbg::board::{Objective, Variant, WinKind};
use ncbg::cube::CubeAction;
use ncbg::game::{GameState, Phase, ANTI_TURN_LIMIT_PER_SIDE};
use ncbg::ids::state_id;
use ncbg::matchfile::{
    GameEnd, GameRecord, Header, MatchFile, MatchGame, Opening, ScoringRules, Stakes,
};
use ncbg::numbers::{NumberRules, Side};
use ncbg::referee::judge::apply_answer;
use ncbg::referee::mat;

/// A game in progress.
#[derive(Clone, Debug)]
pub struct Record {
    /// The start position's variant (for the match file header).
    pub variant: Variant,
    /// k and credits of the game.
    pub rules: NumberRules,
    /// The state the game started from.
    pub start: GameState,
    /// Canonical turn tokens, one per turn (a turn-0 pick alone).
    pub tokens: Vec<String>,
    /// `states[i]` is the state before `tokens[i]`; one more than tokens.
    pub states: Vec<GameState>,
    /// The current state: `states.last()`, or after a pick whose play is
    /// still pending (then `picked` is set).
    pub current: GameState,
    /// A number picked in this turn whose checker play is not made yet.
    pub picked: Option<u8>,
    /// The finished games of the session (money or match) before this one.
    pub earlier: Vec<Record>,
    /// The colours are changed in this game: the session's first player
    /// (X of its first game) plays Y. A match changes them every game
    /// (`protocol/rules.md` §8).
    pub swapped: bool,
}

impl Record {
    /// A new game from `start`.
    pub fn new(variant: Variant, rules: NumberRules, start: GameState) -> Record {
        Record {
            variant,
            rules,
            start,
            tokens: Vec::new(),
            states: vec![start],
            current: start,
            picked: None,
            earlier: Vec::new(),
            swapped: false,
        }
    }

    /// The next game of the session from `start`, with the colours
    /// `swapped` or not (see [`Record::swapped`]): this one joins the
    /// earlier games.
    pub fn next_game(&mut self, start: GameState, swapped: bool) {
        let mut earlier = std::mem::take(&mut self.earlier);
        let finished = std::mem::replace(self, Record::new(self.variant, self.rules, start));
        earlier.push(finished);
        self.earlier = earlier;
        self.swapped = swapped;
    }

    /// The names of this game's X and Y, from the session's players'
    /// `names` (the first player first).
    pub fn colour_names<'a>(&self, names: [&'a str; 2]) -> [&'a str; 2] {
        if self.swapped {
            [names[1], names[0]]
        } else {
            names
        }
    }

    /// Turns played after turn 0 in this record (the turn-0 picks and the
    /// cube's actions are not turns of the count).
    pub fn turns_played(&self) -> usize {
        self.tokens
            .iter()
            .zip(&self.states)
            .filter(|(t, before)| !before.in_opening() && CubeAction::from_token(t).is_none())
            .count()
    }

    /// True when the record starts at its game's beginning (turn 0 of its
    /// variant's start position), so that [`Record::turns_played`] is the
    /// game's own turn count. A game loaded from a full-state ID of a later
    /// position starts the count there: the ID carries no turn count
    /// (`protocol/rules.md` §9), and the 500-turn draw of Anti-Backgammon
    /// is counted from the loaded position.
    pub fn counts_from_the_beginning(&self) -> bool {
        let beginning = GameState::start(self.variant, self.rules);
        self.start.in_opening() && self.start.position() == beginning.position()
    }

    /// True when the game is drawn: an Anti-Backgammon game where each
    /// side has made its 500 turns after turn 0 without ending
    /// (`protocol/rules.md` §9; counted from where this record starts).
    pub fn drawn(&self) -> bool {
        self.current.objective() == Objective::BearOffLast
            && !self.current.is_over()
            && self.picked.is_none()
            && self.turns_played() >= 2 * ANTI_TURN_LIMIT_PER_SIDE as usize
    }

    /// True when the game has ended: won (or dropped), or drawn.
    pub fn is_over(&self) -> bool {
        self.current.is_over() || self.drawn()
    }

    /// The state at the start of the current turn.
    pub fn turn_start(&self) -> &GameState {
        self.states.last().expect("states is never empty")
    }

    /// The `position` command for the engine: the start's full-state ID and
    /// the tokens (the pending pick included, as a number alone).
    pub fn position_command(&self) -> String {
        let mut cmd = format!("position state {}", state_id::encode(&self.start));
        if !self.tokens.is_empty() || self.picked.is_some() {
            cmd.push_str(" moves");
            for t in &self.tokens {
                cmd.push(' ');
                cmd.push_str(t);
            }
            if let Some(n) = self.picked {
                cmd.push_str(&format!(" {n}"));
            }
        }
        cmd
    }

    fn push(&mut self, token: String, after: GameState) {
        self.tokens.push(token);
        self.states.push(after);
        self.current = after;
        self.picked = None;
    }

    /// The person picks `n`. In turn 0 the pick is a whole turn.
    pub fn pick(&mut self, n: u8) -> Result<(), String> {
        let mut next = self.current;
        next.pick(n).map_err(|e| e.to_string())?;
        if self.current.in_opening() {
            self.push(n.to_string(), next);
        } else {
            self.current = next;
            self.picked = Some(n);
        }
        Ok(())
    }

    /// The person plays the pending pair with `play` (any lenient notation).
    pub fn play(&mut self, play: &str) -> Result<String, String> {
        if self.current.phase() != Phase::Play {
            return Err("pick a number first".into());
        }
        let lp = self.current.parse_play(play).map_err(|e| e.to_string())?;
        let token_play = ncbg::notation::format_play_token(self.current.position(), &lp.play);
        let mut next = self.current;
        next.play(&lp).map_err(|e| e.to_string())?;
        let token = match self.picked {
            Some(n) => format!("{n}:{token_play}"),
            None => token_play,
        };
        self.push(token.clone(), next);
        Ok(token)
    }

    /// A cube action (`double` at the start of a turn, `take`, `drop` or
    /// `beaver` as the answer), checked by the library.
    pub fn cube_action(&mut self, action: CubeAction) -> Result<String, String> {
        if self.picked.is_some() {
            return Err("a double comes before the pick: take the pick back first".into());
        }
        let mut next = self.current;
        next.cube_action(action).map_err(|e| e.to_string())?;
        let token = action.token().to_string();
        self.push(token.clone(), next);
        Ok(token)
    }

    /// Unpicks the pending number (the person changed their mind).
    pub fn unpick(&mut self) -> bool {
        if self.picked.take().is_some() {
            self.current = *self.turn_start();
            true
        } else {
            false
        }
    }

    /// An engine's answer for the current state: checked and applied, or an
    /// error message and nothing changed.
    pub fn apply_engine(&mut self, token: &str) -> Result<String, String> {
        if self.picked.is_some() {
            return Err("a person's pick is pending".into());
        }
        let mut next = self.current;
        let canonical = apply_answer(&mut next, token).map_err(|f| f.detail)?;
        self.push(canonical.clone(), next);
        Ok(canonical)
    }

    /// Takes back the last turn; false when there is none.
    pub fn take_back(&mut self) -> bool {
        if self.unpick() {
            return true;
        }
        if self.tokens.pop().is_none() {
            return false;
        }
        self.states.pop();
        self.current = *self.turn_start();
        true
    }

    /// The opening as the match file writes it.
    pub fn opening(&self) -> Option<Opening> {
        let mut fresh = GameState::start(self.variant, self.rules);
        fresh.set_terms(*self.start.terms());
        fresh.set_match(self.start.match_score().copied());
        if self.start == fresh {
            let x0 = self.tokens.first()?.parse().ok()?;
            let y0 = self.tokens.get(1)?.parse().ok()?;
            Some(Opening::Pair { x0, y0 })
        } else {
            Some(Opening::State(state_id::encode(&self.start)))
        }
    }

    /// The game's place in its match (`game` its number), if in one.
    fn place(&self, game: u32) -> Option<MatchGame> {
        self.start.match_score().map(|m| MatchGame {
            game,
            score: [u32::from(m.score(Side::X)), u32::from(m.score(Side::Y))],
            crawford: m.crawford(),
        })
    }

    /// The finished game as a match-file record, game `game` of its
    /// session; `names` are the session's players, the first player first
    /// (each plays the colour [`Record::swapped`] gives). The stakes (match score before it,
    /// final cube, points, drop) come from the library's result.
    pub fn game_record(&self, names: [&str; 2], game: u32) -> Result<GameRecord, String> {
        let names = self.colour_names(names);
        let opening = self.opening().ok_or("the initial pair is not picked yet")?;
        if self.drawn() {
            let in_match = self.place(game);
            return Ok(GameRecord {
                depths: Vec::new(),
                index: if in_match.is_some() {
                    0
                } else {
                    u64::from(game)
                },
                pair: 0,
                round: 0,
                opening,
                x_name: names[0].to_string(),
                y_name: names[1].to_string(),
                end: GameEnd::MaxTurns,
                detail: format!("{} turns played", self.turns_played()),
                moves: self.tokens.clone(),
                stakes: Stakes {
                    in_match,
                    cube: 1,
                    points: None,
                    dropped: false,
                },
            });
        }
        let result = self
            .current
            .result()
            .ok_or("the game is not finished: only finished games can be saved")?;
        let end = GameEnd::Win {
            winner: result.winner,
            kind: result.kind,
        };
        let points = result.points();
        let in_match = self.place(game);
        Ok(GameRecord {
            depths: Vec::new(),
            // A match is one schedule entry of numbered games; a money
            // session's games are entries of their own.
            index: if in_match.is_some() {
                0
            } else {
                u64::from(game)
            },
            pair: 0,
            round: 0,
            opening,
            x_name: names[0].to_string(),
            y_name: names[1].to_string(),
            end,
            detail: String::new(),
            // Pair openings keep the two picks as the first tokens; cube
            // tokens stand where they were made.
            moves: self.tokens.clone(),
            stakes: Stakes {
                in_match,
                cube: result.cube,
                points: (points != end.points()).then_some(points),
                dropped: result.dropped,
            },
        })
    }

    /// How the session's games are scored: the start's terms and match
    /// (a match always has the cube: the header's `cube` key is for money
    /// play only).
    pub fn scoring(&self) -> ScoringRules {
        let match_length = self
            .start
            .match_score()
            .map_or(0, |m| u32::from(m.length()));
        let mut terms = *self.start.terms();
        if match_length > 0 {
            terms.cube = false;
        }
        ScoringRules {
            match_length,
            terms,
        }
    }

    /// The session's finished games, in order: the earlier ones and this
    /// one when it is over; an error when none is finished. `names` are
    /// the session's players, the first player first: each game's record
    /// has its own X and Y (a match changes the colours every game).
    pub fn session_records(&self, names: [&str; 2]) -> Result<Vec<GameRecord>, String> {
        let mut games: Vec<&Record> = self.earlier.iter().collect();
        if self.is_over() || games.is_empty() {
            games.push(self);
        }
        games
            .iter()
            .enumerate()
            .map(|(i, g)| g.game_record(names, i as u32))
            .collect()
    }

    /// The session's finished games as a referee match file (v2: the
    /// scoring keys in the header, each game's score and cube, its X and Y
    /// players); `names` are the session's players, the first player
    /// first (the header's `engine0` and `engine1`).
    pub fn match_file(&self, names: [&str; 2]) -> Result<String, String> {
        let records = self.session_records(names)?;
        let mut header = Header::single_game(names, self.variant, self.rules, "ncbg-gui");
        for (key, value) in self.scoring().header_entries() {
            header.set(key, &value);
        }
        Ok(MatchFile::to_text(&header, &records))
    }

    /// The session's finished games as a Jellyfish `.mat` (gnubg `import
    /// mat`): the match length, each game's score, the cube actions;
    /// `names` are the session's players, the first player first (player 1
    /// of the `.mat`, whichever colour it plays). Two players of one name
    /// cannot be told apart there: the caller names them apart.
    pub fn mat_file(&self, names: [&str; 2]) -> Result<String, String> {
        if let Some(why) = mat::variant_refusal(self.variant) {
            return Err(why.into());
        }
        let records = self.session_records(names)?;
        let (text, skipped) = mat::export(&records, names, self.rules, &self.scoring());
        match skipped.first() {
            Some(s) => Err(format!("this game has no .mat form: {}", s.why)),
            None => Ok(text),
        }
    }
}

/// Short words for a result: "X wins a gammon (2 points)".
pub fn result_text(state: &GameState) -> Option<String> {
    let r = state.result()?;
    let pts = r.points();
    let points = format!("{pts} point{}", if pts == 1 { "" } else { "s" });
    if r.dropped {
        return Some(format!(
            "{} wins by a drop: {} refused the double ({points})",
            r.winner,
            r.winner.other()
        ));
    }
    let kind = match r.kind {
        WinKind::Single => "a single game",
        WinKind::Gammon => "a gammon",
        WinKind::Backgammon => "a backgammon",
    };
    let cube = match r.cube {
        1 => String::new(),
        v => format!(", cube {v}"),
    };
    Some(format!("{} wins {kind} ({points}{cube})", r.winner))
}

/// The side letter.
pub fn side_name(s: Side) -> &'static str {
    match s {
        Side::X => "X",
        Side::Y => "Y",
    }
}

#[cfg(test)]
mod tests;
