//! Starting an engine process and ending it with everything it started.
//!
//! On Unix each engine leads its own process group, and [`kill_group`] kills
//! the whole group, so an engine started through a wrapper script leaves
//! nothing behind. On Linux the engine's process also gets a parent-death
//! signal: if its client dies (even by `kill -9`), the engine is killed;
//! processes it started itself are then only ended by the end of their
//! input. This is the crate's only process code; the blocking referee uses
//! the [`Command`] as it is, the GUI turns it into a tokio one.

use std::process::{Command, Stdio};

/// The command that starts an engine (`command`: program and arguments):
/// standard input and output piped, standard error discarded, in its own
/// process group with a parent-death signal.
pub fn engine_command(command: &[String]) -> std::io::Result<Command> {
    let (program, args) = command
        .split_first()
        .ok_or_else(|| std::io::Error::other("empty engine command"))?;
    let mut cmd = Command::new(program);
    cmd.args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null());
    own_process_group(&mut cmd);
    Ok(cmd)
}

/// The engine leads a new process group (and, on Linux, dies with its
/// client).
#[cfg(unix)]
fn own_process_group(cmd: &mut Command) {
    use std::os::unix::process::CommandExt;
    cmd.process_group(0);
    #[cfg(target_os = "linux")]
    // SAFETY: prctl is async-signal-safe and touches only the new process.
    unsafe {
        cmd.pre_exec(|| {
            if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
}

#[cfg(not(unix))]
fn own_process_group(_cmd: &mut Command) {}

/// Kills every process of the group led by the engine whose process id is
/// `pid` (started with [`engine_command`]).
#[cfg(unix)]
pub fn kill_group(pid: u32) {
    if let Ok(pid) = libc::pid_t::try_from(pid) {
        if pid > 0 {
            // SAFETY: a plain system call; a group that is gone gives ESRCH.
            unsafe {
                libc::kill(-pid, libc::SIGKILL);
            }
        }
    }
}

/// Kills every process of the engine's group (nothing to do off Unix).
#[cfg(not(unix))]
pub fn kill_group(_pid: u32) {}
