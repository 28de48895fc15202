//! Which states of a solved game are judged or taught: random reachable
//! states, the states of recorded games, the children of real decisions,
//! and their exact values as training data.

use crate::data::Game;
use ncbg::board::Variant;
use ncbg::game::{GameState, Phase};
use ncbg::numbers::{NumberRules, Side};
use ncbg::rng::Rng;
use ncbg::tables::{Kind, Table};
use ncbg::turn::random_turn;

/// The game a full table solves: Hypergammon's start under its numbers.
pub fn start_of(table: &Table) -> Result<GameState, String> {
    let spec = table.spec();
    if spec.space.kind != Kind::Full || spec.space.total != 3 {
        return Err(format!(
            "{spec}: only full tables of three checkers a side (NC-Hypergammon) have a start to sample from"
        ));
    }
    let rules = NumberRules::new(spec.k, spec.credits)?;
    Ok(GameState::start(Variant::Hypergammon, rules))
}

/// `n` distinct random reachable pick states of the table's game from
/// `start` (its turn 0), the same for a seed: each from a fresh game, a
/// random initial pair and then 0..=`max_turns` random turns.
pub fn sample_states(
    table: &Table,
    start: GameState,
    n: usize,
    seed: u64,
    max_turns: u32,
) -> Result<Vec<GameState>, String> {
    let mut rng = Rng::new(seed);
    let mut out: Vec<GameState> = Vec::with_capacity(n);
    let mut seen = std::collections::HashSet::new();
    let mut tries = 0u64;
    while out.len() < n {
        tries += 1;
        if tries > 1000 * n as u64 + 1000 {
            return Err(format!("found only {} states to sample", out.len()));
        }
        let mut state = start;
        let turns = 2 + rng.below(u64::from(max_turns) + 1);
        for _ in 0..turns {
            match random_turn(&state, &mut rng) {
                Some(t) => state = t.after(&state),
                None => break,
            }
        }
        if covered(table, &state) && seen.insert(state) {
            out.push(state);
        }
    }
    Ok(out)
}

/// Whether the table judges `state`: a pick state of a game under way that
/// it holds.
fn covered(table: &Table, state: &GameState) -> bool {
    !state.is_over()
        && state.phase() == Phase::Pick
        && !state.in_opening()
        && table.lookup(state).is_some()
}

/// The distinct states the table judges (pick states of games under way
/// that it holds) met in recorded games
/// (each its start and its turn tokens, as a referee match file holds them),
/// in the order met: the states an engine's own play reaches, to label by
/// the table.
pub fn states_of_games<'a>(
    table: &Table,
    games: impl IntoIterator<Item = (GameState, &'a [String])>,
) -> Result<Vec<GameState>, String> {
    use ncbg::turn::{apply, TurnForm};
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    for (i, (mut state, moves)) in games.into_iter().enumerate() {
        for token in moves {
            if covered(table, &state) && seen.insert(state) {
                out.push(state);
            }
            apply(&mut state, token, TurnForm::Answer)
                .map_err(|e| format!("game {}: '{token}': {e}", i + 1))?;
        }
    }
    Ok(out)
}

/// [`states_of_games`] of a referee match file's games.
pub fn states_of_match(table: &Table, text: &str) -> Result<Vec<GameState>, String> {
    let file = ncbg::matchfile::MatchFile::parse(text);
    let starts = file
        .games
        .iter()
        .map(|g| file.header.start_of(g))
        .collect::<Result<Vec<_>, _>>()?;
    states_of_games(
        table,
        starts
            .into_iter()
            .zip(file.games.iter().map(|g| g.moves.as_slice())),
    )
}

/// [`states_of_match`] of several match files, each state once (in the
/// order met).
pub fn states_of_match_files(
    table: &Table,
    paths: &[std::path::PathBuf],
) -> Result<Vec<GameState>, String> {
    let mut all = Vec::new();
    for path in paths {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        all.extend(states_of_match(table, &text).map_err(|e| format!("{}: {e}", path.display()))?);
    }
    let mut seen = std::collections::HashSet::new();
    all.retain(|s| seen.insert(*s));
    Ok(all)
}

/// `states` followed by the children of those whose choices differ in
/// value (the states after each of their turns that the table judges),
/// each state once: the positions a mover must tell apart, so that exact
/// labels teach the decisions and not only the states' values.
pub fn with_children(table: &Table, states: &[GameState]) -> Result<Vec<GameState>, String> {
    let mut seen: std::collections::HashSet<GameState> = states.iter().copied().collect();
    let mut out = states.to_vec();
    for state in states {
        let choices = table.choices(state)?;
        let differ = choices
            .windows(2)
            .any(|w| w[0].exact.value.points() != w[1].exact.value.points());
        if !differ {
            continue;
        }
        for c in &choices {
            let child = c.turn.after(state);
            if covered(table, &child) && seen.insert(child) {
                out.push(child);
            }
        }
    }
    Ok(out)
}

/// Training data from a table: each state of `states` as a one-state game
/// whose result is the state's exact value (points for X; 0, a draw,
/// weighs only the score) and whose score is that value for the mover in
/// millipoints. Only tables whose values may teach are to be used so: the
/// bear-offs and NC-Hypergammon k = 4 (`tools/train/README.md`).
pub fn labelled_games(table: &Table, states: &[GameState]) -> Result<Vec<Game>, String> {
    states
        .iter()
        .enumerate()
        .map(|(i, state)| {
            let points = table.probe(state)?.value.points();
            let for_x = if state.to_move() == Side::X {
                points
            } else {
                -points
            };
            Ok(Game {
                index: i as u64,
                result: for_x,
                states: vec![(*state, points * 1000)],
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exact::tiny;

    #[test]
    fn labelled_games_carry_the_exact_value_for_x_and_the_mover() {
        let (table, start) = tiny();
        let states = sample_states(&table, start, 50, 9, 20).unwrap();
        let games = labelled_games(&table, &states).unwrap();
        assert!(games.iter().any(|g| g.result != 0));
        for (g, s) in games.iter().zip(&states) {
            let p = table.probe(s).unwrap().value.points();
            assert_eq!(g.states, vec![(*s, p * 1000)]);
            let x = if s.to_move() == Side::X { p } else { -p };
            assert_eq!(g.result, x);
            // The line reads back as the same game.
            assert_eq!(&Game::parse(&g.to_line()).unwrap(), g);
        }
    }

    #[test]
    fn children_come_only_from_states_whose_choices_differ_each_once() {
        let (table, start) = tiny();
        let states = sample_states(&table, start, 40, 5, 20).unwrap();
        let all = with_children(&table, &states).unwrap();
        assert_eq!(&all[..states.len()], &states[..]);
        let distinct: std::collections::HashSet<_> = all.iter().collect();
        assert_eq!(distinct.len(), all.len());
        let mut expected = std::collections::HashSet::new();
        let mut deciding = 0;
        for s in &states {
            let choices = table.choices(s).unwrap();
            let values: std::collections::HashSet<_> =
                choices.iter().map(|c| c.exact.value.points()).collect();
            if values.len() > 1 {
                deciding += 1;
                for c in &choices {
                    let child = c.turn.after(s);
                    if covered(&table, &child) {
                        expected.insert(child);
                    }
                }
            }
        }
        assert!(deciding > 0, "some sampled state must be a real decision");
        let added: std::collections::HashSet<_> = all[states.len()..].iter().copied().collect();
        assert!(!added.is_empty());
        for child in &expected {
            assert!(distinct.contains(child), "a child of a decision is missing");
        }
        for s in &added {
            assert!(
                expected.contains(s),
                "a state was added that is no such child"
            );
        }
    }

    #[test]
    fn the_states_of_recorded_games_are_those_the_table_judges_once_each() {
        let (table, start) = tiny();
        let mut rng = Rng::new(4);
        let mut games = Vec::new();
        let mut met = Vec::new();
        for _ in 0..6 {
            let mut s = start;
            let mut moves = Vec::new();
            while let Some(t) = random_turn(&s, &mut rng) {
                if covered(&table, &s) && !met.contains(&s) {
                    met.push(s);
                }
                moves.push(t.token(&s));
                s = t.after(&s);
                if moves.len() == 60 {
                    break;
                }
            }
            games.push(moves);
        }
        // The first two games twice: their states are not counted again.
        let replays: Vec<_> = games
            .iter()
            .chain(&games[..2])
            .map(|m| (start, m.as_slice()))
            .collect();
        let states = states_of_games(&table, replays).unwrap();
        assert!(states.len() > 20);
        assert_eq!(states, met);
        // A token that is no legal turn names its game.
        let bad = vec!["3".to_string(), "1".to_string(), "9:24/15".to_string()];
        let err = states_of_games(&table, [(start, bad.as_slice())]).unwrap_err();
        assert!(err.contains("game 1") && err.contains("9:24/15"), "{err}");
    }

    #[test]
    fn a_match_file_that_cannot_be_read_is_named() {
        let (table, _) = tiny();
        let missing = std::env::temp_dir().join("ncbg-train-no-such-file.match");
        let err = states_of_match_files(&table, std::slice::from_ref(&missing)).unwrap_err();
        assert!(err.contains(&missing.display().to_string()), "{err}");
        assert!(states_of_match_files(&table, &[]).unwrap().is_empty());
    }

    #[test]
    fn samples_are_distinct_reachable_pick_states_the_same_for_a_seed() {
        let (table, start) = tiny();
        let a = sample_states(&table, start, 40, 5, 20).unwrap();
        assert_eq!(a, sample_states(&table, start, 40, 5, 20).unwrap());
        assert_ne!(a, sample_states(&table, start, 40, 6, 20).unwrap());
        let distinct: std::collections::HashSet<_> = a.iter().collect();
        assert_eq!(distinct.len(), 40);
        assert!(a
            .iter()
            .all(|s| s.phase() == Phase::Pick && !s.is_over() && !s.in_opening()));
    }
}
