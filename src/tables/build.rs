//! What a table build checks before it solves (`ncbg tables build`): every
//! reason not to start, found at once and from counts and the file system
//! only, so that a build that cannot finish takes no memory and no time,
//! and a file already there is never replaced without being asked to.

use super::size::Size;
use super::Spec;
use std::path::{Path, PathBuf};

/// A build as asked for.
#[derive(Clone, Debug)]
pub struct BuildRequest<'a> {
    /// The table.
    pub spec: Spec,
    /// The table file to write.
    pub out: &'a Path,
    /// Replace `out` when it exists.
    pub overwrite: bool,
    /// Go on from `out`'s checkpoint.
    pub resume: bool,
    /// Build even when the estimate exceeds `memory`.
    pub force: bool,
    /// The machine's memory in bytes, where known
    /// ([`super::size::machine_memory`]).
    pub memory: Option<u64>,
}

/// Where a build of `out` keeps its checkpoint: `out` with `.ckpt` added.
pub fn checkpoint_path(out: &Path) -> PathBuf {
    let mut name = out.as_os_str().to_owned();
    name.push(".ckpt");
    name.into()
}

/// Checks `request` before the solve: the spec, the output file (there
/// already, or not writable), a checkpoint left by an interrupted build,
/// the space's size against the solver's indices and the memory. `Ok`
/// gives the space's size; `Err` every problem found, one line each (all
/// of them, not only the first). Nothing is written or left behind.
pub fn check_build(request: &BuildRequest) -> Result<Size, Vec<String>> {
    let mut problems = Vec::new();
    let size = match Size::of(request.spec) {
        Ok(size) => Some(size),
        Err(e) => {
            problems.push(e);
            None
        }
    };
    let out = request.out;
    if out.exists() && !request.overwrite {
        problems.push(format!(
            "{} exists: --overwrite replaces it (or give another --out)",
            out.display()
        ));
    } else if let Err(e) = check_writable(out) {
        problems.push(e);
    }
    let checkpoint = checkpoint_path(out);
    if checkpoint.exists() && !request.resume {
        problems.push(format!(
            "{} holds an interrupted build: --resume goes on from it (or remove it to start afresh)",
            checkpoint.display()
        ));
    }
    if let Some(size) = size {
        if let Err(e) = size
            .check_solvable(request.spec)
            .and_then(|()| size.check_memory(request.memory, request.force))
        {
            problems.push(e);
        }
    }
    match size {
        Some(size) if problems.is_empty() => Ok(size),
        _ => Err(problems),
    }
}

/// Fails at once, with the system's reason, when `path` cannot be written
/// (a missing folder, no permission); leaves an existing file as it is and
/// no new one behind.
pub fn check_writable(path: &Path) -> Result<(), String> {
    let existed = path.exists();
    std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    if !existed {
        let _ = std::fs::remove_file(path);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::Space;

    fn temp(name: &str) -> PathBuf {
        std::env::temp_dir().join(format!("ncbg-build-{}-{name}", std::process::id()))
    }

    fn request(spec: Spec, out: &Path) -> BuildRequest<'_> {
        BuildRequest {
            spec,
            out,
            overwrite: false,
            resume: false,
            force: false,
            memory: Some(8 << 30),
        }
    }

    const SMALL: Spec = Spec {
        space: Space::bearoff(2, 15),
        k: 3,
        credits: 0,
    };

    #[test]
    fn an_existing_file_is_kept_unless_overwrite_is_asked() {
        let out = temp("exists.tb");
        std::fs::write(&out, b"precious").unwrap();
        let e = check_build(&request(SMALL, &out)).unwrap_err();
        assert_eq!(e.len(), 1, "{e:?}");
        assert!(
            e[0].contains("exists") && e[0].contains("--overwrite"),
            "{e:?}"
        );
        let mut r = request(SMALL, &out);
        r.overwrite = true;
        check_build(&r).unwrap();
        assert_eq!(std::fs::read(&out).unwrap(), b"precious");
        let _ = std::fs::remove_file(&out);
        // No file: nothing to refuse, and nothing is left behind.
        check_build(&request(SMALL, &out)).unwrap();
        assert!(!out.exists());
    }

    /// Every problem is named, not only the first: a file there, a
    /// leftover checkpoint and a space past the solver's indices.
    #[test]
    fn every_problem_is_reported() {
        let out = temp("all.tb");
        std::fs::write(&out, b"x").unwrap();
        std::fs::write(checkpoint_path(&out), b"x").unwrap();
        let huge = Spec {
            space: Space::full(12),
            k: 6,
            credits: 2,
        };
        let e = check_build(&request(huge, &out)).unwrap_err();
        assert_eq!(e.len(), 3, "{e:?}");
        assert!(e[0].contains("--overwrite"), "{e:?}");
        assert!(e[1].contains("--resume"), "{e:?}");
        assert!(e[2].contains("boards"), "{e:?}");
        let _ = std::fs::remove_file(checkpoint_path(&out));
        let _ = std::fs::remove_file(&out);
        // --force lifts the memory check, never the solver's limit.
        let mut r = request(huge, &out);
        r.force = true;
        let e = check_build(&r).unwrap_err();
        assert!(e[0].contains("no table of this space"), "{e:?}");
        let big = Spec {
            space: Space::full(4),
            k: 9,
            credits: 9,
        };
        let e = check_build(&request(big, &out)).unwrap_err();
        assert!(e[0].contains("--force"), "{e:?}");
        let mut r = request(big, &out);
        r.force = true;
        assert!(check_build(&r).is_ok());
    }
}
