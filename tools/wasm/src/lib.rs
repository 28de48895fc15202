//! `ncbg-wasm`: the ncbg NCBP engine compiled to WebAssembly
//! (`wasm32-unknown-unknown`), for a page with no server and for Node.
//!
//! The engine is the library's one-thread driver
//! ([`ncbg::engine::SerialEngine`]: the binary's session, line reader and
//! `bestmove` rule); this crate is only its C-ABI face, which
//! `web/ncbg-engine.js` wraps:
//!
//! - exports: `ncbg_inbox() -> *mut u8` (a buffer of [`INBOX`] bytes),
//!   `ncbg_feed(len) -> i32` (reads `len` bytes of input from the inbox:
//!   any part of the input, several lines or a piece of one; 1 once `quit`
//!   ended the engine, else 0), `ncbg_end() -> i32` (the end of input);
//! - imports (module `env`): `ncbg_emit(ptr, len)` (one line the engine
//!   prints, UTF-8, without `\n`), `ncbg_now_ms() -> f64` and
//!   `ncbg_interrupted() -> i32` and `ncbg_stop_seen()` (the clock, the
//!   stop request and its end, [`ncbg::host`]).
//!
//! There are no threads: a search runs inside the `ncbg_feed` call that
//! read its `go`, and `Threads` is `max 1` in the option list.
//!
//! The board of the static site ([`gui`]) is in the same module: `ncbg-gui`'s
//! state and API ([`ncbg_gui::local::Local`]) with an engine of its own,
//! which `tools/gui/web/local-worker.js` runs in the page's Web Worker.

pub mod gui;

use ncbg::engine::serial::Status;
use ncbg::engine::SerialEngine;
use ncbg::search::StopFlag;
use std::cell::RefCell;

/// The size of the input buffer (the host feeds longer input in pieces).
pub const INBOX: usize = 1 << 16;

#[cfg(target_arch = "wasm32")]
#[link(wasm_import_module = "env")]
extern "C" {
    fn ncbg_emit(ptr: *const u8, len: usize);
}

/// Gives one printed line to the host.
fn emit(line: &str) {
    #[cfg(target_arch = "wasm32")]
    // SAFETY: a valid pointer and length; the host copies the bytes before
    // it returns.
    unsafe {
        ncbg_emit(line.as_ptr(), line.len());
    }
    #[cfg(not(target_arch = "wasm32"))]
    println!("{line}");
}

struct Engine {
    engine: SerialEngine,
    inbox: Vec<u8>,
    stop: StopFlag,
}

thread_local! {
    static ENGINE: RefCell<Engine> = RefCell::new(Engine {
        engine: SerialEngine::new(),
        inbox: vec![0; INBOX],
        stop: StopFlag::new(false),
    });
}

/// The input buffer: the host writes up to [`INBOX`] bytes there, then calls
/// [`ncbg_feed`].
#[no_mangle]
pub extern "C" fn ncbg_inbox() -> *mut u8 {
    ENGINE.with(|e| e.borrow_mut().inbox.as_mut_ptr())
}

/// Reads the first `len` bytes of the inbox (at most [`INBOX`]); 1 once the
/// engine has quit.
#[no_mangle]
pub extern "C" fn ncbg_feed(len: usize) -> i32 {
    ENGINE.with(|e| {
        let e = &mut *e.borrow_mut();
        let bytes = &e.inbox[..len.min(INBOX)];
        let status = e.engine.feed(bytes, &e.stop, &mut on_line);
        i32::from(status == Status::Quit)
    })
}

/// The end of the input (a last line without `\n` is read; a held answer
/// printed). Always 1: the engine has quit.
#[no_mangle]
pub extern "C" fn ncbg_end() -> i32 {
    ENGINE.with(|e| {
        let e = &mut *e.borrow_mut();
        e.engine.end(&e.stop, &mut on_line);
        1
    })
}

fn on_line(line: &str) {
    emit(line);
}
