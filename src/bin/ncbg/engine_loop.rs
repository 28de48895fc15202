//! The engine's threads, as in the chess engine Rustic: a reader thread turns
//! stdin into lines, a search thread runs `go`, and the main thread owns the
//! [`Session`] and stdout. They talk over one crossbeam channel of
//! [`Event`]s; `stop` reaches a running search through a shared flag that the
//! search polls. A watcher thread ends the engine when its stdout is closed.
//! When a `bestmove` is printed (the `go infinite` hold) is the library's
//! rule ([`Pending`]).

use crossbeam_channel::{unbounded, Receiver, Sender};
use ncbg::engine::{
    parse_command, Command, EngineError, LineReader, Pending, Reply, SearchDone, SearchJob, Session,
};
use ncbg::search::Tune;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread;

/// What the main thread waits for.
enum Event {
    /// A line from stdin, or the error line it deserves.
    Line(Result<String, EngineError>),
    /// Stdin is closed.
    Eof,
    /// An `info` line from the search thread.
    Info(String),
    /// The search thread finished a search.
    Done(SearchDone),
}

/// Writes protocol lines to stdout, flushing each.
struct Output(std::io::Stdout);

impl Output {
    fn line(&mut self, line: &str) {
        let mut out = self.0.lock();
        if writeln!(out, "{line}").and_then(|()| out.flush()).is_err() {
            // Nobody is listening any more.
            log::info!("stdout closed; exiting");
            std::process::exit(0);
        }
    }
}

/// Ends the engine as soon as nobody reads its stdout any more (the reading
/// end of a pipe closed), without waiting for the next line written: a
/// `go infinite` at its depth cap writes nothing until `stop`.
#[cfg(unix)]
fn spawn_stdout_watch() {
    thread::spawn(|| loop {
        let mut fd = libc::pollfd {
            fd: libc::STDOUT_FILENO,
            events: 0,
            revents: 0,
        };
        // SAFETY: one valid `pollfd`, its count, no timeout.
        let r = unsafe { libc::poll(&mut fd, 1, -1) };
        if r < 0 {
            if std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted {
                continue;
            }
            return;
        }
        if fd.revents & (libc::POLLERR | libc::POLLHUP) != 0 {
            log::info!("stdout closed; exiting");
            std::process::exit(0);
        }
        if fd.revents & libc::POLLNVAL != 0 {
            return;
        }
        thread::sleep(std::time::Duration::from_millis(50));
    });
}

#[cfg(not(unix))]
fn spawn_stdout_watch() {}

/// The reader thread. A `stop` or `quit` line also raises the stop flag at
/// once, a thread hop before the main thread handles the line: with every
/// core searching (`Threads`), waking one thread fewer keeps `stop` quick.
/// The main thread still handles the line as usual (a flag raised with no
/// search under way is lowered when the next search starts).
fn spawn_reader(events: Sender<Event>, stop: Arc<AtomicBool>) {
    thread::spawn(move || {
        let mut reader = LineReader::new(std::io::stdin().lock());
        while let Some(line) = reader.next_line() {
            // Only a line the session will take as `stop` or `quit` (the
            // same grammar): a rejected one must change nothing.
            if matches!(&line, Ok(l) if l.len() < 16
                && matches!(parse_command(l), Ok(Some(Command::Stop | Command::Quit))))
            {
                stop.store(true, Ordering::SeqCst);
            }
            if events.send(Event::Line(line)).is_err() {
                return;
            }
        }
        let _ = events.send(Event::Eof);
    });
}

fn spawn_searcher(jobs: Receiver<Box<SearchJob>>, events: Sender<Event>, stop: Arc<AtomicBool>) {
    thread::spawn(move || {
        for job in jobs {
            let mut emit = |line: String| {
                let _ = events.send(Event::Info(line));
            };
            let done = job.run_guarded(&stop, &mut emit);
            if events.send(Event::Done(done)).is_err() {
                return;
            }
        }
    });
}

/// The engine: runs until `quit`, or the end of stdin (after the search
/// under way, if it has a limit: [`Pending::end_of_input`]). `tune` (from
/// `--tune`) changes the search profile each game chooses, for experiments;
/// it is reported on stderr at the start.
pub fn run(tune: Tune) -> Result<(), String> {
    // A person at a terminal sees what the silent engine waits for; on
    // stderr, so that stdout stays protocol lines (a GUI's pipe is no
    // terminal and gets nothing).
    if std::io::IsTerminal::is_terminal(&std::io::stdin()) {
        errln!("ncbg {}: an NCBP engine (protocol/ncbp.md); type `ncbp` to start, `quit` to end, `ncbg --help` for the command-line tools", env!("CARGO_PKG_VERSION"));
    }
    let (events_tx, events) = unbounded::<Event>();
    let (jobs_tx, jobs) = unbounded::<Box<SearchJob>>();
    let stop = Arc::new(AtomicBool::new(false));
    spawn_stdout_watch();
    spawn_reader(events_tx.clone(), Arc::clone(&stop));
    spawn_searcher(jobs, events_tx, Arc::clone(&stop));

    if !tune.is_empty() {
        errln!("ncbg: tuned for an experiment (--tune): {tune}; the rest of the search as each game chooses");
    }
    let mut session = Session::with_tune(tune);
    let mut out = Output(std::io::stdout());
    let mut pending = Pending::new();
    let mut quitting = false;
    let mut input_ended = false;

    for event in events.iter() {
        match event {
            Event::Info(line) => out.line(&line),
            Event::Done(done) => {
                if let Some(done) = pending.finished(done) {
                    finish(&mut session, &mut out, done);
                }
            }
            Event::Eof => {
                log::debug!("end of input");
                input_ended = true;
                // An infinite search is stopped; one with a limit finishes.
                let (running, held) = pending.end_of_input();
                if running {
                    stop.store(true, Ordering::SeqCst);
                }
                if let Some(done) = held {
                    finish(&mut session, &mut out, done);
                }
            }
            Event::Line(_) if quitting => {}
            Event::Line(Err(e)) => out.line(&e.to_string()),
            Event::Line(Ok(line)) => {
                log::debug!("> {line}");
                match session.execute_line(&line) {
                    Reply::Lines(lines) => lines.iter().for_each(|l| out.line(l)),
                    Reply::Search(job) => {
                        stop.store(false, Ordering::SeqCst);
                        pending.start(job.limits.infinite);
                        jobs_tx
                            .send(job)
                            .map_err(|e| format!("the search thread is gone: {e}"))?;
                    }
                    Reply::Stop => stop_search(&mut pending, &stop, &mut session, &mut out),
                    Reply::Quit => quitting = true,
                }
            }
        }
        if quitting {
            // A running search is stopped; its bestmove comes first.
            stop_search(&mut pending, &stop, &mut session, &mut out);
            if !pending.is_running() {
                return Ok(());
            }
        }
        if input_ended && !pending.is_running() {
            return Ok(());
        }
    }
    Ok(())
}

/// Prints the `bestmove` of a finished search and makes the session idle.
fn finish(session: &mut Session, out: &mut Output, done: SearchDone) {
    out.line(&done.bestmove);
    session.search_finished(done.searcher);
}

/// Stops the running search, if any; prints a held `bestmove` at once.
fn stop_search(pending: &mut Pending, stop: &AtomicBool, session: &mut Session, out: &mut Output) {
    let (running, held) = pending.stop();
    if running {
        stop.store(true, Ordering::SeqCst);
    }
    if let Some(done) = held {
        finish(session, out, done);
    }
}
