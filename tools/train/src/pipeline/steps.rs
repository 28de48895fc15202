//! The single runs: TD(λ) rounds, a self-play run's configuration,
//! training on self-play data and distillation.

use super::args::{DistillArgs, SelfplayArgs, TdArgs, TrainArgs};
use super::nets::{check_vs_classic, load, net_id, save};
use crate::mlp::Mlp;
use crate::{data, distill, selfplay, supervised, td};
use ncbg::eval::nn::{FeatureSet, Network};
use ncbg::numbers::NumberRules;
use ncbg::rng::Rng;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The first input `--context-only` trains (set 3's context), if asked;
/// refused for a net without those inputs.
fn context_only_from(context_only: bool, set: FeatureSet) -> Result<Option<usize>, String> {
    if !context_only {
        return Ok(None);
    }
    if !set.reads_context() {
        return Err(format!(
            "--context-only: the net reads feature set {}, which has no context inputs \
             (widen --features 3 first)",
            set.id()
        ));
    }
    Ok(Some(ncbg::eval::nn::features::CONTEXT))
}

pub fn run_td(
    out: &Path,
    init: Option<&Path>,
    a: &TdArgs,
    seed: u64,
    jobs: usize,
) -> Result<(), String> {
    let TdArgs {
        features,
        hidden,
        rounds,
        games_per_round,
        lambda,
        lr,
        lr_end,
        batch,
        explore_turns,
        explore_chance,
        max_turns,
        other_rules,
        dice,
        variants,
        handcrafted_share,
        td_holding,
        td_holding_bonus,
        td_back_games,
        check_every,
        td_consistency,
        context_only,
    } = a.clone();
    let cfg = td::TdConfig {
        games_per_round,
        lambda,
        explore_turns,
        explore_chance,
        max_turns,
        jobs,
        seed,
        other_rules,
        dice,
        variants,
        handcrafted_share,
        holding_share: td_holding as f32,
        holding_bonus: td_holding_bonus,
        back_game_share: td_back_games as f32,
    };
    let mut mlp = match init {
        Some(p) => Mlp::from_network(&load(p)?),
        None => Mlp::new(
            FeatureSet::from_id(features).expect("clap keeps --features in 1..=3"),
            hidden,
            seed,
        ),
    };
    cfg.variants.check(mlp.features)?;
    mlp.train_inputs_from = context_only_from(context_only, mlp.features)?;
    mlp.consistency = td_consistency;
    let mut rng = Rng::new(seed ^ 0x5EED);
    let start = Instant::now();
    let mut games = 0u64;
    for round in 0..rounds {
        let frac = if rounds > 1 {
            round as f32 / (rounds - 1) as f32
        } else {
            1.0
        };
        let rate = lr + (lr_end.unwrap_or(lr) - lr) * frac;
        let net = mlp.to_network();
        let (samples, dropped, held) = td::play_round(&net, &cfg, round);
        games += games_per_round;
        let loss = td::train_pass(&mut mlp, &samples, batch, rate, &mut rng);
        crate::errln!(
            "td round {} games {games} states {} capped {dropped} loss {loss:.4} lr {rate:.5} {:.0}s",
            round + 1,
            samples.len(),
            start.elapsed().as_secs_f64()
        );
        if held.games > 0 {
            crate::errln!(
                "td round {} holding side: {} games, {} finished, {:+} points",
                round + 1,
                held.games,
                held.finished,
                held.points
            );
        }
        if check_every > 0 && ((round + 1) % check_every == 0 || round + 1 == rounds) {
            let net = mlp.to_network();
            save(&net, out)?;
            let s = check_vs_classic(&net, jobs);
            crate::errln!(
                "check after {games} games: nn d1 vs classic d1 {}-{} points {:+} share {:.1}%",
                s.wins,
                s.losses,
                s.points,
                100.0 * s.share()
            );
        }
    }
    save(&mlp.to_network(), out)?;
    crate::errln!(
        "td: {games} games in {:.0}s, net written to {}",
        start.elapsed().as_secs_f64(),
        out.display()
    );
    Ok(())
}

pub fn selfplay_config(
    a: &SelfplayArgs,
    out: &Path,
    net: &Network,
    seed: u64,
    jobs: usize,
) -> Result<selfplay::SelfplayConfig, String> {
    let rules = NumberRules::new(a.k, a.credits).map_err(|e| e.to_string())?;
    let cfg = selfplay::SelfplayConfig {
        out: out.to_path_buf(),
        games: a.games,
        depth: a.depth,
        nodes: a.nodes,
        explore: a.explore,
        temperature: a.temperature,
        max_turns: a.play_max_turns,
        random_turns: a.random_turns,
        holding: a.holding,
        holding_bonus: a.holding_bonus,
        dice_turns: a.dice_turns,
        back_games: a.back_games,
        favourites: a.favourites,
        variant: a.variant,
        rules,
        seed,
        jobs,
        shard: (0, 1),
        resume: false,
        net_id: net_id(net),
    };
    cfg.check()?;
    Ok(cfg)
}

pub fn run_train(
    init: &Path,
    out: &Path,
    a: &TrainArgs,
    seed: u64,
    data: &[PathBuf],
) -> Result<(), String> {
    let start = Instant::now();
    let mut games = Vec::new();
    for path in data {
        games.extend(data::read_for_training(path)?);
    }
    let mut mlp = Mlp::from_network(&load(init)?);
    mlp.consistency = a.consistency;
    let samples = supervised::samples(
        &games,
        a.result_weight,
        a.draw_weight,
        a.score_lambda,
        a.result_target,
        mlp.features,
    );
    let loss = supervised::train(
        &mut mlp,
        &samples,
        a.epochs,
        a.train_batch,
        a.train_lr,
        seed,
    );
    save(&mlp.to_network(), out)?;
    crate::errln!(
        "train: {} games, {} states, {} epochs, loss {loss:.4}, {:.0}s, net written to {}",
        games.len(),
        samples.len(),
        a.epochs,
        start.elapsed().as_secs_f64(),
        out.display()
    );
    Ok(())
}

/// Distils `a.teacher` into a net that starts from `a.init`; every
/// `a.hold_out`-th game of the data is held out, and the mean equity gap to
/// the teacher on its states is reported before and after.
pub fn run_distill(a: &DistillArgs) -> Result<(), String> {
    let start = Instant::now();
    let teacher = load(&a.teacher)?;
    let mut student = Mlp::from_network(&load(&a.init)?);
    // A student of set 3 learns the chances of the game being played,
    // which any teacher gives (`Network::probabilities`).
    if student.features != teacher.features() && !student.features.reads_context() {
        return Err("distill: the teacher and the student read other feature sets".into());
    }
    student.train_inputs_from = context_only_from(a.context_only, student.features)?;
    let mut games = Vec::new();
    for path in &a.data {
        games.extend(data::read_for_training(path)?);
    }
    let n = a.hold_out;
    let (held, games): (Vec<_>, Vec<_>) = games
        .into_iter()
        .partition(|g| n > 0 && g.index % n == n - 1);
    let mut rng = Rng::new(a.seed);
    let states = distill::states(&games, a.children, &mut rng);
    let held = distill::states(&held, a.children, &mut rng);
    let before = distill::gap(&student.to_network(), &teacher, &held);
    let guard_net = a.guard.as_deref().map(load).transpose()?;
    let guard = guard_net.as_ref().map(|net| distill::Guard {
        net,
        margin: a.guard_margin,
        behind: a.guard_behind,
    });
    let (labelled, guarded) = distill::label(&teacher, guard.as_ref(), &states);
    if guard.is_some() {
        crate::errln!(
            "distill: the guard labels {guarded} of {} states",
            states.len()
        );
    }
    let loss = distill::train(&mut student, &labelled, a.epochs, a.batch, a.lr, &mut rng);
    let net = student.to_network();
    save(&net, &a.out)?;
    let gap = if held.is_empty() {
        "no games held out".to_string()
    } else {
        format!(
            "held-out states {}: mean equity gap to the teacher {before:.4} -> {:.4}",
            held.len(),
            distill::gap(&net, &teacher, &held)
        )
    };
    crate::errln!(
        "distill: {} games, {} states, {} epochs, loss {loss:.4}; {gap}; {:.0}s, net written to {}",
        games.len(),
        states.len(),
        a.epochs,
        start.elapsed().as_secs_f64(),
        a.out.display()
    );
    Ok(())
}
