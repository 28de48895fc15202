//! `ncbg-referee merge` on a file that is not a match file says so as
//! `ncbg analyze` does (what the file is not, and its first line), where it
//! said "no engine names in the header" of a file that has none.

mod referee_support;

use referee_support::*;

#[test]
fn merge_of_a_file_without_a_header_says_it_is_not_a_match_file() {
    let dir = temp_dir("merge-not-a-match");
    let file = dir.join("notes.txt");
    std::fs::write(&file, "hello\nworld\n").unwrap();
    let out = referee_output(&args(&["merge", &file.display().to_string()]));
    let err = stderr_of(&out);
    assert!(!out.status.success(), "{err}");
    assert!(err.contains("not a referee match file"), "{err}");
    assert!(err.contains("(first line: 'hello')"), "{err}");
    assert!(out.stdout.is_empty());
    let _ = std::fs::remove_dir_all(dir);
}
