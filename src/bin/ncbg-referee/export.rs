//! `ncbg-referee export-mat`: a match file's games as Jellyfish `.mat` files
//! for GNU Backgammon, one a pairing (the choice of files is the library's,
//! `ncbg::referee::mat::plan_export`).

use crate::read_match;
use ncbg::referee::mat;
use std::path::Path;

pub fn export_mat(matchfile: &Path, out: &Path, pair: Option<&str>) -> Result<(), String> {
    let file = read_match(matchfile)?;
    let plan =
        mat::plan_export(&file, out, pair).map_err(|e| format!("{}: {e}", matchfile.display()))?;
    for [a, b] in &plan.empty {
        eprintln!("ncbg-referee: no games between {a} and {b}: no file written");
    }
    for target in &plan.targets {
        let [a, b] = &target.names;
        let done = mat::export_pairing(&file, [a, b])?;
        std::fs::write(&target.path, &done.text)
            .map_err(|e| format!("{}: {e}", target.path.display()))?;
        for s in &done.skipped {
            eprintln!("ncbg-referee: game {} not exported: {}", s.index, s.why);
        }
        eprintln!(
            "ncbg-referee: wrote {} games of {a} vs {b} to {}",
            done.written,
            target.path.display()
        );
    }
    Ok(())
}
