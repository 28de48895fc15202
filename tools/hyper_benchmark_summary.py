#!/usr/bin/env python3
"""Summary of tools/hyper_benchmark.sh: the exact verdicts of `ncbg analyze
--tables --format json` on referee match files, per distinct game.

Usage: tools/hyper_benchmark_summary.py [--max-turns N] ANALYSIS MATCH [ANALYSIS MATCH ...]

Several runs (other SEEDs) are pooled, each distinct game counted once.
Points dropped per game (95% interval over the distinct games) and per turn;
won states left as a draw or a loss, drawn states left as a loss. The table
judges the uncapped game, while the matches were capped at N turns (200 by
default, the benchmark's): a win that best play completes only after the cap
is a draw in the game played. So the won states are also counted within the
cap (the best choice's win ends by the last turn the game has), with how many
of them were left without a win within it; likewise the drawn states lost
within it. The shares of won states left and drawn states lost get a 95%
interval over the distinct games (a ratio of sums, its variance from the games'
own counts: the turns of one game are not independent), and the won states are
split by how far best play is from the win (within 40 turns, 41..100, over
100): the slow wins are where the engine leaves most. Needs analyses with the tables' distances (`best_turns`,
`played_turns`) and matches of state openings, whose recorded turns are all
the engines'.
"""
import json
import math
import sys


def read_run(run, analysis, match):
    """The turns of one run and its games, keyed (run, game index)."""
    rows = [json.loads(l) for l in open(analysis)]
    turns = [r for r in rows if "turn" in r]
    assert all(r["exact"] for r in turns), "a turn the table does not cover"
    for r in turns:
        r["game"] = (run, r["game"])
    games = {}
    for line in open(match):
        if line.startswith("game\t"):
            f = dict(p.split("=", 1) for p in line.rstrip("\n").split("\t")[1:-1] if "=" in p)
            assert f["opening"].startswith("state:"), "openings must be states"
            games[(run, int(f["index"]))] = (f["opening"], f["moves"])
    return turns, games


def main(runs, max_turns=200):
    turns, games = [], {}
    for i, (analysis, match) in enumerate(runs):
        t, g = read_run(i, analysis, match)
        turns += t
        games.update(g)
    # Two openings can give the same game (the same random opening, or lines
    # that meet): count each distinct game once.
    distinct, seen = [], set()
    for i in sorted(games):
        if games[i] not in seen:
            seen.add(games[i])
            distinct.append(i)
    loss = {i: 0 for i in distinct}
    # Per game: won states and those left, drawn states and those lost.
    per_game = {i: [0, 0, 0, 0] for i in distinct}
    bands = {band: [0, 0] for band in BANDS}
    n_turns = won = thrown = drawn = drawn_thrown = 0
    won_cap = thrown_cap = lost_cap = 0

    def within(r, key):
        # The last turn of the line ends by the cap (turns 0 .. max_turns - 1);
        # a draw has no distance.
        return r.get(key) is not None and r["turn"] + r[key] < max_turns

    for r in turns:
        if r["game"] not in loss:
            continue
        n_turns += 1
        loss[r["game"]] += r["loss"] / 1000
        g = per_game[r["game"]]
        if r["best_score"] > 0:
            won += 1
            thrown += r["played_score"] <= 0
            g[0] += 1
            g[1] += r["played_score"] <= 0
            b = bands[band(r.get("best_turns"))]
            b[0] += 1
            b[1] += r["played_score"] <= 0
            if within(r, "best_turns"):
                won_cap += 1
                thrown_cap += not (r["played_score"] > 0 and within(r, "played_turns"))
        if r["best_score"] == 0:
            drawn += 1
            drawn_thrown += r["played_score"] < 0
            g[2] += 1
            g[3] += r["played_score"] < 0
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
    counts = list(per_game.values())
    lo, hi = ratio_interval([(c[1], c[0]) for c in counts])
    dlo, dhi = ratio_interval([(c[3], c[2]) for c in counts])
    print(f"95% over the distinct games: won states left {pct(thrown, won)} ({lo:.1f} .. {hi:.1f}); "
          f"drawn states lost {pct(drawn_thrown, drawn)} ({dlo:.1f} .. {dhi:.1f})")
    print("won states by best play's distance to the win: " + "; ".join(
        f"{name} {bands[name][0]}, left {bands[name][1]} ({pct(bands[name][1], bands[name][0])})"
        for name in BANDS))


BANDS = ("within 40 turns", "41..100 turns", "over 100 turns")


def band(turns):
    """The distance band of a won state (a win always has its distance)."""
    if turns is None or turns <= 40:
        return BANDS[0]
    return BANDS[1] if turns <= 100 else BANDS[2]


def pct(part, whole):
    return f"{100 * part / max(whole, 1):.1f}%"


def ratio_interval(pairs):
    """95% interval, in percent, of sum(a) / sum(b) over clusters (a, b): the
    ratio estimator's variance from the clusters' residuals a - r b."""
    pairs = [(a, b) for a, b in pairs if b > 0]
    n, total = len(pairs), sum(b for _, b in pairs)
    if n < 2 or total == 0:
        return 0.0, 100.0
    r = sum(a for a, _ in pairs) / total
    se = math.sqrt(n / (n - 1) * sum((a - r * b) ** 2 for a, b in pairs)) / total
    return 100 * max(0.0, r - 1.96 * se), 100 * min(1.0, r + 1.96 * se)


if __name__ == "__main__":
    args = sys.argv[1:]
    max_turns = 200
    if args[:1] == ["--max-turns"] and len(args) > 1:
        max_turns = int(args[1])
        args = args[2:]
    if not args or len(args) % 2:
        sys.exit(__doc__)
    main(list(zip(args[::2], args[1::2])), max_turns)
