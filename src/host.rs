//! What the library asks of the platform it runs on: a monotonic clock for
//! the search's time limits, and a stop request from outside the search.
//!
//! Natively the clock is `std::time::Instant` itself and there is no outside
//! request (`stop` reaches the search through its
//! [`StopFlag`](crate::search::StopFlag), set by another thread). On
//! `wasm32-unknown-unknown` there are neither threads nor a clock in std
//! (`Instant::now` panics), so both come from the page as imports of module
//! `env`: `ncbg_now_ms() -> f64` (`performance.now()`) and
//! `ncbg_interrupted() -> i32` (non-zero once the page asked the running
//! search to stop, read from a `SharedArrayBuffer`) and `ncbg_stop_seen()`
//! (the `stop` line has been read: the page lowers its request, as the
//! binary's flag is lowered for the next search). `tools/wasm` provides
//! them.

use std::sync::atomic::{AtomicBool, Ordering};
#[cfg(not(target_arch = "wasm32"))]
pub use std::time::Instant;

/// True once the host asked the running search to stop (always false
/// natively, where `stop` sets the search's flag from another thread).
#[inline]
fn interrupted() -> bool {
    #[cfg(target_arch = "wasm32")]
    {
        // SAFETY: an import without arguments or memory access.
        unsafe { wasm::ncbg_interrupted() != 0 }
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        false
    }
}

/// True once `stop` is set or the host asked the search to stop: the one
/// check every search, `perft` and `bench` makes.
#[inline]
pub fn stop_requested(stop: &AtomicBool) -> bool {
    stop.load(Ordering::Relaxed) || interrupted()
}

/// A `stop` or `quit` line was handled: the host lowers its request
/// (nothing natively).
pub fn stop_seen() {
    #[cfg(target_arch = "wasm32")]
    // SAFETY: an import without arguments or memory access.
    unsafe {
        wasm::ncbg_stop_seen()
    }
}

#[cfg(target_arch = "wasm32")]
pub use wasm::Instant;

#[cfg(target_arch = "wasm32")]
mod wasm {
    use std::ops::Add;
    use std::time::Duration;

    #[link(wasm_import_module = "env")]
    extern "C" {
        /// Milliseconds from a fixed origin, never going back
        /// (`performance.now()`).
        pub(super) fn ncbg_now_ms() -> f64;
        /// Non-zero once the running search must stop.
        pub(super) fn ncbg_interrupted() -> i32;
        /// The `stop` or `quit` line was handled.
        pub(super) fn ncbg_stop_seen();
    }

    /// A moment of the host's monotonic clock (milliseconds), with the
    /// part of `std::time::Instant`'s interface the library uses.
    #[derive(Clone, Copy, Debug, PartialEq, PartialOrd)]
    pub struct Instant(f64);

    impl Instant {
        /// Now.
        pub fn now() -> Instant {
            // SAFETY: an import without arguments or memory access.
            Instant(unsafe { ncbg_now_ms() })
        }

        /// The time from `earlier` to `self` (zero if `earlier` is later).
        pub fn duration_since(&self, earlier: Instant) -> Duration {
            Duration::from_secs_f64(((self.0 - earlier.0) / 1000.0).max(0.0))
        }

        /// The time since `self`.
        pub fn elapsed(&self) -> Duration {
            Instant::now().duration_since(*self)
        }
    }

    impl Add<Duration> for Instant {
        type Output = Instant;
        fn add(self, d: Duration) -> Instant {
            Instant(self.0 + d.as_secs_f64() * 1000.0)
        }
    }
}
