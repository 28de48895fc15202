//! Pickling of the plain value classes (`SearchResult`, `Evaluation`,
//! `TurnReport`, ...): [`picklable!`] gives a class `__reduce__`'s parts,
//! and `_ncbg._restore` rebuilds a value from its class name and fields.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// What `__reduce__` returns: `_restore` and its arguments, the class
/// name and the fields.
pub(crate) type Reduced<'py> = (
    Bound<'py, PyAny>,
    (&'static str, Bound<'py, pyo3::types::PyTuple>),
);

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
            ) -> pyo3::PyResult<$crate::pickle::Reduced<'py>> {
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

pub(crate) use picklable;

/// Adds `_restore` to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(_restore, m)?)?;
    Ok(())
}
