//! A match (two engines) or a tournament (more, [`super::tournament`])
//! planned from its settings: the openings, rounds and schedule (of this
//! shard), the match file's header, and what a resumed file has already
//! played. What `ncbg-referee` decides before the first game is
//! decided here, so the binary only reads its command line and files.

use super::config::{EngineConfig, MatchConfig, Rules, Timeouts};
use super::matches::{MatchScore, MatchUnit};
use super::runner::Job;
use super::schedule::{self, Shard};
use super::tournament::{self, TourGame};
use crate::matchfile::{GameRecord, Header, MatchFile, MatchHeader, Opening, OpeningsSource};
use std::collections::{BTreeMap, HashSet};
use std::sync::Arc;

/// Where the openings come from (an openings file already read).
#[derive(Clone, Debug)]
pub enum OpeningsChoice {
    /// Every initial pair.
    InitialPairs,
    /// An openings file: its path as given (for the header) and its text.
    File {
        /// The path, as given.
        path: String,
        /// The file's text.
        text: String,
    },
    /// `n` random openings (at least one: 0 is an error) from `seed`, `turns` random turns
    /// after the initial pair.
    Random {
        /// How many.
        n: usize,
        /// The seed.
        seed: u64,
        /// Random turns after the initial pair.
        turns: u32,
    },
}

/// Everything that defines a match.
#[derive(Clone, Debug)]
pub struct MatchSettings {
    /// The engines, at least two (an engine with an earlier one's name is
    /// renamed `<name>-2`, `<name>-3`, ...).
    pub engines: Vec<EngineConfig>,
    /// Which engines meet, when there are more than two.
    pub tournament: tournament::Kind,
    /// A tournament's rating anchor (`NAME=ELO`), recorded in its header.
    pub anchor: Option<String>,
    /// Rules of every game.
    pub rules: Rules,
    /// Judge timeouts.
    pub timeouts: Timeouts,
    /// Games played at once (at least one: 0 is an error).
    pub concurrency: usize,
    /// The openings.
    pub openings: OpeningsChoice,
    /// `--rounds`.
    pub rounds: Option<u64>,
    /// Every opening twice, colours swapped (`false`: `--no-repeat`, every
    /// opening once, colours alternating).
    pub repeat: bool,
    /// `--games`.
    pub games: Option<u64>,
    /// `--shard`.
    pub shard: Option<Shard>,
}

/// A match ready to play.
#[derive(Debug)]
pub struct MatchPlan {
    /// Engines, rules, timeouts, concurrency.
    pub config: MatchConfig,
    /// This run's scheduled games (of its shard), by index.
    pub games: Vec<TourGame>,
    /// The match file's header.
    pub header: Header,
    /// The openings list (a match's games walk it).
    openings: Arc<Vec<Opening>>,
    /// The schedule's pairings (to find a unit's opening number).
    pairings: u64,
}

impl MatchPlan {
    /// Plans a match.
    pub fn new(settings: MatchSettings) -> Result<MatchPlan, String> {
        let MatchSettings {
            mut engines,
            tournament,
            anchor,
            rules,
            timeouts,
            concurrency,
            openings,
            rounds,
            repeat,
            games,
            shard,
        } = settings;
        if engines.len() < 2 {
            return Err(format!("need at least two engines, got {}", engines.len()));
        }
        if concurrency == 0 {
            return Err("--concurrency 0: at least one game must be played at once".into());
        }
        if matches!(openings, OpeningsChoice::Random { n: 0, .. }) {
            return Err("--random-openings 0: at least one opening is needed".into());
        }
        for i in 1..engines.len() {
            let base = engines[i].name.clone();
            let mut k = 1;
            while engines[..i].iter().any(|e| e.name == engines[i].name) {
                k += 1;
                engines[i].name = format!("{base}-{k}");
            }
        }
        let (list, source) = match openings {
            OpeningsChoice::InitialPairs => (
                schedule::all_initial_pairs(rules.numbers.k),
                OpeningsSource::InitialPairs,
            ),
            OpeningsChoice::File { path, text } => (
                schedule::read_openings(&text, rules.variant, rules.numbers)
                    .map_err(|e| format!("openings file {path}: {e}"))?,
                OpeningsSource::File {
                    hash: schedule::openings_hash(&text),
                    path,
                },
            ),
            OpeningsChoice::Random { n, seed, turns } => (
                schedule::random_openings(n, seed, turns, rules.variant, rules.numbers),
                OpeningsSource::Random { n, seed, turns },
            ),
        };
        let mut schedule = tournament::Plan {
            kind: tournament,
            engines: engines.len(),
            openings: list,
            rounds: 1,
            games,
            repeat,
        };
        schedule.rounds = match (rounds, games) {
            (Some(r), _) => r,
            (None, Some(g)) => schedule.rounds_for(g),
            (None, None) => 1,
        };
        rules.scoring.check()?;
        let header = MatchHeader {
            engines: engines.iter().map(EngineConfig::header_engine).collect(),
            tournament: (engines.len() > 2).then(|| tournament.name().to_string()),
            anchor,
            variant: rules.variant,
            numbers: rules.numbers,
            max_turns: rules.max_turns,
            repetition: rules.repetition,
            openings: source,
            rounds: schedule.rounds,
            repeat,
            games,
            // The whole schedule, all shards together (for `merge`'s check).
            total_games: schedule.total_games(),
            shard: shard.map(|s| (s.index, s.count)),
            scoring: rules.scoring,
        }
        .to_header();
        Ok(MatchPlan {
            games: schedule.build(shard),
            pairings: tournament::pairings(tournament, engines.len()).len() as u64,
            openings: Arc::new(schedule.openings.clone()),
            config: MatchConfig {
                engines,
                rules,
                timeouts,
                concurrency,
            },
            header,
        })
    }

    /// The engine names, in engine order.
    pub fn names(&self) -> Vec<String> {
        self.config.engines.iter().map(|e| e.name.clone()).collect()
    }

    /// Whether the scheduled units are matches to N points.
    pub fn plays_matches(&self) -> bool {
        self.config.rules.scoring.is_match()
    }

    /// The match scheduled as `unit`, not begun.
    fn match_unit(&self, unit: TourGame) -> MatchUnit {
        let scoring = self.config.rules.scoring;
        let slot = unit.spec.pair / self.pairings.max(1);
        MatchUnit {
            opening_no: (slot % self.openings.len().max(1) as u64) as usize,
            openings: self.openings.clone(),
            first: unit,
            score: MatchScore::new(scoring.match_length),
        }
    }

    /// The jobs of this run's scheduled units not begun: a game each, or a
    /// match each with `--match-length`.
    pub fn jobs(&self, units: Vec<TourGame>) -> Vec<Job> {
        units
            .into_iter()
            .map(|u| match self.plays_matches() {
                true => Job::Match(self.match_unit(u)),
                false => Job::Game(u),
            })
            .collect()
    }

    /// Takes a resumed file's games (`old`, whose header the store has
    /// checked): they count as played, without their moves (statistics need
    /// none, and memory stays small on long matches); the scheduled units
    /// not finished in it are returned to play: a game not in the file, a
    /// match not begun, or one begun and not over, which goes on from its
    /// last game (its games must be numbered 0, 1, ... as the referee wrote
    /// them, each with the colours its number gives; otherwise the file is
    /// refused naming the match). A file of two other engines is refused.
    pub fn resume(
        &mut self,
        old: MatchFile,
        file: &str,
    ) -> Result<(Vec<GameRecord>, Vec<Job>), String> {
        let old_names = old.header.engine_names();
        if !old_names.is_empty() && old_names != self.names() {
            return Err(format!(
                "{file} holds a match between {}",
                old_names.join(" and ")
            ));
        }
        let done: Vec<GameRecord> = old
            .games
            .into_iter()
            .map(|mut g| {
                g.moves = Vec::new();
                g
            })
            .collect();
        let units = std::mem::take(&mut self.games);
        if !self.plays_matches() {
            let finished: HashSet<u64> = done.iter().map(|g| g.index).collect();
            let todo = units
                .into_iter()
                .filter(|g| !finished.contains(&g.spec.index))
                .map(Job::Game)
                .collect();
            return Ok((done, todo));
        }
        let mut by_match: BTreeMap<u64, Vec<&GameRecord>> = BTreeMap::new();
        for g in &done {
            by_match.entry(g.index).or_default().push(g);
        }
        let mut todo = Vec::new();
        for unit in units {
            let index = unit.spec.index;
            let mut m = self.match_unit(unit);
            let mut games = by_match.remove(&index).unwrap_or_default();
            games.sort_by_key(|g| g.key());
            for g in games {
                let (next, place) = m.next_game();
                let names = [
                    &self.config.engines[next.x()].name,
                    &self.config.engines[next.y()].name,
                ];
                let fits = g.stakes.in_match.map(|p| p.game) == Some(place.game)
                    && [&g.x_name, &g.y_name] == names
                    && !m.score.is_over();
                if !fits {
                    return Err(format!(
                        "{file}: match {index}: its game {} is not the game {} the schedule plays \
                         next ({} as X against {}); the file was not written by this match",
                        g.stakes.in_match.map_or("-".into(), |p| p.game.to_string()),
                        place.game,
                        names[0],
                        names[1]
                    ));
                }
                m.add(g);
            }
            if !m.score.is_over() {
                todo.push(Job::Match(m));
            }
        }
        Ok((done, todo))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::referee::config::SearchLimits;

    fn settings(
        openings: OpeningsChoice,
        games: Option<u64>,
        shard: Option<Shard>,
    ) -> MatchSettings {
        let engine = |name: &str| EngineConfig {
            name: name.into(),
            command: vec!["x".into(), "--fast".into()],
            options: vec![("Hash".into(), "8".into())],
            limits: SearchLimits {
                depth: Some(2),
                ..SearchLimits::default()
            },
        };
        MatchSettings {
            engines: vec![engine("a"), engine("a")],
            tournament: tournament::Kind::RoundRobin,
            anchor: None,
            rules: Rules::default(),
            timeouts: Timeouts::default(),
            concurrency: 1,
            openings,
            rounds: None,
            repeat: true,
            games,
            shard,
        }
    }

    #[test]
    fn a_plan_has_its_schedule_header_and_resume() {
        let mut plan = MatchPlan::new(settings(
            OpeningsChoice::InitialPairs,
            Some(7),
            Some(Shard { index: 1, count: 2 }),
        ))
        .unwrap();
        assert_eq!(plan.names(), ["a".to_string(), "a-2".to_string()]);
        assert_eq!(plan.config.concurrency, 1);
        let h = &plan.header;
        assert_eq!(h.get("cmd0"), Some("x --fast"));
        assert_eq!(h.get("options1"), Some("Hash=8"));
        assert_eq!(h.get("openings"), Some("initial pairs"));
        assert_eq!(h.get("games"), Some("7"));
        assert_eq!(h.get("total-games"), Some("7"));
        assert_eq!(h.get("shard"), Some("1/2"));
        // Shard 1/2 of games 0..7: pairs 1 and 3.
        let indices: Vec<u64> = plan.games.iter().map(|g| g.spec.index).collect();
        assert_eq!(indices, [2, 3, 6]);
        let mut old = MatchFile::parse(&plan.header.to_text());
        assert!(old.games.is_empty());
        let line = "game\tindex=3\tpair=1\tround=0\topening=pair:1-4\tx=a-2\ty=a\twinner=-\tkind=draw\tpoints=0\treason=max-turns\tdetail=\tmoves=1 4\tend";
        old = MatchFile::parse(&format!("{}{line}\n", plan.header.to_text()));
        let (done, todo) = plan.resume(old.clone(), "m.txt").unwrap();
        assert_eq!(done.len(), 1);
        assert!(done[0].moves.is_empty());
        assert_eq!(todo.iter().map(Job::index).collect::<Vec<_>>(), [2, 6]);
        old.header.set("engine1", "b");
        let mut plan = MatchPlan::new(settings(OpeningsChoice::InitialPairs, None, None)).unwrap();
        let e = plan.resume(old, "m.txt").unwrap_err();
        assert!(e.contains("between a and b"), "{e}");
    }

    #[test]
    fn a_tournament_plan_names_every_engine() {
        let mut s = settings(OpeningsChoice::InitialPairs, None, None);
        s.engines.push(s.engines[0].clone());
        s.engines[2].command.push("--more".into());
        s.tournament = tournament::Kind::Gauntlet;
        s.anchor = Some("a-3=100".into());
        s.rounds = Some(2);
        let plan = MatchPlan::new(s).unwrap();
        assert_eq!(plan.header.get("anchor"), Some("a-3=100"));
        assert_eq!(plan.names(), ["a", "a-2", "a-3"]);
        assert_eq!(plan.header.engine_names(), ["a", "a-2", "a-3"]);
        assert_eq!(plan.header.get("cmd2"), Some("x --fast --more"));
        assert_eq!(plan.header.get("tournament"), Some("gauntlet"));
        // Two pairings, 30 openings, two games each, two rounds.
        assert_eq!(plan.games.len(), 240);
        assert_eq!(plan.header.get("total-games"), Some("240"));
        assert!(plan.games.iter().all(|g| g.engines[0] == 0));
        let mut one = settings(OpeningsChoice::InitialPairs, None, None);
        one.engines.truncate(1);
        assert!(MatchPlan::new(one).is_err());
        // Two engines: no tournament key, today's header.
        let two = MatchPlan::new(settings(OpeningsChoice::InitialPairs, None, None)).unwrap();
        assert_eq!(two.header.get("tournament"), None);
    }

    #[test]
    fn without_repeat_a_plan_plays_each_opening_once() {
        let mut s = settings(OpeningsChoice::InitialPairs, None, None);
        s.repeat = false;
        let plan = MatchPlan::new(s).unwrap();
        // 30 initial pairs, one game each, colours alternating.
        assert_eq!(plan.games.len(), 30);
        assert_eq!(plan.header.get("total-games"), Some("30"));
        assert_eq!(plan.header.get("repeat"), Some("off"));
        let openings: Vec<_> = plan.games.iter().map(|g| &g.spec.opening).collect();
        assert!(openings
            .iter()
            .enumerate()
            .all(|(i, o)| !openings[..i].contains(o)));
        assert!(plan
            .games
            .iter()
            .all(|g| g.spec.x_engine as u64 == g.spec.index % 2));
        // With pairs the header has no repeat key, as before.
        let paired = MatchPlan::new(settings(OpeningsChoice::InitialPairs, None, None)).unwrap();
        assert_eq!(paired.header.get("repeat"), None);
        assert_eq!(paired.games.len(), 60);
    }

    #[test]
    fn openings_come_from_a_file_or_a_seed() {
        let id = "4HPwATDgc/ABMA:Xplay:x6y5:d22:k6";
        let plan = MatchPlan::new(settings(
            OpeningsChoice::File {
                path: "o.txt".into(),
                text: format!("# two\n{id}\n\n{id}\n"),
            },
            None,
            None,
        ))
        .unwrap();
        assert_eq!(plan.header.get("openings"), Some("file o.txt"));
        let hash = schedule::openings_hash(&format!("# two\n{id}\n\n{id}\n"));
        assert_eq!(plan.header.get("openings-hash"), Some(hash.as_str()));
        assert_eq!(plan.games.len(), 4);
        assert_eq!(plan.header.get("total-games"), Some("4"));
        assert_eq!(plan.header.get("games"), Some("-"));
        let bad = OpeningsChoice::File {
            path: "o.txt".into(),
            text: "nonsense\n".into(),
        };
        let e = MatchPlan::new(settings(bad, None, None)).unwrap_err();
        assert!(e.starts_with("openings file o.txt: line 1: "), "{e}");
        // A state of other rules than the match's is refused, naming the file.
        let k8 = OpeningsChoice::File {
            path: "o.txt".into(),
            text: "4HPwATDgc/ABMA:Xpick:x1y2:d22:k8\n".into(),
        };
        let e = MatchPlan::new(settings(k8, None, None)).unwrap_err();
        assert!(e.starts_with("openings file o.txt: line 1: "), "{e}");
        assert!(e.contains("k is 8"), "{e}");
        let random = |seed| {
            MatchPlan::new(settings(
                OpeningsChoice::Random {
                    n: 1,
                    seed,
                    turns: 2,
                },
                None,
                None,
            ))
            .unwrap()
        };
        let (a, b) = (random(5), random(5));
        assert_eq!(a.header.get("openings"), Some("random 1 seed 5 turns 2"));
        assert_eq!(a.games, b.games);
        // No openings, or no game at once, is an error (not one silently).
        let none = OpeningsChoice::Random {
            n: 0,
            seed: 5,
            turns: 2,
        };
        let e = MatchPlan::new(settings(none, None, None)).unwrap_err();
        assert!(e.contains("--random-openings 0"), "{e}");
        let mut idle = settings(OpeningsChoice::InitialPairs, None, None);
        idle.concurrency = 0;
        let e = MatchPlan::new(idle).unwrap_err();
        assert!(e.contains("--concurrency 0"), "{e}");
    }
}
