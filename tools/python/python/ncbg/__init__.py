"""ncbg: No-Chance Backgammon (backgammon without dice) for Python.

The rules, IDs and notation, the ncbg search and net in-process, any NCBP
engine as a subprocess (:mod:`ncbg.engine`), the referee's match files
(:mod:`ncbg.matchfile`), gnubg ``.mat`` files (:mod:`ncbg.mat`) and
exact-value tables (:mod:`ncbg.tables`)::

    import ncbg
    s = ncbg.State()                 # the standard start, X to pick
    s.push("3"); s.push("5")         # turn 0: the initial pair
    r = ncbg.search(s, depth=3)
    print(r.turn, r.score)           # 2:24/22,13/8 0.214
    s.push(r.turn)
    print(s)                         # the board, as the engine's `d` draws it
"""

from ._ncbg import (
    BadId,
    Choice,
    CubeReport,
    Error,
    Evaluation,
    GameResult,
    IllegalTurn,
    Probe,
    SearchLine,
    SearchResult,
    Searcher,
    State,
    Table,
    Turn,
    TurnList,
    TurnReport,
    __version__,
    analyze_game,
    evaluate,
    search,
)
from . import engine, mat, matchfile, tables

import collections.abc as _abc

_abc.Sequence.register(TurnList)

__all__ = [
    "BadId",
    "Choice",
    "CubeReport",
    "Error",
    "Evaluation",
    "GameResult",
    "IllegalTurn",
    "Probe",
    "SearchLine",
    "SearchResult",
    "Searcher",
    "State",
    "Table",
    "Turn",
    "TurnList",
    "TurnReport",
    "__version__",
    "analyze_game",
    "engine",
    "evaluate",
    "mat",
    "matchfile",
    "search",
    "tables",
]
