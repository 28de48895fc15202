//! Placeholder, filled in with the game state.
