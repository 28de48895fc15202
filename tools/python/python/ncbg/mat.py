"""GNU Backgammon / Jellyfish ``.mat`` files of NC games (as
``ncbg-referee export-mat`` and the GUI write them), read back into games.

A ``.mat`` keeps each turn's dice and play but not the picks; the reader
(a copy of the GUI's, ``tools/gui/src/matfile.rs``) recovers them: the
initial pair is the first that replays every turn. The side that moves
first is X. The result is a :class:`ncbg.matchfile.MatchFile` whose header
has ``engine0``/``engine1`` (the left and right players), ``variant``,
``k`` and ``credits`` (enough doublet credits for every game)::

    m = ncbg.mat.read("match.mat")
    for g in m.games:
        print(g.x, g.y, g.winner_name, g.points, [str(t) for t in g.turns][:4])
"""

from __future__ import annotations

import os
from typing import Union

from ._ncbg import _parse_mat
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


__all__ = ["parse", "read"]
