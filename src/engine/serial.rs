//! The engine on one thread, for a host without threads (WebAssembly in a
//! browser's Web Worker or under Node): bytes in, protocol lines out, with
//! the same [`Session`], line splitter and [`Pending`] rule as the `ncbg`
//! binary's threads. A search runs to its end inside the call that started
//! it; `stop` reaches it only through the host's interrupt
//! ([`crate::host`]), and otherwise applies when the line is read, after
//! the search (a held `go infinite` answer is then printed).

use super::input::line_or_error;
use super::{Pending, Reply, SearchDone, Session};
use crate::ncbp_client::lines::LineSplitter;
use crate::search::StopFlag;

/// What a call asks of the host after the input it was given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Reading on.
    Running,
    /// `quit` (or the end of input) was handled: nothing more will be read.
    Quit,
}

/// A session, its line splitter and the pending answer, driven by one
/// thread.
#[derive(Default)]
pub struct SerialEngine {
    session: Session,
    splitter: LineSplitter,
    pending: Pending,
    quitting: bool,
}

impl SerialEngine {
    /// A new engine (a new [`Session`]).
    pub fn new() -> SerialEngine {
        SerialEngine::default()
    }

    /// The session.
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// Reads `bytes` (any part of the input: whole lines, several, or a
    /// piece of one), executes each line as it ends, and gives every line
    /// the engine prints to `out`. `stop` is the searches' flag (lowered
    /// when a search starts, as the binary does).
    pub fn feed(&mut self, mut bytes: &[u8], stop: &StopFlag, out: &mut dyn FnMut(&str)) -> Status {
        while !bytes.is_empty() && !self.quitting {
            let (used, line) = self.splitter.feed_bytes(bytes);
            bytes = &bytes[used..];
            if let Some(line) = line {
                match line_or_error(line) {
                    Ok(text) => self.line(&text, stop, out),
                    Err(e) => out(&e.to_string()),
                }
            }
        }
        self.status()
    }

    /// The end of the input: a last line without `\n` is executed, and a
    /// held answer is printed.
    pub fn end(&mut self, stop: &StopFlag, out: &mut dyn FnMut(&str)) -> Status {
        if !self.quitting {
            if let Some(line) = self.splitter.finish() {
                match line_or_error(line) {
                    Ok(text) => self.line(&text, stop, out),
                    Err(e) => out(&e.to_string()),
                }
            }
        }
        let (_, held) = self.pending.end_of_input();
        if let Some(done) = held {
            self.finish(done, out);
        }
        self.quitting = true;
        Status::Quit
    }

    fn status(&self) -> Status {
        if self.quitting {
            Status::Quit
        } else {
            Status::Running
        }
    }

    fn line(&mut self, line: &str, stop: &StopFlag, out: &mut dyn FnMut(&str)) {
        log::debug!("> {line}");
        match self.session.execute_line(line) {
            Reply::Lines(lines) => lines.iter().for_each(|l| out(l)),
            Reply::Search(job) => {
                stop.store(false, std::sync::atomic::Ordering::SeqCst);
                self.pending.start(job.limits.infinite);
                let done = job.run_guarded(stop, &mut |l| out(&l));
                if let Some(done) = self.pending.finished(done) {
                    self.finish(done, out);
                }
            }
            Reply::Stop => self.stop(out),
            Reply::Quit => {
                self.stop(out);
                self.quitting = true;
            }
        }
    }

    /// `stop`: the search has ended already (it ran inside its call), so
    /// only a held `go infinite` answer is left to print.
    fn stop(&mut self, out: &mut dyn FnMut(&str)) {
        crate::host::stop_seen();
        let (_, held) = self.pending.stop();
        if let Some(done) = held {
            self.finish(done, out);
        }
    }

    fn finish(&mut self, done: SearchDone, out: &mut dyn FnMut(&str)) {
        out(&done.bestmove);
        self.session.search_finished(done.searcher);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(engine: &mut SerialEngine, input: &str) -> Vec<String> {
        let mut lines = Vec::new();
        engine.feed(input.as_bytes(), &StopFlag::new(false), &mut |l| {
            lines.push(l.to_string())
        });
        lines
    }

    #[test]
    fn a_line_split_across_calls_is_read_once_whole() {
        let mut e = SerialEngine::new();
        assert!(run(&mut e, "isre").is_empty());
        assert_eq!(run(&mut e, "ady\nisready\n"), ["readyok", "readyok"]);
    }

    #[test]
    fn go_answers_within_the_call_with_the_binarys_lines() {
        let mut e = SerialEngine::new();
        let out = run(&mut e, "position startpos moves 3 5\ngo depth 2\n");
        assert!(out[0].starts_with("info depth 1 score"), "{out:?}");
        let best = out.last().unwrap();
        assert!(best.starts_with("bestmove "), "{out:?}");
        // The session is idle again: a position is taken.
        assert_eq!(run(&mut e, "isready\n"), ["readyok"]);
        assert!(!e.session().is_busy());
    }

    #[test]
    fn an_infinite_searchs_answer_waits_for_stop_and_busy_refuses_meanwhile() {
        let mut e = SerialEngine::new();
        // The flag is lowered as the search starts; the first `info` line
        // raises it, as a host's interrupt would.
        let stop = StopFlag::new(true);
        let mut out = Vec::new();
        e.feed(b"go infinite\n", &stop, &mut |l| {
            out.push(l.to_string());
            stop.store(true, std::sync::atomic::Ordering::SeqCst);
        });
        assert!(out[0].starts_with("info depth"), "{out:?}");
        assert!(out.iter().all(|l| !l.starts_with("bestmove")), "{out:?}");
        let refused = run(&mut e, "position startpos\n");
        assert!(refused[0].starts_with("error busy"), "{refused:?}");
        let answer = run(&mut e, "stop\n");
        assert_eq!(answer.len(), 1);
        assert!(answer[0].starts_with("bestmove "), "{answer:?}");
    }

    #[test]
    fn quit_ends_reading_and_bad_lines_get_their_errors() {
        let mut e = SerialEngine::new();
        let mut out = Vec::new();
        let status = e.feed(b"\xff\nquit\nisready\n", &StopFlag::new(false), &mut |l| {
            out.push(l.to_string())
        });
        assert_eq!(status, Status::Quit);
        assert_eq!(out.len(), 1);
        assert!(out[0].starts_with("error bad-encoding"), "{out:?}");
    }
}
