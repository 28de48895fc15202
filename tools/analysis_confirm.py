#!/usr/bin/env python3
"""Splits a run of `examples/analysis_candidates` made with `BOTH=1` into the
verdicts of three analyses of the same turns: without the confirmation one
ply deeper (`plain`), with it from a loss of 40 mp (the run's own `CONFIRM`)
and from 80 mp (a confirmation from 80 is the one from 40 where the plain
loss reaches 80, the plain verdict elsewhere).

    tools/analysis_confirm.py RUN.jsonl OUT_PREFIX [FROM ...]

writes OUT_PREFIX.plain.jsonl and OUT_PREFIX.FROM.jsonl for each FROM (40 80
by default; each at least the run's CONFIRM), for `tools/analysis_compare.py`.
"""
import json
import sys


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    rows = [json.loads(l) for l in open(sys.argv[1])]
    froms = [int(f) for f in sys.argv[3:]] or [40, 80]
    if any("loss0" not in r for r in rows):
        sys.exit("not a BOTH=1 run: a line without loss0")

    def plain(r):
        return dict(r, best=r["best0"], loss=r["loss0"], nodes=r["nodes0"], depth=r["depth0"])

    with open(f"{sys.argv[2]}.plain.jsonl", "w") as out:
        for r in rows:
            print(json.dumps(plain(r)), file=out)
    for f in froms:
        with open(f"{sys.argv[2]}.{f}.jsonl", "w") as out:
            for r in rows:
                print(json.dumps(r if r["loss0"] >= f else plain(r)), file=out)


if __name__ == "__main__":
    main()
