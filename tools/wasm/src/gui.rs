//! The static site's board: `ncbg-gui`'s [`Local`] (the board's state and
//! its JSON API) with a [`SerialEngine`] of its own, as C-ABI calls for
//! `tools/gui/web/local-worker.js`.
//!
//! Exports: `gui_init() -> i32` (the engine's handshake; 1 when ready),
//! `gui_inbox(len) -> *mut u8` (room for `len` bytes of input),
//! `gui_request(path_len, body_len) -> i32` (the request's path then its
//! JSON body, in that inbox; `body_len` -1 for a GET;
//! returns the HTTP status, the reply is the output), `gui_snapshot()`,
//! `gui_version() -> f64`, `gui_start_work() -> i32` (1 when engine work is
//! due), `gui_run_work() -> f64` (runs it; the milliseconds to wait before
//! the next; import `gui_progress(ptr, len)` is given the snapshots of its
//! search as it runs). The output of a call is read with `gui_out_ptr()` and
//! `gui_out_len()`.

use ncbg::engine::SerialEngine;
use ncbg::search::StopFlag;
use ncbg_gui::local::{LineEngine, Local};
use std::cell::RefCell;

/// The board's engine: a serial NCBP session.
struct Engine {
    engine: SerialEngine,
    stop: StopFlag,
}

impl LineEngine for Engine {
    fn feed(&mut self, text: &str, out: &mut dyn FnMut(&str)) {
        self.engine.feed(text.as_bytes(), &self.stop, out);
    }
}

struct Board {
    local: Local,
    inbox: Vec<u8>,
    engine: Engine,
    out: String,
}

thread_local! {
    static BOARD: RefCell<Board> = RefCell::new(Board {
        local: Local::new("ncbg"),
        inbox: Vec::new(),
        engine: Engine { engine: SerialEngine::new(), stop: StopFlag::new(false) },
        out: String::new(),
    });
}

/// The engine's handshake (`ncbp`, `isready`): its `id name` names engine
/// A. 1 once it answered `readyok`.
#[no_mangle]
pub extern "C" fn gui_init() -> i32 {
    BOARD.with(|b| {
        let b = &mut *b.borrow_mut();
        let mut name = None;
        let mut ready = false;
        b.engine.feed("ncbp\nisready\n", &mut |line| {
            if let Some(n) = line.strip_prefix("id name ") {
                name = Some(n.trim().to_string());
            }
            ready |= line.trim() == "readyok";
        });
        if let Some(n) = name {
            b.local.set_id_name(&n);
        }
        i32::from(ready)
    })
}

/// Room for `len` bytes of input (a request's path and body).
#[no_mangle]
pub extern "C" fn gui_inbox(len: usize) -> *mut u8 {
    BOARD.with(|b| {
        let b = &mut *b.borrow_mut();
        b.inbox.clear();
        b.inbox.resize(len, 0);
        b.inbox.as_mut_ptr()
    })
}

/// A request: the inbox holds the path (`path_len` bytes) and then the
/// body (`body_len` bytes; -1: none, a GET). Returns the status code; the
/// reply's JSON is the output.
#[no_mangle]
pub extern "C" fn gui_request(path_len: usize, body_len: i32) -> i32 {
    BOARD.with(|b| {
        let b = &mut *b.borrow_mut();
        let input = std::mem::take(&mut b.inbox);
        let text = String::from_utf8_lossy(&input);
        let (path, body) = text.split_at(path_len.min(text.len()));
        let (status, reply) = b.local.request(path, (body_len >= 0).then_some(body));
        b.out = reply.to_string();
        i32::from(status)
    })
}

/// The snapshot (output).
#[no_mangle]
pub extern "C" fn gui_snapshot() {
    BOARD.with(|b| {
        let b = &mut *b.borrow_mut();
        b.out = b.local.snapshot().to_string();
    })
}

/// The state's version (bumped by every change).
#[no_mangle]
pub extern "C" fn gui_version() -> f64 {
    BOARD.with(|b| b.borrow().local.st.version as f64)
}

/// Makes the engine's turn due if it is to move; 1 when work is due.
#[no_mangle]
pub extern "C" fn gui_start_work() -> i32 {
    BOARD.with(|b| i32::from(b.borrow_mut().local.start_work()))
}

#[cfg(target_arch = "wasm32")]
#[link(wasm_import_module = "env")]
extern "C" {
    fn gui_progress(ptr: *const u8, len: usize);
}

/// Gives the host a snapshot of a running search (import
/// `gui_progress(ptr, len)`).
fn progress(snapshot: serde_json::Value) {
    let text = snapshot.to_string();
    #[cfg(target_arch = "wasm32")]
    // SAFETY: a valid pointer and length; the host copies the bytes before
    // it returns.
    unsafe {
        gui_progress(text.as_ptr(), text.len());
    }
    #[cfg(not(target_arch = "wasm32"))]
    drop(text);
}

/// Runs the oldest work due; the milliseconds to wait before the next.
/// A running search's snapshots go to the import `gui_progress`.
#[no_mangle]
pub extern "C" fn gui_run_work() -> f64 {
    BOARD.with(|b| {
        let b = &mut *b.borrow_mut();
        b.local.run_work(&mut b.engine, &mut progress) as f64
    })
}

/// Where the last call's output is.
#[no_mangle]
pub extern "C" fn gui_out_ptr() -> *const u8 {
    BOARD.with(|b| b.borrow().out.as_ptr())
}

/// The last call's output's length in bytes.
#[no_mangle]
pub extern "C" fn gui_out_len() -> usize {
    BOARD.with(|b| b.borrow().out.len())
}
