//! Reading an engine's replies: `info` lines with a score, and the turn
//! token of a `bestmove`.

/// One `info` line with a score (`info string` lines are not parsed).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct InfoLine {
    /// Turns searched.
    pub depth: u32,
    /// Score in millipoints for the side to move.
    pub score_mp: Option<i32>,
    /// The score is proven.
    pub exact: bool,
    /// Nodes searched.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Milliseconds.
    pub time: u64,
    /// Expected line, as turn tokens.
    pub pv: Vec<String>,
}

/// Reads an `info` line; `None` for other lines, for `info string` and for
/// a line with an unreadable value.
pub fn parse_info(line: &str) -> Option<InfoLine> {
    let mut words = line.split_whitespace();
    if words.next()? != "info" {
        return None;
    }
    let mut info = InfoLine::default();
    let mut seen = false;
    while let Some(w) = words.next() {
        match w {
            "string" => return None,
            "depth" => info.depth = words.next()?.parse().ok()?,
            "multipv" => {
                words.next()?;
            }
            "score" => {
                if words.next()? != "mp" {
                    return None;
                }
                info.score_mp = Some(words.next()?.parse().ok()?);
            }
            "exact" => info.exact = true,
            "nodes" => info.nodes = words.next()?.parse().ok()?,
            "nps" => info.nps = words.next()?.parse().ok()?,
            "time" => info.time = words.next()?.parse().ok()?,
            "pv" => {
                info.pv = words.by_ref().map(str::to_string).collect();
            }
            _ => continue,
        }
        seen = true;
    }
    seen.then_some(info)
}

/// The first word of a line (`bestmove`, `readyok`, ...).
pub fn first_word(line: &str) -> Option<&str> {
    line.split_whitespace().next()
}

/// A `bestmove` line's turn token: `None` for another line, `Some(None)`
/// for a `bestmove` without a token (a malformed answer).
pub fn bestmove_token(line: &str) -> Option<Option<&str>> {
    let mut words = line.split_whitespace();
    (words.next()? == "bestmove").then(|| words.next())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_lines_are_read() {
        let i = parse_info("info depth 4 score mp -312 exact nodes 18233 nps 402112 time 45 pv 6:24/18,13/8 2:13/11,6/4").unwrap();
        assert_eq!(i.depth, 4);
        assert_eq!(i.score_mp, Some(-312));
        assert!(i.exact);
        assert_eq!(i.nodes, 18233);
        assert_eq!(i.pv, ["6:24/18,13/8", "2:13/11,6/4"]);
        assert_eq!(parse_info("info string hello depth 3"), None);
        assert_eq!(parse_info("bestmove 3"), None);
        assert_eq!(parse_info("info depth x"), None);
        assert_eq!(parse_info("info score cp 3"), None);
    }

    #[test]
    fn bestmove_lines_are_read() {
        assert_eq!(
            bestmove_token("bestmove 6:24/18,13/8"),
            Some(Some("6:24/18,13/8"))
        );
        assert_eq!(bestmove_token("  bestmove   3  extra"), Some(Some("3")));
        assert_eq!(bestmove_token("bestmove"), Some(None));
        assert_eq!(bestmove_token("info depth 1"), None);
        assert_eq!(bestmove_token(""), None);
        assert_eq!(first_word(" readyok "), Some("readyok"));
    }
}
