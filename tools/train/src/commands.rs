//! Each subcommand carried out: nets and data files read, the library's
//! runs started, results written and reported.

use crate::cli::{Cli, Cmd};
use ncbg::eval::nn::{FeatureSet, Network};
use ncbg_train::mlp::Mlp;
use ncbg_train::pipeline::{self, load, run_td, run_train, selfplay_config};
use ncbg_train::{alphabet, consistency, data, ensemble, exact, gap, relabel, selfplay, widen};
use std::sync::Arc;
use std::time::Instant;

/// Carries out the command `cli` names.
pub(crate) fn run(cli: Cli) -> Result<(), String> {
    match cli.command {
        Cmd::Selfplay {
            out,
            net,
            play,
            seed,
            jobs,
            shard,
            resume,
        } => {
            let net = net_or_embedded(net.as_deref())?;
            let mut cfg = selfplay_config(&play, &out, &net, seed, jobs)?;
            cfg.shard = shard;
            cfg.resume = resume;
            let start = Instant::now();
            let n = selfplay::run(net, &cfg)?;
            ncbg_train::errln!(
                "selfplay: {n} games written to {} in {:.0}s",
                out.display(),
                start.elapsed().as_secs_f64()
            );
            Ok(())
        }
        Cmd::Relabel {
            out,
            net,
            states,
            nodes,
            depth,
            seed,
            jobs,
            resume,
            data: files,
        } => {
            let net = net_or_embedded(net.as_deref())?;
            let mut games = Vec::new();
            for path in &files {
                games.extend(data::read_for_training(path)?);
            }
            let all = relabel::states_of(&games);
            let cfg = relabel::RelabelConfig {
                out: out.clone(),
                states,
                nodes,
                depth,
                seed,
                jobs,
                resume,
                net_id: pipeline::net_id(&net),
                source_id: relabel::source_id(&all),
            };
            let start = Instant::now();
            let n = relabel::run(net, &all, &cfg)?;
            ncbg_train::errln!(
                "relabel: {n} states of {} written to {} in {:.0}s",
                all.len(),
                out.display(),
                start.elapsed().as_secs_f64()
            );
            Ok(())
        }
        Cmd::ExactData {
            table,
            out,
            states,
            seed,
            max_turns,
            games: matches,
            children,
        } => {
            let path = table;
            let table = ncbg::tables::Table::open(&path)?;
            let spec = table.spec();
            if !(spec.space.total == 3 && spec.k == 4 && spec.credits == 0)
                && spec.space.kind != ncbg::tables::Kind::Bearoff
            {
                return Err(format!(
                    "{spec}: exact labels may come only from bear-off tables and NC-Hypergammon k=4 without credits; other solved games are kept for measurement"
                ));
            }
            let sample = if matches.is_empty() {
                let start = exact::start_of(&table)?;
                exact::sample_states(&table, start, states, seed, max_turns)?
            } else {
                exact::states_of_match_files(&table, &matches)?
            };
            let sample = if children {
                exact::with_children(&table, &sample)?
            } else {
                sample
            };
            let games = exact::labelled_games(&table, &sample)?;
            let mut text = format!(
                "{} {} exact table={spec} seed={seed} states={states} max_turns={max_turns}{}\n",
                data::MAGIC,
                data::VERSION,
                if children { " children" } else { "" }
            );
            for g in &games {
                text.push_str(&g.to_line());
                text.push('\n');
            }
            std::fs::write(&out, text).map_err(|e| format!("{}: {e}", out.display()))?;
            ncbg_train::errln!(
                "exact-data: {} states written to {}",
                games.len(),
                out.display()
            );
            Ok(())
        }
        Cmd::Exact {
            table,
            net,
            states,
            seed,
            max_turns,
            games: matches,
            nodes,
            movetime,
            depth,
            jobs,
            verdicts,
            odd_depths,
            move_filter,
            futility_margin,
        } => {
            let settings = exact_settings(odd_depths, move_filter, futility_margin)?;
            let table = ncbg::tables::Table::open(&table)?;
            // The engine's own evaluation: the embedded nets, each for its
            // game, unless a net is given.
            let eval = ncbg::eval::nn::NnEval::file_or_embedded(match &net {
                Some(p) => Some(Arc::new(load(p)?)),
                None => None,
            });
            let sample = if matches.is_empty() {
                let start = exact::start_of(&table)?;
                exact::sample_states(&table, start, states.unwrap_or(300), seed, max_turns)?
            } else {
                let mut all = exact::states_of_match_files(&table, &matches)?;
                all.truncate(states.unwrap_or(usize::MAX));
                all
            };
            let limits = exact::limits(nodes, movetime, depth);
            let make = || -> Box<dyn ncbg::eval::Evaluator> { Box::new(eval.clone()) };
            let t = Instant::now();
            let out = exact::judge_all(&make, &table, &sample, &limits, &settings, jobs)?;
            if let Some(path) = verdicts {
                let text: String = out
                    .iter()
                    .map(|v| {
                        format!(
                            "{} {} {} {} {} {} {}\n",
                            v.id, v.best, v.played, v.turn, v.score, v.turns, v.played_turns
                        )
                    })
                    .collect();
                std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
            }
            println!("{}", exact::Summary::of(&out).report());
            ncbg_train::errln!("{} states in {:.1} s", out.len(), t.elapsed().as_secs_f64());
            Ok(())
        }
        Cmd::Gap { nets, data: files } => {
            let mut games = Vec::new();
            for path in &files {
                games.extend(data::read_for_training(path)?);
            }
            for path in &nets {
                let (all, stages) = gap::gap(&load(path)?, &games);
                outln!("{}: {}", path.display(), all.line());
                for (stage, g) in ncbg::board::Stage::ALL.iter().zip(stages) {
                    outln!("  {stage}: {}", g.line());
                }
            }
            Ok(())
        }
        Cmd::Train {
            init,
            out,
            train,
            seed,
            data,
        } => run_train(&init, &out, &train, seed, &data),
        Cmd::Pipeline(args) => pipeline::pipeline(&args),
        Cmd::Alphabet {
            init,
            out,
            from,
            to,
        } => {
            let mut net = load(&init)?;
            for k in &to {
                net = alphabet::copy_alphabet(&net, from, *k)?;
            }
            pipeline::save(&net, &out)?;
            ncbg_train::errln!(
                "alphabet: the inputs of k = {to:?} copied from k = {from}, written to {}",
                out.display()
            );
            Ok(())
        }
        Cmd::Deepen {
            init,
            out,
            units,
            seed,
        } => {
            let net = load(&init)?;
            let deep = Mlp::deepen(&net, units, seed)?.to_network();
            pipeline::save(&deep, &out)?;
            ncbg_train::errln!(
                "deepen: {} and {units} hidden units, written to {}",
                deep.hidden(),
                out.display()
            );
            Ok(())
        }
        Cmd::Backgames { count, seed } => {
            let mut rng = ncbg::rng::Rng::new(seed);
            use std::io::Write;
            let mut out = std::io::stdout().lock();
            for _ in 0..count {
                let state = ncbg_train::backgame::start(&mut rng);
                match writeln!(out, "{}", ncbg::ids::state_id::encode(&state)) {
                    Ok(()) => {}
                    // A closed stdout (`... | head -1`) ends it quietly.
                    Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => return Ok(()),
                    Err(e) => return Err(format!("backgames: {e}")),
                }
            }
            Ok(())
        }
        Cmd::Widen {
            init,
            out,
            hidden,
            features,
            seed,
        } => {
            let mut net = load(&init)?;
            if let Some(id) = features {
                let set = FeatureSet::from_id(id)
                    .ok_or_else(|| format!("--features {id}: no such feature set (1, 2 or 3)"))?;
                net = widen::with_features(&net, set)?;
            }
            let hidden = hidden.unwrap_or(net.hidden());
            let wide = widen::widen(&net, hidden, seed)?;
            pipeline::save(&wide, &out)?;
            ncbg_train::errln!(
                "widen: feature set {}, {hidden} hidden units, written to {}",
                wide.features().id(),
                out.display()
            );
            Ok(())
        }
        Cmd::Merge { out, weights, nets } => {
            let nets = nets
                .iter()
                .map(|p| load(p))
                .collect::<Result<Vec<_>, _>>()?;
            let merged = ensemble::merge(&nets, weights.as_deref())?;
            pipeline::save(&merged, &out)?;
            ncbg_train::errln!(
                "merge: {} nets, {} hidden units, written to {}",
                nets.len(),
                merged.hidden(),
                out.display()
            );
            Ok(())
        }
        Cmd::Distill(args) => pipeline::run_distill(&args),
        Cmd::Consistency {
            nets,
            games,
            seed,
            data,
        } => {
            let mut recorded = Vec::new();
            for path in &data {
                recorded.extend(data::read_for_training(path)?);
            }
            for path in &nets {
                let net = load(path)?;
                if games > 0 {
                    let t = consistency::random_games(&net, games, seed);
                    outln!("{} random games: {}", path.display(), t.line());
                }
                if !recorded.is_empty() {
                    let states = recorded
                        .iter()
                        .flat_map(|g| g.states.iter().map(|(s, _)| s));
                    let t = consistency::states(&net, states);
                    outln!("{} data: {}", path.display(), t.line());
                }
            }
            Ok(())
        }
        Cmd::Td {
            out,
            init,
            td,
            seed,
            jobs,
        } => run_td(&out, init.as_deref(), &td, seed, jobs),
    }
}

/// The net at `path`, or the embedded one.
fn net_or_embedded(path: Option<&std::path::Path>) -> Result<Arc<Network>, String> {
    Ok(Arc::new(match path {
        Some(p) => load(p)?,
        None => (*Network::embedded()).clone(),
    }))
}

/// The engine's search settings for `exact`, with the given knobs in every
/// game: `odd_depths` the `OddDepths` knob, `move_filter` the `MoveFilter`
/// option and both NC-Hypergammon filters, `futility_margin` both margins
/// (each `None`: the game's own).
fn exact_settings(
    odd_depths: Option<u8>,
    move_filter: Option<usize>,
    futility_margin: Option<i32>,
) -> Result<ncbg::search::Settings, String> {
    use ncbg::search::Knob;
    let defaults = ncbg::search::Settings::default();
    let mut tune = ncbg::search::Tune::new();
    if let Some(odd) = odd_depths {
        tune.set(Knob::OddDepths, odd.into())?;
    }
    if let Some(filter) = move_filter {
        let filter =
            u32::try_from(filter).map_err(|_| format!("--move-filter {filter}: too large"))?;
        tune.set(Knob::HyperMoveFilter, filter)?;
        tune.set(Knob::HyperMoveFilterSmallAlphabet, filter)?;
    }
    if let Some(margin) = futility_margin {
        let margin =
            u32::try_from(margin).map_err(|_| format!("--futility-margin {margin}: below 0"))?;
        tune.set(Knob::FutilityMargin, margin)?;
        tune.set(Knob::HyperFutilityMargin, margin)?;
    }
    Ok(ncbg::search::Settings {
        move_filter: move_filter.unwrap_or(defaults.move_filter),
        tune,
        ..defaults
    })
}

#[cfg(test)]
mod tests {
    use ncbg::board::Variant;
    use ncbg::game::GameState;
    use ncbg::numbers::NumberRules;
    use ncbg::search::{SearchProfile, Settings};

    /// `exact`'s knobs reach every game: the filter and the margin whichever
    /// the game's are; none given is the engine's search.
    #[test]
    fn exact_knobs_set_every_games_search() {
        assert_eq!(
            super::exact_settings(None, None, None),
            Ok(Settings::default())
        );
        let settings = super::exact_settings(Some(1), Some(3), Some(50)).unwrap();
        for (variant, k) in [
            (Variant::Standard, 6),
            (Variant::Hypergammon, 3),
            (Variant::Hypergammon, 6),
        ] {
            let state = GameState::start(variant, NumberRules::new(k, 2).unwrap());
            assert_eq!(
                settings.profile_for(&state),
                SearchProfile {
                    move_filter: 3,
                    odd_depths: 1,
                    futility_margin: 50,
                    ..SearchProfile::for_state(&state)
                }
            );
        }
        assert!(super::exact_settings(None, None, Some(-1)).is_err());
        assert!(super::exact_settings(Some(3), None, None).is_err());
    }
}
