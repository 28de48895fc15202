//! `ncbg-gui export-static DIR`: the board as a static site. The page's
//! own files ([`crate::web::FILES`], the same the server serves), marked
//! for the static host (`<html data-host="static">`: `transport.js` then
//! talks to the board in a Web Worker instead of the server), and the
//! WebAssembly build of the board and its engine (`tools/wasm/build.sh`
//! writes it; `tools/wasm/pkg/ncbg.wasm`).

use std::path::{Path, PathBuf};

/// The WebAssembly file the site needs, where `tools/wasm/build.sh` puts it.
pub fn default_wasm() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../wasm/pkg/ncbg.wasm")
}

/// The page's `index.html` for the static host.
pub fn static_index() -> String {
    let index = crate::web::FILES[0].2;
    index.replacen(
        "<html lang=\"en\">",
        "<html lang=\"en\" data-host=\"static\">",
        1,
    )
}

/// Writes the site to `dir` (made if missing) with the engine `wasm`; a
/// folder that exists with files in it is refused unless `overwrite`.
/// Returns the files written and their total size in bytes.
pub fn export(dir: &Path, wasm: &Path, overwrite: bool) -> Result<(usize, u64), String> {
    let engine = std::fs::read(wasm).map_err(|e| {
        format!(
            "{}: {e}: build the WebAssembly engine first (tools/wasm/build.sh)",
            wasm.display()
        )
    })?;
    if !engine.starts_with(b"\0asm") {
        return Err(format!("{}: not a WebAssembly module", wasm.display()));
    }
    // The board's exports (an engine-only build from before has none).
    if !engine.windows(11).any(|w| w == b"gui_request") {
        return Err(format!(
            "{}: an engine without the board: rebuild it (tools/wasm/build.sh)",
            wasm.display()
        ));
    }
    if dir.exists() {
        if !dir.is_dir() {
            return Err(format!("{}: not a folder", dir.display()));
        }
        let full = std::fs::read_dir(dir)
            .map_err(|e| format!("{}: {e}", dir.display()))?
            .next()
            .is_some();
        if full && !overwrite {
            return Err(format!(
                "{} is not empty: --overwrite replaces the site's files in it (or give another folder)",
                dir.display()
            ));
        }
    }
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let index = static_index();
    let mut files: Vec<(&str, &[u8])> = vec![("index.html", index.as_bytes())];
    for (name, _, text) in crate::web::FILES.iter().skip(1) {
        files.push((name, text.as_bytes()));
    }
    files.push(("favicon.ico", crate::web::FAVICON.as_bytes()));
    files.push(("ncbg.wasm", &engine));
    let mut bytes = 0;
    for (name, data) in &files {
        let path = dir.join(name);
        std::fs::write(&path, data).map_err(|e| format!("{}: {e}", path.display()))?;
        bytes += data.len() as u64;
    }
    Ok((files.len(), bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("ncbg-site-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        d
    }

    #[test]
    fn the_index_is_marked_for_the_static_host_and_the_server_page_is_not() {
        assert!(static_index().contains("<html lang=\"en\" data-host=\"static\">"));
        assert!(!crate::web::FILES[0].2.contains("data-host"));
    }

    #[test]
    fn a_site_is_written_and_a_full_folder_is_kept_unless_overwrite() {
        let dir = temp("write");
        let wasm = dir.with_extension("wasm");
        std::fs::write(&wasm, b"\0asm\x01\0\0\0gui_request").unwrap();
        let (n, bytes) = export(&dir, &wasm, false).unwrap();
        assert_eq!(n, crate::web::FILES.len() + 2);
        assert!(bytes > 8);
        assert!(dir.join("index.html").is_file() && dir.join("ncbg.wasm").is_file());
        let e = export(&dir, &wasm, false).unwrap_err();
        assert!(e.contains("--overwrite"), "{e}");
        export(&dir, &wasm, true).unwrap();
        // No engine, or not one: a clear error naming the build.
        let e = export(&temp("none"), &dir.join("missing.wasm"), false).unwrap_err();
        assert!(e.contains("tools/wasm/build.sh"), "{e}");
        let e = export(&temp("bad"), &dir.join("index.html"), false).unwrap_err();
        assert!(e.contains("not a WebAssembly module"), "{e}");
        let old = dir.with_extension("old.wasm");
        std::fs::write(&old, b"\0asm\x01\0\0\0ncbg_feed").unwrap();
        let e = export(&temp("old"), &old, false).unwrap_err();
        assert!(
            e.contains("without the board") && e.contains("build.sh"),
            "{e}"
        );
        let _ = std::fs::remove_file(&old);
        let _ = std::fs::remove_dir_all(&dir);
        let _ = std::fs::remove_file(&wasm);
    }
}
