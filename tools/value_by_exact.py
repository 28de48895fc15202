#!/usr/bin/env python3
"""The engine's values against the exact ones: can it tell a slow win from a draw?

Usage: tools/value_by_exact.py ANALYSIS [--engine PATH] [--nodes N] [--every K] [--option NAME=VALUE ...]
       [--tune NAME=VALUE ...]

ANALYSIS is the JSON of `ncbg analyze --tables ... --format json` (e.g. the
benchmark's analysis.jsonl from tools/hyper_benchmark.sh): each turn carries the
state, its exact value for the side to move (`best_score`) and, for a decided
state, the turns best play takes to its end (`best_turns`). Every Kth state is
searched afresh by one engine (`position state ID`, `go nodes N`; the hash table
kept between searches; each `--option` set first, each `--tune` given to the
engine as `ncbg --tune`) and its value (the last `info`'s score) grouped by
the exact verdict: won within 40 turns, in 41..100, in more than 100; drawn;
lost within 40 turns, in 41..100, in more than 100 (the turns best play holds
out). Prints each group's mean, 10th, 50th and 90th percentile and the share
valued above 0. Node-limited, so a loaded machine gives the same figures.
Needs the Python package (`pip install ./tools/python`): its NCBP client
talks to the engine (docs/hypergammon.md).
"""
import argparse
import collections
import json
import statistics

import ncbg
from ncbg.engine import EngineError, Limit, SimpleEngine


def group(row):
    value, turns = row["best_score"], row.get("best_turns")
    if value == 0:
        return "drawn"
    verdict = "won" if value > 0 else "lost"
    if turns is not None and turns > 100:
        return f"{verdict}, over 100 turns"
    if turns is not None and turns > 40:
        return f"{verdict}, 41..100 turns"
    return f"{verdict}, within 40 turns"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("analysis")
    ap.add_argument("--engine", default="target/release/ncbg")
    ap.add_argument("--nodes", type=int, default=20000)
    ap.add_argument("--every", type=int, default=8)
    ap.add_argument("--option", action="append", default=[], help="NAME=VALUE, e.g. EvalFile=net.ncnn")
    ap.add_argument("--tune", action="append", default=[],
                    help="NAME=VALUE, one of the search's tuning knobs (ncbg --tune), e.g. OddDepths=1")
    a = ap.parse_args()
    rows = [json.loads(line) for line in open(a.analysis)]
    rows = [r for r in rows if "turn" in r and r.get("exact")][:: a.every]
    groups = collections.defaultdict(list)
    try:
        engine = SimpleEngine.popen([a.engine] + [f"--tune={t}" for t in a.tune])
    except EngineError as e:
        raise SystemExit(f"engine {a.engine}: {e}") from None
    with engine:
        for option in a.option:
            name, value = option.split("=", 1)
            try:
                engine.configure({name: value})
            except EngineError as e:
                raise SystemExit(f"option {option}: {e}") from None
        for row in rows:
            info = engine.analyse(ncbg.State(row["state"]), Limit(nodes=a.nodes))
            if info.mp is not None:
                groups[group(row)].append(info.mp)
    order = [f"{verdict}, {distance}" for verdict in ("won", "lost")
             for distance in ("within 40 turns", "41..100 turns", "over 100 turns")]
    order.insert(3, "drawn")
    print(f"{sum(map(len, groups.values()))} states, go nodes {a.nodes}: the engine's value (mp) by the exact verdict")
    print("| exact verdict | states | mean | 10% | median | 90% | valued above 0 |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for name in order:
        vs = sorted(groups.get(name, []))
        if not vs:
            continue

        def q(f):
            return vs[int(f * (len(vs) - 1))]

        above = sum(v > 0 for v in vs) / len(vs)
        print(f"| {name} | {len(vs)} | {statistics.mean(vs):.0f} | {q(0.1)} | {q(0.5)} | {q(0.9)} | {above:.0%} |")


if __name__ == "__main__":
    main()
