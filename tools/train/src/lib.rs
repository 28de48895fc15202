//! Training of ncbg's evaluation network by self-play, as a library for the
//! `ncbg-train` binary and its tests.
//!
//! - [`td`]: generation 0, TD(λ) self-play at one ply from random weights;
//!   [`dice`]: its games under dice, for positions NC play never reaches;
//!   [`trajectory`]: the states both kinds of game record; [`variants`]:
//!   a mix of the family's games (Backgammon Race, Anti-Backgammon) to play.
//! - [`selfplay`] and [`data`]: games of the engine's search against itself,
//!   every state labelled with the search's score and the game's result.
//! - [`relabel`]: a sample of that data's states searched again, deeper;
//!   [`gap`]: how far a net's values are from such labels, per stage.
//! - [`supervised`]: training a net on that data.
//! - [`mlp`]: the trainer's own forward and backward passes and Adam.
//! - [`widen`]: more hidden units, the same outputs; [`alphabet`]: the
//!   inputs of an alphabet no training showed copied from one it did.
//! - [`ensemble`]: several nets as one (their mean output sums);
//!   [`distill`]: a net trained towards another's values.
//! - [`consistency`]: how often a net's raw chances break their bounds.
//! - [`arena`]: quick in-process games between two evaluations.
//! - [`pipeline`]: the runs behind the commands (TD rounds, training, the
//!   pipeline of generations) and the nets' files.

/// `eprintln!` for progress and logs: a closed stderr (`ncbg-train ...
/// 2>&1 | head`) is ignored, so that progress output never ends the work.
#[macro_export]
macro_rules! errln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

pub mod alphabet;
pub mod arena;
pub mod backgame;
pub mod consistency;
pub mod data;
pub mod dice;
pub mod distill;
pub mod ensemble;
pub mod exact;
pub mod gap;
pub mod mlp;
pub mod pipeline;
pub mod relabel;
pub mod selfplay;
pub mod style;
pub mod supervised;
pub mod td;
pub mod trajectory;
pub mod variants;
pub mod widen;

use ncbg::numbers::Side;
use ncbg::rng::Rng;
use ncbg::search::{Knob, Settings, Tune};

/// X or Y, evenly (one draw of `rng.index(2)`, so that runs made before it
/// replay).
pub fn either_side(rng: &mut Rng) -> Side {
    if rng.index(2) == 0 {
        Side::X
    } else {
        Side::Y
    }
}

/// The search settings of every search the trainer runs (self-play,
/// relabelling, the arena): the engine's search as it was when the
/// documented generations were made, so that their commands replay game
/// for game. The games have since chosen (`ncbg::search::SearchProfile`)
/// the reduction of 1 past the filter's cut (the `FilterReduction` knob)
/// and, in NC-Hypergammon, the futility margin of 300
/// (`HyperFutilityMargin`) and at k = 3 and 4 the filter of 4
/// (`HyperMoveFilterSmallAlphabet`); the trainer keeps 0 for the first two
/// (the children past the move filter's cut left out, no futility pruning),
/// NC-Hypergammon's filter of 6 at every k and every game's push for
/// progress (150 quiet turns, 4 mp a pip), which the engine's Backgammon
/// Race has again too.
pub fn search_settings() -> Settings {
    let mut tune = Tune::new();
    for (knob, value) in [
        (
            Knob::HyperMoveFilterSmallAlphabet,
            ncbg::search::DEFAULT_HYPER_MOVE_FILTER as u32,
        ),
        (Knob::FilterReduction, 0),
        (Knob::FutilityMargin, 0),
        (Knob::HyperFutilityMargin, 0),
        (Knob::ProgressAfter, ncbg::search::DEFAULT_PROGRESS_AFTER),
        (
            Knob::ProgressWeight,
            ncbg::search::DEFAULT_PROGRESS_WEIGHT as u32,
        ),
    ] {
        tune.set(knob, value).expect("in the knob's range");
    }
    Settings {
        tune,
        ..Settings::default()
    }
}

#[cfg(test)]
mod tests {
    use ncbg::board::Variant;
    use ncbg::game::GameState;
    use ncbg::numbers::NumberRules;
    use ncbg::search::SearchProfile;

    fn start(variant: Variant, k: u8) -> GameState {
        GameState::start(variant, NumberRules::new(k, 0).unwrap())
    }

    /// The trainer's search is the engine's of the documented generations:
    /// filter 12 in the standard game, 6 in NC-Hypergammon at every k, no
    /// reduction past the cut, no futility pruning; the rest the game's.
    #[test]
    fn the_trainer_searches_as_the_generations_did() {
        let settings = super::search_settings();
        for (variant, k, filter) in [
            (Variant::Standard, 6, 12),
            (Variant::Nackgammon, 3, 12),
            (Variant::Race, 6, 12),
            (Variant::Anti, 6, 12),
            (Variant::Hypergammon, 3, 6),
            (Variant::Hypergammon, 4, 6),
            (Variant::Hypergammon, 7, 6),
        ] {
            let state = start(variant, k);
            assert_eq!(
                settings.profile_for(&state),
                SearchProfile {
                    move_filter: filter,
                    filter_reduction: 0,
                    futility_margin: 0,
                    // The race too: every game's push for progress.
                    ..SearchProfile::for_state(&start(Variant::Standard, k))
                },
                "{variant:?} k {k}"
            );
        }
    }
}
