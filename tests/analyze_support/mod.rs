//! Runs `ncbg analyze` as a script does: the input on stdin, the output
//! and the exit status back (shared by the `analyze_*` tests).
#![allow(dead_code)]

/// `ncbg analyze` on `input` from stdin, which must succeed: stdout, stderr.
pub fn analyze(args: &[&str], input: &str) -> (String, String) {
    let (ok, out, err) = analyze_status(args, input);
    assert!(ok, "{err}");
    (out, err)
}

/// `ncbg analyze` on `input` from stdin: the finished process.
pub fn analyze_output(args: &[&str], input: &str) -> std::process::Output {
    let args: Vec<&str> = std::iter::once("analyze")
        .chain(args.iter().copied())
        .collect();
    super::common::run::ncbg(&args, input)
}

/// `ncbg analyze` on `input` from stdin: exit status, stdout, stderr.
pub fn analyze_status(args: &[&str], input: &str) -> (bool, String, String) {
    let out = analyze_output(args, input);
    (
        out.status.success(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}
