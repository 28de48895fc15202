//! The one folder the person pointed the program at: the page names files
//! in it, never paths. Names are plain (no separators, no leading dot), and
//! saving never overwrites. Links are neither listed nor read: a file
//! named by the page is the folder's own regular file.

use std::path::{Path, PathBuf};

/// Largest file the page may load.
const MAX_READ: u64 = 16 << 20;

/// The path of `name` inside `dir`, if `name` is a plain file name: ASCII
/// letters, digits, `. - _ +` and inner spaces, no leading dot.
pub fn resolve(dir: &Path, name: &str) -> Result<PathBuf, String> {
    let ok = !name.is_empty()
        && name.len() <= 120
        && !name.starts_with('.')
        && name.trim() == name
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_' | '+' | ' '));
    if !ok {
        return Err(format!(
            "'{}' is not a plain file name (letters, digits, spaces, . - _ +)",
            crate::app::cut(name)
        ));
    }
    Ok(dir.join(name))
}

/// The regular files in `dir`, sorted (at most 500).
pub fn list(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(Result::ok)
                .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
                .filter_map(|e| e.file_name().into_string().ok())
                .filter(|n| resolve(dir, n).is_ok())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names.truncate(500);
    names
}

/// Reads `name` from `dir`.
pub fn read(dir: &Path, name: &str) -> Result<String, String> {
    let path = resolve(dir, name)?;
    // Not `metadata`: that follows a link out of the folder.
    let meta = std::fs::symlink_metadata(&path).map_err(|e| format!("{name}: {e}"))?;
    if meta.file_type().is_symlink() {
        return Err(format!(
            "{name} is a link: only the folder's own files are read"
        ));
    }
    if !meta.is_file() {
        return Err(format!("{name} is not a file"));
    }
    if meta.len() > MAX_READ {
        return Err(format!("{name} is larger than 16 MiB"));
    }
    let bytes = std::fs::read(&path).map_err(|e| format!("{name}: {e}"))?;
    String::from_utf8(bytes).map_err(|_| format!("{name} is not UTF-8 text"))
}

/// The name a save uses: `name` with `.ext` added unless it ends so
/// already (the other format's extension, `.txt` or `.mat`, is replaced:
/// `game.txt` saved as `.mat` is `game.mat`); an empty name becomes `ncbg-YYYY-MM-DD-HHMMSS.ext` (UTC), with
/// `-2`, `-3`, ... when that file exists already.
pub fn save_name(dir: &Path, name: &str, ext: &str) -> Result<String, String> {
    let name = name.trim();
    let with_ext = |base: &str| with_ext(base, ext);
    if !name.is_empty() {
        let full = with_ext(name);
        resolve(dir, &full)?;
        return Ok(full);
    }
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let stamp = utc_stamp(secs);
    (1..100)
        .map(|i| match i {
            1 => with_ext(&format!("ncbg-{stamp}")),
            i => with_ext(&format!("ncbg-{stamp}-{i}")),
        })
        .find(|n| std::fs::symlink_metadata(dir.join(n)).is_err())
        .ok_or_else(|| "no free default name: give one".to_string())
}

/// `base` with `.ext` added unless it ends so already (the other
/// format's extension, `.txt` or `.mat`, is replaced).
pub fn with_ext(base: &str, ext: &str) -> String {
    let lower = base.to_ascii_lowercase();
    if lower.ends_with(&format!(".{ext}")) {
        base.to_string()
    } else if lower.ends_with(".txt") || lower.ends_with(".mat") {
        format!("{}.{ext}", &base[..base.len() - 4])
    } else {
        format!("{base}.{ext}")
    }
}

/// `YYYY-MM-DD-HHMMSS` of a UNIX time, UTC (the civil-from-days algorithm).
fn utc_stamp(secs: u64) -> String {
    let (days, rem) = ((secs / 86_400) as i64, secs % 86_400);
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!(
        "{y:04}-{m:02}-{d:02}-{:02}{:02}{:02}",
        rem / 3600,
        rem / 60 % 60,
        rem % 60
    )
}

/// Writes a new file `name` in `dir`; an existing file is never replaced.
pub fn write_new(dir: &Path, name: &str, text: &str) -> Result<PathBuf, String> {
    use std::io::Write;
    let path = resolve(dir, name)?;
    let mut f = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&path)
        .map_err(|e| match e.kind() {
            std::io::ErrorKind::AlreadyExists => {
                format!("{name} exists already: give another name (files are never replaced)")
            }
            _ => format!("cannot create {name}: {e}"),
        })?;
    f.write_all(text.as_bytes())
        .and_then(|()| f.flush())
        .map_err(|e| format!("cannot write {name}: {e}"))?;
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utc_stamps() {
        assert_eq!(utc_stamp(0), "1970-01-01-000000");
        assert_eq!(utc_stamp(951_782_400 + 3661), "2000-02-29-010101");
        assert_eq!(utc_stamp(1_798_761_599), "2026-12-31-235959");
    }

    #[test]
    fn only_plain_names_inside_the_folder() {
        let dir = std::env::temp_dir().join(format!("ncbg-gui-files-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for bad in [
            "",
            "../x",
            "/etc/passwd",
            ".hidden",
            "a/b",
            "a\\b",
            " x",
            "x ",
            "x\ty",
            "é",
        ] {
            assert!(resolve(&dir, bad).is_err(), "{bad}");
            assert!(write_new(&dir, bad, "x").is_err());
        }
        write_new(&dir, "m.txt", "hello").unwrap();
        let e = write_new(&dir, "m.txt", "again").unwrap_err();
        assert_eq!(
            e, "m.txt exists already: give another name (files are never replaced)",
            "no overwrite, in plain words"
        );
        assert_eq!(read(&dir, "m.txt").unwrap(), "hello");
        assert!(read(&dir, "missing.txt").is_err());
        assert_eq!(list(&dir), ["m.txt"]);
        // A link inside the folder is neither listed nor read.
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink("/etc/hostname", dir.join("link.txt")).unwrap();
            assert!(read(&dir, "link.txt").unwrap_err().contains("link"));
            assert_eq!(list(&dir), ["m.txt"]);
        }
        assert_eq!(save_name(&dir, "game", "mat").unwrap(), "game.mat");
        assert_eq!(save_name(&dir, " game.MAT ", "mat").unwrap(), "game.MAT");
        assert_eq!(save_name(&dir, "game", "txt").unwrap(), "game.txt");
        assert_eq!(save_name(&dir, "mygame.txt", "mat").unwrap(), "mygame.mat");
        assert_eq!(save_name(&dir, "mygame.mat", "txt").unwrap(), "mygame.txt");
        assert_eq!(save_name(&dir, "my game", "txt").unwrap(), "my game.txt");
        assert!(save_name(&dir, "../game", "txt").is_err());
        let auto = save_name(&dir, "", "txt").unwrap();
        assert!(
            auto.starts_with("ncbg-20") && auto.ends_with(".txt"),
            "{auto}"
        );
        write_new(&dir, &auto, "x").unwrap();
        let next = save_name(&dir, "", "txt").unwrap();
        assert_ne!(next, auto, "a free default name");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
