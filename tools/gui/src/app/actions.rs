//! The person's actions on the game: pick, play, cube actions, the next
//! game of a match, undoing a pick or a turn, a new game and the search
//! settings. Each checks that the person may act and either changes the
//! game or returns an error and changes nothing ([`State::act`] wraps them).

use super::*;

impl State {
    /// The person picks `n`.
    pub fn pick(&mut self, n: u8) -> Result<(), String> {
        self.check_human()?;
        self.game.pick(n)
    }

    /// A hint asked for at pick time stays through the pick of `n`: its
    /// choices that pick `n` stay, as plays of the pair now to play (the
    /// others go), for the generation the pick starts (`Act` bumps the
    /// generation once for it). A search still running is stopped with
    /// the lines it has.
    pub fn carry_hint_through_pick(&mut self, n: u8) {
        let generation = self.generation;
        let playing = self.human_to_move() && self.game.current.phase() == ncbg::game::Phase::Play;
        let Some(h) = self
            .hint
            .as_mut()
            .filter(|h| h.generation == generation && playing)
        else {
            return;
        };
        let prefix = format!("{n}:");
        h.lines
            .retain(|_, info| info.pv.first().is_some_and(|t| t.starts_with(&prefix)));
        for info in h.lines.values_mut() {
            info.pv[0] = info.pv[0][prefix.len()..].to_string();
        }
        h.generation = generation + 1;
        h.picked = Some(n);
        h.running = false;
        h.stop.send_replace(true);
    }

    /// The person plays the pending pair.
    pub fn play(&mut self, play: &str) -> Result<(), String> {
        self.check_human()?;
        self.game.play(play).map(|_| ())
    }

    /// The person's cube action: `double` before the pick, or the answer
    /// to the opponent's double.
    pub fn cube(&mut self, action: &str) -> Result<(), String> {
        let a = CubeAction::from_token(action.trim()).ok_or_else(|| {
            format!(
                "no cube action '{}': double, take, drop or beaver",
                cut(action)
            )
        })?;
        self.check_human()?;
        self.game.cube_action(a).map(|_| ())
    }

    /// The next game of the match (or of the money session): the finished
    /// game is counted, and a new game starts from the start position. In
    /// a match the players change colours (`protocol/rules.md` §8): the
    /// one who played Y plays X and moves first, with the score by the
    /// new colours; in money play they keep them.
    pub fn next_game(&mut self) -> Result<(), String> {
        let mut stakes = self.stakes.clone();
        stakes.next_game(&self.game.current, self.game.drawn())?;
        let (variant, rules) = (self.game.variant, self.game.rules);
        let start = stakes.apply(GameState::start(variant, rules));
        self.game.next_game(start, stakes.swapped);
        if stakes.swapped != self.stakes.swapped {
            self.players.swap(0, 1);
        }
        self.stakes = stakes;
        self.cube_note = None;
        self.last_search = None;
        self.paused = false;
        self.fault = None;
        Ok(())
    }

    /// The person takes back the pick of this turn.
    pub fn unpick(&mut self) -> Result<(), String> {
        self.check_human()?;
        if self.game.unpick() {
            Ok(())
        } else {
            Err("no number picked in this turn".into())
        }
    }

    /// Takes back turns: to the person's previous turn when a person plays,
    /// else one turn (and engine play pauses).
    pub fn take_back(&mut self) -> Result<(), String> {
        if !self.game.take_back() {
            return Err("nothing to take back".into());
        }
        let someone = self.players.contains(&Player::Human);
        if someone {
            while !self.human_to_move() && self.game.take_back() {}
        } else {
            self.paused = true;
        }
        self.fault = None;
        // Its search belongs to a turn that is gone.
        self.last_search = None;
        Ok(())
    }

    /// Starts a new game.
    pub fn new_game(&mut self, g: &NewGame, slots: usize) -> Result<(), String> {
        let x = Player::parse(&g.x, slots)?;
        let y = Player::parse(&g.y, slots)?;
        let (variant, rules, start) = match g.state.as_deref().map(str::trim) {
            Some(id) if !id.is_empty() => {
                let s = state_id::decode(id).map_err(|e| format!("bad full-state ID: {e}"))?;
                if s.is_over() {
                    return Err("that position is already finished".into());
                }
                let rules = NumberRules {
                    k: s.k(),
                    doublet_credits: s
                        .numbers()
                        .credits(Side::X)
                        .max(s.numbers().credits(Side::Y)),
                };
                (s.variant(), rules, s)
            }
            _ => {
                let variant: Variant = g
                    .variant
                    .parse()
                    .map_err(|_| format!("no variant '{}'", cut(&g.variant)))?;
                let rules = NumberRules::new(g.k, g.credits)?;
                (variant, rules, GameState::start(variant, rules))
            }
        };
        let stakes = Stakes::new(&g.stakes, start.match_score().copied())?;
        let start = stakes.apply(start);
        start
            .check_stakes()
            .map_err(|e| format!("bad full-state ID for these stakes: {e}"))?;
        let mut game = Record::new(variant, rules, start);
        match (g.x0, g.y0) {
            (Some(x0), Some(y0)) if g.state.as_deref().is_none_or(|s| s.trim().is_empty()) => {
                game.pick(x0).map_err(|e| format!("x0: {e}"))?;
                game.pick(y0).map_err(|e| format!("y0: {e}"))?;
            }
            (None, None) => {}
            (Some(_), Some(_)) => {}
            _ => return Err("give both numbers of the initial pair, or neither".into()),
        }
        self.game = game;
        self.stakes = stakes;
        self.cube_note = None;
        self.players = [x, y];
        self.last_search = None;
        self.paused = false;
        self.fault = None;
        Ok(())
    }

    /// Sets the search limits.
    pub fn set_search(&mut self, s: SearchSettings) -> Result<(), String> {
        if s.depth > 64 {
            return Err("depth is 0 to 64".into());
        }
        if s.movetime > 600_000 {
            return Err("time per move is at most 600000 ms".into());
        }
        if s.depth == 0 && s.movetime == 0 {
            return Err("give a depth or a time per move".into());
        }
        if s.delay > 60_000 {
            return Err("the delay between watched moves is at most 60000 ms".into());
        }
        self.search = s;
        Ok(())
    }
}
