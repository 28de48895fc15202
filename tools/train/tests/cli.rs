//! `ncbg-train` in a shell pipeline: a closed stdout (`ncbg-train ... |
//! head -1`) ends it quietly, without a panic.

use std::io::Read;
use std::process::{Command, Stdio};

#[test]
fn a_closed_stdout_ends_it_quietly() {
    let net = concat!(env!("CARGO_MANIFEST_DIR"), "/nets/gen0.ncnn");
    let mut child = Command::new(env!("CARGO_BIN_EXE_ncbg-train"))
        .args(["consistency", net, "--games", "1"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Nobody reads stdout: the first line written meets a broken pipe.
    drop(child.stdout.take());
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    let status = child.wait().unwrap();
    assert!(status.success(), "{status:?} {err}");
    assert!(!err.contains("panicked"), "{err}");
}
