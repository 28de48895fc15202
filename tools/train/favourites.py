#!/usr/bin/env python3
"""Thins the favourites of a `ncbg-train selfplay --favourites` data file.

    python3 tools/train/favourites.py IN OUT [--keep P] [--seed S]
        [--values FILE --min-gap MP] [--as-games]

Keeps every played state and each favourite with probability P (default 0:
the same games without their favourites, the control of an A/B), seeded.
With --values (the static values of IN's states by a net, from
`cargo run --release -p ncbg-train --example static_values -- NET IN`) and
--min-gap MP, it keeps instead the favourites whose label lies more than MP
millipoints above that net's static value (the ones it overrates most for
the side that chose them). With --as-games each favourite kept is written
as a game of its own with result 0, after the others: `train` then learns
its label alone, not the result of the game played from its sibling.
The played states of a game alternate movers, and a favourite (a child of
the state before it, the other side to move) is followed by the next played
state with the same mover; a game won by bearing off ends on the winner's
state, which tells a favourite after its last state. After a drawn game's
last state one cannot be told and is kept as played. The header loses its
`favourites=1` where none are kept."""
import argparse
import contextlib
import random
import sys


def mover(word):
    return word.split(":")[1][0]


def read_game(line, src, has_favourites=True):
    """A game line's head (up to `states`), its state words, and for each
    word whether it is a favourite; exits on a game cut short."""
    if not line.endswith(" end\n"):
        sys.exit(f"{src}: a game cut short; finish it with selfplay --resume")
    head, rest = line[:-1].split(" states ", 1)
    words = rest.split(" ")[:-1]
    result = int(head.split(" ")[3])
    winner = "X" if result > 0 else "Y" if result < 0 else None
    flags = []
    for i, w in enumerate(words):
        if not has_favourites:
            flags.append(False)
        elif i + 1 < len(words):
            flags.append(mover(words[i + 1]) == mover(w))
        else:
            flags.append(winner is not None and mover(w) != winner)
    return head, words, flags


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("src")
    ap.add_argument("dst")
    ap.add_argument("--keep", type=float, default=0.0)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--values")
    ap.add_argument("--min-gap", type=float)
    ap.add_argument("--as-games", action="store_true")
    a = ap.parse_args()
    if (a.values is None) != (a.min_gap is None):
        sys.exit("--values and --min-gap go together")
    rng = random.Random(a.seed)
    played = kept = dropped = 0
    # Favourites stay inside the games only where some are kept there.
    inside = not a.as_games and (a.keep > 0 or a.values is not None)
    alone = []
    with open(a.src) as f, open(a.dst, "w") as o, \
            (open(a.values) if a.values else contextlib.nullcontext()) as values:
        header = f.readline().rstrip("\n")
        if " favourites=1" not in header:
            sys.exit(f"{a.src}: not a selfplay --favourites file")
        if not inside:
            header = header.replace(" favourites=1", "")
        o.write(header + "\n")
        for n, line in enumerate(f, 1):
            head, words, flags = read_game(line, a.src)
            if values is not None:
                row = values.readline().split()
                if len(row) != len(words):
                    sys.exit(f"{a.values}: line {n} has {len(row)} values for {len(words)} states")
            out = []
            for i, (w, favourite) in enumerate(zip(words, flags)):
                if favourite:
                    if values is not None:
                        keep = int(w.rsplit("=", 1)[1]) - int(row[i]) > a.min_gap
                    else:
                        keep = rng.random() < a.keep
                    if not keep:
                        dropped += 1
                        continue
                    kept += 1
                    if a.as_games:
                        alone.append(w)
                        continue
                played += not favourite
                out.append(w)
            o.write(head + " states " + " ".join(out) + " end\n")
        # Numbered after the file's games (their numbers are not read back).
        for i, w in enumerate(alone):
            o.write(f"game {10**9 + i} result 0 states {w} end\n")
    print(f"{played} played states, {kept} favourites kept, {dropped} dropped", file=sys.stderr)


if __name__ == "__main__":
    main()
