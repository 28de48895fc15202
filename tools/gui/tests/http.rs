//! The server over raw HTTP: foreign `Host` and `Origin` headers are
//! refused, bad requests get a clear error and change nothing.

mod common;

use common::engines;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};

struct Kill(std::process::Child);

impl Drop for Kill {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Sends one request; returns the status code and the body.
fn request(
    port: u16,
    method: &str,
    path: &str,
    headers: &[(&str, String)],
    body: &str,
) -> (u16, String) {
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    let mut req = format!(
        "{method} {path} HTTP/1.1\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    for (k, v) in headers {
        req.push_str(&format!("{k}: {v}\r\n"));
    }
    req.push_str("\r\n");
    req.push_str(body);
    s.write_all(req.as_bytes()).unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).unwrap();
    let code = out.split_whitespace().nth(1).unwrap().parse().unwrap();
    let body = out
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_string())
        .unwrap_or_default();
    (code, body)
}

#[test]
fn foreign_hosts_and_bad_requests_are_refused() {
    let te = &engines().1;
    let dir = std::env::temp_dir();
    let mut child = Command::new(env!("CARGO_BIN_EXE_ncbg-gui"))
        .args(["--port", "0", "--dir"])
        .arg(&dir)
        .args([
            "--engine",
            &format!("cmd={} --mode random", te.display()),
            "name=r",
        ])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let _kill = Kill(child);
    let port: u16 = line
        .split("127.0.0.1:")
        .nth(1)
        .unwrap()
        .split('/')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    let host = ("Host", format!("127.0.0.1:{port}"));
    let json = ("Content-Type", "application/json".to_string());
    assert_eq!(
        request(port, "GET", "/", std::slice::from_ref(&host), "").0,
        200
    );
    assert_eq!(
        request(
            port,
            "GET",
            "/",
            &[("Host", format!("localhost:{port}"))],
            ""
        )
        .0,
        200
    );
    // DNS rebinding: a name that resolves here but is not ours.
    assert_eq!(
        request(
            port,
            "GET",
            "/api/state",
            &[("Host", format!("evil.example:{port}"))],
            ""
        )
        .0,
        403
    );
    assert_eq!(request(port, "GET", "/api/state", &[], "").0, 403);
    let origin = ("Origin", "http://evil.example".to_string());
    assert_eq!(
        request(
            port,
            "POST",
            "/api/pick",
            &[host.clone(), json.clone(), origin],
            r#"{"n":3}"#
        )
        .0,
        403
    );
    let (_, before) = request(port, "GET", "/api/state", std::slice::from_ref(&host), "");
    // A link inside the folder is not followed, whatever it points at.
    let link = format!("ncbg-gui-http-link-{}.txt", std::process::id());
    let _ = std::fs::remove_file(dir.join(&link));
    std::os::unix::fs::symlink("/etc/hostname", dir.join(&link)).unwrap();
    let link_body = format!(r#"{{"name":"{link}"}}"#);
    let (code, text) = request(
        port,
        "POST",
        "/api/review/load",
        &[host.clone(), json.clone()],
        &link_body,
    );
    std::fs::remove_file(dir.join(&link)).unwrap();
    assert_eq!(code, 400, "{text}");
    assert!(text.contains("is a link"), "{text}");
    // Bad requests: a clear error, nothing changes.
    for (path, body) in [
        ("/api/step", "{}"),
        ("/api/search", r#"{"depth":1,"movetime":0,"delay":70000}"#),
        ("/api/pick", "{"),
        ("/api/pick", r#"{"n":"x"}"#),
        ("/api/pick", r#"{"n":9}"#),
        ("/api/play", r#"{"play":"24/18"}"#),
        (
            "/api/newgame",
            r#"{"k":2,"credits":2,"variant":"standard","x":"human","y":"A"}"#,
        ),
        ("/api/restart", r#"{"slot":"Q"}"#),
        ("/api/save", r#"{"name":"../x","format":"match"}"#),
        ("/api/review/load", r#"{"name":"/etc/passwd"}"#),
        ("/api/review/analyze", r#"{"game":5,"depth":2}"#),
        // A depth beyond 6, a preset that does not exist, no such game
        // with the default analysis.
        ("/api/review/analyze", r#"{"game":0,"depth":9}"#),
        ("/api/review/analyze", r#"{"game":0,"preset":"deep"}"#),
        ("/api/review/analyze", r#"{"game":5}"#),
        ("/api/hints", r#"{"on":"yes"}"#),
        // The cube: no such action, a double with no cube in this game, a
        // take with no double offered, the next game of an unfinished game,
        // a match too long, beavers in a match.
        ("/api/cube", r#"{"action":"redouble"}"#),
        ("/api/cube", r#"{"action":"double"}"#),
        ("/api/cube", r#"{"action":"take"}"#),
        ("/api/cube", "{}"),
        ("/api/nextgame", "{}"),
        (
            "/api/newgame",
            r#"{"k":6,"credits":2,"variant":"standard","x":"human","y":"A","stakes":{"match_length":65}}"#,
        ),
        (
            "/api/newgame",
            r#"{"k":6,"credits":2,"variant":"standard","x":"human","y":"A","stakes":{"match_length":5,"beavers":true}}"#,
        ),
    ] {
        let (code, text) = request(port, "POST", path, &[host.clone(), json.clone()], body);
        assert_eq!(code, 400, "{path} {body}: {text}");
        assert!(text.contains("error"), "{path}: {text}");
    }
    // A position from a full-state ID: its board; a bad ID, a clear error.
    for id in [
        "nonsense",
        "",
        "4HPwATDgc%2FABMA%3AXpick%3Ax-y-%3Ad22%3Ak99",
    ] {
        let (code, text) = request(
            port,
            "GET",
            &format!("/api/position?id={id}"),
            std::slice::from_ref(&host),
            "",
        );
        assert_eq!(code, 400, "{id}: {text}");
        assert!(text.contains("error"), "{id}: {text}");
    }
    let (code, text) = request(
        port,
        "GET",
        "/api/position?id=4HPwATDgc%2FABMA%3AXpick%3Ax-y-%3Ad22%3Ak6",
        std::slice::from_ref(&host),
        "",
    );
    assert_eq!(code, 200, "{text}");
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["board"]["x"][6], 5, "{text}");
    assert_eq!(v["to_move"], "X");
    let (_, after) = request(port, "GET", "/api/state", std::slice::from_ref(&host), "");
    let game = |t: &str| serde_json::from_str::<serde_json::Value>(t).unwrap()["game"].clone();
    assert_eq!(game(&before), game(&after));
    // A good pick is taken.
    assert_eq!(
        request(
            port,
            "POST",
            "/api/pick",
            &[host.clone(), json],
            r#"{"n":3}"#
        )
        .0,
        200
    );
}

/// A closed stdout (`ncbg-gui | head -0`, a terminal gone) does not stop
/// the server: its one line to stdout is not a panic.
#[test]
fn a_closed_stdout_does_not_stop_the_server() {
    let te = &engines().1;
    let mut child = Command::new(env!("CARGO_BIN_EXE_ncbg-gui"))
        .args(["--port", "0", "--dir"])
        .arg(std::env::temp_dir())
        .args([
            "--engine",
            &format!("cmd={} --mode random", te.display()),
            "name=r",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let exited = child.try_wait().unwrap();
    let mut child = Kill(child);
    let mut err = String::new();
    if exited.is_some() {
        child
            .0
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut err)
            .unwrap();
    }
    assert!(exited.is_none(), "ncbg-gui ended: {exited:?} {err}");
}
