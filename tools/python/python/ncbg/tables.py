"""Exact-value tables (the library's ``ncbg::tables``).

``Table(path).probe(state)`` gives the state's exact value, the turns the
game lasts under perfect play and the optimal choices: the same answers as
``ncbg tables probe FILE STATE``; :func:`build` solves and writes a table as
``ncbg tables build`` does::

    t = ncbg.tables.build("bearoff2.tb", checkers=2)      # or Table(path)
    p = t.probe(ncbg.State("..."))
    print(p.value, p.turns, [str(b) for b in p.best])
"""

from __future__ import annotations

import os
from typing import Union

from ._ncbg import Choice, Probe, Table, _build_table


def build(
    path: Union[str, "os.PathLike[str]"],
    checkers: int,
    *,
    full: bool = False,
    total: int = 15,
    k: int = 6,
    credits: int = 2,
    jobs: int = 1,
) -> Table:
    """Solves a space and writes its table file to ``path`` (``ncbg tables
    build``): bear-offs with at most ``checkers`` checkers a side in play
    (of ``total`` a side), or with ``full=True`` every board of ``checkers``
    checkers a side (3: NC-Hypergammon); alphabet ``k``, ``credits``
    doublet credits (the table holds 0..credits). Returns the table."""
    return _build_table(os.fspath(path), checkers, full, total, k, credits, jobs)


__all__ = ["Choice", "Probe", "Table", "build"]
