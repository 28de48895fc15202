//! `ncbg-referee export-mat`: a match file's games as a Jellyfish `.mat` file
//! for GNU Backgammon.

use crate::{names_of, read_match, rules_of};
use ncbg::referee::mat;
use std::path::Path;

pub fn export_mat(matchfile: &Path, out: &Path) -> Result<(), String> {
    let file = read_match(matchfile)?;
    let names = names_of(&file, matchfile)?;
    if file.header.get("variant").is_some_and(|v| v != "standard") {
        return Err("only standard-variant matches can be exported to .mat".into());
    }
    let (text, skipped) = mat::export(&file.games, [&names[0], &names[1]], rules_of(&file));
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
