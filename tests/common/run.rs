//! Runs the `ncbg` binary as a shell script does: arguments, the input on
//! stdin, and the finished process's status and output back.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// `ncbg args` with `input` on stdin: the finished process.
pub fn ncbg(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ncbg"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("ncbg runs");
    // The process may be gone before all of it is written.
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    child.wait_with_output().unwrap()
}
