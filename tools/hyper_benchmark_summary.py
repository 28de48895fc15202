#!/usr/bin/env python3
"""Summary of tools/hyper_benchmark.sh: the exact verdicts of `ncbg analyze
--tables --format json` on a referee match file, per distinct game.

Usage: tools/hyper_benchmark_summary.py ANALYSIS.jsonl MATCH.txt [MAX_TURNS]

Points dropped per game (95% interval over the distinct games) and per turn;
won states left as a draw or a loss, drawn states left as a loss. The table
judges the uncapped game, while the match was capped at MAX_TURNS (default
200, the benchmark's): a win that best play completes only after the cap is a
draw in the game played. So the won states are also counted within the cap
(the best choice's win ends by the last turn the game has) and how many of
those were left as anything but a win within the cap; likewise drawn states
lost within the cap. Needs an analysis with the tables' distances (`ncbg`
from this repository, `best_turns` and `played_turns`), and a match of state
openings, whose recorded turns are all the engines'.
"""
import json
import math
import sys


def main(analysis, match, max_turns=200):
    rows = [json.loads(l) for l in open(analysis)]
    turns = [r for r in rows if "turn" in r]
    assert all(r["exact"] for r in turns), "a turn the table does not cover"
    games = {}
    for line in open(match):
        if line.startswith("game\t"):
            f = dict(p.split("=", 1) for p in line.rstrip("\n").split("\t")[1:-1] if "=" in p)
            assert f["opening"].startswith("state:"), "openings must be states"
            games[int(f["index"])] = f["moves"]
    # Two openings can give the same game (the same random opening, or lines
    # that meet): count each distinct game once.
    distinct, seen = [], set()
    for i in sorted(games):
        if games[i] not in seen:
            seen.add(games[i])
            distinct.append(i)
    loss = {i: 0 for i in distinct}
    n_turns = won = thrown = drawn = drawn_thrown = 0
    won_cap = thrown_cap = lost_cap = 0

    def within(r, key):
        # The last turn of the line ends by the cap (turns 0 .. max_turns - 1).
        return r[key] is not None and r["turn"] + r[key] < max_turns

    for r in turns:
        if r["game"] not in loss:
            continue
        r.setdefault("best_turns", None)
        r.setdefault("played_turns", None)
        n_turns += 1
        loss[r["game"]] += r["loss"] / 1000
        if r["best_score"] > 0:
            won += 1
            thrown += r["played_score"] <= 0
            if within(r, "best_turns"):
                won_cap += 1
                thrown_cap += not (r["played_score"] > 0 and within(r, "played_turns"))
        if r["best_score"] == 0:
            drawn += 1
            drawn_thrown += r["played_score"] < 0
            lost_cap += r["played_score"] < 0 and within(r, "played_turns")
    v = list(loss.values())
    n = len(v)
    m = sum(v) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in v) / (n - 1)) if n > 1 else 0
    half = 1.96 * sd / math.sqrt(n)
    print(f"games {len(games)} ({n} distinct), turns {n_turns}")
    print(f"points dropped per game {m:.3f} (95%: {m - half:.3f} .. {m + half:.3f}), "
          f"per turn {sum(v) / n_turns:.4f}")
    print(f"won states {won}, left as a draw or a loss {thrown} ({100 * thrown / max(won, 1):.1f}%); "
          f"drawn states {drawn}, left as a loss {drawn_thrown}")
    print(f"within the {max_turns}-turn cap: won states {won_cap}, left without a win within it "
          f"{thrown_cap} ({100 * thrown_cap / max(won_cap, 1):.1f}%); drawn states left as a loss "
          f"within it {lost_cap}")
    print(f"games with no point dropped {sum(1 for x in v if x == 0)} of {n}")


if __name__ == "__main__":
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2], *(int(a) for a in sys.argv[3:]))
