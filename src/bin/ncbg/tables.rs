//! `ncbg tables build|probe|list`: exact-value tables (the library's
//! [`ncbg::tables`]) from the command line.

use clap::{Args, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use ncbg::tables::build::{check_build, checkpoint_path, BuildRequest};
use ncbg::tables::folder::{list_folder, Content, FolderFile};
use ncbg::tables::naming::state_from_words;
use ncbg::tables::report::{
    folder_file_json, folder_file_text, human_size, initial_pairs, ProbeAnswer,
};
use ncbg::tables::size::{gigabytes, machine_memory};
use ncbg::tables::{solve_resumable, write_table, Kind, Options, Progress, Space, Spec, Table};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Instant;

#[derive(Args)]
pub struct TablesArgs {
    #[command(subcommand)]
    command: TablesCommand,
}

#[derive(Subcommand)]
enum TablesCommand {
    /// Solve a space of positions and write its table.
    Build(BuildArgs),
    /// Print a state's exact value and its optimal choices.
    Probe(ProbeArgs),
    /// List the files of table folders (the engine's `TablesPath`): each
    /// table with its size, states and what it covers; other files with
    /// why they are not tables.
    List(ListArgs),
    /// Check a table against the rules: on random live states, its value
    /// is the best of its choices' and its turns follow from theirs (the
    /// choices from the rules' own turn generator, not the solver's).
    Verify(VerifyArgs),
}

#[derive(Args)]
struct VerifyArgs {
    /// The table file.
    file: PathBuf,
    /// Live states to check.
    #[arg(long, default_value_t = 10_000)]
    samples: u64,
    /// Seed of the sample.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

#[derive(Args)]
struct ListArgs {
    /// The folders (not searched recursively).
    #[arg(required = true)]
    folders: Vec<PathBuf>,
    /// One JSON array of objects instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
struct BuildArgs {
    /// Bear-offs with at most this many checkers a side in play (the
    /// default kind), or every board of this many checkers a side with
    /// `--full` (3 is Hypergammon).
    #[arg(long)]
    checkers: u8,
    /// Every board (contact and all) instead of bear-offs: NC-Hypergammon
    /// with --checkers 3.
    #[arg(long)]
    full: bool,
    /// Checkers a side owns in the game, for bear-offs (the rest are
    /// borne off; 15 in standard backgammon).
    #[arg(long, default_value_t = 15)]
    total: u8,
    /// Alphabet size k.
    #[arg(long, default_value_t = 6)]
    k: u8,
    /// Doublet credits a player starts with (the table holds 0..=credits).
    #[arg(long, default_value_t = 2)]
    credits: u8,
    /// Output file.
    #[arg(long)]
    out: PathBuf,
    /// Threads.
    #[arg(long, default_value_t = 1)]
    jobs: usize,
    /// Build even when the memory estimate exceeds this machine's memory
    /// (a space past the solver's indices is refused all the same).
    #[arg(long)]
    force: bool,
    /// Replace `--out` when it exists (without it, an existing file is
    /// an error and stays as it is).
    #[arg(long)]
    overwrite: bool,
    /// Go on from the checkpoint of an interrupted build (`OUT.ckpt`),
    /// to the same table an uninterrupted build writes; without a
    /// checkpoint, start afresh.
    #[arg(long)]
    resume: bool,
    /// Minutes between checkpoints (`OUT.ckpt`, written between sweeps;
    /// 0: after every sweep). A build that ends removes its checkpoint.
    #[arg(long, default_value_t = 10.0)]
    checkpoint_minutes: f64,
    /// Stop with a checkpoint after this many sweeps (tests).
    #[arg(long, hide = true)]
    stop_after: Option<u32>,
}

#[derive(Args)]
struct ProbeArgs {
    /// The table file.
    file: PathBuf,
    /// The state: a full-state ID, or a start and turns as NCBP's
    /// `position` takes them: `startpos moves 3 2 1:23/21,22/21` (the
    /// table's game), `state <ID> moves ...`.
    #[arg(required = true, num_args = 1..)]
    state: Vec<String>,
    /// Every choice, not only the best, each with its value, turns and
    /// the full-state ID it leads to (to walk the game from there).
    #[arg(long)]
    choices: bool,
    /// One JSON object instead of text.
    #[arg(long)]
    json: bool,
}

/// Runs `ncbg tables ...`.
pub fn run(args: &TablesArgs) -> Result<(), String> {
    match &args.command {
        TablesCommand::Build(a) => build(a),
        TablesCommand::Probe(a) => probe(a),
        TablesCommand::List(a) => list(a),
        TablesCommand::Verify(a) => verify(a),
    }
}

fn build(args: &BuildArgs) -> Result<(), String> {
    let space = if args.full {
        Space::full(args.checkers)
    } else {
        Space::bearoff(args.checkers, args.total)
    };
    let spec = Spec {
        space,
        k: args.k,
        credits: args.credits,
    };
    if !(args.checkpoint_minutes >= 0.0 && args.checkpoint_minutes.is_finite()) {
        return Err("--checkpoint-minutes must be 0 or more".into());
    }
    // Everything that can fail before the solve fails before it, from
    // counts: no memory is taken for a build that is refused.
    let memory = machine_memory();
    let size = check_build(&BuildRequest {
        spec,
        out: &args.out,
        overwrite: args.overwrite,
        resume: args.resume,
        force: args.force,
        memory,
    })
    .map_err(|problems| problems.join("\n"))?;
    errln!(
        "tables: {spec}: {} states, {} boards; estimated peak memory {}{}",
        size.states,
        size.boards,
        gigabytes(size.bytes),
        memory.map_or(String::new(), |m| format!(
            " (this machine: {})",
            gigabytes(m.into())
        ))
    );
    let checkpoint = checkpoint_path(&args.out);
    let options = Options {
        jobs: args.jobs,
        checkpoint: Some(checkpoint.clone()),
        checkpoint_every: std::time::Duration::from_secs_f64(args.checkpoint_minutes * 60.0),
        resume: args.resume,
        stop_after: args.stop_after,
    };
    let t = Instant::now();
    let bars = Bars::default();
    let solved = solve_resumable(spec, &options, &bars);
    bars.clear();
    let Some(solved) = solved? else {
        outln!("stopped; resume with --resume ({})", checkpoint.display());
        return Ok(());
    };
    let solve_secs = t.elapsed().as_secs_f64();
    write_table(&solved, &args.out)?;
    let _ = std::fs::remove_file(&checkpoint);
    let s = solved.shares();
    let live = (s.won + s.lost + s.drawn).max(1) as f64;
    let size = std::fs::metadata(&args.out).map(|m| m.len()).unwrap_or(0);
    outln!(
        "table {} {spec}: {} entries, {} live states: won {:.2}% lost {:.2}% drawn {:.2}%, {} sweeps, longest {} turns, {:.1} s, {} bytes",
        args.out.display(),
        solved.entries.len(),
        s.won + s.lost + s.drawn,
        100.0 * s.won as f64 / live,
        100.0 * s.lost as f64 / live,
        100.0 * s.drawn as f64 / live,
        solved.sweeps,
        s.max_rank,
        solve_secs,
        size
    );
    if spec.space.kind == Kind::Full {
        for line in initial_pairs(&Table::from_solved(solved))? {
            outln!("{line}");
        }
    }
    Ok(())
}

/// The solve's progress on stderr: its lines, and a bar with an ETA for the
/// graph and for each sweep (drawn only when stderr is a terminal, as
/// `ncbg analyze` does).
#[derive(Default)]
struct Bars {
    bar: Mutex<Option<ProgressBar>>,
}

impl Bars {
    fn clear(&self) {
        if let Some(bar) = self.bar.lock().expect("no panics while held").take() {
            bar.finish_and_clear();
        }
    }
}

impl Progress for Bars {
    fn line(&self, text: &str) {
        match &*self.bar.lock().expect("no panics while held") {
            Some(bar) => bar.suspend(|| errln!("tables: {text}")),
            None => errln!("tables: {text}"),
        }
    }

    fn phase(&self, name: &str, len: u64) {
        self.clear();
        let bar = ProgressBar::new(len);
        bar.set_style(
            ProgressStyle::with_template(
                "{prefix:>10} {bar:40} {percent:>3}% {elapsed_precise} eta {eta}",
            )
            .expect("valid template"),
        );
        bar.set_prefix(name.to_string());
        *self.bar.lock().expect("no panics while held") = Some(bar);
    }

    fn advance(&self, n: u64) {
        if let Some(bar) = &*self.bar.lock().expect("no panics while held") {
            bar.inc(n);
        }
    }
}

fn verify(args: &VerifyArgs) -> Result<(), String> {
    let table = Table::open(&args.file)?;
    let t = Instant::now();
    let v = ncbg::tables::verify::verify(&table, args.samples, args.seed)?;
    outln!(
        "verified {} {}: {} live states (seed {}): won {} lost {} drawn {}; {} bad values, {} bad turns; {:.1} s",
        args.file.display(),
        table.spec(),
        v.checked,
        args.seed,
        v.won,
        v.lost,
        v.drawn,
        v.bad_values,
        v.bad_turns,
        t.elapsed().as_secs_f64()
    );
    for id in &v.failures {
        outln!("failed {id}");
    }
    if v.bad_values + v.bad_turns > 0 {
        return Err(format!(
            "{} states disagree with their choices",
            v.bad_values + v.bad_turns
        ));
    }
    Ok(())
}

fn probe(args: &ProbeArgs) -> Result<(), String> {
    // Every problem is reported, not only the first: a file that cannot
    // be read and a state that cannot be named.
    let table = Table::open(&args.file);
    let state = state_from_words(&args.state, table.as_ref().ok().map(Table::spec));
    let (table, state) = match (table, state) {
        (Ok(table), Ok(state)) => (table, state),
        (table, state) => {
            let mut problems: Vec<String> = table.err().into_iter().collect();
            // `startpos` without a table is the file's problem, said already.
            if let Err(e) = state {
                if !(problems.len() == 1 && args.state.first().is_some_and(|w| w == "startpos")) {
                    problems.push(e);
                }
            }
            return Err(problems.join("\n"));
        }
    };
    let answer = ProbeAnswer::new(&table, &state)?;
    if args.json {
        outln!("{}", answer.json());
    } else {
        for line in answer.lines(args.state.len() > 1, args.choices) {
            outln!("{line}");
        }
    }
    Ok(())
}

/// `ncbg tables list`: every folder is read before anything is printed, so
/// that a missing one is an error (status 2) with no output; bad files are
/// listed with their reason and leave the status 0.
fn list(args: &ListArgs) -> Result<(), String> {
    let folders: Vec<(&Path, Vec<FolderFile>)> = args
        .folders
        .iter()
        .map(|f| list_folder(f).map(|files| (f.as_path(), files)))
        .collect::<Result<_, _>>()?;
    if args.json {
        let rows: Vec<serde_json::Value> = folders
            .iter()
            .flat_map(|(folder, files)| files.iter().map(move |f| folder_file_json(folder, f)))
            .collect();
        outln!("{}", serde_json::Value::Array(rows));
        return Ok(());
    }
    let several = folders.len() > 1;
    for (folder, files) in &folders {
        if several {
            outln!("{}:", folder.display());
        }
        if files.is_empty() {
            errln!("ncbg: {}: no files", folder.display());
        }
        let name_width = files.iter().map(|f| f.name().len()).max().unwrap_or(0);
        let states_width = files
            .iter()
            .filter_map(|f| match &f.content {
                Content::Table(h) => Some(h.entries.to_string().len()),
                _ => None,
            })
            .max()
            .unwrap_or(0);
        for f in files {
            outln!(
                "{:<name_width$}  {:>8}  {}",
                f.name(),
                human_size(f.bytes),
                folder_file_text(f, states_width)
            );
        }
    }
    Ok(())
}
