//! When a search's `bestmove` is printed (`protocol/ncbp.md`, `go` and
//! `stop`): as soon as the search ends, except after `go infinite`, whose
//! answer is held until `stop` (or `quit`) even when the search ends first
//! (at its depth cap, or on a finished line). At the end of input a search
//! with a limit (depth, nodes, time, `perft`, `bench`) runs to its end; an
//! infinite one is stopped ([`Pending::end_of_input`]).
//!
//! The binary's main loop owns one [`Pending`] and asks it what to do with a
//! finished search and with `stop`; the rule lives here, without I/O.

use super::search_job::SearchDone;

/// The search under way, as the loop that prints its answer sees it.
#[derive(Default)]
pub struct Pending {
    running: Option<Running>,
}

struct Running {
    /// `go infinite`: the `bestmove` waits for `stop` even if the search ends.
    infinite: bool,
    /// `stop` (or `quit`) was received.
    stopped: bool,
    /// The finished search, held back until `stop` (infinite only).
    held: Option<SearchDone>,
}

impl Pending {
    /// No search under way.
    pub fn new() -> Pending {
        Pending::default()
    }

    /// A search was started (`infinite`: by `go infinite`).
    pub fn start(&mut self, infinite: bool) {
        self.running = Some(Running {
            infinite,
            stopped: false,
            held: None,
        });
    }

    /// True while a search is under way or its answer is held.
    pub fn is_running(&self) -> bool {
        self.running.is_some()
    }

    /// The search ended: the answer to print now, or `None` when it is held
    /// until `stop`.
    pub fn finished(&mut self, done: SearchDone) -> Option<SearchDone> {
        match self.running.as_mut() {
            Some(run) if run.infinite && !run.stopped => {
                run.held = Some(done);
                None
            }
            _ => {
                self.running = None;
                Some(done)
            }
        }
    }

    /// The input ended: an infinite search is stopped as by `stop` (the
    /// same answer as [`Pending::stop`]); a search with a limit is left to
    /// finish, so `echo bench | ncbg` prints the whole count (`(false, None)`,
    /// as when nothing runs). The caller exits once nothing
    /// [`is_running`](Pending::is_running).
    pub fn end_of_input(&mut self) -> (bool, Option<SearchDone>) {
        match &self.running {
            Some(run) if run.infinite => self.stop(),
            _ => (false, None),
        }
    }

    /// `stop` or `quit` arrived: false when no search is under way (nothing
    /// to stop); otherwise the search must be stopped, and a held answer is
    /// handed back to print at once.
    pub fn stop(&mut self) -> (bool, Option<SearchDone>) {
        let Some(run) = self.running.as_mut() else {
            return (false, None);
        };
        run.stopped = true;
        match run.held.take() {
            Some(done) => {
                self.running = None;
                (true, Some(done))
            }
            None => (true, None),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::Handcrafted;
    use crate::search::Searcher;

    fn done(n: u8) -> SearchDone {
        SearchDone {
            searcher: Searcher::new(1, Box::new(Handcrafted::default())),
            bestmove: format!("bestmove {n}"),
        }
    }

    #[test]
    fn an_infinite_search_is_held_until_stop() {
        let mut p = Pending::new();
        assert!(matches!(p.stop(), (false, None)));
        p.start(true);
        assert!(p.finished(done(3)).is_none());
        assert!(p.is_running());
        let (stop, held) = p.stop();
        assert!(stop);
        assert_eq!(held.unwrap().bestmove, "bestmove 3");
        assert!(!p.is_running());
    }

    #[test]
    fn other_searches_answer_when_they_end() {
        let mut p = Pending::new();
        p.start(false);
        assert_eq!(p.finished(done(2)).unwrap().bestmove, "bestmove 2");
        assert!(!p.is_running());
        // stopped before it ended: the answer follows the stop.
        p.start(true);
        assert!(matches!(p.stop(), (true, None)));
        assert_eq!(p.finished(done(4)).unwrap().bestmove, "bestmove 4");
    }

    #[test]
    fn the_end_of_input_stops_only_an_infinite_search() {
        let mut p = Pending::new();
        assert!(matches!(p.end_of_input(), (false, None)));
        // A limited search runs on and answers when it ends.
        p.start(false);
        assert!(matches!(p.end_of_input(), (false, None)));
        assert!(p.is_running());
        assert_eq!(p.finished(done(2)).unwrap().bestmove, "bestmove 2");
        assert!(!p.is_running());
        // An infinite one is stopped; a held answer comes at once.
        p.start(true);
        assert!(matches!(p.end_of_input(), (true, None)));
        assert_eq!(p.finished(done(4)).unwrap().bestmove, "bestmove 4");
        p.start(true);
        assert!(p.finished(done(5)).is_none());
        let (stop, held) = p.end_of_input();
        assert!(stop);
        assert_eq!(held.unwrap().bestmove, "bestmove 5");
        assert!(!p.is_running());
    }
}
