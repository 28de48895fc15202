//! A match file exported one `.mat` per pairing (a `.mat` holds one match
//! between two players): which pairings a file has, the file each goes to,
//! and each pairing's text with the games left out and why.

use super::{export, Skipped, FULL_STATE};
use crate::matchfile::{GameRecord, Header, MatchFile};
use crate::numbers::NumberRules;
use crate::referee::tournament::{self, Kind};
use std::path::{Path, PathBuf};

/// The pairings of a match file by engine name, in schedule order: its two
/// engines, or a tournament's pairings (round-robin: every two engines;
/// gauntlet: engine 0 with each other), the engine listed first in the
/// lower position.
pub fn pairings_of(header: &Header) -> Result<Vec<[String; 2]>, String> {
    let names = header.engine_names();
    if names.len() < 2 {
        return Err("no engine names in the header".into());
    }
    let kind = match header.get("tournament") {
        Some(k) => k.parse::<Kind>()?,
        None if names.len() == 2 => Kind::RoundRobin,
        None => return Err("more than two engines but no tournament kind".into()),
    };
    Ok(tournament::pairings(kind, names.len())
        .into_iter()
        .map(|[a, b]| [names[a].clone(), names[b].clone()])
        .collect())
}

/// The pairing `--pair NAME1,NAME2` selects, NAME1 as player 1. Engine
/// names may themselves hold commas: the split taken is the one whose two
/// halves are engine names.
pub fn parse_pair(spec: &str, header: &Header) -> Result<[String; 2], String> {
    let names = header.engine_names();
    let listed = names.join(", ");
    let splits: Vec<(&str, &str)> = spec
        .match_indices(',')
        .map(|(i, _)| (&spec[..i], &spec[i + 1..]))
        .collect();
    if splits.is_empty() {
        return Err(format!(
            "--pair '{spec}': expected two engine names, NAME1,NAME2 (engines: {listed})"
        ));
    }
    let known = |n: &str| names.iter().any(|m| m == n);
    let Some(&(a, b)) = splits.iter().find(|(a, b)| known(a) && known(b)) else {
        let what = match splits[..] {
            [(a, b)] => [a, b]
                .into_iter()
                .filter(|n| !known(n))
                .map(|n| format!("'{n}'"))
                .collect::<Vec<_>>()
                .join(" and "),
            _ => format!("two engine names in '{spec}'"),
        };
        return Err(format!(
            "--pair: no engine named {what} in this file (engines: {listed})"
        ));
    };
    if a == b {
        return Err(format!("--pair names '{a}' twice: give two engines"));
    }
    let meets = pairings_of(header)?
        .iter()
        .any(|[x, y]| (x == a && y == b) || (x == b && y == a));
    if !meets {
        return Err(format!(
            "--pair: {a} and {b} do not meet (in this gauntlet {} plays each other engine)",
            names[0]
        ));
    }
    Ok([a.to_string(), b.to_string()])
}

/// A name as a piece of a file name: ASCII letters, digits and `-_.+=`
/// kept, anything else `_`.
fn file_piece(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || "-_.+=".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// The file of one pairing of a tournament exported to `out`:
/// `<out without .mat>.<A>-vs-<B>.mat`.
pub fn pairing_path(out: &Path, names: [&str; 2]) -> PathBuf {
    let text = out.as_os_str().to_string_lossy();
    let stem = text.strip_suffix(".mat").unwrap_or(&text);
    PathBuf::from(format!(
        "{stem}.{}-vs-{}.mat",
        file_piece(names[0]),
        file_piece(names[1])
    ))
}

/// One `.mat` file to write.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Target {
    /// Player 1, player 2.
    pub names: [String; 2],
    /// Where.
    pub path: PathBuf,
    /// In a file of matches to N points, the one match (its index) this
    /// file holds.
    pub only_match: Option<u64>,
}

/// The file of match `index` of a file of matches exported to `out`:
/// `<out without .mat>.match<index>.mat`.
pub fn match_path(out: &Path, index: u64) -> PathBuf {
    let text = out.as_os_str().to_string_lossy();
    let stem = text.strip_suffix(".mat").unwrap_or(&text);
    PathBuf::from(format!("{stem}.match{index}.mat"))
}

/// A file of matches to N points: each pairing's target becomes one
/// target a match (a `.mat` holds one match), each to [`match_path`], or
/// to `out` itself when the file holds a single match.
fn one_file_a_match(file: &MatchFile, out: &Path, plan: &mut ExportPlan) {
    let mut targets = Vec::new();
    for t in &plan.targets {
        let [a, b] = [t.names[0].as_str(), t.names[1].as_str()];
        let mut indices: Vec<u64> = file
            .games
            .iter()
            .filter(|g| plays(g, [a, b]))
            .map(|g| g.index)
            .collect();
        indices.dedup();
        indices.sort_unstable();
        indices.dedup();
        targets.extend(indices.into_iter().map(|i| Target {
            names: t.names.clone(),
            path: match_path(out, i),
            only_match: Some(i),
        }));
    }
    if let [one] = &mut targets[..] {
        one.path = out.to_path_buf();
    }
    plan.targets = targets;
}

/// What `export-mat` writes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExportPlan {
    /// The files, in schedule order of their pairings.
    pub targets: Vec<Target>,
    /// Pairings of the schedule that have no game in the file (a tournament
    /// cut short, a shard): no file is written for them.
    pub empty: Vec<[String; 2]>,
}

/// The files that exporting `file` to `out` writes: with `pair`, that
/// pairing to `out`; otherwise a two-engine match to `out`, and a
/// tournament one file per pairing with games, named by [`pairing_path`].
/// A file of matches to N points writes one file a match instead
/// ([`match_path`]; `out` itself when it holds one match).
pub fn plan_export(file: &MatchFile, out: &Path, pair: Option<&str>) -> Result<ExportPlan, String> {
    let mut plan = plan_pairings(file, out, pair)?;
    if file.header.scoring()?.is_match() {
        one_file_a_match(file, out, &mut plan);
    }
    Ok(plan)
}

/// [`plan_export`] one file a pairing.
fn plan_pairings(file: &MatchFile, out: &Path, pair: Option<&str>) -> Result<ExportPlan, String> {
    let pairings = pairings_of(&file.header)?;
    if let Some(spec) = pair {
        let names = parse_pair(spec, &file.header)?;
        return Ok(ExportPlan {
            targets: vec![Target {
                names,
                path: out.to_path_buf(),
                only_match: None,
            }],
            empty: Vec::new(),
        });
    }
    if let [only] = &pairings[..] {
        return Ok(ExportPlan {
            targets: vec![Target {
                names: only.clone(),
                path: out.to_path_buf(),
                only_match: None,
            }],
            empty: Vec::new(),
        });
    }
    let mut plan = ExportPlan {
        targets: Vec::new(),
        empty: Vec::new(),
    };
    for [a, b] in pairings {
        if !file.games.iter().any(|g| plays(g, [&a, &b])) {
            plan.empty.push([a, b]);
            continue;
        }
        let path = pairing_path(out, [&a, &b]);
        if let Some(t) = plan.targets.iter().find(|t| t.path == path) {
            return Err(format!(
                "{a} vs {b} and {} vs {} would both be written to {}: export them one at a time with --pair",
                t.names[0],
                t.names[1],
                path.display()
            ));
        }
        plan.targets.push(Target {
            names: [a, b],
            path,
            only_match: None,
        });
    }
    Ok(plan)
}

/// True when `g` is a game between the two engines (either colours).
fn plays(g: &GameRecord, names: [&str; 2]) -> bool {
    (g.x_name == names[0] && g.y_name == names[1]) || (g.x_name == names[1] && g.y_name == names[0])
}

/// One pairing's `.mat` text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exported {
    /// The file's text.
    pub text: String,
    /// Games written.
    pub written: usize,
    /// The pairing's games left out, and why.
    pub skipped: Vec<Skipped>,
}

impl Exported {
    /// Why no game was written: the reasons the games were skipped, most
    /// common first, with their counts (`12 start from a full-state ID`).
    pub fn why_none(&self) -> String {
        if self.skipped.is_empty() {
            return "there are no games".into();
        }
        let mut counts: Vec<(&str, usize)> = Vec::new();
        for s in &self.skipped {
            match counts.iter_mut().find(|(w, _)| *w == s.why) {
                Some((_, n)) => *n += 1,
                None => counts.push((&s.why, 1)),
            }
        }
        counts.sort_by_key(|c| std::cmp::Reverse(c.1));
        let parts: Vec<String> = counts
            .iter()
            .map(|(why, n)| format!("{n} {}: {why}", if *n == 1 { "game" } else { "games" }))
            .collect();
        let mut text = format!("none of its games has a .mat form ({})", parts.join(", "));
        if self.skipped.iter().any(|s| s.why == FULL_STATE) {
            text.push_str(
                "; a .mat game starts from the initial position, so games of \
                 --random-openings or --openings (full states) cannot be exported",
            );
        }
        text
    }
}

/// A warning for a match played with other numbers than the standard
/// game's k = 6 and 2 doublet credits: a `.mat` keeps the dice but not
/// the picks or the rules, and the `.mat` reader (`ncbg analyze`, the
/// GUI's review) replays it as k = 6 with 2 credits (at least), so such an
/// export is not read back as the games played.
pub fn rules_warning(file: &MatchFile) -> Option<String> {
    let numbers = file.header.numbers().ok()?;
    (numbers != NumberRules::default()).then(|| {
        format!(
            "the match was played with k = {} and {} doublet credits; a .mat does not record them, \
             and a reader of it (gnubg, ncbg analyze) takes the standard game's k = 6 and 2 credits",
            numbers.k, numbers.doublet_credits
        )
    })
}

/// The games of `file` between `names` (player 1 first) as a Jellyfish
/// money session; an error for a variant gnubg does not play.
pub fn export_pairing(file: &MatchFile, names: [&str; 2]) -> Result<Exported, String> {
    export_target(
        file,
        &Target {
            names: names.map(str::to_string),
            path: PathBuf::new(),
            only_match: None,
        },
    )
}

/// The text of one target of [`plan_export`]: the games of `file` between
/// its names (player 1 first), or of its one match, as a Jellyfish match;
/// an error for a variant gnubg does not play.
pub fn export_target(file: &MatchFile, target: &Target) -> Result<Exported, String> {
    let variant = file.header.variant()?;
    if let Some(why) = super::variant_refusal(variant) {
        return Err(why.to_string());
    }
    let names = [target.names[0].as_str(), target.names[1].as_str()];
    let mut scoring = file.header.scoring()?;
    if target.only_match.is_none() {
        // Money games (a match's games are exported one match a file).
        scoring.match_length = 0;
    }
    let games: Vec<GameRecord> = file
        .games
        .iter()
        .filter(|g| plays(g, names) && target.only_match.is_none_or(|i| g.index == i))
        .cloned()
        .collect();
    let (text, skipped) = export(
        &games,
        names,
        file.header.numbers().unwrap_or_default(),
        &scoring,
    );
    Ok(Exported {
        text,
        written: games.len() - skipped.len(),
        skipped,
    })
}
