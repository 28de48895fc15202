//! `ncbg-gui`: serves the board on a local address and runs the engines
//! named on the command line; `ncbg-gui export-static DIR` writes the board
//! as a static site instead (the engine in WebAssembly, no server).

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use ncbg_gui::app::Shared;
use ncbg_gui::driver::{Engine, HANDSHAKE_TIMEOUT};
use ncbg_gui::{controller, http};
use std::io::Write;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

#[derive(Parser)]
#[command(
    name = "ncbg-gui",
    version,
    about = "A board in the browser for No-Chance Backgammon: play, watch and review through NCBP engines",
    args_conflicts_with_subcommands = true
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// An engine: cmd=<command line> name=<name> option.<Name>=<value>, as
    /// ncbg-referee takes it. Repeat for engines B, C, ... (default: the
    /// ncbg engine beside this program, or `ncbg` on the PATH).
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE")]
    engine: Vec<String>,
    /// Address to listen on. Anything but a loopback address exposes the
    /// board (and the engines) to the network.
    #[arg(long, default_value = "127.0.0.1")]
    bind: IpAddr,
    /// Port (0: any free port).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The folder where match files are loaded from and games are saved to.
    #[arg(long, default_value = ".")]
    dir: PathBuf,
    /// Milliseconds an engine may take beyond its time per move (or for a
    /// depth search) before it is reported as not answering.
    #[arg(long, default_value_t = 60_000)]
    answer_timeout: u64,
    /// Exact-value table files (`ncbg tables build`), separated by `;`:
    /// the review's analysis gives turns they cover exact verdicts.
    #[arg(long, default_value = "")]
    tables: String,
    /// Folders of exact-value tables, separated by `;`: every table file
    /// in them is used, after those of `--tables`.
    #[arg(long, default_value = "")]
    tables_path: String,
}

/// `eprintln!` that ignores a closed stderr: a log line never ends the
/// server.
macro_rules! errln {
    ($($arg:tt)*) => {{
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

#[derive(Subcommand)]
enum Command {
    /// Writes the board as a static site to DIR: open DIR/index.html from
    /// any static web server to play the engine (WebAssembly, in the page)
    /// with no ncbg process running.
    ExportStatic {
        /// The folder to write (made if missing).
        dir: PathBuf,
        /// Write into a folder that has files in it already.
        #[arg(long)]
        overwrite: bool,
        /// The WebAssembly engine (default: tools/wasm/pkg/ncbg.wasm of this
        /// source tree, which tools/wasm/build.sh writes).
        #[arg(long, value_name = "FILE")]
        wasm: Option<PathBuf>,
    },
}

/// `export-static`: writes the site, says where it is.
fn export_static(dir: &std::path::Path, wasm: Option<PathBuf>, overwrite: bool) -> ExitCode {
    let wasm = wasm.unwrap_or_else(ncbg_gui::site::default_wasm);
    match ncbg_gui::site::export(dir, &wasm, overwrite) {
        Ok((files, bytes)) => {
            let _ = writeln!(
                std::io::stdout(),
                "ncbg-gui: wrote {files} files ({:.1} MB) to {}: serve the folder (python3 -m http.server -d {}) and open index.html",
                bytes as f64 / 1e6,
                dir.display(),
                dir.display()
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            errln!("ncbg-gui: export-static: {e}");
            ExitCode::FAILURE
        }
    }
}

fn default_engine() -> String {
    let beside = std::env::current_exe()
        .ok()
        .and_then(|p| p.parent().map(|d| d.join("ncbg")))
        .filter(|p| p.is_file());
    match beside {
        Some(p) => format!("cmd={}", p.display()),
        None => "cmd=ncbg".into(),
    }
}

fn main() -> ExitCode {
    env_logger::init();
    let matches = Cli::command().get_matches();
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(c) => c,
        Err(e) => e.exit(),
    };
    if let Some(Command::ExportStatic {
        dir,
        overwrite,
        wasm,
    }) = cli.command
    {
        return export_static(&dir, wasm, overwrite);
    }
    let mut groups: Vec<Vec<String>> = matches
        .get_occurrences::<String>("engine")
        .map(|occ| occ.map(|o| o.cloned().collect()).collect())
        .unwrap_or_default();
    if groups.is_empty() {
        groups.push(vec![default_engine(), "name=ncbg".into()]);
    }
    if groups.len() > 8 {
        errln!("ncbg-gui: at most 8 engines");
        return ExitCode::from(2);
    }
    let mut cfgs = Vec::new();
    for g in &groups {
        match ncbg_gui::slots::engine_config(g) {
            Ok(c) => cfgs.push(c),
            Err(e) => {
                errln!("ncbg-gui: --engine {}: {e}", g.join(" "));
                return ExitCode::from(2);
            }
        }
    }
    if !cli.dir.is_dir() {
        errln!("ncbg-gui: --dir {}: not a folder", cli.dir.display());
        return ExitCode::from(2);
    }
    let mut tables = match ncbg::tables::open_list(&cli.tables) {
        Ok(t) => t,
        Err(e) => {
            errln!("ncbg-gui: --tables: {e}");
            return ExitCode::from(2);
        }
    };
    match ncbg::tables::open_folders(&cli.tables_path) {
        Ok(t) => tables.extend(t),
        Err(e) => {
            errln!("ncbg-gui: --tables-path: {e}");
            return ExitCode::from(2);
        }
    }
    if !cli.bind.is_loopback() {
        errln!(
            "ncbg-gui: WARNING: listening on {}: anyone who can reach this address can use the board and its engines",
            cli.bind
        );
    }
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            errln!("ncbg-gui: {e}");
            return ExitCode::FAILURE;
        }
    };
    runtime.block_on(async move {
        // Every engine is started and checked before the board opens, as
        // the referee does: one that cannot start ends ncbg-gui (status 1)
        // instead of a board whose engine only logs an error.
        for cfg in &cfgs {
            match Engine::start(cfg, &[], HANDSHAKE_TIMEOUT).await {
                Ok(engine) => engine.shutdown().await,
                Err(e) => {
                    errln!(
                        "ncbg-gui: engine '{}' ({}) cannot start: {e}",
                        cfg.name,
                        cfg.command.join(" ")
                    );
                    return ExitCode::FAILURE;
                }
            }
        }
        let listener =
            match tokio::net::TcpListener::bind(SocketAddr::new(cli.bind, cli.port)).await {
                Ok(l) => l,
                Err(e) => {
                    errln!("ncbg-gui: cannot listen on {}:{}: {e}", cli.bind, cli.port);
                    return ExitCode::FAILURE;
                }
            };
        let addr = match listener.local_addr() {
            Ok(a) => a,
            Err(e) => {
                errln!("ncbg-gui: {e}");
                return ExitCode::FAILURE;
            }
        };
        let shared = Shared::with_tables(
            cfgs,
            cli.dir.clone(),
            Duration::from_millis(cli.answer_timeout),
            tables,
        );
        controller::start_all(&shared);
        // Not println!: a closed stdout must not stop the server.
        let _ = writeln!(
            std::io::stdout(),
            "ncbg-gui: open http://{addr}/ in your browser (files in {})",
            cli.dir.display()
        );
        let app = http::router(shared, addr.port());
        match axum::serve(listener, app).await {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                errln!("ncbg-gui: {e}");
                ExitCode::FAILURE
            }
        }
    })
}
