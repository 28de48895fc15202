//! The fixed-point arithmetic of the net's first layer, in one place: an
//! input's contribution to a hidden sum (a weight times the scaled input,
//! truncated to an integer) and a wrapping step of a sum. The portable
//! loops of `forward` and the WebAssembly SIMD loops of `simd128` both use
//! it, so that a contribution added and later taken off is the same
//! integer whichever loop computed it.

/// The bound on one contribution, far beyond any the scale allows (see
/// `Quantized::new` in `forward`); it only keeps a bad net's NaN or infinity defined.
pub(super) const CONTRIBUTION_BOUND: f32 = 1_073_741_824.0;

/// One input's contribution to a hidden sum: weight `w` times the input
/// value already multiplied by the scale, truncated toward zero. The one
/// place it is computed, so that a contribution added and later taken off
/// is the same integer.
#[inline(always)]
pub(super) fn contribution(w: f32, scaled_input: f32) -> i32 {
    // `max` and `min` turn NaN into a bound, so the value is finite and in
    // range, and the conversion vectorizes (`as` checks each lane); `clamp`
    // would keep NaN.
    #[allow(clippy::manual_clamp)]
    let p = (w * scaled_input)
        .max(-CONTRIBUTION_BOUND)
        .min(CONTRIBUTION_BOUND);
    // SAFETY: `p` is finite and within i32 (|p| <= 2^30).
    unsafe { p.to_int_unchecked::<i32>() }
}

/// A hidden sum plus (or with `TAKE` minus) a contribution, wrapping.
#[inline(always)]
pub(super) fn step<const TAKE: bool>(s: &mut i32, c: i32) {
    *s = if TAKE {
        s.wrapping_sub(c)
    } else {
        s.wrapping_add(c)
    };
}
