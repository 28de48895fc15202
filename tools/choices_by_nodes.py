#!/usr/bin/env python3
"""Does more search keep more wins? The engine's choices on one fixed set of won
states, judged by an exact table, at several node limits.

Usage: tools/choices_by_nodes.py ANALYSIS TABLE [--engine PATH] [--nodes N ...]
       [--min-turns T] [--every K] [--part P] [--option NAME=VALUE ...] [--tune NAME=VALUE ...]

ANALYSIS is the JSON of `ncbg analyze --tables TABLE --format json` (e.g. the
benchmark's analysis.jsonl from tools/hyper_benchmark.sh). The set: its won
states (`best_score` above 0) that best play needs more than T turns to finish
(`best_turns`; `--min-turns`, 100 by default: the slow wins; 0 takes every won
state), every Kth from the Pth. Each is searched afresh by one engine at each
limit (`newgame`, `position state ID`, `go nodes N`: an empty hash table and no
game history; each `--option` set first, each `--tune` given to the engine as
`ncbg --tune`), and the child the engine plays is
judged with TABLE: a child that is not a win for the mover leaves the win. Prints,
for the choices the analysed games made (`played_score`) and for each limit, how
many of the states were left as a draw or a loss, with Wilson's 95% interval.

The self-play benchmark's games change with the engine (a stronger engine on
both sides steers into harder states); this set does not, so two limits, two
builds or two option values compare choice for choice on the same states.
Node-limited, so a loaded machine gives the same figures. Needs the Python
package (`pip install ./tools/python`): its NCBP client and its table reader.
"""
import argparse
import json
import math

import ncbg
from ncbg.engine import EngineError, Limit, SimpleEngine
from ncbg.tables import Table


def wilson(k, n, z=1.96):
    """Wilson's 95% interval of k successes in n, as percentages."""
    if n == 0:
        return (0.0, 100.0)
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (100 * max(0.0, centre - half), 100 * min(1.0, centre + half))


def won_states(path, min_turns, every, part):
    rows = [json.loads(line) for line in open(path)]
    rows = [r for r in rows if "turn" in r and r.get("exact") and r["best_score"] > 0
            and (r.get("best_turns") or 0) > min_turns]
    return rows[part::every]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("analysis")
    ap.add_argument("table")
    ap.add_argument("--engine", default="target/release/ncbg")
    ap.add_argument("--nodes", type=int, nargs="+", default=[20000, 60000])
    ap.add_argument("--min-turns", type=int, default=100)
    ap.add_argument("--every", type=int, default=1)
    ap.add_argument("--part", type=int, default=0)
    ap.add_argument("--option", action="append", default=[], help="NAME=VALUE, e.g. EvalFile=net.ncnn")
    ap.add_argument("--tune", action="append", default=[],
                    help="NAME=VALUE, one of the search's tuning knobs (ncbg --tune), e.g. OddDepths=1")
    a = ap.parse_args()
    if a.every < 1 or a.part < 0 or any(n < 1 for n in a.nodes):
        ap.error("--every and each of --nodes must be 1 or more, --part 0 or more")
    table = Table(a.table)
    rows = won_states(a.analysis, a.min_turns, a.every, a.part)
    left = {n: 0 for n in a.nodes}
    try:
        engine = SimpleEngine.popen([a.engine] + [f"--tune={t}" for t in a.tune])
    except EngineError as e:
        raise SystemExit(f"engine {a.engine}: {e}") from None
    with engine:
        for option in a.option:
            name, _, value = option.partition("=")
            try:
                engine.configure({name: value})
            except EngineError as e:
                raise SystemExit(f"option {option}: {e}") from None
        for row in rows:
            state = ncbg.State(row["state"])
            for n in a.nodes:
                engine.newgame()
                turn = engine.play(state, Limit(nodes=n)).turn
                # The child's value is for its side to move, the mover's opponent.
                try:
                    value = -table.probe(state.play(turn)).value
                except ncbg.Error as e:
                    raise SystemExit(f"{a.table} cannot judge {state.id}: {e}") from None
                if value <= 0:
                    left[n] += 1
    played = sum(r.get("played_score", 1) <= 0 for r in rows)
    distance = f"best play over {a.min_turns} turns" if a.min_turns > 0 else "every won state"
    print(f"{len(rows)} won states ({distance}), every {a.every} from {a.part}: won states left as a draw or a loss")
    print("| choice | states left | share | 95% |")
    print("| --- | ---: | ---: | --- |")
    for name, k in [("the analysed games' own", played)] + [(f"go nodes {n}", left[n]) for n in a.nodes]:
        low, high = wilson(k, len(rows))
        share = 100 * k / len(rows) if rows else 0.0
        print(f"| {name} | {k} | {share:.1f}% | {low:.1f} .. {high:.1f} |")


if __name__ == "__main__":
    main()
