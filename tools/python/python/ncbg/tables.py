"""Exact-value tables (built by ``ncbg tables build``).

``Table(path).probe(state)`` gives the state's exact value, the turns the
game lasts under perfect play and the optimal choices: the same answers as
``ncbg tables probe FILE STATE``::

    t = ncbg.tables.Table("bearoff3.tbl")
    p = t.probe(ncbg.State("..."))
    print(p.value, p.turns, [str(b) for b in p.best])
"""

from ._ncbg import Choice, Probe, Table

__all__ = ["Choice", "Probe", "Table"]
