//! Splitting the engine's input into protocol lines with bounded memory,
//! with the NCBP client's splitter and bound
//! ([`crate::ncbp_client::lines`]: one line reader, one [`MAX_LINE`] for
//! both sides of the protocol): a line longer than [`MAX_LINE`] bytes is
//! skipped as it is read and reported as `too-long`; a line that is not
//! UTF-8 is reported as `bad-encoding`.

use super::error::{EngineError, ErrorCode};
pub use crate::ncbp_client::lines::MAX_LINE;
use crate::ncbp_client::lines::{LineSplitter, RawLine};
use std::io::BufRead;

/// Reads lines from any [`BufRead`].
pub struct LineReader<R> {
    reader: R,
    splitter: LineSplitter,
}

impl<R: BufRead> LineReader<R> {
    /// Reads from `reader`.
    pub fn new(reader: R) -> LineReader<R> {
        LineReader {
            reader,
            splitter: LineSplitter::new(),
        }
    }

    /// The next line (without `\n`, and without a `\r` before it), or the
    /// error line it deserves; `None` at the end of the input (or when the
    /// input cannot be read any more). A last line without `\n` still counts.
    pub fn next_line(&mut self) -> Option<Result<String, EngineError>> {
        loop {
            let buf = match self.reader.fill_buf() {
                Ok(buf) => buf,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(_) => &[],
            };
            if buf.is_empty() {
                return self.splitter.finish().map(line_or_error);
            }
            let (used, line) = self.splitter.feed_bytes(buf);
            self.reader.consume(used);
            if let Some(line) = line {
                return Some(line_or_error(line));
            }
        }
    }
}

/// A line as text, or the error a line too long or not UTF-8 gets (also
/// for a caller that splits lines itself, as the WebAssembly engine does).
pub fn line_or_error(line: RawLine) -> Result<String, EngineError> {
    let bytes = match line {
        RawLine::Bytes(b) => b,
        RawLine::TooLong => {
            return Err(EngineError::new(
                ErrorCode::TooLong,
                format!("the line is longer than {MAX_LINE} bytes"),
            ))
        }
    };
    String::from_utf8(bytes).map_err(|e| {
        EngineError::new(
            ErrorCode::BadEncoding,
            format!(
                "the line is not valid UTF-8 (bad byte at offset {})",
                e.utf8_error().valid_up_to()
            ),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{BufReader, Cursor};

    fn lines(input: Vec<u8>, capacity: usize) -> Vec<Result<String, ErrorCode>> {
        let mut r = LineReader::new(BufReader::with_capacity(capacity, Cursor::new(input)));
        let mut out = Vec::new();
        while let Some(l) = r.next_line() {
            out.push(l.map_err(|e| e.code));
        }
        out
    }

    #[test]
    fn splits_and_rejects() {
        let mut input = b"isready\r\nd\n\n".to_vec();
        input.extend(vec![b'a'; MAX_LINE + 1]);
        input.extend(b"\n");
        input.extend(vec![b'b'; MAX_LINE]);
        input.extend(b"\r\n\xff\xfe\nlast");
        for capacity in [7, 4096, 1 << 20] {
            let got = lines(input.clone(), capacity);
            assert_eq!(got.len(), 7, "capacity {capacity}");
            assert_eq!(got[0], Ok("isready".into()));
            assert_eq!(got[1], Ok("d".into()));
            assert_eq!(got[2], Ok(String::new()));
            assert_eq!(got[3], Err(ErrorCode::TooLong));
            assert_eq!(got[4].as_ref().map(String::len), Ok(MAX_LINE));
            assert_eq!(got[5], Err(ErrorCode::BadEncoding));
            assert_eq!(got[6], Ok("last".into()));
        }
    }
}
