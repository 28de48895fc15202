//! The page's files, compiled into the program: the server serves them
//! (`http`) and `export-static` writes them to a folder (`site`). One page
//! for both: `transport.js` chooses how it talks to the board.

/// The page's files: name, MIME type, text.
pub const FILES: [(&str, &str, &str); 13] = [
    (
        "index.html",
        "text/html; charset=utf-8",
        include_str!("../web/index.html"),
    ),
    (
        "style.css",
        "text/css; charset=utf-8",
        include_str!("../web/style.css"),
    ),
    (
        "transport.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/transport.js"),
    ),
    (
        "board.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/board.js"),
    ),
    (
        "app.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/app.js"),
    ),
    (
        "record.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/record.js"),
    ),
    (
        "review.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/review.js"),
    ),
    (
        "anim.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/anim.js"),
    ),
    (
        "nc.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/nc.js"),
    ),
    (
        "watch.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/watch.js"),
    ),
    (
        "keys.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/keys.js"),
    ),
    (
        "cube.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/cube.js"),
    ),
    (
        "local-worker.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/local-worker.js"),
    ),
];

/// The icon: a dark and a light checker on the board's green.
pub const FAVICON: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#2f5d3a"/><circle cx="11" cy="16" r="8" fill="#f4efe1" stroke="#6f6a5c" stroke-width="1.5"/><circle cx="21" cy="16" r="8" fill="#26221f" stroke="#000" stroke-width="1.5"/></svg>"##;
