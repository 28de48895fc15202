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
from typing import Any, Dict, Iterator, List, Optional, Sequence, Tuple, Union

from ._ncbg import Error, State, Turn, _parse_match_file

MAGIC = "# ncbg-referee match file v1"
"""The first line of a match file of money games without the cube."""

MAGIC_V2 = "# ncbg-referee match file v2"
"""The first line of a match file whose header sets a scoring key (a match,
the cube, single scoring)."""

SCORING_KEYS = ("match-length", "crawford", "scoring", "cube", "jacoby", "beavers")
"""The header keys of how games are scored (``protocol/match-file.md``)."""


VARIANTS = ("standard", "nackgammon", "hypergammon", "race", "anti")
"""The variants a match file's ``variant`` header may name."""


def start_variant(state: State) -> Optional[str]:
    """The variant whose start position ``state`` is (turn 0, no number
    picked, both sides' credits equal), or None."""
    if state.numbers != (None, None) or state.credits[0] != state.credits[1]:
        return None
    for v in VARIANTS:
        if state == State.start(v, k=state.k, credits=state.credits[0]):
            return v
    return None


def _whole_turns(stack: List[Turn]) -> List[Turn]:
    """The turns of a move stack, each pick pushed alone after turn 0 joined
    with its play into one turn (a match file records whole turns)."""
    out: List[Turn] = []
    i = 0
    while i < len(stack):
        t = stack[i]
        if t.play is None and not t.before.in_opening:
            if i + 1 == len(stack):
                raise Error(
                    f"the move stack ends with the pick {t} alone, its play not pushed: "
                    "a match file records whole turns"
                )
            out.append(t.before.parse_turn(f"{t.number}:{stack[i + 1].play}"))
            i += 2
        else:
            out.append(t)
            i += 1
    return out


def _clean(text: object) -> str:
    return "".join(" " if (ord(c) < 32 or 127 <= ord(c) < 160) else c for c in str(text))


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
    game: Optional[int] = None
    """In a match: the game's number in its match, 0-based (None in money play)."""
    score: Optional[Tuple[int, int]] = None
    """In a match: the score before this game, X's points then Y's."""
    crawford: Optional[str] = None
    """In a match: ``before`` (the Crawford game not reached), ``crawford``
    (this is the Crawford game, no cube) or ``post-crawford``."""
    cube: int = 1
    """The cube's value when the game ended (1: never turned; before the
    double for a dropped game)."""
    dropped: bool = False
    """The game ended by a dropped double (``reason`` is ``drop``)."""
    depths: Optional[List[Optional[int]]] = None
    """How deep the engine's search behind each of ``turns`` went (the
    referee's ``depths``: its last ``info depth``), ``None`` for a turn
    without one (the turn-0 picks); ``None`` when the file has none.
    ``analyze_game(g.start, g.turns, play_depths=g.depths)`` checks a mark
    past the play's depth, as ``ncbg analyze`` does."""

    @property
    def cube_actions(self) -> List[Tuple[int, str, str]]:
        """The game's cube actions in order, as ``(turn index in turns,
        side, action)``: action ``double``, ``take``, ``drop`` or
        ``beaver``; side the one that made it."""
        return [
            (i, t.side, t.cube_action)
            for i, t in enumerate(self.turns)
            if t.cube_action is not None
        ]

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

    def to_line(self) -> str:
        """The ``game`` line (without its newline), as the referee writes it."""
        fields: List[Tuple[str, object]] = [
            ("index", self.index),
            ("pair", self.pair),
            ("round", self.round),
        ]
        if self.game is not None and self.score is not None:
            suffix = {"crawford": "c", "post-crawford": "p"}.get(self.crawford or "", "")
            fields += [("game", self.game), ("score", f"{self.score[0]}-{self.score[1]}{suffix}")]
        fields += [
            ("opening", self.opening),
            ("x", self.x),
            ("y", self.y),
            ("winner", self.winner or "-"),
            ("kind", self.kind),
            ("points", self.points),
        ]
        if self.cube != 1:
            fields.append(("cube", self.cube))
        fields += [
            ("reason", self.reason),
            ("detail", self.detail),
            ("moves", " ".join(str(t) for t in self.turns)),
        ]
        if self.depths and len(self.depths) == len(self.turns) and any(d is not None for d in self.depths):
            fields.append(("depths", " ".join("-" if d is None else str(d) for d in self.depths)))
        return "game\t" + "\t".join(f"{k}={_clean(v)}" for k, v in fields) + "\tend"

    @classmethod
    def from_state(
        cls,
        state: State,
        x: str,
        y: str,
        *,
        index: int = 0,
        pair: Optional[int] = None,
        round: int = 0,
        reason: str = "max-turns",
        detail: str = "",
    ) -> "Game":
        """A game record of ``state``'s move stack, from the state its first
        turn was made from: a ``pair:`` opening when that is the start
        position of a variant (turn 0, both sides' credits equal) and the
        stack begins with the two initial picks, a ``state:`` opening
        otherwise (a ``State.from_board`` position, say). A pick pushed
        alone and its play are recorded as one turn (``6:24/18,13/8``): a
        stack that ends with a pick alone raises :class:`ncbg.Error`. A
        finished state
        is a win; an unfinished one a draw with ``reason`` (``max-turns``
        or ``repetition``). The game is checked against a header's rules
        when it is appended to a :class:`MatchFile` or written."""
        stack = state.move_stack
        root = stack[0].before if stack else state.copy(stack=False)
        turns = _whole_turns(stack)
        if (
            start_variant(root) is not None
            and len(stack) >= 2
            and stack[0].play is None
            and stack[1].play is None
        ):
            opening = f"pair:{stack[0].number}-{stack[1].number}"
        else:
            opening = f"state:{root.id}"
        r = state.result()
        if r is not None:
            winner, kind, points, why = r.winner, r.kind, r.points, "bore-off"
        else:
            winner, kind, points, why = None, "draw", 0, reason
        return cls(
            index=index,
            pair=index // 2 if pair is None else pair,
            round=round,
            opening=opening,
            x=x,
            y=y,
            winner=winner,
            kind=kind,
            points=points,
            reason=why,
            detail=detail,
            start=root,
            turns=turns,
            end=state.copy(),
        )

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
        out: List[str] = []
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
    def match_length(self) -> int:
        """Points to win the match (the ``match-length`` key); 0: money play."""
        return int(self.header.get("match-length", 0))

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


    @classmethod
    def new(
        cls,
        players: Sequence[str],
        *,
        variant: str = "standard",
        k: int = 6,
        credits: int = 2,
        **meta: str,
    ) -> "MatchFile":
        """An empty match file between ``players`` (``engine0``,
        ``engine1``, ...) with the game's rules; ``meta`` adds header keys
        (``-`` in a key name is written for ``_``)."""
        header: Dict[str, str] = {f"engine{i}": p for i, p in enumerate(players)}
        header.update({"variant": variant, "k": str(k), "credits": str(credits)})
        header.update({key.replace("_", "-"): str(v) for key, v in meta.items()})
        return cls(header=header, games=[])

    def check_game(self, game: Game) -> None:
        """Raises :class:`ncbg.Error` when ``game``'s rules disagree with the
        header's ``variant``, ``k`` and ``credits`` (the file could not be
        read back): a ``pair:`` opening must start from the header's start
        position with its credits; a ``state:`` opening must have the
        header's ``k``, the variant's checkers (3 in Hypergammon, else 15),
        the ``anti`` field exactly in Anti-Backgammon, checkers waiting in a
        pool only in Backgammon Race, and at most the header's credits."""
        variant = self.variant
        if variant not in VARIANTS:
            raise Error(f"the header's variant {variant!r} is not one of {', '.join(VARIANTS)}")
        try:
            k, credits = self.k, self.credits
        except ValueError as e:
            raise Error(f"the header's k or credits is not a number: {e}") from None
        start = game.start
        where = f"game {game.index}"
        if start.k != k:
            raise Error(f"{where} is played with k={start.k}, the header says k={k}")
        if game.opening.startswith("pair:"):
            v = start_variant(start)
            if v is None:
                raise Error(f"{where} has a pair: opening but starts from {start.id}, not a start position")
            if v != variant:
                raise Error(f"{where} is a {v} game, the header says variant={variant}")
            if start.credits[0] != credits:
                raise Error(f"{where} starts with {start.credits[0]} credits each, the header says credits={credits}")
            return
        if start.anti != (variant == "anti"):
            what = "an Anti-Backgammon" if start.anti else "not an Anti-Backgammon"
            raise Error(f"{where} starts from {start.id}, {what} state, the header says variant={variant}")
        if start.pool != (0, 0) and variant != "race":
            raise Error(
                f"{where} starts from {start.id} with checkers waiting in a pool, "
                f"a Backgammon Race state, the header says variant={variant}"
            )
        per_side = 3 if variant == "hypergammon" else 15
        if start.checkers_per_side != per_side:
            raise Error(
                f"{where} starts from {start.id} with {start.checkers_per_side} checkers a side, "
                f"a {variant} game has {per_side} (the header's variant)"
            )
        if max(start.credits) > credits:
            raise Error(
                f"{where} starts from {start.id} with credits {start.credits[0]}/{start.credits[1]}, "
                f"more than the header's credits={credits}"
            )

    def append(self, game: Game) -> None:
        """Appends ``game`` after :meth:`check_game`; raises
        :class:`ncbg.Error` when its rules disagree with the header's."""
        self.check_game(game)
        self.games.append(game)

    def to_text(self) -> str:
        """The whole file's text: the magic line, the header and the games.
        Raises :class:`ncbg.Error` when a game's rules disagree with the
        header's (:meth:`check_game`)."""
        for g in self.games:
            self.check_game(g)
        return self._text()

    def _text(self) -> str:
        magic = MAGIC_V2 if any(k in self.header for k in SCORING_KEYS) else MAGIC
        lines = [magic] + [f"meta\t{k}={_clean(v)}" for k, v in self.header.items()]
        lines += [g.to_line() for g in self.games]
        return "\n".join(lines) + "\n"

    def write(self, path: Union[str, "os.PathLike[str]"]) -> None:
        """Writes the file (readable by ``ncbg-referee merge``, ``ncbg
        analyze`` and the GUI); raises :class:`ncbg.Error`, writing nothing,
        when a game's rules disagree with the header's
        (:meth:`check_game`)."""
        text = self.to_text()
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)


def _from_dict(d: Dict[str, Any]) -> MatchFile:
    games = []
    for g in d["games"]:
        g = dict(g)
        if g.get("score") is not None:
            g["score"] = tuple(g["score"])
        games.append(Game(**g))
    return MatchFile(header=dict(d["header"]), games=games, broken_lines=d["broken_lines"])


def parse(text: str) -> MatchFile:
    """Reads a match file's text; raises :class:`ncbg.Error` when it is not
    one, or when a game's turns do not replay."""
    return _from_dict(_parse_match_file(text))


def read(path: Union[str, "os.PathLike[str]"]) -> MatchFile:
    """Reads the match file at ``path``."""
    with open(path, encoding="utf-8") as f:
        return parse(f.read())


__all__ = ["MAGIC", "MAGIC_V2", "SCORING_KEYS", "VARIANTS", "Game", "MatchFile", "parse", "read", "start_variant"]
