#!/usr/bin/env python3
"""Relabels the played states of a `ncbg-train selfplay` data file from their
parents' searches.

    python3 tools/train/parent_labels.py IN OUT [--mode parent|mean] [--drop-favourites]

Self-play labels a state with its own search to depth d. Its parent's search
(depth d from the state before, where the search played this child) has
already valued it one turn shallower: minus the parent's label, since the
mover changes. `--mode parent` (the default) writes that value, so every
played state carries a depth d-1 label like a favourite's; `--mode mean`
writes the mean of the two depths (the search's odd and even depths err in
opposite directions: on 5,624 depth-3 games of generation 3d3, the depth-3
labels are +15 millipoints above the results for the mover and the depth-2
ones -14). A state keeps its own label where its parent's choice was not
the search's best (the first `explore` turns of the header) and where either
value is a finished game's (a whole 1, 2 or 3 points). Favourites (`selfplay
--favourites`; told apart as in `favourites.py`) keep their labels, or are
dropped with `--drop-favourites`."""
import argparse
import sys

from favourites import read_game


def finished(value):
    """A finished game's score: exactly 1, 2 or 3 points (in millipoints)."""
    return value != 0 and value % 1000 == 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("src")
    ap.add_argument("dst")
    ap.add_argument("--mode", choices=["parent", "mean"], default="parent")
    ap.add_argument("--drop-favourites", action="store_true")
    a = ap.parse_args()
    changed = played = favourites = 0
    with open(a.src) as f, open(a.dst, "w") as o:
        header = f.readline()
        if " explore=" not in header:
            sys.exit(f"{a.src}: not a selfplay data file")
        explore = int(header.split(" explore=")[1].split()[0])
        has_favourites = " favourites=1" in header
        if a.drop_favourites:
            header = header.replace(" favourites=1", "")
        o.write(header)
        for line in f:
            head, words, flags = read_game(line, a.src, has_favourites)
            out = []
            parent = None
            turn = 0
            for w, favourite in zip(words, flags):
                state, value = w.rsplit("=", 1)
                value = int(value)
                if favourite:
                    favourites += 1
                    if not a.drop_favourites:
                        out.append(w)
                    continue
                played += 1
                if (
                    parent is not None
                    and turn - 1 >= explore
                    and not finished(parent)
                    and not finished(value)
                ):
                    label = -parent if a.mode == "parent" else round((value - parent) / 2)
                    out.append(f"{state}={label}")
                    changed += 1
                else:
                    out.append(w)
                parent = value
                turn += 1
            o.write(head + " states " + " ".join(out) + " end\n")
    print(
        f"{played} played states, {changed} relabelled; {favourites} favourites"
        + (" dropped" if a.drop_favourites else " kept"),
        file=sys.stderr,
    )


if __name__ == "__main__":
    main()
