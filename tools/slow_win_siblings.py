#!/usr/bin/env python3
"""How well nets tell a slow win's winning children from the others: on the
distinct won states of an analysis whose best play needs more than T turns and
that have a child which is not a win, each net's static values of the children
(pairwise AUC: the share of (winning child, other child) pairs the net orders
right, ties half; and how often the child of the best static value is not a
win, a tie going to the winning child) and, with --nodes, how often its search
leaves the win.

Usage: tools/slow_win_siblings.py ANALYSIS TABLE NET [NET ...] [--nodes N]
       [--min-turns T] [--every K] [--part P] [--drawn]

ANALYSIS is the JSON of `ncbg analyze --tables TABLE --format json` (e.g. the
benchmark's analysis.jsonl from tools/hyper_benchmark.sh); NET a net file, or
`-` for the embedded nets. `--drawn` takes the drawn states that have a losing
child instead (the children that keep the draw against those that lose). Each
search is a fresh in-process `ncbg.Searcher` (empty table, no game history),
node-limited, so a loaded machine gives the same figures. A diagnostic of the
nets, to compare them on one fixed set: training on these verdicts is allowed
only for the tables that may teach (tools/train/README.md). Needs the Python
package (`pip install ./tools/python`).
"""
import argparse
import json

import ncbg
# A tool beside this one (the script's folder is on the path when it runs).
from choices_by_nodes import wilson


def states(path, min_turns, drawn):
    """The distinct exact-judged states of the analysis the set takes, in the
    order of their games' indices and turns (a match file lists its games as
    they finished, which concurrency varies; the indices do not)."""
    rows = [json.loads(line) for line in open(path)]
    rows = sorted((r for r in rows if "turn" in r and r.get("exact")), key=lambda r: (r["game"], r["turn"]))
    seen, out = set(), []
    for r in rows:
        if r["state"] in seen:
            continue
        if drawn:
            keep = r["best_score"] == 0
        else:
            keep = r["best_score"] > 0 and (r.get("best_turns") or 0) > min_turns
        if keep:
            seen.add(r["state"])
            out.append(r["state"])
    return out


def cases(table, table_path, ids, drawn):
    """(state, [(turn, child, good)]) for the states whose children differ."""
    out = []
    for sid in ids:
        state = ncbg.State(sid)
        # A choice's value is for the mover: a win keeps a won state, a draw or
        # better keeps a drawn one.
        try:
            choices = table.probe(state).choices
        except ncbg.Error as e:
            raise SystemExit(f"{table_path} cannot judge {sid}: {e}") from None
        good = {str(c.turn) for c in choices if (c.value >= 0 if drawn else c.value > 0)}
        kids = [(str(t), state.play(t), str(t) in good) for t in state.legal_turns()]
        if any(g for _, _, g in kids) and not all(g for _, _, g in kids):
            out.append((state, kids))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("analysis")
    ap.add_argument("table")
    ap.add_argument("net", nargs="+", help="net files, `-` for the embedded nets")
    ap.add_argument("--nodes", type=int, default=0, help="also each net's search at N nodes")
    ap.add_argument("--min-turns", type=int, default=100)
    ap.add_argument("--every", type=int, default=1)
    ap.add_argument("--part", type=int, default=0)
    ap.add_argument("--drawn", action="store_true")
    a = ap.parse_args()
    if a.every < 1 or a.part < 0 or a.nodes < 0:
        ap.error("--every must be 1 or more, --part and --nodes 0 or more")
    table = ncbg.Table(a.table)
    cs = cases(table, a.table, states(a.analysis, a.min_turns, a.drawn)[a.part::a.every], a.drawn)
    kind = "drawn states with a losing child" if a.drawn else f"won states over {a.min_turns} turns with a child that is not a win"
    print(f"{len(cs)} {kind}, every {a.every} from {a.part}")
    print("| net | AUC | best static child not good | 95% |" + (f" search at {a.nodes} nodes leaves | 95% |" if a.nodes else ""))
    print("| --- | ---: | ---: | --- |" + (" ---: | --- |" if a.nodes else ""))
    for net in a.net:
        path = None if net == "-" else net
        auc, static_bad, search_bad = 0.0, 0, 0
        for state, kids in cs:
            # The child's value is for its side to move, the mover's opponent;
            # a finished game is the best there is.
            vals = [(3000 if child.is_over() else -ncbg.evaluate(child, net=path).mp, good) for _, child, good in kids]
            wins = [v for v, g in vals if g]
            others = [v for v, g in vals if not g]
            auc += sum((w > o) + 0.5 * (w == o) for w in wins for o in others) / (len(wins) * len(others))
            static_bad += not max(vals)[1]
            if a.nodes:
                turn = str(ncbg.Searcher(hash=16, net=path).search(state, nodes=a.nodes).turn)
                search_bad += not next(g for t, _, g in kids if t == turn)
        n = len(cs)
        lo, hi = wilson(static_bad, n)
        line = f"| {net} | {auc / max(n, 1):.3f} | {static_bad} | {lo:.1f} .. {hi:.1f} |"
        if a.nodes:
            lo, hi = wilson(search_bad, n)
            line += f" {search_bad} | {lo:.1f} .. {hi:.1f} |"
        print(line, flush=True)


if __name__ == "__main__":
    main()
