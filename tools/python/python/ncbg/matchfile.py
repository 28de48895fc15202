"""The referee's match files (``ncbg-referee --out FILE``,
``protocol/match-file.md``), read by the library's ``ncbg::matchfile``.

``read(path)`` gives a :class:`MatchFile`: the header (the ``meta`` lines,
in file order) and the finished games, each with its players, opening, end
and its turns replayed into :class:`ncbg.Turn` objects::

    m = ncbg.matchfile.read("match.txt")
    for g in m.games:
        print(g.index, g.x, g.y, g.winner, g.kind, g.points, len(g.turns))
        for state, turn in g.positions():
            ...
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Dict, Iterator, List, Optional, Tuple, Union

from ._ncbg import State, Turn, _parse_match_file


@dataclass
class Game:
    """One finished game of a match file (a ``game`` line)."""

    index: int
    """Position in the whole schedule, 0-based (the game's key)."""
    pair: int
    """Game pair: games 2p and 2p+1 play the same opening, colours swapped."""
    round: int
    """Round, 0-based."""
    opening: str
    """``pair:<x0>-<y0>`` or ``state:<full-state ID>``."""
    x: str
    """The player (engine name) playing X, who moves first."""
    y: str
    """The player playing Y."""
    winner: Optional[str]
    """``"X"``, ``"Y"``, or None for a draw."""
    kind: str
    """``single``, ``gammon``, ``backgammon``, ``forfeit`` or ``draw``."""
    points: int
    """Points to the winner (1-3, 1 for a forfeit, 0 for a draw)."""
    reason: str
    """``bore-off``, a forfeit's reason (``crash``, ``timeout``, ...), ``max-turns`` or ``repetition``."""
    detail: str
    """Free text on the end (a forfeit's offending answer)."""
    start: State
    """The state the game starts from (before the turn-0 picks of a ``pair:`` opening)."""
    turns: List[Turn] = field(default_factory=list)
    """Every turn from ``start``: the turn-0 picks, then whole turns."""
    end: Optional[State] = None
    """The state after the last turn, with the whole move stack."""

    def name(self, side: str) -> str:
        """The player playing ``side`` (``"X"`` or ``"Y"``)."""
        return self.x if side == "X" else self.y

    @property
    def winner_name(self) -> Optional[str]:
        """The winning player's name, or None for a draw."""
        return None if self.winner is None else self.name(self.winner)

    def positions(self) -> Iterator[Tuple[State, Turn]]:
        """Each state of the game (with its move stack so far) and the turn
        played from it."""
        s = self.start.copy()
        for t in self.turns:
            yield s.copy(), t
            s.push(t)

    def replay(self) -> State:
        """The final state, with the game's turns on its move stack."""
        s = self.start.copy()
        for t in self.turns:
            s.push(t)
        return s


@dataclass
class MatchFile:
    """A match file's header and games."""

    header: Dict[str, str]
    """The ``meta`` entries, in file order (``engine0``, ``cmd0``, ``k``, ...)."""
    games: List[Game]
    """Finished games in file order (a repeated index keeps its first record)."""
    broken_lines: int = 0
    """``game`` lines that are not complete records (ignored)."""

    @property
    def players(self) -> List[str]:
        """Every engine name: ``engine0``, ``engine1``, ... up to the first missing."""
        out = []
        while f"engine{len(out)}" in self.header:
            out.append(self.header[f"engine{len(out)}"])
        return out

    @property
    def variant(self) -> str:
        return self.header.get("variant", "standard")

    @property
    def k(self) -> int:
        return int(self.header.get("k", 6))

    @property
    def credits(self) -> int:
        return int(self.header.get("credits", 2))

    def scores(self) -> Dict[str, float]:
        """Points won per player over the file's games."""
        out: Dict[str, float] = {p: 0.0 for p in self.players}
        for g in self.games:
            for p in (g.x, g.y):
                out.setdefault(p, 0.0)
            if g.winner is not None:
                out[g.name(g.winner)] += g.points
        return out


def _from_dict(d: dict) -> MatchFile:
    games = [Game(**g) for g in d["games"]]
    return MatchFile(header=dict(d["header"]), games=games, broken_lines=d["broken_lines"])


def parse(text: str) -> MatchFile:
    """Reads a match file's text; raises :class:`ncbg.Error` when it is not
    one, or when a game's turns do not replay."""
    return _from_dict(_parse_match_file(text))


def read(path: Union[str, "os.PathLike[str]"]) -> MatchFile:
    """Reads the match file at ``path``."""
    with open(path, encoding="utf-8") as f:
        return parse(f.read())


__all__ = ["Game", "MatchFile", "parse", "read"]
