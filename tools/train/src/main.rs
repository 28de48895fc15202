//! `ncbg-train`: self-play data and training of ncbg's evaluation network.
//! See `tools/train/README.md` for the pipeline and the command that made
//! the embedded net. The runs themselves are the library's
//! (`ncbg_train::pipeline`); this crate is the command line
//! (`cli.rs`: the subcommands and their flags; `commands.rs`: each
//! carried out).

/// `println!` that ends the program quietly (status 0) when the reader of
/// stdout went away (`ncbg-train gap ... | head -1`), instead of panicking
/// on the broken pipe.
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let mut out = std::io::stdout().lock();
        if let Err(e) = writeln!(out, $($arg)*).and_then(|()| out.flush()) {
            if e.kind() != std::io::ErrorKind::BrokenPipe {
                let _ = writeln!(std::io::stderr(), "ncbg-train: cannot write to standard output: {e}");
                std::process::exit(1);
            }
            std::process::exit(0);
        }
    }};
}

mod cli;
mod commands;

use clap::Parser;
use cli::Cli;

fn main() {
    let cli = Cli::parse();
    if let Err(e) = commands::run(cli) {
        ncbg_train::errln!("ncbg-train: {e}");
        std::process::exit(1);
    }
}
