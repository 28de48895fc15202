//! The board graph of a space: for every board and every pair of numbers,
//! the boards the mover's legal plays lead to (flipped: seen from the next
//! side to move), in compressed rows.
//!
//! The moves of a state differ from those of its board only in which pairs
//! its number state allows, so the plays are generated once per board and
//! pair, with the library's move generator (the one checked against gnubg),
//! and shared by all the board's number states. A pair with no legal play
//! leads to the same board, passed to the opponent.

use super::index::StateIndex;
use crate::board::Position;
use crate::movegen::generate;
use crate::pair::Pair;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// Boards per work unit of the parallel loops.
pub(crate) const CHUNK: usize = 1024;

/// Children of every (board, pair).
pub struct Graph {
    /// Pairs over the alphabet (`Pair::all(k)` order).
    pub pairs: usize,
    /// `pair_index[a][b]`: the index of the pair (a, b).
    pub pair_index: [[u8; 10]; 10],
    /// Row `board * pairs + pair` spans `offsets[row]..offsets[row + 1]`.
    offsets: Vec<u32>,
    children: Vec<u32>,
    /// The reverse rows: row `board * pairs + pair` lists the boards whose
    /// row for `pair` holds `board`.
    parent_offsets: Vec<u32>,
    parents: Vec<u32>,
}

impl Graph {
    /// The pair-index table of alphabet `k`.
    pub fn pair_table(k: u8) -> (usize, [[u8; 10]; 10]) {
        let mut table = [[u8::MAX; 10]; 10];
        let mut n = 0;
        for (i, p) in Pair::all(k).enumerate() {
            table[usize::from(p.hi())][usize::from(p.lo())] = i as u8;
            table[usize::from(p.lo())][usize::from(p.hi())] = i as u8;
            n = i + 1;
        }
        (n, table)
    }

    /// The edges of the graph of `index`, extrapolated from the rows of
    /// at most `samples` boards spread evenly over it (every board of a
    /// smaller space).
    pub fn sample_edges(index: &StateIndex, samples: usize) -> Result<u64, String> {
        let boards = index.boards();
        let pair_list: Vec<Pair> = Pair::all(index.k).collect();
        let step = boards.div_ceil(samples.max(1)).max(1);
        let mut results = Vec::with_capacity(64);
        let (mut seen, mut edges) = (0u64, 0u64);
        for b in (0..boards).step_by(step) {
            seen += 1;
            edges += board_row(index, &pair_list, b, &mut results, &mut |_| Ok(()))?
                .iter()
                .map(|&l| u64::from(l))
                .sum::<u64>();
        }
        Ok((edges as f64 * boards as f64 / seen.max(1) as f64).round() as u64)
    }

    /// Builds the graph of `index` on `jobs` threads, telling `advance` how
    /// many boards each step built. Boards that are invalid or finished
    /// have empty rows. Fails when a play leaves the space (the space is
    /// not closed) or the graph outgrows 32-bit rows.
    pub fn build(
        index: &StateIndex,
        jobs: usize,
        advance: &(dyn Fn(u64) + Sync),
    ) -> Result<Graph, String> {
        let (pairs, pair_index) = Graph::pair_table(index.k);
        let boards = index.boards();
        let chunks = boards.div_ceil(CHUNK);
        let next = AtomicUsize::new(0);
        type Part = Result<(Vec<u32>, Vec<u32>), String>;
        let parts: Mutex<Vec<Option<Part>>> = Mutex::new((0..chunks).map(|_| None).collect());
        let pair_list: Vec<Pair> = Pair::all(index.k).collect();
        std::thread::scope(|scope| {
            for _ in 0..jobs.max(1) {
                scope.spawn(|| {
                    let mut results: Vec<Position> = Vec::with_capacity(64);
                    loop {
                        let chunk = next.fetch_add(1, Ordering::Relaxed);
                        if chunk >= chunks {
                            break;
                        }
                        let part = build_chunk(index, &pair_list, chunk, &mut results);
                        parts.lock().expect("no panics while held")[chunk] = Some(part);
                        let first = chunk * CHUNK;
                        advance(((first + CHUNK).min(boards) - first) as u64);
                    }
                });
            }
        });
        let parts = parts.into_inner().map_err(|_| "a worker panicked")?;
        let mut offsets = Vec::with_capacity(boards * pairs + 1);
        let mut children = Vec::new();
        offsets.push(0u32);
        for part in parts {
            let (lens, kids) = part.ok_or("a chunk was not built")??;
            for len in lens {
                let end = offsets.last().copied().unwrap_or(0) as u64 + u64::from(len);
                offsets.push(u32::try_from(end).map_err(|_| "more than 2^32 graph edges")?);
            }
            children.extend_from_slice(&kids);
        }
        let (parent_offsets, parents) = reverse(&offsets, &children, pairs);
        Ok(Graph {
            pairs,
            pair_index,
            offsets,
            children,
            parent_offsets,
            parents,
        })
    }

    /// The boards whose plays with pair `pair` lead to `board`.
    #[inline(always)]
    pub fn parents(&self, board: usize, pair: usize) -> &[u32] {
        let row = board * self.pairs + pair;
        let (a, b) = (
            self.parent_offsets[row] as usize,
            self.parent_offsets[row + 1] as usize,
        );
        &self.parents[a..b]
    }

    /// The children of `board` with pair `pair` (an index).
    #[inline(always)]
    pub fn children(&self, board: usize, pair: usize) -> &[u32] {
        let row = board * self.pairs + pair;
        let (a, b) = (self.offsets[row] as usize, self.offsets[row + 1] as usize);
        &self.children[a..b]
    }

    /// Edges in all.
    pub fn edges(&self) -> usize {
        self.children.len()
    }
}

/// The reverse rows of a graph (counting, then filling in board order).
fn reverse(offsets: &[u32], children: &[u32], pairs: usize) -> (Vec<u32>, Vec<u32>) {
    let rows = offsets.len() - 1;
    let mut starts = vec![0u32; rows + 1];
    for row in 0..rows {
        let p = row % pairs;
        for &c in &children[offsets[row] as usize..offsets[row + 1] as usize] {
            starts[c as usize * pairs + p + 1] += 1;
        }
    }
    for i in 0..rows {
        starts[i + 1] += starts[i];
    }
    let mut fill = starts.clone();
    let mut parents = vec![0u32; children.len()];
    for row in 0..rows {
        let (b, p) = (row / pairs, row % pairs);
        for &c in &children[offsets[row] as usize..offsets[row + 1] as usize] {
            let at = &mut fill[c as usize * pairs + p];
            parents[*at as usize] = b as u32;
            *at += 1;
        }
    }
    (starts, parents)
}

/// Row lengths and children of one chunk of boards.
fn build_chunk(
    index: &StateIndex,
    pairs: &[Pair],
    chunk: usize,
    results: &mut Vec<Position>,
) -> Result<(Vec<u32>, Vec<u32>), String> {
    let start = chunk * CHUNK;
    let end = (start + CHUNK).min(index.boards());
    let mut lens = Vec::with_capacity((end - start) * pairs.len());
    let mut kids = Vec::new();
    for b in start..end {
        let row = board_row(index, pairs, b, results, &mut |c| {
            kids.push(c);
            Ok(())
        })?;
        lens.extend(row);
    }
    Ok((lens, kids))
}

/// The row lengths of board `b`, one a pair (0s for an invalid or
/// finished board), giving each child's index to `child` in order.
fn board_row(
    index: &StateIndex,
    pairs: &[Pair],
    b: usize,
    results: &mut Vec<Position>,
    child: &mut dyn FnMut(u32) -> Result<(), String>,
) -> Result<Vec<u32>, String> {
    let board = match index.board(b) {
        Some(p) if p.outcome().is_none() => p,
        _ => return Ok(vec![0; pairs.len()]),
    };
    let mut lens = Vec::with_capacity(pairs.len());
    for &pair in pairs {
        results.clear();
        generate(&board, pair, results);
        if results.is_empty() {
            results.push(board);
        }
        for after in results.iter() {
            let next = after.flip();
            let c = index
                .board_index(&next)
                .ok_or_else(|| format!("a play leaves the space: {next:?}"))?;
            child(c as u32)?;
        }
        lens.push(results.len() as u32);
    }
    Ok(lens)
}
