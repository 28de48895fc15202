//! A `cmd=` value read as the words of a command, as a shell splits a
//! simple command, and a command's words written back so they read the
//! same (the match file's header).

/// Splits a `cmd=` value into the program and its arguments, as a shell
/// would split a simple command: words separated by whitespace; inside
/// single quotes every character is itself; inside double quotes a
/// backslash escapes `"`, `\\`, `$` and `` ` `` (before another character it
/// is kept); outside quotes a backslash makes the next character itself.
/// `''` or `""` is an empty word. No variables, globs or other shell
/// syntax: `sh -c '...'` runs a shell for that. An unclosed quote or a
/// backslash at the end is an error.
pub fn split_command(text: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = text.chars();
    let unclosed = |q: char| format!("cmd={text}: the {q} quote is not closed");
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => words.extend(word.take()),
            '\'' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => w.push(c),
                        None => return Err(unclosed('\'')),
                    }
                }
            }
            '"' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c @ ('"' | '\\' | '$' | '`')) => w.push(c),
                            Some(c) => {
                                w.push('\\');
                                w.push(c);
                            }
                            None => return Err(unclosed('"')),
                        },
                        Some(c) => w.push(c),
                        None => return Err(unclosed('"')),
                    }
                }
            }
            '\\' => match chars.next() {
                Some(c) => word.get_or_insert_with(String::new).push(c),
                None => {
                    return Err(format!(
                        "cmd={text}: a backslash at the end escapes nothing"
                    ))
                }
            },
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(word);
    Ok(words)
}

/// A command line as text that [`split_command`] reads back to the same
/// words: a word with whitespace, quotes or backslashes (or an empty one)
/// in single quotes, a `'` in it written `'\''`; other words as they are
/// (so a command of plain words reads as it always did).
pub fn quote_command(words: &[String]) -> String {
    let quoted: Vec<String> = words
        .iter()
        .map(|w| {
            let plain = !w.is_empty()
                && !w
                    .chars()
                    .any(|c| c.is_whitespace() || matches!(c, '\'' | '"' | '\\'));
            if plain {
                w.clone()
            } else {
                format!("'{}'", w.replace('\'', "'\\''"))
            }
        })
        .collect();
    quoted.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_split_as_a_shell_would_and_quoted_back() {
        let split = |t: &str| split_command(t).unwrap();
        assert_eq!(
            split("  ./eng --mode  random "),
            ["./eng", "--mode", "random"]
        );
        assert_eq!(
            split("'/opt/my engines/eng' -x"),
            ["/opt/my engines/eng", "-x"]
        );
        assert_eq!(
            split("sh -c 'exec ./eng \"$@\" 2>/dev/null' eng"),
            ["sh", "-c", "exec ./eng \"$@\" 2>/dev/null", "eng"]
        );
        assert_eq!(split(r#"a" b"c 'd'"e\"f" g\ h"#), ["a bc", "de\"f", "g h"]);
        assert_eq!(split(r#""a\$\\b\n""#), ["a$\\b\\n"]);
        assert_eq!(split("x '' \"\""), ["x", "", ""]);
        assert_eq!(split(r"it\'s"), ["it's"]);
        assert!(split_command("sh -c 'x")
            .unwrap_err()
            .contains("' quote is not closed"));
        assert!(split_command("a \"b")
            .unwrap_err()
            .contains("\" quote is not closed"));
        assert!(split_command("a \\")
            .unwrap_err()
            .contains("backslash at the end"));
        let odd = vec![
            "it's".to_string(),
            String::new(),
            "a\\b".into(),
            "plain".into(),
        ];
        assert_eq!(split_command(&quote_command(&odd)).unwrap(), odd);
    }
}
