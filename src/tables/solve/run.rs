//! The solve's loop: the boards sorted by level, the value sweeps until
//! nothing changes, then the turns' rounds, with checkpoints written
//! between them and read back on a resume (see the parent module's
//! "Values", "Turns" and "Checkpoints").

use super::turns::Search;
use super::values::{Sweep, MARK, SUPPORT_MANY};
use super::workers::{as_atomic, as_atomic_u8};
use super::*;
use crate::tables::file::{read_checkpoint, write_checkpoint, Checkpoint, Phase};
use std::time::Instant;

/// The most a count holds before it stands for "too many": lower ones
/// (in the tests) take the paths of the rare wide states everywhere.
#[derive(Clone, Copy, Debug)]
pub(super) struct Caps {
    /// A value's support ([`SUPPORT_MANY`] at most).
    pub(super) support: u16,
    /// A lost state's open children in the turns.
    pub(super) open: u8,
}

impl Caps {
    pub(super) const FULL: Caps = Caps {
        support: SUPPORT_MANY,
        open: u8::MAX,
    };
}

/// [`solve_resumable`] with the counts capped at `caps`.
pub(super) fn solve_capped(
    spec: Spec,
    options: &Options,
    progress: &dyn Progress,
    caps: Caps,
) -> Result<Option<Solved>, String> {
    // Refused from its count before anything is listed.
    estimate(spec)?;
    let index = StateIndex::new(spec.space, spec.k, spec.credits);
    let boards = index.boards();
    let planes = index.number_states();
    progress.line(&format!(
        "{spec}: {} side configurations, {boards} boards, {planes} number states, {} states",
        index.sides.len(),
        index.states()
    ));
    let jobs = options.jobs.max(1);
    let t = Instant::now();
    progress.phase("moves", 1);
    let tables = MoveTables::new(&index, jobs);
    progress.advance(1);
    progress.line(&format!(
        "side move tables: {} plays ({:.1} MB) in {:.1} s",
        tables.len(),
        tables.bytes() as f64 / 1e6,
        t.elapsed().as_secs_f64()
    ));

    // Boards: invalid, finished (a fixed code) or live, by level.
    let mut init = vec![0u8; boards];
    let mut by_level: Vec<Vec<u32>> = Vec::new();
    for (b, code) in init.iter_mut().enumerate() {
        *code = match index.board(b) {
            None => INVALID as u8,
            Some(p) => match p.outcome() {
                Some(o) => (o.mover_points() + 3) as u8,
                None => {
                    let (a, c) = p.pips();
                    let level = (a + c) as usize;
                    if by_level.len() <= level {
                        by_level.resize(level + 1, Vec::new());
                    }
                    by_level[level].push(b as u32);
                    3
                }
            },
        };
    }
    let levels: Vec<Vec<u32>> = by_level.into_iter().filter(|l| !l.is_empty()).collect();
    let live: usize = levels.iter().map(Vec::len).sum();

    let mut start = Checkpoint {
        spec,
        phase: Phase::Values,
        value_sweeps: 0,
        turn_sweeps: 0,
        entries: Vec::new(),
        version: 2,
    };
    if let Some(path) = options
        .checkpoint
        .as_ref()
        .filter(|p| options.resume && p.exists())
    {
        let c = read_checkpoint(path)?;
        if c.spec != spec {
            return Err(format!(
                "the checkpoint {} is of another table ({}), not {spec}",
                path.display(),
                c.spec
            ));
        }
        progress.line(&format!(
            "resuming from {}: {} value sweeps, {} turn sweeps done",
            path.display(),
            c.value_sweeps,
            c.turn_sweeps
        ));
        start = c;
        if start.version == 1 && start.phase == Phase::Turns {
            // Turns of a version 1 checkpoint were estimates: solve them
            // again from the values.
            progress.line("the checkpoint's turns are of format 1: solving the turns again");
            start.turn_sweeps = 0;
            start_turns(&mut start.entries, &levels, planes);
        }
    } else {
        start.entries = (0..boards * planes)
            .map(|s| u16::from(init[s / planes]))
            .collect();
    }
    drop(init);
    let Checkpoint {
        mut phase,
        mut value_sweeps,
        mut turn_sweeps,
        mut entries,
        ..
    } = start;

    let maps = Maps::new(&index, &tables);
    let mut level_of = vec![u16::MAX; boards];
    let mut pos_of = vec![0u32; boards];
    for (l, level) in levels.iter().enumerate() {
        for (i, &b) in level.iter().enumerate() {
            level_of[b as usize] = l as u16;
            pos_of[b as usize] = i as u32;
        }
    }
    let boards_marked: Vec<Vec<AtomicU64>> = levels
        .iter()
        .map(|level| {
            (0..level.len().div_ceil(64))
                .map(|w| {
                    let n = (level.len() - w * 64).min(64);
                    AtomicU64::new(if n == 64 { u64::MAX } else { (1 << n) - 1 })
                })
                .collect()
        })
        .collect();
    // The values' states to compute: every live state in the first sweep
    // and after a resume (marked in its entry); then the parents that a
    // change concerns.
    if phase == Phase::Values {
        for &b in levels.iter().flatten() {
            let b = b as usize;
            for e in &mut entries[b * planes..(b + 1) * planes] {
                *e = (*e & 7) | MARK;
            }
        }
    }
    // Per state, in the turns: a lost state's open children.
    let mut left: Vec<u8> = Vec::new();
    let marked: Vec<AtomicU64> = levels.iter().map(|_| AtomicU64::new(u64::MAX)).collect();
    // The turns: boards with a state settled in the round before, and in
    // this one.
    let dirty: Vec<AtomicU64> = (0..boards.div_ceil(64))
        .map(|_| AtomicU64::new(0))
        .collect();
    let next: Vec<AtomicU64> = (0..boards.div_ceil(64))
        .map(|_| AtomicU64::new(0))
        .collect();
    let mut searching = false;
    let mut last_checkpoint = Instant::now();
    loop {
        let done = value_sweeps + turn_sweeps;
        if let (Some(stop), Some(path)) = (options.stop_after, &options.checkpoint) {
            if done >= stop {
                checkpoint(path, spec, phase, (value_sweeps, turn_sweeps), entries)?;
                progress.line(&format!("stopped after {done} sweeps: {}", path.display()));
                return Ok(None);
            }
        }
        if phase == Phase::Done {
            break;
        }
        let sweep = match phase {
            Phase::Values => value_sweeps + 1,
            _ => turn_sweeps + 1,
        };
        if sweep >= MAX_RANK {
            return Err(format!("no fixpoint after {MAX_RANK} sweeps"));
        }
        let t = Instant::now();
        let name = match phase {
            Phase::Values => "values",
            _ => "turns",
        };
        let view = as_atomic(&mut entries);
        let (changed, computed) = if phase == Phase::Values {
            progress.phase(&format!("{name} {sweep}"), live as u64);
            let ctx = Sweep {
                tables: &tables,
                maps: &maps,
                entries: view,
                marked: &marked,
                boards_marked: &boards_marked,
                pos_of: &pos_of,
                level_of: &level_of,
                planes,
                caps,
            };
            ctx.run(&levels, jobs, progress)?
        } else {
            let fresh = !searching;
            searching = true;
            if left.is_empty() {
                left = vec![0u8; boards * planes];
            }
            let search = Search {
                tables: &tables,
                maps: &maps,
                entries: view,
                planes,
                left: as_atomic_u8(&mut left),
                last: &dirty,
                this: &next,
                round: sweep as u16,
                caps,
            };
            if fresh {
                // The first round here (after the values, or on a
                // resume): every board, counting the lost states' open
                // children.
                progress.phase(&format!("{name} {sweep}"), live as u64);
                search.start(&levels, jobs, progress)?
            } else {
                let len = dirty
                    .iter()
                    .map(|w| u64::from(w.load(Ordering::Relaxed).count_ones()))
                    .sum();
                progress.phase(&format!("{name} {sweep}"), len);
                search.step(jobs, progress)?
            }
        };
        progress.line(&format!(
            "{name} sweep {sweep}: {changed} states changed, {computed} computed, {:.1} s",
            t.elapsed().as_secs_f64()
        ));
        match phase {
            Phase::Values => {
                value_sweeps += 1;
                if changed == 0 {
                    phase = Phase::Turns;
                    start_turns(&mut entries, &levels, planes);
                }
            }
            _ => {
                turn_sweeps += 1;
                if changed == 0 {
                    phase = Phase::Done;
                }
                for (d, n) in dirty.iter().zip(&next) {
                    d.store(n.swap(0, Ordering::Relaxed), Ordering::Relaxed);
                }
            }
        }
        if let Some(path) = &options.checkpoint {
            if phase != Phase::Done && last_checkpoint.elapsed() >= options.checkpoint_every {
                let t = Instant::now();
                entries = checkpoint(path, spec, phase, (value_sweeps, turn_sweeps), entries)?;
                progress.line(&format!(
                    "checkpoint {} written in {:.1} s",
                    path.display(),
                    t.elapsed().as_secs_f64()
                ));
                last_checkpoint = Instant::now();
            }
        }
    }
    if let Some(e) = entries
        .iter()
        .find(|&&e| entry_rank(e) >= MAX_RANK && e & 7 != INVALID)
    {
        return Err(format!("a decided state has no turns (entry {e:#x})"));
    }
    Ok(Some(Solved {
        spec,
        index,
        entries,
        sweeps: value_sweeps + turn_sweeps,
        value_sweeps,
        plays: tables.len(),
    }))
}

/// Writes a checkpoint of the solve and hands its entries back.
fn checkpoint(
    path: &std::path::Path,
    spec: Spec,
    phase: Phase,
    (value_sweeps, turn_sweeps): (u32, u32),
    entries: Vec<u16>,
) -> Result<Vec<u16>, String> {
    let c = Checkpoint {
        spec,
        phase,
        value_sweeps,
        turn_sweeps,
        entries,
        version: 2,
    };
    // The values' supports and marks are no part of a checkpoint: a
    // resume computes every state again.
    let mask = if phase == Phase::Values { 7 } else { u16::MAX };
    write_checkpoint(&c, path, mask)?;
    Ok(c.entries)
}

/// Marks the turns of every decided state of a live board "not yet"
/// (finished boards and draws keep 0).
fn start_turns(entries: &mut [u16], levels: &[Vec<u32>], planes: usize) {
    for &b in levels.iter().flatten() {
        let b = b as usize;
        for e in &mut entries[b * planes..(b + 1) * planes] {
            *e = if *e & 7 != 3 {
                (*e & 7) | ((MAX_RANK as u16) << 3)
            } else {
                3
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::Space;

    /// Counts capped low (every support and every lost state's open
    /// children "too many", or nearly) give the same entries and sweeps:
    /// the paths for wide states agree with the counted ones.
    #[test]
    fn capped_counts_solve_the_same() {
        let lines = |_: &str| {};
        let quiet = Quiet(&lines);
        for spec in [
            Spec {
                space: Space::full(1),
                k: 4,
                credits: 1,
            },
            Spec {
                space: Space::full(2),
                k: 3,
                credits: 0,
            },
        ] {
            let full = solve_capped(spec, &Options::threads(2), &quiet, Caps::FULL)
                .unwrap()
                .unwrap();
            for (support, open) in [(1, 1), (2, 2), (3, 1)] {
                let capped =
                    solve_capped(spec, &Options::threads(2), &quiet, Caps { support, open })
                        .unwrap()
                        .unwrap();
                assert_eq!(capped.sweeps, full.sweeps, "{spec} {support} {open}");
                assert!(capped.entries == full.entries, "{spec} {support} {open}");
            }
        }
    }
}
