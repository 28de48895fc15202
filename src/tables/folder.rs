//! Folders of table files: what the engine option `TablesPath`, `ncbg
//! analyze --tables-path`, `ncbg-gui --tables-path` and `ncbg tables list`
//! read.
//!
//! A folder is searched one level deep: every regular file in it (a link
//! to a file counts) is looked at, sorted by name, and a file whose first
//! line is a table magic (`NCBG-TABLE <version>`) is a table. Other files
//! (notes, checkpoints of unfinished builds, anything else) are not tables:
//! loading skips them, `ncbg tables list` shows them with the reason. A
//! file that says it is a table but whose header cannot be read (format
//! version 1, a damaged header) is an error when loading, so that a table
//! the user put there is never silently left out. Only headers are read to
//! list a folder; [`open_folders`] reads and checks whole tables.

use super::file::{read_header, Header};
use super::probe::Table;
use super::{split_paths, Kind, Spec};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// How every table file's first line starts, whatever its format version.
const MAGIC_FAMILY: &[u8] = b"NCBG-TABLE ";

/// What a file of a table folder is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Content {
    /// A table, its header read and checked (the body is not).
    Table(Header),
    /// A file that says it is a table (its first line starts with
    /// `NCBG-TABLE `) whose header cannot be used: the reason, naming the
    /// file (format version 1 says so).
    BadTable(String),
    /// Not a table file: the reason (`the first line is not
    /// 'NCBG-TABLE 2'`, an error reading it).
    NotTable(String),
}

/// One regular file of a table folder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FolderFile {
    /// Its path (the folder joined with the file name).
    pub path: PathBuf,
    /// Its size in bytes.
    pub bytes: u64,
    /// What it holds.
    pub content: Content,
}

impl FolderFile {
    /// The file name (lossy where it is not UTF-8).
    pub fn name(&self) -> String {
        self.path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default()
    }
}

/// Every regular file of `folder` (not recursive), sorted by file name,
/// each with what it holds. A folder that is missing or cannot be read is
/// an error naming it.
pub fn list_folder(folder: &Path) -> Result<Vec<FolderFile>, String> {
    let bad = |e: std::io::Error| format!("table folder {}: {e}", folder.display());
    if !folder.is_dir() {
        return Err(if folder.exists() {
            format!("table folder {}: not a folder", folder.display())
        } else {
            format!("table folder {}: no such folder", folder.display())
        });
    }
    let mut paths = Vec::new();
    for entry in std::fs::read_dir(folder).map_err(bad)? {
        let path = entry.map_err(bad)?.path();
        // `metadata` follows links: a link to a table file is a table file.
        if let Ok(meta) = std::fs::metadata(&path) {
            if meta.is_file() {
                paths.push((path, meta.len()));
            }
        }
    }
    paths.sort_by(|a, b| a.0.file_name().cmp(&b.0.file_name()));
    Ok(paths
        .into_iter()
        .map(|(path, bytes)| FolderFile {
            content: content(&path),
            path,
            bytes,
        })
        .collect())
}

/// Every regular file of the folders of a `;`-separated list, in the
/// list's order, each folder's files sorted by name (blanks around a
/// folder and empty parts are skipped). The first missing folder is an
/// error naming it.
pub fn list_folders(list: &str) -> Result<Vec<FolderFile>, String> {
    let mut all = Vec::new();
    for folder in split_paths(list) {
        all.extend(list_folder(Path::new(folder))?);
    }
    Ok(all)
}

/// The table files of a `;`-separated list of folders, in the order
/// [`list_folders`] gives: files that are not tables are skipped; a
/// missing folder or a file that says it is a table but cannot be read
/// (format version 1 among others) is an error naming it.
pub fn table_files(list: &str) -> Result<Vec<PathBuf>, String> {
    let mut files = Vec::new();
    for f in list_folders(list)? {
        match f.content {
            Content::Table(_) => files.push(f.path),
            Content::BadTable(why) => return Err(why),
            Content::NotTable(_) => {}
        }
    }
    Ok(files)
}

/// Opens every table of a `;`-separated list of folders (the engine
/// option `TablesPath`), in the order of [`table_files`]: the folders in
/// the list's order, each one's tables by file name. A missing folder or a
/// bad table file is an error naming it; files that are not tables are
/// skipped.
pub fn open_folders(list: &str) -> Result<Vec<Arc<Table>>, String> {
    table_files(list)?
        .iter()
        .map(|p| Table::open(p).map(Arc::new))
        .collect()
}

/// What the file at `path` holds, from its first bytes and its header.
fn content(path: &Path) -> Content {
    let mut first = Vec::with_capacity(MAGIC_FAMILY.len());
    let claims_table = std::fs::File::open(path)
        .and_then(|f| f.take(MAGIC_FAMILY.len() as u64).read_to_end(&mut first))
        .is_ok()
        && first == MAGIC_FAMILY;
    match read_header(path) {
        Ok(h) => Content::Table(h),
        Err(why) if claims_table => Content::BadTable(why),
        Err(why) => Content::NotTable(strip_path(&why, path)),
    }
}

/// Why a file is not a table, from [`read_header`]'s error: without the
/// leading `<path>: ` (a listing names the file already) and, for `not a
/// table file (<reason>)`, the reason only.
fn strip_path(why: &str, path: &Path) -> String {
    let why = why
        .strip_prefix(&format!("{}: ", path.display()))
        .unwrap_or(why);
    why.strip_prefix("not a table file (")
        .and_then(|r| r.strip_suffix(')'))
        .unwrap_or(why)
        .to_string()
}

/// What a table covers, in words: `NC-Hypergammon (3 checkers a side,
/// every board), k=3, doublet credits 0..=0`, `every board of 2 checkers
/// a side, ...`, `bear-offs with at most 4 checkers a side in play, 15 a
/// side, k=6, doublet credits 0..=2`.
pub fn describe(spec: &Spec) -> String {
    let checkers = |n: u8| {
        if n == 1 {
            "1 checker".to_string()
        } else {
            format!("{n} checkers")
        }
    };
    let space = &spec.space;
    let boards = match space.kind {
        Kind::Full if space.max_on_board == 3 => {
            "NC-Hypergammon (3 checkers a side, every board)".to_string()
        }
        Kind::Full => format!("every board of {} a side", checkers(space.max_on_board)),
        Kind::Bearoff => format!(
            "bear-offs with at most {} a side in play, {} a side",
            checkers(space.max_on_board),
            space.total
        ),
    };
    format!(
        "{boards}, k={}, doublet credits 0..={}",
        spec.k, spec.credits
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::{solve, write_table, Space};

    /// A temporary folder, removed on drop.
    struct TempDir(PathBuf);

    impl TempDir {
        fn new(name: &str) -> TempDir {
            let dir = std::env::temp_dir()
                .join(format!("ncbg-tables-folder-{}-{name}", std::process::id()));
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

    fn tiny(k: u8, credits: u8) -> Spec {
        Spec {
            space: Space::bearoff(2, 15),
            k,
            credits,
        }
    }

    fn write_tiny(path: &Path, spec: Spec) {
        let solved = solve(spec, 1, &|_| {}).unwrap();
        write_table(&solved, path).unwrap();
    }

    /// The error of loading `list` (tables have no `Debug`).
    fn load_err(list: &str) -> String {
        match open_folders(list) {
            Ok(t) => panic!("{} tables loaded", t.len()),
            Err(e) => e,
        }
    }

    #[test]
    fn descriptions_in_words() {
        let hyper = Spec {
            space: Space::full(3),
            k: 3,
            credits: 0,
        };
        assert_eq!(
            describe(&hyper),
            "NC-Hypergammon (3 checkers a side, every board), k=3, doublet credits 0..=0"
        );
        let full2 = Spec {
            space: Space::full(2),
            k: 4,
            credits: 1,
        };
        assert_eq!(
            describe(&full2),
            "every board of 2 checkers a side, k=4, doublet credits 0..=1"
        );
        let bearoff = Spec {
            space: Space::bearoff(4, 15),
            k: 6,
            credits: 2,
        };
        assert_eq!(
            describe(&bearoff),
            "bear-offs with at most 4 checkers a side in play, 15 a side, k=6, doublet credits 0..=2"
        );
        let one = Spec {
            space: Space::bearoff(1, 3),
            k: 2,
            credits: 0,
        };
        assert!(
            describe(&one).starts_with("bear-offs with at most 1 checker a side in play, 3 a side")
        );
    }

    #[test]
    fn folders_list_sorted_and_load_tables_only() {
        let a = TempDir::new("a");
        let b = TempDir::new("b");
        write_tiny(&a.0.join("z.tb"), tiny(3, 1));
        write_tiny(&a.0.join("m.tb"), tiny(5, 0));
        std::fs::write(a.0.join("notes.txt"), "some notes\n\nmore\n").unwrap();
        std::fs::write(a.0.join("empty"), "").unwrap();
        std::fs::create_dir(a.0.join("sub")).unwrap();
        write_tiny(&a.0.join("sub").join("deep.tb"), tiny(5, 1));
        write_tiny(&b.0.join("other.bin"), tiny(4, 0));

        let listed = list_folder(&a.0).unwrap();
        let names: Vec<_> = listed.iter().map(FolderFile::name).collect();
        assert_eq!(names, ["empty", "m.tb", "notes.txt", "z.tb"]);
        assert!(matches!(&listed[0].content, Content::NotTable(_)));
        assert!(
            matches!(&listed[2].content, Content::NotTable(why) if why.starts_with("the first line is not 'NCBG-TABLE 2'"))
        );
        match &listed[3].content {
            Content::Table(h) => {
                assert_eq!(h.spec, tiny(3, 1));
                assert!(h.entries > 0);
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(
            listed[3].bytes,
            std::fs::metadata(a.0.join("z.tb")).unwrap().len()
        );

        let list = format!(" {} ;; {}", a.0.display(), b.0.display());
        let files = table_files(&list).unwrap();
        assert_eq!(
            files,
            [a.0.join("m.tb"), a.0.join("z.tb"), b.0.join("other.bin")]
        );
        let tables = open_folders(&list).unwrap();
        let specs: Vec<_> = tables.iter().map(|t| t.spec()).collect();
        assert_eq!(specs, [tiny(5, 0), tiny(3, 1), tiny(4, 0)]);
        assert!(open_folders("").unwrap().is_empty());
    }

    #[test]
    fn missing_folders_and_bad_tables_are_errors() {
        let a = TempDir::new("bad");
        write_tiny(&a.0.join("good.tb"), tiny(3, 0));
        let missing = a.0.join("nowhere");
        let list = format!("{};{}", a.0.display(), missing.display());
        let e = load_err(&list);
        assert!(e.contains("nowhere") && e.contains("no such folder"), "{e}");
        let file = a.0.join("good.tb");
        let e = list_folder(&file).unwrap_err();
        assert!(e.contains("not a folder"), "{e}");

        // An old table: listed with its reason, an error when loading.
        let old = a.0.join("old.tb");
        std::fs::write(&old, "NCBG-TABLE 1\nkind=bearoff\n\n").unwrap();
        let listed = list_folder(&a.0).unwrap();
        match &listed[1].content {
            Content::BadTable(why) => {
                assert!(why.contains("old.tb") && why.contains("version 1"), "{why}")
            }
            other => panic!("{other:?}"),
        }
        let e = load_err(&a.0.display().to_string());
        assert!(e.contains("old.tb") && e.contains("version 1"), "{e}");

        // A table whose body is cut: its header lists, loading refuses it.
        std::fs::remove_file(&old).unwrap();
        let bytes = std::fs::read(&file).unwrap();
        let cut = a.0.join("cut.tb");
        std::fs::write(&cut, &bytes[..bytes.len() - 2]).unwrap();
        assert!(matches!(
            list_folder(&a.0).unwrap()[0].content,
            Content::Table(_)
        ));
        let e = load_err(&a.0.display().to_string());
        assert!(e.contains("cut.tb") && e.contains("cut or padded"), "{e}");
    }
}
