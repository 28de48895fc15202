//! `ncbg-referee export-mat`: a match file's games as Jellyfish `.mat` files
//! for GNU Backgammon, one a pairing (the choice of files is the library's,
//! `ncbg::referee::mat::plan_export`).

use crate::{note, read_match};
use ncbg::referee::mat;
use std::path::Path;

/// Writes every pairing's file; a pairing none of whose games has a `.mat`
/// form (e.g. every game of `--random-openings` starts from a full state)
/// gets no file and makes the command fail, naming why, after the others
/// are written.
pub fn export_mat(matchfile: &Path, out: &Path, pair: Option<&str>) -> Result<(), String> {
    let file = read_match(matchfile)?;
    if let Some(w) = mat::rules_warning(&file) {
        note!("ncbg-referee: warning: {}: {w}", matchfile.display());
    }
    let plan =
        mat::plan_export(&file, out, pair).map_err(|e| format!("{}: {e}", matchfile.display()))?;
    for [a, b] in &plan.empty {
        note!("ncbg-referee: no games between {a} and {b}: no file written");
    }
    let mut failed = Vec::new();
    for target in &plan.targets {
        let [a, b] = &target.names;
        let done = mat::export_target(&file, target)?;
        if done.written == 0 {
            failed.push(format!("{a} vs {b}: {}", done.why_none()));
            continue;
        }
        std::fs::write(&target.path, &done.text)
            .map_err(|e| format!("{}: {e}", target.path.display()))?;
        for s in &done.skipped {
            note!("ncbg-referee: game {} not exported: {}", s.index, s.why);
        }
        let which = match target.only_match {
            Some(i) => format!(" (match {i})"),
            None => String::new(),
        };
        note!(
            "ncbg-referee: wrote {} games of {a} vs {b}{which} to {}",
            done.written,
            target.path.display()
        );
    }
    match &failed[..] {
        [] => Ok(()),
        [one] => Err(format!(
            "{}: nothing to export for {one}",
            matchfile.display()
        )),
        many => Err(format!(
            "{}: nothing to export for {} pairings (no file written for them):\n  {}",
            matchfile.display(),
            many.len(),
            many.join("\n  ")
        )),
    }
}
