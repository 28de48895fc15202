//! The number-state maps: which choices a number state has, which child
//! number state each leads to, and back (see the parent module's "Turn
//! structure").

use super::*;

/// The number-state maps of the sweeps.
pub(super) struct Maps {
    /// Per pair index: (slot, child number state) for each ordering of the
    /// pair and each credit count. A slot is a choice of number `n` against
    /// `theirs` with both credits: `((n-1) k + theirs-1) (c+1)^2 + mover
    /// credits (c+1) + opponent credits`.
    pub(super) by_pair: Vec<Vec<(u16, u16)>>,
    /// Per number state: the slots its mover may choose.
    pub(super) choices: Vec<Vec<u16>>,
    /// Slots (= number states).
    pub(super) slots: usize,
    /// Per number state: the index of its pair (own, theirs), through
    /// which its states are children.
    pub(super) pair_of: Vec<u8>,
    /// Per pair index: the first and last child number state of each
    /// ordering (the credit counts of one (own, theirs) lie together).
    pub(super) prefetch: Vec<Vec<u16>>,
    /// Per number state: the pairs its choices play (a bit each).
    pub(super) pairs_of: Vec<u64>,
    /// Per slot: its pair index and child number state.
    pub(super) slot_child: Vec<(u8, u16)>,
    /// Per number state: the number states of a parent board whose
    /// choice leads to it (through the pair `pair_of`).
    pub(super) parents_of: Vec<Vec<u16>>,
}

impl Maps {
    pub(super) fn new(index: &StateIndex, tables: &MoveTables) -> Maps {
        let k = index.k;
        let c = index.credits;
        let slot = |n: u8, t: u8, cm: u8, co: u8| {
            index
                .number_index(NumberState {
                    own: n,
                    theirs: t,
                    mover_credits: cm,
                    opponent_credits: co,
                })
                .expect("in range") as u16
        };
        let mut by_pair = vec![Vec::new(); tables.pairs.len()];
        for (p, pair) in tables.pairs.iter().enumerate() {
            let mut orders = vec![(pair.hi(), pair.lo())];
            if !pair.is_doublet() {
                orders.push((pair.lo(), pair.hi()));
            }
            for (n, t) in orders {
                for cm in 0..=c {
                    for co in 0..=c {
                        if n == t && cm == 0 {
                            continue;
                        }
                        let child = slot(t, n, co, cm - u8::from(n == t));
                        by_pair[p].push((slot(n, t, cm, co), child));
                    }
                }
            }
        }
        let choices: Vec<Vec<u16>> = (0..index.number_states())
            .map(|i| {
                let ns = index.number_state(i);
                (1..=k)
                    .filter(|&n| n != ns.own && (n != ns.theirs || ns.mover_credits > 0))
                    .map(|n| slot(n, ns.theirs, ns.mover_credits, ns.opponent_credits))
                    .collect()
            })
            .collect();
        let pair_of = (0..index.number_states())
            .map(|i| {
                let ns = index.number_state(i);
                tables.pair_index[usize::from(ns.own)][usize::from(ns.theirs)]
            })
            .collect();
        let prefetch = by_pair
            .iter()
            .map(|list| {
                let mut ends: Vec<u16> = Vec::new();
                let mut planes: Vec<u16> = list.iter().map(|&(_, child)| child).collect();
                planes.sort_unstable();
                for (i, &c) in planes.iter().enumerate() {
                    let starts = i == 0 || planes[i - 1] + 1 != c;
                    let ends_run = i + 1 == planes.len() || planes[i + 1] != c + 1;
                    if starts || ends_run {
                        ends.push(c);
                    }
                }
                ends
            })
            .collect();
        let mut slot_child = vec![(u8::MAX, 0u16); index.number_states()];
        for (p, list) in by_pair.iter().enumerate() {
            for &(slot, child) in list {
                slot_child[usize::from(slot)] = (p as u8, child);
            }
        }
        let mut parents_of = vec![Vec::new(); index.number_states()];
        for (ns, slots) in choices.iter().enumerate() {
            for &slot in slots {
                parents_of[usize::from(slot_child[usize::from(slot)].1)].push(ns as u16);
            }
        }
        let pairs_of = choices
            .iter()
            .map(|slots| {
                slots
                    .iter()
                    .fold(0u64, |m, &slot| m | 1 << slot_child[usize::from(slot)].0)
            })
            .collect();
        Maps {
            pairs_of,
            by_pair,
            choices,
            slots: index.number_states(),
            pair_of,
            prefetch,
            slot_child,
            parents_of,
        }
    }
}
