//! The errors ncbg raises in Python (`Error`, a ValueError, and its
//! subclasses `IllegalTurn` and `BadId`, each with the library's message)
//! and the checked conversion of integer arguments that raises them.

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
