#!/usr/bin/env python3
"""Thins the favourites of a `ncbg-train selfplay --favourites` data file.

    python3 tools/train/favourites.py IN OUT [--keep P] [--seed S]

Keeps every played state and each favourite with probability P (default 0:
the same games without their favourites, the control of an A/B), seeded.
The played states of a game alternate movers, and a favourite (a child of
the state before it, the other side to move) is followed by the next played
state with the same mover; a game won by bearing off ends on the winner's
state, which tells a favourite after its last state. After a drawn game's
last state one cannot be told and is kept as played. The header loses its
`favourites=1` where none are kept."""
import argparse
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
    a = ap.parse_args()
    rng = random.Random(a.seed)
    played = kept = dropped = 0
    with open(a.src) as f, open(a.dst, "w") as o:
        header = f.readline().rstrip("\n")
        if " favourites=1" not in header:
            sys.exit(f"{a.src}: not a selfplay --favourites file")
        if a.keep == 0:
            header = header.replace(" favourites=1", "")
        o.write(header + "\n")
        for line in f:
            head, words, flags = read_game(line, a.src)
            out = []
            for w, favourite in zip(words, flags):
                if favourite and rng.random() >= a.keep:
                    dropped += 1
                    continue
                kept += favourite
                played += not favourite
                out.append(w)
            o.write(head + " states " + " ".join(out) + " end\n")
    print(f"{played} played states, {kept} favourites kept, {dropped} dropped", file=sys.stderr)


if __name__ == "__main__":
    main()
