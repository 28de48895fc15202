//! The start of an NCBP session as a script both drivers run: `ncbp` →
//! `ncbpok`, the rule options and the engine's own options, then `isready`
//! → `readyok`.

use super::reply::first_word;
use super::Fault;
use crate::board::Variant;
use crate::matchfile::ForfeitReason;
use crate::numbers::NumberRules;

/// One step of a script.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// Send this line.
    Send(String),
    /// Read lines up to one whose first word is `word`; no such line in
    /// time is `on_timeout`.
    Await {
        /// The awaited first word.
        word: &'static str,
        /// The fault of waiting too long.
        on_timeout: ForfeitReason,
    },
}

/// The options that give an engine the game's rules, in the order sent.
pub fn rule_options(variant: Variant, numbers: NumberRules) -> Vec<(&'static str, String)> {
    vec![
        ("Variant", variant.name().to_string()),
        ("Alphabet", numbers.k.to_string()),
        ("DoubletCredits", numbers.doublet_credits.to_string()),
    ]
}

/// `isready` → `readyok` (no `readyok` in time is `not-ready`).
pub fn ready() -> [Step; 2] {
    [
        Step::Send("isready".into()),
        Step::Await {
            word: "readyok",
            on_timeout: ForfeitReason::NotReady,
        },
    ]
}

/// A line read during the handshake that is the engine refusing one of its
/// settings: an `error` line (an unknown option, a bad value, a net file it
/// cannot load). Playing on would play with other settings than the ones
/// asked for, silently, so the drivers end the handshake with this fault.
pub fn refusal(line: &str) -> Option<Fault> {
    (first_word(line) == Some("error")).then(|| {
        Fault::new(
            ForfeitReason::Handshake,
            format!("refused a setting: {line}"),
        )
    })
}

/// The whole handshake: `rules` (from [`rule_options`]) then the engine's
/// `options`, each as a `setoption`.
pub fn handshake<'a>(rules: &'a [(&'a str, String)], options: &'a [(String, String)]) -> Vec<Step> {
    let mut steps = vec![
        Step::Send("ncbp".into()),
        Step::Await {
            word: "ncbpok",
            on_timeout: ForfeitReason::Handshake,
        },
    ];
    steps.extend(
        rules
            .iter()
            .map(|(n, v)| (*n, v.as_str()))
            .chain(options.iter().map(|(n, v)| (n.as_str(), v.as_str())))
            .map(|(name, value)| Step::Send(format!("setoption name {name} value {value}"))),
    );
    steps.extend(ready());
    steps
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_error_line_is_a_refusal_and_other_lines_are_not() {
        let f = refusal("error bad-value EvalFile /x: No such file").expect("a refusal");
        assert_eq!(f.reason, ForfeitReason::Handshake);
        assert!(f.detail.contains("EvalFile /x"), "{}", f.detail);
        for line in ["info string errors ahead", "id name error", "readyok", ""] {
            assert!(refusal(line).is_none(), "{line}");
        }
    }

    #[test]
    fn the_handshake_sends_rules_then_options() {
        let rules = rule_options(Variant::Hypergammon, NumberRules::new(5, 1).unwrap());
        let options = vec![("Hash".to_string(), "8".to_string())];
        let steps = handshake(&rules, &options);
        let sent: Vec<&str> = steps
            .iter()
            .filter_map(|s| match s {
                Step::Send(l) => Some(l.as_str()),
                Step::Await { .. } => None,
            })
            .collect();
        assert_eq!(
            sent,
            [
                "ncbp",
                "setoption name Variant value hypergammon",
                "setoption name Alphabet value 5",
                "setoption name DoubletCredits value 1",
                "setoption name Hash value 8",
                "isready"
            ]
        );
        assert_eq!(
            steps[1],
            Step::Await {
                word: "ncbpok",
                on_timeout: ForfeitReason::Handshake
            }
        );
        assert_eq!(steps.last(), ready().last());
    }
}
