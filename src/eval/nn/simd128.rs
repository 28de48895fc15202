//! The first layer's column loops in explicit WebAssembly SIMD128, for the
//! build of the engine as WebAssembly (`tools/wasm`) only.
//!
//! The portable loops of `forward` vectorize well on x86-64, but compiled
//! to `wasm32` the loop over an input that is not 1 (a pip count, a bar,
//! a fourth checker) stays scalar: LLVM does not widen its float-to-int
//! truncation, nor `f32::max`/`min`, whose NaN rule SIMD128's `max` does
//! not share. These loops do the same operations lane by lane, four lanes
//! to a `v128`, and give the same integers:
//!
//! - `w * x` is one IEEE multiplication in both;
//! - `x.max(-B).min(B)` (NaN goes to `-B`) is `pmin(B, pmax(-B, x))`, the
//!   pseudo-min and max (`a < b ? b : a`), which send NaN to `-B` too;
//! - truncation toward zero of a value within `i32` is exact in both
//!   (`i32x4.trunc_sat_f32x4_s` only differs from it out of range).
//!
//! Integer additions wrap in both. A width that is not a multiple of four
//! ends with the portable scalar step.

use super::fixed::{contribution, step, CONTRIBUTION_BOUND};
use core::arch::wasm32::*;

/// Loads four lanes from `lanes` (at least four long).
#[inline(always)]
fn load<T>(lanes: &[T]) -> v128 {
    debug_assert!(lanes.len() * std::mem::size_of::<T>() >= 16);
    // SAFETY: at least 16 readable bytes; v128 loads need no alignment.
    unsafe { v128_load(lanes.as_ptr().cast()) }
}

/// Stores four `i32` lanes into `lanes` (at least four long).
#[inline(always)]
fn store(lanes: &mut [i32], v: v128) {
    debug_assert!(lanes.len() >= 4);
    // SAFETY: at least 16 writable bytes; v128 stores need no alignment.
    unsafe { v128_store(lanes.as_mut_ptr().cast(), v) }
}

/// `s + c`, or `s - c` with `TAKE`, lane by lane (wrapping).
#[inline(always)]
fn step4<const TAKE: bool>(s: v128, c: v128) -> v128 {
    if TAKE {
        i32x4_sub(s, c)
    } else {
        i32x4_add(s, c)
    }
}

/// Adds (or with `TAKE` takes off) the fixed-point `column` to `sums`.
#[inline(always)]
pub(super) fn change_column<const TAKE: bool>(sums: &mut [i32], column: &[i32]) {
    let mut s4 = sums.chunks_exact_mut(4);
    let mut c4 = column.chunks_exact(4);
    for (s, c) in (&mut s4).zip(&mut c4) {
        store(s, step4::<TAKE>(load(s), load(c)));
    }
    for (s, &c) in s4.into_remainder().iter_mut().zip(c4.remainder()) {
        step::<TAKE>(s, c);
    }
}

/// Adds (or with `TAKE` takes off) `contribution(w, x)` for each weight
/// `w` of `weights` to `sums`.
#[inline(always)]
pub(super) fn change_scaled<const TAKE: bool>(sums: &mut [i32], weights: &[f32], x: f32) {
    let xs = f32x4_splat(x);
    let low = f32x4_splat(-CONTRIBUTION_BOUND);
    let high = f32x4_splat(CONTRIBUTION_BOUND);
    let mut s4 = sums.chunks_exact_mut(4);
    let mut w4 = weights.chunks_exact(4);
    for (s, w) in (&mut s4).zip(&mut w4) {
        let p = f32x4_pmin(high, f32x4_pmax(low, f32x4_mul(load(w), xs)));
        store(s, step4::<TAKE>(load(s), i32x4_trunc_sat_f32x4(p)));
    }
    for (s, &w) in s4.into_remainder().iter_mut().zip(w4.remainder()) {
        step::<TAKE>(s, contribution(w, x));
    }
}
