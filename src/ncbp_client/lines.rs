//! NCBP lines, for both sides of the protocol: the engine reading its
//! commands (`crate::engine::input`) and the clients reading an engine's
//! output (the referee, `ncbg-gui`) cut bytes into lines with the one
//! [`LineSplitter`] and the one bound, [`MAX_LINE`].
//!
//! The splitter takes the bytes as they come (from a blocking `BufRead` or
//! an async reader) and yields whole lines of at most [`MAX_LINE`] bytes
//! (without the `\n`, or the `\r\n`); a longer line is
//! [`RawLine::TooLong`] as soon as it passes the bound, and the rest of it
//! is skipped, so a reader never keeps more than that. What to do with a
//! line too long is each side's: the engine answers it with an error and
//! reads on, a client stops reading ([`Line::TooLong`]: the engine
//! forfeits).

/// Longest NCBP line, either way (bytes, without the `\n` or `\r\n`).
pub const MAX_LINE: usize = 1 << 16;

/// A line as bytes, or the news that it was too long.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RawLine {
    /// A whole line, without its `\n` or `\r\n`.
    Bytes(Vec<u8>),
    /// A line longer than [`MAX_LINE`] (its bytes are skipped).
    TooLong,
}

/// What a client's splitter yields.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// A whole line, without its `\n` or `\r\n` (bad UTF-8 replaced).
    Text(String),
    /// A line longer than [`MAX_LINE`]: the output is not read further.
    TooLong,
}

/// Cuts a byte stream into bounded lines.
#[derive(Debug, Default)]
pub struct LineSplitter {
    line: Vec<u8>,
    /// In a line too long: skipping to its end.
    skipping: bool,
}

impl LineSplitter {
    /// A splitter with nothing pending.
    pub fn new() -> LineSplitter {
        LineSplitter::default()
    }

    /// Takes bytes from `chunk` up to the end of the first line in it (or
    /// all of it): how many were used, and the line if one ended or passed
    /// the bound (then the rest of that line is skipped as it comes).
    pub fn feed_bytes(&mut self, chunk: &[u8]) -> (usize, Option<RawLine>) {
        let (part, newline) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (&chunk[..i], true),
            None => (chunk, false),
        };
        let used = part.len() + usize::from(newline);
        if self.skipping {
            self.skipping = !newline;
            return (used, None);
        }
        // One byte of slack for a '\r' before the '\n'.
        if self.line.len() + part.len() > MAX_LINE + 1 {
            self.line = Vec::new();
            self.skipping = !newline;
            return (used, Some(RawLine::TooLong));
        }
        self.line.extend_from_slice(part);
        if !newline {
            return (used, None);
        }
        (used, Some(self.take()))
    }

    /// The line left without a `\n` at the end of the input, if any.
    pub fn finish(&mut self) -> Option<RawLine> {
        let skipped = std::mem::take(&mut self.skipping);
        (!skipped && !self.line.is_empty()).then(|| self.take())
    }

    fn take(&mut self) -> RawLine {
        let mut bytes = std::mem::take(&mut self.line);
        if bytes.last() == Some(&b'\r') {
            bytes.pop();
        }
        if bytes.len() > MAX_LINE {
            RawLine::TooLong
        } else {
            RawLine::Bytes(bytes)
        }
    }

    /// [`LineSplitter::feed_bytes`] for a client: the line as text (bad
    /// UTF-8 replaced). After [`Line::TooLong`] the caller stops reading.
    pub fn feed(&mut self, chunk: &[u8]) -> (usize, Option<Line>) {
        let (used, line) = self.feed_bytes(chunk);
        (
            used,
            line.map(|l| match l {
                RawLine::Bytes(b) => Line::Text(String::from_utf8_lossy(&b).into_owned()),
                RawLine::TooLong => Line::TooLong,
            }),
        )
    }
}

/// Reads `reader` to its end (or to a line too long, or until `sink`
/// returns false), giving each line to `sink`: the clients' blocking reader
/// loop. A last line without a `\n` is dropped (an engine's answer ends
/// with one).
pub fn read_lines(mut reader: impl std::io::BufRead, mut sink: impl FnMut(Line) -> bool) {
    let mut splitter = LineSplitter::new();
    loop {
        let chunk = match reader.fill_buf() {
            Ok([]) | Err(_) => return,
            Ok(chunk) => chunk,
        };
        let (used, line) = splitter.feed(chunk);
        reader.consume(used);
        let Some(line) = line else { continue };
        let last = line == Line::TooLong;
        if !sink(line) || last {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_all(bytes: Vec<u8>) -> Vec<Line> {
        let mut out = Vec::new();
        read_lines(std::io::Cursor::new(bytes), |l| {
            out.push(l);
            true
        });
        out
    }

    fn text(s: &str) -> Line {
        Line::Text(s.to_string())
    }

    #[test]
    fn lines_are_split_and_bounded() {
        assert_eq!(
            read_all(b"readyok\r\nbestmove 3\npartial".to_vec()),
            [text("readyok"), text("bestmove 3")]
        );
        let mut long = b"ok\n".to_vec();
        long.extend(std::iter::repeat_n(b'x', MAX_LINE + 1));
        long.extend(b"\nnever read\n");
        assert_eq!(read_all(long), [text("ok"), Line::TooLong]);
        for end in [&b"\n"[..], b"\r\n"] {
            let exact = [vec![b'y'; MAX_LINE], end.to_vec()].concat();
            match &read_all(exact)[0] {
                Line::Text(t) => assert_eq!(t.len(), MAX_LINE),
                other => panic!("{other:?}"),
            }
        }
    }

    #[test]
    fn a_line_may_come_in_pieces() {
        let mut s = LineSplitter::new();
        assert_eq!(s.feed(b"best"), (4, None));
        assert_eq!(s.feed(b"move 3\ninfo"), (7, Some(text("bestmove 3"))));
        assert_eq!(s.feed(b"info\n"), (5, Some(text("info"))));
        let big = vec![b'z'; MAX_LINE];
        assert_eq!(s.feed(&big), (MAX_LINE, None));
        // One byte of slack for a '\r', then too long at once.
        assert_eq!(s.feed(b"z"), (1, None));
        assert_eq!(s.feed(b"zz"), (2, Some(Line::TooLong)));
        // The rest of that line is skipped; the next one is read.
        assert_eq!(s.feed(b"zzz"), (3, None));
        assert_eq!(s.feed(b"z\nok\n"), (2, None));
        assert_eq!(s.feed(b"ok\n"), (3, Some(text("ok"))));
        assert_eq!(s.finish(), None);
        assert_eq!(s.feed(b"last"), (4, None));
        assert_eq!(s.finish(), Some(RawLine::Bytes(b"last".to_vec())));
    }
}
