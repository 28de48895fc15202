//! SIGINT and SIGTERM during a match: the first sets [`INTERRUPTED`] (the
//! runner then abandons the games under way, and the referee reports what
//! is finished and exits with status 130); the handler is one-shot
//! (`SA_RESETHAND`), so a second signal ends the referee at once. The match
//! file holds every finished game either way, so `--resume` continues it.
//!
//! Plain `libc::sigaction` with a handler that only stores to an atomic
//! (async-signal-safe); no crate is needed for that.

use std::sync::atomic::AtomicBool;
#[cfg(unix)]
use std::sync::atomic::Ordering;

/// Set by the first SIGINT or SIGTERM.
pub static INTERRUPTED: AtomicBool = AtomicBool::new(false);

#[cfg(unix)]
extern "C" fn on_signal(_signal: libc::c_int) {
    INTERRUPTED.store(true, Ordering::SeqCst);
}

/// Installs the handler for SIGINT and SIGTERM.
#[cfg(unix)]
pub fn install() {
    for signal in [libc::SIGINT, libc::SIGTERM] {
        // SAFETY: a zeroed sigaction is valid; the handler only stores to an
        // atomic, which is async-signal-safe.
        unsafe {
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = on_signal as extern "C" fn(libc::c_int) as libc::sighandler_t;
            action.sa_flags = libc::SA_RESETHAND | libc::SA_RESTART;
            libc::sigemptyset(&mut action.sa_mask);
            libc::sigaction(signal, &action, std::ptr::null_mut());
        }
    }
}

/// Nothing to install off Unix (Ctrl-C ends the process).
#[cfg(not(unix))]
pub fn install() {}
