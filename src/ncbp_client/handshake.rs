//! The start of an NCBP session as a script both drivers run: `ncbp` →
//! `ncbpok`, the rule options and the engine's own options, then `isready`
//! → `readyok`.

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
