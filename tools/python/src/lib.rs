//! `ncbg._ncbg`: the Python extension over the `ncbg` library. The Python
//! package `ncbg` (tools/python/python/ncbg) re-exports it and adds the
//! pure-Python parts (the subprocess engine, the file readers' classes).
//!
//! - `state`: `State` and `Turn` (rules, IDs, notation);
//! - `search`: `Searcher` and `search` in-process, the GIL released while
//!   they run;
//! - `evaluate`: `evaluate`, the net's static evaluation;
//! - `analysis`: `analyze_game`, every turn of a game judged;
//! - `files`: match files, gnubg `.mat` files (the library's
//!   `ncbg::matchfile::mat`) and exact-value tables;
//! - `pickle`: pickling of the plain value classes.

mod analysis;
mod evaluate;
mod files;
mod pickle;
mod search;
mod state;

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

create_exception!(
    ncbg,
    Error,
    PyValueError,
    "Base class of the errors ncbg raises (a ValueError); the message is the library's."
);
create_exception!(
    ncbg,
    IllegalTurn,
    Error,
    "A turn (a Turn or a turn token) that the rules forbid in this state, or that is not a turn token."
);
create_exception!(
    ncbg,
    BadId,
    Error,
    "A full-state ID or Position ID that cannot be read."
);

/// An integer argument converted to `T`, as `Error` (not OverflowError)
/// when it does not fit: "`what` `v` is out of range (`range`)".
pub(crate) fn int<T: TryFrom<i64>>(what: &str, v: i64, range: &str) -> PyResult<T> {
    T::try_from(v).map_err(|_| Error::new_err(format!("{what} {v} is out of range ({range})")))
}

/// The extension module.
#[pymodule]
fn _ncbg(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("Error", py.get_type::<Error>())?;
    m.add("IllegalTurn", py.get_type::<IllegalTurn>())?;
    m.add("BadId", py.get_type::<BadId>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    state::register(m)?;
    search::register(m)?;
    evaluate::register(m)?;
    analysis::register(m)?;
    files::register(m)?;
    pickle::register(m)?;
    Ok(())
}
