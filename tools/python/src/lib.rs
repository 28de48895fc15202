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
//!   `ncbg::matchfile::mat`) and exact-value tables.

/// Pickling of a plain value class (its fields are values that pickle):
/// `reduce` gives `(_ncbg._restore, (name, fields))` for `__reduce__`,
/// `restore` rebuilds the value from the fields.
macro_rules! picklable {
    ($ty:ty, $name:literal, [$($field:ident),* $(,)?]) => {
        impl $ty {
            pub(crate) const PICKLE_NAME: &'static str = $name;

            pub(crate) fn restore(t: &pyo3::Bound<'_, pyo3::types::PyTuple>) -> pyo3::PyResult<Self> {
                use pyo3::types::PyTupleMethods;
                let mut fields = t.iter();
                let mut next = || {
                    fields.next().ok_or_else(|| {
                        pyo3::exceptions::PyValueError::new_err(concat!("too few fields to unpickle a ", $name))
                    })
                };
                Ok(Self { $($field: next()?.extract()?),* })
            }

            pub(crate) fn reduce<'py>(
                &self,
                py: pyo3::Python<'py>,
            ) -> pyo3::PyResult<(pyo3::Bound<'py, pyo3::PyAny>, (&'static str, pyo3::Bound<'py, pyo3::types::PyTuple>))> {
                use pyo3::IntoPyObjectExt;
                let f = py.import("ncbg._ncbg")?.getattr("_restore")?;
                let fields = pyo3::types::PyTuple::new(
                    py,
                    [$(self.$field.clone().into_bound_py_any(py)?),*],
                )?;
                Ok((f, ($name, fields)))
            }
        }
    };
}
pub(crate) use picklable;

mod analysis;
mod evaluate;
mod files;
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

/// Unpickles a value of the class `name` from its fields (`picklable!`).
#[pyfunction]
fn _restore<'py>(
    py: Python<'py>,
    name: &str,
    fields: &Bound<'py, pyo3::types::PyTuple>,
) -> PyResult<Bound<'py, PyAny>> {
    use pyo3::IntoPyObjectExt;
    use state::PyGameResult;
    match name {
        search::PySearchResult::PICKLE_NAME => {
            search::PySearchResult::restore(fields)?.into_bound_py_any(py)
        }
        search::PyLine::PICKLE_NAME => search::PyLine::restore(fields)?.into_bound_py_any(py),
        evaluate::PyEvaluation::PICKLE_NAME => {
            evaluate::PyEvaluation::restore(fields)?.into_bound_py_any(py)
        }
        analysis::PyTurnReport::PICKLE_NAME => {
            analysis::PyTurnReport::restore(fields)?.into_bound_py_any(py)
        }
        files::PyProbe::PICKLE_NAME => files::PyProbe::restore(fields)?.into_bound_py_any(py),
        files::PyChoice::PICKLE_NAME => files::PyChoice::restore(fields)?.into_bound_py_any(py),
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
