//! Pickling of the plain value classes (`SearchResult`, `Evaluation`,
//! `TurnReport`, ...): [`picklable!`] gives a class `__reduce__`'s parts,
//! and `_ncbg._restore` (in the module's root, which knows every class)
//! rebuilds a value from its class name and fields.

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

pub(crate) use picklable;
