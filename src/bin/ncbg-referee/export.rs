//! `ncbg-referee export-mat`: a match file's games as a Jellyfish `.mat` file
//! for GNU Backgammon.

use crate::{names_of, read_match};
use ncbg::board::Variant;
use ncbg::referee::mat;
use std::path::Path;

pub fn export_mat(matchfile: &Path, out: &Path) -> Result<(), String> {
    let file = read_match(matchfile)?;
    let names = names_of(&file, matchfile)?;
    if file.header.variant() != Ok(Variant::Standard) {
        return Err("only standard-variant matches can be exported to .mat".into());
    }
    let (text, skipped) = mat::export(
        &file.games,
        [&names[0], &names[1]],
        file.header.numbers().unwrap_or_default(),
    );
    std::fs::write(out, text).map_err(|e| format!("{}: {e}", out.display()))?;
    for s in &skipped {
        eprintln!("ncbg-referee: game {} not exported: {}", s.index, s.why);
    }
    eprintln!(
        "ncbg-referee: wrote {} games to {}",
        file.games.len() - skipped.len(),
        out.display()
    );
    Ok(())
}
