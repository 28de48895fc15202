//! The one folder the person pointed the program at: the page names files
//! in it, never paths. Names are plain (no separators, no leading dot), and
//! saving never overwrites.

use std::path::{Path, PathBuf};

/// Largest file the page may load.
const MAX_READ: u64 = 16 << 20;

/// The path of `name` inside `dir`, if `name` is a plain file name.
pub fn resolve(dir: &Path, name: &str) -> Result<PathBuf, String> {
    let ok = !name.is_empty()
        && name.len() <= 120
        && !name.starts_with('.')
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_' | '+'));
    if !ok {
        return Err(format!(
            "'{}' is not a plain file name (letters, digits, . - _ +)",
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
    let meta = std::fs::metadata(&path).map_err(|e| format!("{name}: {e}"))?;
    if !meta.is_file() {
        return Err(format!("{name} is not a file"));
    }
    if meta.len() > MAX_READ {
        return Err(format!("{name} is larger than 16 MiB"));
    }
    let bytes = std::fs::read(&path).map_err(|e| format!("{name}: {e}"))?;
    String::from_utf8(bytes).map_err(|_| format!("{name} is not UTF-8 text"))
}

/// Writes a new file `name` in `dir`; an existing file is never replaced.
pub fn write_new(dir: &Path, name: &str, text: &str) -> Result<PathBuf, String> {
    use std::io::Write;
    let path = resolve(dir, name)?;
    let mut f = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&path)
        .map_err(|e| format!("cannot create {name}: {e}"))?;
    f.write_all(text.as_bytes())
        .and_then(|()| f.flush())
        .map_err(|e| format!("cannot write {name}: {e}"))?;
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;

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
            "x y",
            "é",
        ] {
            assert!(resolve(&dir, bad).is_err(), "{bad}");
            assert!(write_new(&dir, bad, "x").is_err());
        }
        write_new(&dir, "m.txt", "hello").unwrap();
        assert!(write_new(&dir, "m.txt", "again").is_err(), "no overwrite");
        assert_eq!(read(&dir, "m.txt").unwrap(), "hello");
        assert!(read(&dir, "missing.txt").is_err());
        assert_eq!(list(&dir), ["m.txt"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
