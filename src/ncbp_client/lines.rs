//! An engine's output cut into lines, with a bound: [`LineSplitter`] takes
//! the bytes as they come (from a blocking `BufRead` or an async reader) and
//! yields whole lines of at most [`MAX_LINE`] bytes; a longer line is
//! [`Line::TooLong`] as soon as it passes the bound, and the reading stops
//! there, so an engine cannot make its client keep more than that.

/// Longest line an engine may write (bytes, without the newline).
pub const MAX_LINE: usize = 1 << 16;

/// What the splitter yields.
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
}

impl LineSplitter {
    /// A splitter with nothing pending.
    pub fn new() -> LineSplitter {
        LineSplitter::default()
    }

    /// Takes bytes from `chunk` up to the end of the first line in it (or
    /// all of it): how many were used, and the line if one ended. After
    /// [`Line::TooLong`] the caller stops reading (nothing was used).
    pub fn feed(&mut self, chunk: &[u8]) -> (usize, Option<Line>) {
        let (part, newline) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (&chunk[..i], true),
            None => (chunk, false),
        };
        if self.line.len() + part.len() > MAX_LINE {
            return (0, Some(Line::TooLong));
        }
        self.line.extend_from_slice(part);
        let used = part.len() + usize::from(newline);
        if !newline {
            return (used, None);
        }
        let text = String::from_utf8_lossy(&self.line);
        let text = text.trim_end_matches('\r').to_string();
        self.line.clear();
        (used, Some(Line::Text(text)))
    }
}

/// Reads `reader` to its end (or to a line too long, or until `sink`
/// returns false), giving each line to `sink`: the blocking reader loop.
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
        let exact = [vec![b'y'; MAX_LINE], b"\n".to_vec()].concat();
        match &read_all(exact)[0] {
            Line::Text(t) => assert_eq!(t.len(), MAX_LINE),
            other => panic!("{other:?}"),
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
        assert_eq!(s.feed(b"z"), (0, Some(Line::TooLong)));
    }
}
