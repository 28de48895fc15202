#!/usr/bin/env python3
"""What a slow win looks like: best play followed to the end from the won states
an engine left.

Usage: tools/slow_win_lines.py ANALYSIS TABLE [--min-turns N] [--sample S] [--seed R] [--show]

ANALYSIS is the JSON of `ncbg analyze --tables ... --format json` (e.g. the
benchmark's analysis.jsonl from tools/hyper_benchmark.sh), TABLE the exact table
that judged it. Of the won states the engine left as a draw or a loss whose best
play needs more than N turns (default 100), S distinct states are drawn at random (seeded), and
from each the table's first optimal choice is played for both sides until the
game ends. Prints, per line, its length and how many of its turns hit a blot,
then the same share over the engine's own turns in ANALYSIS. `--show` prints
the line's states (their IDs) too. Needs the Python package
(`pip install ./tools/python`): its tables and rules play the lines; no engine
runs (tools/train/EXPERIMENTS.md, "Slow wins against draws").
"""
import argparse
import json
import random

import ncbg
from ncbg.tables import Table


def hits(token):
    """Blots hit by one turn token (each hit is marked with `*`)."""
    return token.count("*")


def best_line(table, state, limit):
    """The turns of best play from `state` to the game's end (at most `limit`)."""
    turns = []
    while not state.is_over() and len(turns) < limit:
        best = table.probe(state).best
        if not best:
            break
        turn = best[0]
        turns.append(turn)
        state = state.play(turn)
    return turns, state


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("analysis")
    ap.add_argument("table")
    ap.add_argument("--min-turns", type=int, default=100)
    ap.add_argument("--sample", type=int, default=0, help="states to follow (0: all)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--show", action="store_true")
    a = ap.parse_args()
    rows = [json.loads(line) for line in open(a.analysis)]
    turns = [r for r in rows if "turn" in r and r.get("exact")]
    # Each distinct state once (the same state recurs in games that meet).
    left = list({r["state"]: r for r in turns
                 if r["best_score"] > 0 and r["played_score"] <= 0 and (r.get("best_turns") or 0) > a.min_turns}.values())
    if not left:
        raise SystemExit("no won state left with a slow win in " + a.analysis)
    sample = random.Random(a.seed).sample(left, min(a.sample or len(left), len(left)))
    table = Table(a.table)
    total_turns = total_hits = 0
    print(f"{len(sample)} of {len(left)} distinct won states left with more than {a.min_turns} turns of best play to go")
    print("| state | best play's turns | line played | hits | a turn |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for r in sample:
        line, end = best_line(table, ncbg.State(r["state"]), 2000)
        h = sum(hits(t.token) for t in line)
        total_turns += len(line)
        total_hits += h
        print(f"| `{r['state']}` | {r['best_turns']} | {len(line)}{'' if end.is_over() else ' (not ended)'} "
              f"| {h} | {h / max(len(line), 1):.2f} |")
        if a.show:
            state = ncbg.State(r["state"])
            for t in line:
                print(f"  {state.id} {t.token}")
                state = state.play(t)
    own = sum(hits(r["played"]) for r in turns)
    print(f"best play: {total_hits} hits in {total_turns} turns ({total_hits / max(total_turns, 1):.1%}); "
          f"the engine's own turns in the analysis: {own} in {len(turns)} ({own / max(len(turns), 1):.1%})")


if __name__ == "__main__":
    main()
