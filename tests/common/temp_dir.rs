//! A temporary folder for one test, removed when it is dropped.

use std::path::PathBuf;

/// A temporary folder, `ncbg-<process>-<name>` in the system's temporary
/// folder: emptied when made, removed on drop.
pub struct TempDir(pub PathBuf);

impl TempDir {
    /// Makes the folder for `name` (unique within one test binary).
    pub fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("ncbg-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
