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
//! - `errors`: the exception classes and checked integer arguments;
//! - `pickle`: pickling of the plain value classes (their `__reduce__`);
//!   `_restore` below rebuilds any of them by its class name.

mod analysis;
mod errors;
mod evaluate;
mod files;
mod pickle;
mod search;
mod state;

use errors::{BadId, Error, IllegalTurn};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// Unpickles a value of the class `name` from its fields (`picklable!`).
#[pyfunction]
fn _restore<'py>(
    py: Python<'py>,
    name: &str,
    fields: &Bound<'py, pyo3::types::PyTuple>,
) -> PyResult<Bound<'py, PyAny>> {
    use crate::state::PyGameResult;
    use pyo3::IntoPyObjectExt;
    match name {
        crate::search::PySearchResult::PICKLE_NAME => {
            crate::search::PySearchResult::restore(fields)?.into_bound_py_any(py)
        }
        crate::search::PyLine::PICKLE_NAME => {
            crate::search::PyLine::restore(fields)?.into_bound_py_any(py)
        }
        crate::evaluate::PyEvaluation::PICKLE_NAME => {
            crate::evaluate::PyEvaluation::restore(fields)?.into_bound_py_any(py)
        }
        crate::analysis::PyTurnReport::PICKLE_NAME => {
            crate::analysis::PyTurnReport::restore(fields)?.into_bound_py_any(py)
        }
        crate::analysis::PyCubeReport::PICKLE_NAME => {
            crate::analysis::PyCubeReport::restore(fields)?.into_bound_py_any(py)
        }
        crate::files::PyProbe::PICKLE_NAME => {
            crate::files::PyProbe::restore(fields)?.into_bound_py_any(py)
        }
        crate::files::PyChoice::PICKLE_NAME => {
            crate::files::PyChoice::restore(fields)?.into_bound_py_any(py)
        }
        PyGameResult::PICKLE_NAME => PyGameResult::restore(fields)?.into_bound_py_any(py),
        _ => Err(PyValueError::new_err(format!(
            "no ncbg class {name} to unpickle"
        ))),
    }
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
    m.add_function(wrap_pyfunction!(_restore, m)?)?;
    Ok(())
}
