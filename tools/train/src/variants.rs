//! A mix of the family's games for self-play (`--variants
//! standard:0.5,race:0.25,anti:0.25`): each game's variant drawn by its
//! share. Backgammon Race and Anti-Backgammon need a net that reads the
//! game's context (feature set 3): a net of set 1 or 2 sees a race's pool
//! as its bar and plays Anti-Backgammon through reversed chances, so what
//! it learned there would be the wrong game's.

use ncbg::board::Variant;
use ncbg::eval::nn::FeatureSet;
use ncbg::rng::Rng;
use std::str::FromStr;

/// Variants and their shares of the games (the shares sum to 1).
#[derive(Clone, Debug, PartialEq)]
pub struct VariantMix(Vec<(Variant, f64)>);

impl Default for VariantMix {
    /// The standard game alone.
    fn default() -> VariantMix {
        VariantMix(vec![(Variant::Standard, 1.0)])
    }
}

impl VariantMix {
    /// The standard game alone (no variant is drawn: runs made before the
    /// option replay unchanged).
    pub fn is_standard_only(&self) -> bool {
        self.0 == [(Variant::Standard, 1.0)]
    }

    /// The variants and their shares.
    pub fn shares(&self) -> &[(Variant, f64)] {
        &self.0
    }

    /// One game's variant, drawn by the shares.
    pub fn draw(&self, rng: &mut Rng) -> Variant {
        let mut x = rng.unit();
        for &(v, share) in &self.0 {
            if x < share {
                return v;
            }
            x -= share;
        }
        self.0.last().expect("a mix has a variant").0
    }

    /// Why a net of feature set `set` cannot learn from this mix, if it
    /// cannot: Backgammon Race and Anti-Backgammon need set 3.
    pub fn check(&self, set: FeatureSet) -> Result<(), String> {
        for &(v, _) in &self.0 {
            if matches!(v, Variant::Race | Variant::Anti) && !set.reads_context() {
                return Err(format!(
                    "--variants {v}: a net of feature set {} does not read the game's context; \
                     widen it to set 3 first (ncbg-train widen --features 3)",
                    set.id()
                ));
            }
        }
        Ok(())
    }
}

impl FromStr for VariantMix {
    type Err = String;

    /// `name:share,...` (shares are weights, scaled to sum to 1; a name
    /// alone weighs 1).
    fn from_str(s: &str) -> Result<VariantMix, String> {
        let mut mix: Vec<(Variant, f64)> = Vec::new();
        for part in s.split(',') {
            let (name, share) = match part.split_once(':') {
                Some((n, w)) => (
                    n.trim(),
                    w.trim()
                        .parse::<f64>()
                        .map_err(|_| format!("{part:?}: the share is not a number"))?,
                ),
                None => (part.trim(), 1.0),
            };
            let v: Variant = name.parse().map_err(|e| format!("{name:?}: {e}"))?;
            if !(share.is_finite() && share > 0.0) {
                return Err(format!("{part:?}: a share must be above 0"));
            }
            if mix.iter().any(|&(w, _)| w == v) {
                return Err(format!("{name:?} is named twice"));
            }
            mix.push((v, share));
        }
        let total: f64 = mix.iter().map(|&(_, w)| w).sum();
        Ok(VariantMix(
            mix.into_iter().map(|(v, w)| (v, w / total)).collect(),
        ))
    }
}

impl std::fmt::Display for VariantMix {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let parts: Vec<String> = self.0.iter().map(|(v, w)| format!("{v}:{w}")).collect();
        write!(f, "{}", parts.join(","))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mix_is_parsed_scaled_and_drawn_by_its_shares() {
        let mix: VariantMix = "standard:2,race:1,anti:1".parse().unwrap();
        assert_eq!(
            mix.shares(),
            &[
                (Variant::Standard, 0.5),
                (Variant::Race, 0.25),
                (Variant::Anti, 0.25)
            ]
        );
        let mut rng = Rng::new(3);
        let mut counts = [0usize; 3];
        for _ in 0..8000 {
            match mix.draw(&mut rng) {
                Variant::Standard => counts[0] += 1,
                Variant::Race => counts[1] += 1,
                Variant::Anti => counts[2] += 1,
                v => panic!("{v} was not in the mix"),
            }
        }
        assert!((3700..4300).contains(&counts[0]), "{counts:?}");
        assert!((1750..2250).contains(&counts[1]), "{counts:?}");
        assert!((1750..2250).contains(&counts[2]), "{counts:?}");
        assert!(!mix.is_standard_only());
        assert!("standard".parse::<VariantMix>().unwrap().is_standard_only());
        assert!(mix.check(FeatureSet::Context).is_ok());
        let err = mix.check(FeatureSet::Board).unwrap_err();
        assert!(err.contains("set 3"), "{err}");
        assert!("nackgammon:1"
            .parse::<VariantMix>()
            .unwrap()
            .check(FeatureSet::Board)
            .is_ok());
        for bad in ["race:0", "race:-1", "race:x", "chess:1", "race,race", ""] {
            assert!(bad.parse::<VariantMix>().is_err(), "{bad}");
        }
    }
}
