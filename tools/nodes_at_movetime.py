#!/usr/bin/env python3
"""How many nodes the engine searches at `go movetime T` on the states of real games.

Usage: tools/nodes_at_movetime.py ANALYSIS [--engine PATH] [--movetime MS] [--every N] [--count C]

ANALYSIS is the JSON of `ncbg analyze --format json` (e.g. the benchmark's
analysis.jsonl from tools/hyper_benchmark.sh); every Nth of its turns' states
(the first C of them) is given to one engine in turn, `position state ID` then
`go movetime MS`, as in a game (the hash table kept between searches). Prints
the median and mean of the nodes and the depth of each search's last `info`
line, and the median time: the node limit that stands for a time limit
(docs/hypergammon.md). Timed: run it on a quiet machine.
"""
import argparse
import json
import statistics
import subprocess


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
    engine = subprocess.Popen(
        [a.engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL, text=True, bufsize=1)
    found = []
    for state in states:
        engine.stdin.write(f"position state {state}\ngo movetime {a.movetime}\n")
        engine.stdin.flush()
        last = None
        while True:
            line = engine.stdout.readline()
            if not line:
                raise SystemExit("the engine ended")
            if line.startswith("info") and " nodes " in line:
                last = line.split()
            if line.startswith("bestmove"):
                break
        if last is None:
            continue

        def field(name):
            return int(last[last.index(name) + 1]) if name in last else None

        found.append((field("nodes"), field("depth"), field("time")))
    engine.stdin.close()
    engine.wait()
    nodes = [f[0] for f in found]
    print(f"{len(found)} states at go movetime {a.movetime}: nodes median {statistics.median(nodes):.0f}, "
          f"mean {statistics.mean(nodes):.0f}; depth median {statistics.median(f[1] for f in found)}; "
          f"time median {statistics.median(f[2] for f in found if f[2] is not None)} ms")


if __name__ == "__main__":
    main()
