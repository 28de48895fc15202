#!/usr/bin/env python3
"""How many nodes the engine searches at `go movetime T` on the states of real games.

Usage: tools/nodes_at_movetime.py ANALYSIS [--engine PATH] [--movetime MS] [--every N] [--count C]

ANALYSIS is the JSON of `ncbg analyze --format json` (e.g. the benchmark's
analysis.jsonl from tools/hyper_benchmark.sh); every Nth of its turns' states
(the first C of them) is given to one engine in turn, `position state ID` then
`go movetime MS`, as in a game (the hash table kept between searches). Prints
the median and mean of the nodes of each search's last `info` line, the median
depth and the median time: the node limit that stands for a time limit
(docs/hypergammon.md). Timed: run it on a quiet machine. Needs the Python
package (`pip install ./tools/python`): its NCBP client talks to the engine.
"""
import argparse
import json
import statistics

import ncbg
from ncbg.engine import Limit, SimpleEngine


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("analysis")
    ap.add_argument("--engine", default="target/release/ncbg")
    ap.add_argument("--movetime", type=int, default=100)
    ap.add_argument("--every", type=int, default=120)
    ap.add_argument("--count", type=int, default=60)
    a = ap.parse_args()
    rows = [json.loads(line) for line in open(a.analysis)]
    states = [r["state"] for r in rows if "turn" in r][:: a.every][: a.count]
    infos = []
    with SimpleEngine.popen(a.engine) as engine:
        for state in states:
            info = engine.analyse(ncbg.State(state), Limit(movetime=a.movetime / 1000))
            if info.nodes is not None:
                infos.append(info)
    nodes = [i.nodes for i in infos]
    depth = statistics.median(i.depth for i in infos)
    time_ms = statistics.median(1000 * i.time for i in infos if i.time is not None)
    print(f"{len(infos)} states at go movetime {a.movetime}: nodes median {statistics.median(nodes):.0f}, "
          f"mean {statistics.mean(nodes):.0f}; depth median {depth}; time median {time_ms:.0f} ms")


if __name__ == "__main__":
    main()
