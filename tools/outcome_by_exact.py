#!/usr/bin/env python3
"""What games teach about a state: their results (and a self-play file's labels)
grouped by the state's exact verdict.

Usage: tools/outcome_by_exact.py TABLE FILE...

Each FILE is a referee match file (`ncbg-referee --out`, e.g. the k = 3
benchmark's match.txt from tools/hyper_benchmark.sh) or a self-play data file
(`ncbg-train selfplay --out`: what a net's training round learns from). Every
state a game meets with its mover to pick, that TABLE holds, is grouped by its
exact verdict for the mover (as tools/value_by_exact.py groups them: won within
40 turns, in 41..100, in more than 100; drawn; lost likewise), and for each
group the tool prints how many states it holds, the share of all, how the
games those states were met in ended for their mover (won, drawn, lost: a
game stopped at the turn cap counts as drawn; the mean points) and, for a
self-play file, the 10th, 50th and 90th percentile of the label the file gives
the state (its search's score for the mover, millipoints).

A training round's targets mix that label with the game's result
(`--result-weight`): if the results of the games a slow win was met in do not
differ from a draw's, neither part of the target tells them apart. The table
only judges (it labels nothing). Needs the Python package (`pip install
./tools/python`): its match-file and table readers.
"""
import argparse
import collections

import ncbg
import ncbg.matchfile
from ncbg.tables import Table
from value_by_exact import group

ORDER = ["won, within 40 turns", "won, 41..100 turns", "won, over 100 turns", "drawn",
         "lost, over 100 turns", "lost, 41..100 turns", "lost, within 40 turns"]
SELFPLAY_MAGIC = "ncbg-selfplay"


def selfplay_games(path):
    """(points X won, [(state ID, label)]) of each whole game line of a self-play file."""
    with open(path) as f:
        for number, line in enumerate(f, 1):
            words = line.split()
            if len(words) < 5 or words[0] != "game" or words[-1] != "end":
                continue  # the header, or a line cut short by a crash
            try:
                states = [w.rsplit("=", 1) for w in words[5:-1]]
                yield int(words[3]), [(s, int(v)) for s, v in states]
            except ValueError:
                raise SystemExit(f"{path}:{number}: not a game line of a self-play file") from None


def match_games(path):
    """(points X won, [(state ID, None)]) of each game of a referee match file."""
    for g in ncbg.matchfile.read(path).games:
        sign = {"X": 1, "Y": -1}.get(g.winner, 0)
        yield sign * g.points, [(state.id, None) for state, _ in g.positions()]


def games_of(path):
    with open(path) as f:
        first = f.readline()
    if first.startswith(SELFPLAY_MAGIC):
        return selfplay_games(path)
    if first.startswith(ncbg.matchfile.MAGIC):
        return match_games(path)
    raise SystemExit(f"{path}: neither a referee match file nor a self-play data file")


def percentile(sorted_values, p):
    return sorted_values[min(len(sorted_values) - 1, len(sorted_values) * p // 100)]


def tally(table, paths):
    """For each verdict group: the mover's results ('won', 'drawn', 'lost' counts,
    'points' summed) and the labels met."""
    results = collections.defaultdict(collections.Counter)
    labels = collections.defaultdict(list)
    for path in paths:
        for points_x, states in games_of(path):
            for state_id, label in states:
                try:
                    state = ncbg.State(state_id)
                except ncbg.BadId as e:
                    raise SystemExit(f"{path}: {e}") from None
                if state.phase != "pick" or state.is_over() or not table.covers(state):
                    continue
                probe = table.probe(state)
                verdict = group({"best_score": probe.value, "best_turns": probe.turns})
                points = points_x if state.turn == "X" else -points_x
                r = results[verdict]
                r["won" if points > 0 else "lost" if points < 0 else "drawn"] += 1
                r["points"] += points
                if label is not None:
                    labels[verdict].append(label)
    return results, labels


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("table")
    ap.add_argument("files", nargs="+")
    a = ap.parse_args()
    table = Table(a.table)
    results, labels = tally(table, a.files)
    total = sum(r["won"] + r["drawn"] + r["lost"] for r in results.values())
    if total == 0:
        raise SystemExit(f"no state of these files is in {a.table} ({table.spec})")
    has_labels = any(labels.values())
    print(f"{total} states to pick in {len(a.files)} file(s), judged by {table.spec}")
    print()
    head = "| exact verdict | states | share | mover won | drawn | mover lost | mean points |"
    rule = "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"
    if has_labels:
        head += " label: median (10% .. 90%) |"
        rule += " --- |"
    print(head)
    print(rule)
    for verdict in ORDER:
        r = results.get(verdict)
        if not r:
            continue
        n = r["won"] + r["drawn"] + r["lost"]
        line = (f"| {verdict} | {n} | {100 * n / total:.1f}% | {100 * r['won'] / n:.0f}% "
                f"| {100 * r['drawn'] / n:.0f}% | {100 * r['lost'] / n:.0f}% | {r['points'] / n:+.2f} |")
        if has_labels:
            v = sorted(labels[verdict])
            line += (f" {percentile(v, 50)} ({percentile(v, 10)} .. {percentile(v, 90)}) |"
                     if v else " — |")
        print(line)


if __name__ == "__main__":
    main()
