//! `ncbg-referee merge FILE...`: one report on several match files (the
//! shards of one match), and optionally one merged match file. Files of
//! different matches are refused, unless `--pool` (matches of the same
//! engines and settings on other openings, pooled); shards or games of the
//! schedule that no file holds are a warning and a failure unless
//! `--partial`.

use crate::{
    all_names_of, emit_report, note, parse_sprt, read_match, warn_unreplayable, RatingArgs,
    ReportFormat,
};
use ncbg::referee::config::Rules;
use ncbg::referee::merge;
use ncbg::referee::report::FinalReport;
use ncbg::referee::store;
use std::path::{Path, PathBuf};

/// How the files are joined: `--partial`, `--pool`; `--force`.
pub struct How {
    /// `--out` may overwrite an existing file.
    pub force: bool,
    /// Missing shards or games are a warning, not a failure.
    pub partial: bool,
    /// Matches on other openings are pooled ([`merge::pool`]).
    pub pool: bool,
}

pub fn merge(
    files: &[PathBuf],
    out: Option<&Path>,
    sprt: &[String],
    format: ReportFormat,
    how: How,
    rating: &RatingArgs,
) -> Result<(), String> {
    let How {
        partial,
        pool,
        force,
    } = how;
    let sprt = parse_sprt(sprt)?;
    // Before anything is read: an existing file (another match's record,
    // say) is not overwritten unless asked.
    if let Some(out) = out.filter(|_| !force) {
        store::refuse_existing(out, "use --force to overwrite it")?;
    }
    let mut read = Vec::new();
    for path in files {
        let file = read_match(path)?;
        all_names_of(&file, path)?;
        match Rules::of_header(&file.header) {
            Ok(rules) => warn_unreplayable(&file.games, &rules, &path.display().to_string()),
            Err(e) => note!(
                "ncbg-referee: warning: {}: its games cannot be replayed: {e}",
                path.display()
            ),
        }
        read.push((path.display().to_string(), file));
    }
    let names = all_names_of(&read[0].1, &files[0])?;
    // The anchor given, else the one the first file recorded.
    let rating = rating.settings().or_header(&read[0].1.header);
    let refs: Vec<&str> = names.iter().map(String::as_str).collect();
    rating.check(&refs)?;
    let merged = if pool {
        merge::pool(read)?
    } else {
        merge::merge(read)?
    };
    for index in &merged.duplicates {
        note!("ncbg-referee: game {index} appears twice; first kept");
    }
    if merged.missing.total.is_none() {
        note!(
            "ncbg-referee: warning: the headers do not give the schedule's size (total-games, \
             written since this check exists): missing games cannot be counted"
        );
    }
    if let Some(out) = out {
        store::write(out, &merged.header, &merged.games)?;
    }
    let mut report = FinalReport::new(&merged.games, &names, sprt, &rating)?;
    report.add_matches(&merged.games, merged.header.scoring()?.match_length);
    emit_report(&report, format)?;
    if merged.missing.is_empty() {
        return Ok(());
    }
    let what = merged.missing.describe();
    if partial {
        note!("ncbg-referee: warning: {what}");
        Ok(())
    } else {
        Err(format!(
            "{what}: the report covers only the games present (--partial accepts that, \
             e.g. for a match an SPRT stopped early)"
        ))
    }
}
