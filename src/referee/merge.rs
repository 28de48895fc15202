//! Joining match files (the shards of one match) into one set of games:
//! every file must be of the same match (its header agrees with the first
//! file's on every key but `shard`), and what the files lack of the whole
//! schedule (shards without a file, scheduled games without a record) is
//! found so that `ncbg-referee merge` can say so. [`pool`] joins matches
//! of the same engines and settings played on other openings (`merge
//! --pool`: one report over several seeds).

use super::schedule::Shard;
use crate::matchfile::{GameRecord, Header, MatchFile};
use std::collections::BTreeSet;

/// Match files joined by game index.
#[derive(Clone, Debug)]
pub struct Merged {
    /// The first file's header, with `shard=-`: the merged games are of the
    /// whole match.
    pub header: Header,
    /// The games, by index; an index in several files keeps its first record.
    pub games: Vec<GameRecord>,
    /// Indices found in more than one file.
    pub duplicates: Vec<u64>,
    /// What the files lack of the whole schedule.
    pub missing: Missing,
}

/// What a set of files lacks of the whole schedule.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Missing {
    /// Shards (`i/n`) of which no file was given.
    pub shards: Vec<String>,
    /// Scheduled games with no record, by index.
    pub games: Vec<u64>,
    /// Games in the whole schedule (`total-games`), when the headers say.
    pub total: Option<u64>,
    /// Matches to N points begun and not finished (a run cut short), by
    /// index: `--resume` of the merged file plays them on.
    pub unfinished: Vec<u64>,
}

impl Missing {
    /// True when nothing is missing (or nothing can be known: see
    /// [`Missing::total`]).
    pub fn is_empty(&self) -> bool {
        self.shards.is_empty() && self.games.is_empty() && self.unfinished.is_empty()
    }

    /// One line for people: `shards 3/4 missing; 14 of 60 games missing
    /// (indices 6, 7, ...)`.
    pub fn describe(&self) -> String {
        let mut parts = Vec::new();
        if !self.shards.is_empty() {
            parts.push(format!("shards {} missing", self.shards.join(", ")));
        }
        if !self.games.is_empty() {
            let shown: Vec<String> = self.games.iter().take(12).map(u64::to_string).collect();
            let more = if self.games.len() > 12 { ", ..." } else { "" };
            parts.push(format!(
                "{} of {} games missing (indices {}{more})",
                self.games.len(),
                self.total.unwrap_or(0),
                shown.join(", ")
            ));
        }
        if !self.unfinished.is_empty() {
            let shown: Vec<String> = self
                .unfinished
                .iter()
                .take(12)
                .map(u64::to_string)
                .collect();
            let more = if self.unfinished.len() > 12 {
                ", ..."
            } else {
                ""
            };
            parts.push(format!(
                "{} matches unfinished (indices {}{more})",
                self.unfinished.len(),
                shown.join(", ")
            ));
        }
        parts.join("; ")
    }
}

/// The first key on which two headers differ, `shard` and `anchor` (the
/// report's) aside (a key one
/// header lacks counts as a difference): the key and both values.
fn first_difference(a: &Header, b: &Header) -> Option<(String, String, String)> {
    first_difference_but(a, b, &["shard", "anchor"])
}

/// Joins named match files. An error names the file whose header differs
/// from the first file's, and the field.
pub fn merge(files: Vec<(String, MatchFile)>) -> Result<Merged, String> {
    let mut files = files.into_iter();
    let (_, first) = files.next().ok_or("no match file")?;
    let mut header = first.header.clone();
    let mut shards = vec![first.header.get("shard").unwrap_or("-").to_string()];
    let mut games = first.games;
    for (name, file) in files {
        if let Some((key, ours, theirs)) = first_difference(&header, &file.header) {
            return Err(format!(
                "{name}: not of the same match as the first file: its {key} is {theirs}, the first file's is {ours}"
            ));
        }
        shards.push(file.header.get("shard").unwrap_or("-").to_string());
        games.extend(file.games);
    }
    // A stable sort keeps the first file's record first for each key
    // (the index, and a match's game number).
    games.sort_by_key(|g| g.key());
    let mut duplicates = Vec::new();
    games.dedup_by(|later, earlier| {
        let same = later.key() == earlier.key();
        if same {
            duplicates.push(later.index);
        }
        same
    });
    let total = header.total_games();
    let indices: BTreeSet<u64> = games.iter().map(|g| g.index).collect();
    let missing = Missing {
        shards: missing_shards(&shards),
        games: total.map_or(Vec::new(), |t| {
            (0..t).filter(|i| !indices.contains(i)).collect()
        }),
        total,
        unfinished: unfinished_matches(&header, &games),
    };
    if header.get("shard").is_some() {
        header.set("shard", "-");
    }
    Ok(Merged {
        header,
        games,
        duplicates,
        missing,
    })
}

/// The matches to N points (where `header` says so) that `games` hold
/// begun and not finished, by index.
fn unfinished_matches(header: &Header, games: &[GameRecord]) -> Vec<u64> {
    let length = header.scoring().map_or(0, |s| s.match_length);
    if length == 0 {
        return Vec::new();
    }
    crate::referee::matches::by_match(games)
        .into_iter()
        .filter(|(_, list)| {
            let names = [list[0].x_name.as_str(), list[0].y_name.as_str()];
            !crate::referee::matches::result_of(list, names, length).finished
        })
        .map(|(index, _)| index)
        .collect()
}

/// The header keys in which matches that [`pool`] joins may differ: their
/// openings (and an openings file's hash) and the size of their schedule (and `shard`, as in [`merge`]).
const POOLED_KEYS: [&str; 7] = [
    "anchor",
    "openings",
    "openings-hash",
    "rounds",
    "games",
    "total-games",
    "shard",
];

/// Joins matches of the same engines, limits and rules played on different
/// openings (a yardstick run over several seeds, say): the files are
/// merged match by match first (the shards of one match join as in
/// [`merge`]), then each match's games follow the previous match's,
/// their indices and game pairs offset past it, so that every game pair
/// stays one pair and no two matches' games are confused. The header is
/// the first file's with `openings` listing every match's (`pooled: A;
/// B`) and `total-games` summed (`-` where a match does not say). What a
/// match lacks is reported under the pooled indices, a missing shard with
/// its match's openings. An error names the file whose header differs
/// from the first file's on another key, and the key.
pub fn pool(files: Vec<(String, MatchFile)>) -> Result<Merged, String> {
    let mut matches: Vec<Vec<(String, MatchFile)>> = Vec::new();
    for (name, file) in files {
        if let Some(m) = matches
            .iter_mut()
            .find(|m| first_difference(&m[0].1.header, &file.header).is_none())
        {
            m.push((name, file));
            continue;
        }
        if let Some(first) = matches.first() {
            let differs = first_difference_but(&first[0].1.header, &file.header, &POOLED_KEYS);
            if let Some((key, ours, theirs)) = differs {
                return Err(format!(
                    "{name}: not the same engines and settings as the first file: its {key} is {theirs}, the first file's is {ours}"
                ));
            }
        }
        matches.push(vec![(name, file)]);
    }
    let mut pooled: Option<Merged> = None;
    let mut openings = Vec::new();
    // Pair p holds games 2p and 2p + 1, so an even index offset moves the
    // pairs by half of it.
    let mut next_index = 0u64;
    let mut total = Some(0u64);
    for m in matches {
        let mut one = merge(m)?;
        let shown = one.header.get("openings").unwrap_or("-").to_string();
        let size = one
            .missing
            .total
            .unwrap_or(0)
            .max(one.games.iter().map(|g| g.index + 1).max().unwrap_or(0))
            .next_multiple_of(2);
        for g in &mut one.games {
            g.index += next_index;
            g.pair += next_index / 2;
        }
        for i in one
            .duplicates
            .iter_mut()
            .chain(&mut one.missing.games)
            .chain(&mut one.missing.unfinished)
        {
            *i += next_index;
        }
        for s in &mut one.missing.shards {
            *s = format!("{s} of '{shown}'");
        }
        total = total.zip(one.missing.total).map(|(a, b)| a + b);
        next_index += size;
        openings.push(shown);
        match pooled.as_mut() {
            None => pooled = Some(one),
            Some(p) => {
                p.games.extend(one.games);
                p.duplicates.extend(one.duplicates);
                p.missing.shards.extend(one.missing.shards);
                p.missing.games.extend(one.missing.games);
                p.missing.unfinished.extend(one.missing.unfinished);
            }
        }
    }
    let mut pooled = pooled.ok_or("no match file")?;
    pooled.missing.total = total;
    if openings.len() > 1 {
        pooled
            .header
            .set("openings", &format!("pooled: {}", openings.join("; ")));
        pooled
            .header
            .set("total-games", &total.map_or("-".into(), |t| t.to_string()));
    }
    Ok(pooled)
}

/// [`first_difference`] on the keys not in `except`.
fn first_difference_but(
    a: &Header,
    b: &Header,
    except: &[&str],
) -> Option<(String, String, String)> {
    let show = |v: Option<&str>| v.map_or("missing".to_string(), |v| format!("'{v}'"));
    let keys = a.entries.iter().chain(&b.entries).map(|(k, _)| k.as_str());
    keys.filter(|k| !except.contains(k))
        .find(|&k| a.get(k) != b.get(k))
        .map(|k| (k.to_string(), show(a.get(k)), show(b.get(k))))
}

/// The shards `i/n` of which no file was given (none when some file holds
/// the whole match, `-`).
fn missing_shards(shards: &[String]) -> Vec<String> {
    let parsed: Vec<Shard> = shards.iter().filter_map(|s| Shard::parse(s).ok()).collect();
    if parsed.len() < shards.len() {
        return Vec::new();
    }
    let Some(n) = parsed.iter().map(|s| s.count).max() else {
        return Vec::new();
    };
    let have: BTreeSet<u64> = parsed.iter().map(|s| s.index).collect();
    (0..n)
        .filter(|i| !have.contains(i))
        .map(|i| format!("{i}/{n}"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matchfile::GameEnd;

    fn file(shard: &str, k: &str, indices: &[u64]) -> MatchFile {
        let header = Header {
            entries: [
                ("engine0", "a"),
                ("engine1", "b"),
                ("k", k),
                ("total-games", "8"),
                ("shard", shard),
            ]
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
        };
        let games = indices
            .iter()
            .map(|&index| crate::referee::test_games::game(index, "a", "b", GameEnd::MaxTurns))
            .collect();
        MatchFile {
            header,
            games,
            complete_len: 0,
            broken_lines: 0,
        }
    }

    #[test]
    fn shards_join_and_gaps_are_named() {
        let whole = merge(vec![
            ("s0".into(), file("0/2", "6", &[0, 1, 4, 5])),
            ("s1".into(), file("1/2", "6", &[2, 3, 6, 7])),
        ])
        .unwrap();
        assert!(whole.missing.is_empty(), "{:?}", whole.missing);
        assert_eq!(whole.games.len(), 8);
        assert_eq!(whole.header.get("shard"), Some("-"));

        let part = merge(vec![
            ("s0".into(), file("0/4", "6", &[0, 1])),
            ("s2".into(), file("2/4", "6", &[4])),
            ("s2b".into(), file("2/4", "6", &[4])),
        ])
        .unwrap();
        assert_eq!(part.missing.shards, ["1/4", "3/4"]);
        assert_eq!(part.missing.games, [2, 3, 5, 6, 7]);
        assert_eq!(part.duplicates, [4]);
        let text = part.missing.describe();
        assert!(text.contains("shards 1/4, 3/4 missing"), "{text}");
        assert!(text.contains("5 of 8 games missing"), "{text}");

        let e = merge(vec![
            ("s0".into(), file("0/2", "6", &[0])),
            ("s1".into(), file("1/2", "5", &[2])),
        ])
        .unwrap_err();
        assert!(e.contains("s1") && e.contains("its k is '5'"), "{e}");
    }

    fn seeded(openings: &str, shard: &str, k: &str, indices: &[u64]) -> MatchFile {
        let mut f = file(shard, k, indices);
        f.header.set("openings", openings);
        f
    }

    #[test]
    fn matches_on_other_openings_pool_with_their_pairs_apart() {
        let one = || {
            vec![
                (
                    "a0".to_string(),
                    seeded("seed 1", "0/2", "6", &[0, 1, 4, 5]),
                ),
                (
                    "b".to_string(),
                    seeded("seed 2", "-", "6", &[0, 1, 2, 4, 5, 6, 7]),
                ),
                (
                    "a1".to_string(),
                    seeded("seed 1", "1/2", "6", &[2, 3, 6, 7]),
                ),
            ]
        };
        let p = pool(one()).unwrap();
        // Seed 1's shards join first; seed 2's games follow, 8 on.
        let indices: Vec<u64> = p.games.iter().map(|g| g.index).collect();
        let expect: Vec<u64> = (0..8).chain([8, 9, 10, 12, 13, 14, 15]).collect();
        assert_eq!(indices, expect);
        let pairs: BTreeSet<u64> = p.games.iter().map(|g| g.pair).collect();
        assert_eq!(pairs, (0..8).collect());
        assert_eq!(p.missing.games, [11]);
        assert_eq!(p.missing.total, Some(16));
        assert_eq!(p.header.get("openings"), Some("pooled: seed 1; seed 2"));
        assert_eq!(p.header.get("total-games"), Some("16"));
        // The shards alone, or the same match twice, are what merge makes.
        let alone = pool(one().into_iter().filter(|(n, _)| n != "b").collect()).unwrap();
        assert_eq!(alone.games.len(), 8);
        assert!(alone.missing.is_empty());
        assert_eq!(alone.header.get("openings"), Some("seed 1"));
        // A missing shard is named with its match.
        let part = pool(one().into_iter().filter(|(n, _)| n != "a1").collect()).unwrap();
        assert_eq!(part.missing.shards, ["1/2 of 'seed 1'"]);
        // Other settings are refused, naming the file and the key.
        let mut other = one();
        other.push(("c".into(), seeded("seed 3", "-", "5", &[0])));
        let e = pool(other).unwrap_err();
        assert!(e.starts_with("c:") && e.contains("its k is '5'"), "{e}");
        // merge itself still refuses other openings.
        let e = merge(one()).unwrap_err();
        assert!(e.contains("openings"), "{e}");
    }
}
