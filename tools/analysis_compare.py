#!/usr/bin/env python3
"""Compare two analyses of the same turns, or count each player's marks.

The inputs are JSON lines of `examples/analysis_candidates.rs` (one object a
judged turn: game, side, turn, played, best, played_score, best_score, loss,
depth, nodes, ms; `game` counts the match file's games in file order) or of
`ncbg analyze --format json` (its turn lines, `game` the file's `index=`,
with the player's name; its settings and totals lines are skipped); see
docs/analysis.md.

  tools/analysis_compare.py agree FIRST.jsonl SECOND.jsonl [--match M --player NAME]
      marks (loss >= 80 mp) of each and how many the other has too ("kept":
      FIRST's marks that SECOND marks, "found": SECOND's marks that FIRST
      marks), the same best choice, nodes, and the spread of the loss
      difference; --player keeps the turns of one player of match file M
  tools/analysis_compare.py settled FIRST.jsonl SECOND.jsonl THIRD.jsonl
      the marks on which SECOND and THIRD agree (a deeper reference and one
      deeper still: the marks that have settled), how many of them FIRST
      marks, and FIRST's marks that neither deeper one has
  tools/analysis_compare.py rates MATCH RUN.jsonl...
      each player's turns, error rate (mean loss a turn), errors (80 mp or
      more), blunders (160 or more) and marks a game
  tools/analysis_compare.py pool MATCH:RUN.jsonl:SAMPLE... [--as NAME=PLAYER...]
      the same pooled over several match files and their runs, each run
      judging one turn in SAMPLE (its marks count SAMPLE times towards the
      marks a game); --as counts player NAME as PLAYER (n1m_b=n1m)
"""
import json
import statistics
import sys


def load(path):
    rows = (r for r in map(json.loads, open(path)) if "turn" in r)
    return {(r["game"], r["turn"]): r for r in rows}


def games_of(match):
    out = []
    for line in open(match):
        if line.startswith("game\t"):
            fields = line.rstrip("\n").split("\t")[1:]
            out.append(dict(f.split("=", 1) for f in fields if "=" in f))
    return out


def game_of(games, r):
    """The match file's game of turn line `r`: by `index=` for a line of
    `ncbg analyze` (it names the player), else by file order."""
    if "player" in r:
        return next(g for g in games if int(g["index"]) == r["game"])
    return games[r["game"]]


def player(games, r):
    if "player" in r:
        return r["player"]
    g = game_of(games, r)
    return g["x"] if r["side"].upper().startswith("X") else g["y"]


def pct(x, y):
    return f"{100 * x / y:.0f}%" if y else "-"


def agree(args):
    a, b = load(args[0]), load(args[1])
    keys = sorted(set(a) & set(b))
    if "--player" in args:
        games = games_of(args[args.index("--match") + 1])
        name = args[args.index("--player") + 1]
        keys = [k for k in keys if player(games, a[k]) == name]
    if not keys:
        sys.exit("no turn in both")
    ma = {k for k in keys if a[k]["loss"] >= 80}
    mb = {k for k in keys if b[k]["loss"] >= 80}
    same = sum(a[k]["best"] == b[k]["best"] for k in keys)
    na = sum(a[k]["nodes"] for k in keys) / len(keys)
    nb = sum(b[k]["nodes"] for k in keys) / len(keys)
    sd = statistics.pstdev([a[k]["loss"] - b[k]["loss"] for k in keys])
    print(
        f"turns {len(keys)}  marks {len(ma)} v {len(mb)}  "
        f"kept {len(ma & mb)}/{len(ma)} {pct(len(ma & mb), len(ma))}  "
        f"found {len(ma & mb)}/{len(mb)} {pct(len(ma & mb), len(mb))}  "
        f"same best {same}/{len(keys)} {pct(same, len(keys))}  "
        f"nodes {na / 1e3:.0f}k v {nb / 1e3:.0f}k ({nb / na:.1f}x)  "
        f"loss difference sd {sd:.1f} mp"
    )


def settled(args):
    if len(args) != 3:
        sys.exit("settled takes three runs: FIRST.jsonl SECOND.jsonl THIRD.jsonl")
    a, b, c = (load(p) for p in args)
    keys = sorted(set(a) & set(b) & set(c))
    if not keys:
        sys.exit("no turn in all three")
    marks = [{k for k in keys if r[k]["loss"] >= 80} for r in (a, b, c)]
    both = marks[1] & marks[2]
    either = marks[1] | marks[2]
    print(
        f"turns {len(keys)}  marks {len(marks[0])} v {len(marks[1])} v {len(marks[2])}  "
        f"settled (second and third) {len(both)}, found by first {len(marks[0] & both)}/{len(both)} "
        f"{pct(len(marks[0] & both), len(both))}  "
        f"first's marks in neither {len(marks[0] - either)}"
    )
    for k in sorted(either | marks[0]):
        print(f"  game {k[0]} turn {k[1]}: losses {a[k]['loss']} v {b[k]['loss']} v {c[k]['loss']} mp")


def rates(args):
    games = games_of(args[0])
    for path in args[1:]:
        rows = list(load(path).values())
        by = {}
        for r in rows:
            s = by.setdefault(player(games, r), {"turns": 0, "loss": 0, "e": 0, "b": 0, "games": set()})
            s["turns"] += 1
            s["loss"] += r["loss"]
            s["e"] += 80 <= r["loss"] < 160
            s["b"] += r["loss"] >= 160
            s["games"].add(r["game"])
        print(f"{path}: {sum(r['nodes'] for r in rows) / len(rows) / 1e3:.0f}k nodes a turn")
        for name, s in sorted(by.items()):
            n = len(s["games"])
            print(
                f"  {name:10} games {n} turns {s['turns']} rate {s['loss'] / s['turns']:.1f} "
                f"errors {s['e']} blunders {s['b']} marks a game {(s['e'] + s['b']) / n:.2f}"
            )


def pool(args):
    alias = {}
    while "--as" in args:
        i = args.index("--as")
        name, label = args[i + 1].split("=", 1)
        alias[name] = label
        args = args[:i] + args[i + 2:]
    by = {}
    for spec in args:
        match, path, sample = spec.rsplit(":", 2)
        sample = int(sample)
        games = games_of(match)
        for r in load(path).values():
            name = player(games, r)
            name = alias.get(name, name)
            s = by.setdefault(name, {"turns": 0, "loss": 0, "e": 0, "b": 0, "games": set(), "marks": 0.0})
            s["turns"] += 1
            s["loss"] += r["loss"]
            s["e"] += 80 <= r["loss"] < 160
            s["b"] += r["loss"] >= 160
            s["marks"] += sample * (r["loss"] >= 80)
            g = game_of(games, r)
            s["games"].add((match, r["game"], r["side"] if g["x"] == g["y"] else ""))
    for name, s in sorted(by.items(), key=lambda kv: kv[1]["loss"] / kv[1]["turns"]):
        n = len(s["games"])
        print(
            f"  {name:10} games {n} turns judged {s['turns']} rate {s['loss'] / s['turns']:.1f} "
            f"errors {s['e']} blunders {s['b']} marks a game {s['marks'] / n:.2f}"
        )


if __name__ == "__main__":
    if len(sys.argv) < 3 or sys.argv[1] not in ("agree", "settled", "rates", "pool"):
        sys.exit(__doc__)
    {"agree": agree, "settled": settled, "rates": rates, "pool": pool}[sys.argv[1]](sys.argv[2:])
