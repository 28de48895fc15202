//! The training runs behind `ncbg-train`'s commands: TD rounds, training on
//! self-play data, and the pipeline of generations; with the nets' files
//! (save, load, id) and the check games against the handcrafted
//! evaluation. The binary parses the command line and calls these.
//!
//! This module runs the pipeline of generations; [`TdArgs`] and the other
//! settings are in `args.rs`, the single runs in `steps.rs`, the nets'
//! files and check games in `nets.rs`.

mod args;
mod nets;
mod steps;

pub use args::{DistillArgs, PipelineArgs, SelfplayArgs, TdArgs, TrainArgs};
pub use nets::{check_vs_classic, load, net_id, save};
pub use steps::{run_distill, run_td, run_train, selfplay_config};

use crate::{arena, selfplay};
use ncbg::eval::nn::NnEval;
use std::sync::Arc;

/// Runs the pipeline: generation 0 by TD, then TD and search-labelled
/// generations, each checked against the one before; generations already
/// written are kept (the pipeline resumes).
pub fn pipeline(p: &PipelineArgs) -> Result<(), String> {
    let PipelineArgs {
        dir,
        td_generations,
        search_generations,
        td,
        td_continue_lr,
        td_continue_lr_end,
        check_depth,
        play,
        train,
        seed,
        jobs,
    } = p.clone();

    let generations = td_generations + search_generations;
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let gen0 = dir.join("gen0.ncnn");
    if gen0.exists() {
        crate::errln!("pipeline: {} exists, keeping it", gen0.display());
    } else {
        run_td(&gen0, None, &td, seed, jobs)?;
    }
    for g in 1..=generations {
        let prev = dir.join(format!("gen{}.ncnn", g - 1));
        let next = dir.join(format!("gen{g}.ncnn"));
        if next.exists() {
            crate::errln!("pipeline: {} exists, keeping it", next.display());
            continue;
        }
        let net = Arc::new(load(&prev)?);
        if g <= td_generations {
            let continued = TdArgs {
                lr: td_continue_lr,
                lr_end: Some(td_continue_lr_end),
                ..td.clone()
            };
            run_td(&next, Some(&prev), &continued, seed + u64::from(g), jobs)?;
        } else {
            let data_path = dir.join(format!("gen{g}.data"));
            let mut cfg = selfplay_config(&play, &data_path, &net, seed + u64::from(g), jobs)?;
            cfg.resume = true;
            selfplay::run(net.clone(), &cfg)?;
            run_train(&prev, &next, &train, seed + u64::from(g), &[data_path])?;
        }
        let new = load(&next)?;
        let make_new = {
            let n = Arc::new(new.clone());
            move || -> Box<dyn ncbg::eval::Evaluator> { Box::new(NnEval::new(n.clone())) }
        };
        let make_old = {
            let n = net.clone();
            move || -> Box<dyn ncbg::eval::Evaluator> { Box::new(NnEval::new(n.clone())) }
        };
        let s = arena::match_60(&make_new, &make_old, check_depth, jobs);
        crate::errln!(
            "pipeline: gen{g} vs gen{} at depth {check_depth}: {}-{} points {:+} share {:.1}%",
            g - 1,
            s.wins,
            s.losses,
            s.points,
            100.0 * s.share()
        );
    }
    crate::errln!(
        "pipeline: done; last net {}",
        dir.join(format!("gen{generations}.ncnn")).display()
    );
    Ok(())
}
