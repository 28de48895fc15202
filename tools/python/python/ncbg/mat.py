"""GNU Backgammon / Jellyfish ``.mat`` files of NC games (as
``ncbg-referee export-mat`` and the GUI write them), read back into games.

A ``.mat`` keeps each turn's dice and play but not the picks; the reader
(the library's ``ncbg::matchfile::mat``) recovers them: the
initial pair is the first that replays every turn. The side that moves
first is X. The result is a :class:`ncbg.matchfile.MatchFile` whose header
has ``engine0``/``engine1`` (the left and right players), ``variant``,
``k`` and ``credits`` (enough doublet credits for every game), and for an
``N point match`` ``match-length`` (``MatchFile.match_length``); each game
carries its score before it and its cube (``Game.score``, ``Game.cube``,
``Game.cube_actions``)::

    m = ncbg.mat.read("match.mat")
    for g in m.games:
        print(g.x, g.y, g.winner_name, g.points, [str(t) for t in g.turns][:4])
"""

from __future__ import annotations

import os
from typing import List, Optional, Sequence, Tuple, Union

from ._ncbg import _export_mat, _parse_mat
from .matchfile import MatchFile, _from_dict


def parse(text: str) -> MatchFile:
    """Reads a ``.mat`` file's text; raises :class:`ncbg.Error` naming the
    game and turn that NC rules do not replay."""
    return _from_dict(_parse_mat(text))


def read(path: Union[str, "os.PathLike[str]"]) -> MatchFile:
    """Reads the ``.mat`` file at ``path`` (UTF-8 or Latin-1)."""
    with open(path, "rb") as f:
        data = f.read()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    return parse(text)


def export(
    match: MatchFile, players: Optional[Sequence[str]] = None, index: Optional[int] = None
) -> Tuple[str, List[Tuple[int, str]]]:
    """The games of ``match`` between ``players`` (default: ``engine0`` and
    ``engine1``; player 1 is the left column) as a Jellyfish ``.mat`` text,
    as ``ncbg-referee export-mat`` writes it, and the games left out as
    ``(index, why)`` (draws, full-state openings, numbers above 6). Money
    games are one session; in a file of matches to N points (a
    ``match-length`` header) a ``.mat`` holds one match: the one with
    schedule ``index`` (default: the only match between the players; raises
    :class:`ncbg.Error` when there are several). Cube actions are written
    (`` Doubles => 2``, `` Takes``, `` Drops``)."""
    names = list(players) if players is not None else match.players[:2]
    if len(names) != 2:
        raise ValueError("a .mat is a match between two players")
    return _export_mat(match._text(), names[0], names[1], index)


def write(
    path: Union[str, "os.PathLike[str]"],
    match: MatchFile,
    players: Optional[Sequence[str]] = None,
    index: Optional[int] = None,
) -> List[Tuple[int, str]]:
    """Writes :func:`export`'s text to ``path``; returns the games left out."""
    text, skipped = export(match, players, index)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return skipped


__all__ = ["export", "parse", "read", "write"]
