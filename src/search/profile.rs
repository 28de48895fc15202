//! The search's tuning, chosen by the game: [`SearchProfile::for_game`]
//! gives the move filter, the futility margin, the depth parity and the
//! push for progress a game is searched with, from its checkers a side and
//! its alphabet (Backgammon Race, Anti-Backgammon and Nackgammon are
//! searched as the standard game). They are not engine options (as a chess
//! engine keeps its tuning out of its option list): a user chooses the
//! game, and the game its search. The one
//! exception is the user's `MoveFilter`
//! ([`super::Settings::move_filter`]), a speed-for-width trade of every
//! game but NC-Hypergammon, whose filter is its own.
//!
//! Experiments still try other values: a [`super::Tune`] (module `tune`,
//! the engine's `ncbg --tune NAME=VALUE`) changes the profile the game
//! chose, one named knob at a time.

use crate::game::GameState;

/// The move filter of every game but NC-Hypergammon: at 100 ms a move it
/// beat the full-width search by +49.6 Elo (95%: +8 .. +93, 240 games, 2
/// shared cores), reaching depth 5 instead of 3-4 in the opening. The
/// engine's `MoveFilter` option starts at it.
pub const DEFAULT_MOVE_FILTER: usize = 12;

/// The move filter in NC-Hypergammon. Three checkers a side have a dozen
/// plays or fewer where fifteen have dozens, so the standard game's filter
/// never cut there; with this one (and [`DEFAULT_FILTER_REDUCTION`]) the
/// search spends its nodes deeper on the likely lines. At k = 3 it beat
/// the filter of 12 by +63 to +145 Elo at 20,000 nodes a move in each of
/// four 120-game matches and passed an SPRT at 60,000 nodes (+39.7, 95%:
/// +8.4 .. +71.1); at k = 4 +78 and +6, k = 6 +63, k = 6 with two credits +8.5
/// and +60 (`docs/lab/search-options.md`, the Hypergammon move filter).
pub const DEFAULT_HYPER_MOVE_FILTER: usize = 6;

/// The largest alphabet (k) whose NC-Hypergammon games search with
/// [`DEFAULT_SMALL_ALPHABET_HYPER_MOVE_FILTER`].
pub const SMALL_ALPHABET: u8 = 4;

/// The move filter in NC-Hypergammon at k = 3 and 4. With one number to
/// pick a turn at k = 3 (two at k = 4, without credits) a state has a
/// median of 6 (11) turns, where the filter of 6 barely cuts. Against it
/// in self-play, 120 games a match, the filter of 4 scored at k = 3 +87.2
/// and +5.7 at 20,000 nodes a move, +22.8 and +2.8 at 60,000 (+31.4 with
/// two credits); at k = 4 −22.8 and +42.9 at 20,000, +22.8 and +22.8 at
/// 60,000 (+2.8 with two credits); at k = 5 and 6 with two credits it lost
/// (−28.5 each), so those keep [`DEFAULT_HYPER_MOVE_FILTER`]
/// (`docs/lab/search-options.md`, the filter per alphabet).
pub const DEFAULT_SMALL_ALPHABET_HYPER_MOVE_FILTER: usize = 4;

/// Children of each number kept past the move filter's cut: none.
pub const DEFAULT_FILTER_PER_NUMBER: usize = 0;

/// The children past the move filter's cut are searched one turn
/// shallower (where that leaves at least one turn). The filter ranks by
/// the static value, and the net misjudges some replies badly (above all
/// a number that the side bearing in or off against an anchor cannot play
/// next turn): cut, they were never searched, and the sparring partner's
/// players found them. See `docs/lab/search-options.md` (`FilterReduction`)
/// for the matches.
pub const DEFAULT_FILTER_REDUCTION: u32 = 1;

/// The futility margin in NC-Hypergammon (millipoints). A node one turn
/// from the leaves whose static value is already past the null window by
/// the margin is not expanded, so the nodes go a turn deeper. At k = 3 it
/// beat the engine without it by +47.3 Elo at equal time (30 ms a move,
/// 95%: +16.4 .. +78.2, 360 games) and by +75.2 at 20,000 nodes (+22.0 ..
/// +128.4, 120 games); at 20,000 nodes k = 4 +105.7, k = 5 with two credits
/// +141.1, k = 6 with two credits +108.8. It beat a margin of 60 head to
/// head (+34.3 and +90.3 at k = 3) and keeps k = 4's exact figures, where 60
/// lost some. In the standard game a margin of 60 was level at equal time
/// (+14.2, 95%: −37.8 .. +66.3), so 15 checkers a side keep the search
/// without it ([`DEFAULT_FUTILITY_MARGIN`]). See
/// `docs/lab/search-options.md` ("Futility at the frontier").
pub const DEFAULT_HYPER_FUTILITY_MARGIN: i32 = 300;

/// The futility margin of every game but NC-Hypergammon: off (see
/// [`DEFAULT_HYPER_FUTILITY_MARGIN`]).
pub const DEFAULT_FUTILITY_MARGIN: i32 = 0;

/// Turns without a checker borne off after which the side ahead presses for
/// progress ([`SearchProfile::progress_after`]; 0: never). Backgammon Race
/// too: its own earlier push (10 turns, 8 mp) lost more games to `deep`
/// than this one (`docs/strength.md`, "Backgammon Race and
/// Anti-Backgammon", where the rows and their caps are).
pub const DEFAULT_PROGRESS_AFTER: u32 = 150;

/// Millipoints a pip of race lead when pressing for progress
/// ([`SearchProfile::progress_weight`]).
pub const DEFAULT_PROGRESS_WEIGHT: i32 = 4;

/// How one game is searched: the tuning its search runs with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchProfile {
    /// Move filter: below the root, a node at least two turns from the
    /// leaves searches only its this many best children by static value
    /// (0: all of them).
    pub move_filter: usize,
    /// With the move filter: a node to pick a number also keeps, past the
    /// filter's cut, the best this many children of each number it can
    /// pick, so that no number (half of the opponent's next pair) goes
    /// unsearched (0: the filter alone).
    pub filter_per_number: usize,
    /// With the move filter: the children past its cut are searched this
    /// many turns shallower, with a null window that asks whether they
    /// beat the best, and in full only if they do (0: they are not
    /// searched). See [`DEFAULT_FILTER_REDUCTION`].
    pub filter_reduction: u32,
    /// Depth parity: 0 answers with the last completed depth; 1 searches
    /// every depth but answers with the last completed odd one (or the
    /// depth limit); 2 searches only odd depths (and the depth limit).
    pub odd_depths: u8,
    /// Futility pruning at the frontier, in millipoints (0: off): a node
    /// one turn from the leaves, searched with a null window, whose static
    /// value lies this far or more beyond the window returns that value
    /// moved by the margin towards the window, without expanding its
    /// children.
    pub futility_margin: i32,
    /// Pressing for progress: once a game has gone this many turns since a
    /// checker was last borne off (or a credit spent), and the side to move
    /// leads by [`super::PROGRESS_LEAD`], every static value gains
    /// [`SearchProfile::progress_weight`] millipoints a pip of its side's
    /// race lead (0: never; module `progress`).
    pub progress_after: u32,
    /// Millipoints a pip of race lead in a long game (see
    /// [`SearchProfile::progress_after`]).
    pub progress_weight: i32,
}

/// The games whose searches are tuned apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Family {
    /// NC-Hypergammon (three checkers a side) at k up to [`SMALL_ALPHABET`].
    HyperSmallAlphabet,
    /// NC-Hypergammon at a larger k.
    Hyper,
    /// Every other game (fifteen checkers a side, any start).
    Other,
}

impl Family {
    pub(super) fn of(checkers_per_side: u8, k: u8) -> Family {
        if checkers_per_side != crate::board::Variant::Hypergammon.checkers_per_side() {
            Family::Other
        } else if k <= SMALL_ALPHABET {
            Family::HyperSmallAlphabet
        } else {
            Family::Hyper
        }
    }

    pub(super) fn is_hyper(self) -> bool {
        self != Family::Other
    }
}

impl SearchProfile {
    /// The search of a game of `checkers_per_side` checkers a side at
    /// alphabet `k` (any doublet credits): in NC-Hypergammon (three a
    /// side) the move filter [`DEFAULT_SMALL_ALPHABET_HYPER_MOVE_FILTER`] up
    /// to k = [`SMALL_ALPHABET`] and [`DEFAULT_HYPER_MOVE_FILTER`] above, and
    /// the futility margin [`DEFAULT_HYPER_FUTILITY_MARGIN`]; in every other
    /// game [`DEFAULT_MOVE_FILTER`] and no futility pruning. The rest is
    /// every game's: [`DEFAULT_FILTER_PER_NUMBER`],
    /// [`DEFAULT_FILTER_REDUCTION`], the last completed depth answers, and
    /// the push for progress after [`DEFAULT_PROGRESS_AFTER`] quiet turns.
    pub fn for_game(checkers_per_side: u8, k: u8) -> SearchProfile {
        let family = Family::of(checkers_per_side, k);
        SearchProfile {
            move_filter: match family {
                Family::HyperSmallAlphabet => DEFAULT_SMALL_ALPHABET_HYPER_MOVE_FILTER,
                Family::Hyper => DEFAULT_HYPER_MOVE_FILTER,
                Family::Other => DEFAULT_MOVE_FILTER,
            },
            filter_per_number: DEFAULT_FILTER_PER_NUMBER,
            filter_reduction: DEFAULT_FILTER_REDUCTION,
            odd_depths: 0,
            futility_margin: if family.is_hyper() {
                DEFAULT_HYPER_FUTILITY_MARGIN
            } else {
                DEFAULT_FUTILITY_MARGIN
            },
            progress_after: DEFAULT_PROGRESS_AFTER,
            progress_weight: DEFAULT_PROGRESS_WEIGHT,
        }
    }

    /// The profile of the game `state` belongs to
    /// ([`SearchProfile::for_game`] of its checkers a side and alphabet).
    pub fn for_state(state: &GameState) -> SearchProfile {
        SearchProfile::for_game(state.position().checkers_per_side(), state.k())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_game_chooses_its_profile() {
        let standard = SearchProfile::for_game(15, 6);
        assert_eq!(
            standard,
            SearchProfile {
                move_filter: 12,
                filter_per_number: 0,
                filter_reduction: 1,
                odd_depths: 0,
                futility_margin: 0,
                progress_after: 150,
                progress_weight: 4,
            }
        );
        let hyper3 = SearchProfile::for_game(3, 3);
        assert_eq!(
            hyper3,
            SearchProfile {
                move_filter: 4,
                futility_margin: 300,
                ..standard
            }
        );
        assert_eq!(SearchProfile::for_game(3, 4), hyper3);
        for k in 5..=9 {
            assert_eq!(
                SearchProfile::for_game(3, k),
                SearchProfile {
                    move_filter: 6,
                    ..hyper3
                }
            );
        }
        // Fifteen checkers at any k (nackgammon, race and anti too).
        for k in 3..=9 {
            assert_eq!(SearchProfile::for_game(15, k), standard);
        }
    }
}
