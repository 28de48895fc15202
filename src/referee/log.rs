//! The engine log (`--log FILE`): every line sent to and read from every
//! engine, one log line each, with the UTC time to the millisecond, the
//! engine's name and process id, and the direction:
//!
//! ```text
//! 2026-11-26T14:02:31.417Z alpha(41213) > go depth 3
//! 2026-11-26T14:02:31.421Z alpha(41213) < bestmove 6:24/18,13/8
//! 2026-11-26T14:02:31.400Z beta(41214) ! started: ./eng --mode random
//! ```
//!
//! `>` is a line the referee sent, `<` one the engine wrote, `!` an event of
//! the referee's (start, exit, kill). Lines of engines played at once are
//! interleaved in the order they happen. The caller opens the file; a write
//! that fails turns the log off (the match goes on) and is reported once.

use std::io::Write;
use std::sync::Mutex;
use std::time::{SystemTime, UNIX_EPOCH};

/// The direction of a logged line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// Sent to the engine.
    ToEngine,
    /// Written by the engine.
    FromEngine,
    /// An event: started, exited, killed.
    Event,
}

impl Direction {
    fn mark(self) -> char {
        match self {
            Direction::ToEngine => '>',
            Direction::FromEngine => '<',
            Direction::Event => '!',
        }
    }
}

/// A shared, line-buffered log of engine traffic.
pub struct EngineLog {
    out: Mutex<Option<Box<dyn Write + Send>>>,
}

impl EngineLog {
    /// A log written to `out` (each line flushed at once).
    pub fn new(out: Box<dyn Write + Send>) -> EngineLog {
        EngineLog {
            out: Mutex::new(Some(out)),
        }
    }

    /// Logs `text` of the engine `name` (process `pid`) going `dir`.
    pub fn line(&self, name: &str, pid: u32, dir: Direction, text: &str) {
        let stamp = utc_stamp(SystemTime::now());
        let Ok(mut guard) = self.out.lock() else {
            return;
        };
        let Some(out) = guard.as_mut() else { return };
        let ok =
            writeln!(out, "{stamp} {name}({pid}) {} {text}", dir.mark()).and_then(|_| out.flush());
        if let Err(e) = ok {
            // Not eprintln!: a closed stderr must not end the match.
            let _ = writeln!(
                std::io::stderr(),
                "ncbg-referee: the engine log cannot be written ({e}): logging stops"
            );
            *guard = None;
        }
    }
}

/// `time` as `YYYY-MM-DDTHH:MM:SS.mmmZ`.
pub fn utc_stamp(time: SystemTime) -> String {
    let since = time.duration_since(UNIX_EPOCH).unwrap_or_default();
    let secs = since.as_secs();
    let (days, rest) = (secs / 86_400, secs % 86_400);
    let (y, m, d) = civil_from_days(days as i64);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}.{:03}Z",
        rest / 3600,
        rest / 60 % 60,
        rest % 60,
        since.subsec_millis()
    )
}

/// The date of `days` after 1970-01-01 (Howard Hinnant's algorithm).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::time::Duration;

    #[test]
    fn stamps_are_utc_dates() {
        assert_eq!(utc_stamp(UNIX_EPOCH), "1970-01-01T00:00:00.000Z");
        let t = UNIX_EPOCH + Duration::from_millis(1_795_702_951_417);
        assert_eq!(utc_stamp(t), "2026-11-26T14:22:31.417Z");
        let leap = UNIX_EPOCH + Duration::from_secs(951_782_400); // 2000-02-29
        assert_eq!(utc_stamp(leap), "2000-02-29T00:00:00.000Z");
    }

    #[derive(Clone, Default)]
    struct Shared(Arc<Mutex<Vec<u8>>>);
    impl Write for Shared {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(b);
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn lines_name_the_engine_and_direction() {
        let buf = Shared::default();
        let log = EngineLog::new(Box::new(buf.clone()));
        log.line("alpha", 7, Direction::ToEngine, "go depth 3");
        log.line("beta", 8, Direction::FromEngine, "bestmove 3");
        let text = String::from_utf8(buf.0.lock().unwrap().clone()).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert!(
            lines[0].ends_with("Z alpha(7) > go depth 3"),
            "{}",
            lines[0]
        );
        assert!(lines[1].ends_with("Z beta(8) < bestmove 3"), "{}", lines[1]);
    }
}
