#!/usr/bin/env python3
"""Simulate the analysis options on `examples/analysis_depths` data and print
goal 1's agreement figures between pairs of them (docs/analysis.md).

Each input line is one judged turn: every root choice's value at every depth
of one iterative deepening (all choices with a full window), and the nodes
spent up to each depth. An option is a rule that turns those into a best
choice and a loss for the played turn:

  dN        the values at depth N
  cN        depths N and N+1 averaged (both parities combined)
  wN        depths N-1, N and N+1 weighted 1:2:1 (the analysis's default is
            w4, the quick one w3)
  nN        the deepest depth completed within N nodes (iterative deepening)
  cnN       the two deepest depths completed within N nodes, averaged
  mN        as cN, but the loss is the smaller of the losses at N and N+1
            (each against that depth's own best): a mark needs both parities

Besides the played turns, `--top K` also counts the marks over each turn's
K best choices by the deepest values of the line (the two deepest depths
averaged), each judged as if it had been played: the played turns of strong
play are rarely marked, and these stand in for a weaker player's choices.

Usage: analysis_options.py DATA.jsonl [--top K] A:B [A:B ...]
  e.g. analysis_options.py d.jsonl d3:d5 c3:c5 cn400000:cn1600000
       analysis_options.py d.jsonl --top 8 c4:c5 w4:w5
"""
import json
import sys

ERROR = 80


def values_at(turn, depth):
    for d in turn["depths"]:
        if d["depth"] == depth:
            return d["values"] if len(d["values"]) == turn["choices"] else None
    return None


def completed_within(turn, nodes):
    """Depths (deepest first) whose search ended within `nodes`."""
    return [d["depth"] for d in sorted(turn["depths"], key=lambda d: -d["depth"])
            if d["nodes"] <= nodes and len(d["values"]) == turn["choices"]]


def combine(vs):
    if any(v is None for v in vs):
        return None
    return {c: sum(v[c] for v in vs) / len(vs) for c in vs[0]}


def option_values(turn, option):
    """Per-choice values of `option` for `turn` (None: not available)."""
    if option.startswith("cn"):
        ds = completed_within(turn, int(option[2:]))
        return combine([values_at(turn, d) for d in ds[:2]]) if len(ds) >= 2 else None
    if option.startswith("n"):
        ds = completed_within(turn, int(option[1:]))
        return values_at(turn, ds[0]) if ds else None
    if option.startswith("c"):
        n = int(option[1:])
        return combine([values_at(turn, n), values_at(turn, n + 1)])
    if option.startswith("w"):
        n = int(option[1:])
        return combine([values_at(turn, n - 1), values_at(turn, n),
                        values_at(turn, n), values_at(turn, n + 1)])
    if option.startswith("d"):
        return values_at(turn, int(option[1:]))
    raise SystemExit(f"unknown option {option}")


def effort(turn, option):
    """Nodes the option spends on the turn."""
    if option.startswith("cn") or option.startswith("n"):
        n = int(option.lstrip("cn"))
        ds = completed_within(turn, n)
        deepest = ds[0] if ds else 1
    else:
        deepest = int(option[1:]) + (1 if option[0] in "cmw" else 0)
    for d in turn["depths"]:
        if d["depth"] == deepest:
            return d["nodes"]
    return 0


def judge(turn, option):
    if option.startswith("m"):
        n = int(option[1:])
        v = option_values(turn, f"c{n}")
        if v is None:
            return None
        losses = []
        for d in (n, n + 1):
            vd = values_at(turn, d)
            losses.append(max(vd.values()) - vd[turn["played"]])
        return max(v, key=lambda c: v[c]), min(losses)
    v = option_values(turn, option)
    if v is None:
        return None
    best = max(v, key=lambda c: v[c])
    return best, v[best] - v[turn["played"]]


def deepest_values(turn):
    """The line's deepest values: its two deepest complete depths averaged."""
    ds = sorted(d["depth"] for d in turn["depths"] if len(d["values"]) == turn["choices"])
    return combine([values_at(turn, d) for d in ds[-2:]])


def compare_top(turns, a, b, top):
    """Marks over each turn's `top` best choices, each judged as if played."""
    marks_a = marks_b = common = n = 0
    for t in turns:
        va, vb = option_values(t, a), option_values(t, b)
        if va is None or vb is None or a.startswith("m") or b.startswith("m"):
            continue
        ref = deepest_values(t)
        for c in sorted(ref, key=lambda c: -ref[c])[:top]:
            n += 1
            ma = max(va.values()) - va[c] >= ERROR
            mb = max(vb.values()) - vb[c] >= ERROR
            marks_a += ma
            marks_b += mb
            common += ma and mb
    pct = lambda x, m: f"{100 * x / m:.0f}%" if m else "-"
    return (f"  top {top} choices of each turn as if played: {n}; marks {marks_a} v {marks_b}; "
            f"kept {pct(common, marks_a)}, found {pct(common, marks_b)}")


def compare(turns, a, b):
    both = [(judge(t, a), judge(t, b), t) for t in turns]
    both = [(ja, jb, t) for ja, jb, t in both if ja and jb]
    if not both:
        return f"{a} v {b}: no turn has both"
    marks_a = {i for i, (ja, _, _) in enumerate(both) if ja[1] >= ERROR}
    marks_b = {i for i, (_, jb, _) in enumerate(both) if jb[1] >= ERROR}
    same_best = sum(ja[0] == jb[0] for ja, jb, _ in both)
    # A's best is no error by B's values.
    fine_best = 0
    for ja, jb, t in both:
        vb = option_values(t, "c" + b[1:] if b.startswith("m") else b)
        fine_best += vb[jb[0]] - vb[ja[0]] < ERROR
    common = len(marks_a & marks_b)
    pct = lambda x, n: f"{100 * x / n:.0f}%" if n else "-"
    na = sum(effort(t, a) for _, _, t in both) / len(both)
    nb = sum(effort(t, b) for _, _, t in both) / len(both)
    return (f"{a} v {b}: {len(both)} turns; marks {len(marks_a)} v {len(marks_b)}; "
            f"{a}'s marks kept {pct(common, len(marks_a))}, {b}'s found {pct(common, len(marks_b))}; "
            f"same best {pct(same_best, len(both))}, {a}'s best no error by {b} {pct(fine_best, len(both))}; "
            f"nodes/turn {na:.0f} v {nb:.0f} ({nb / na if na else 0:.1f}x)")


def main():
    if len(sys.argv) < 3:
        raise SystemExit(__doc__)
    args = sys.argv[2:]
    top = None
    if args[:1] == ["--top"]:
        top, args = int(args[1]), args[2:]
    turns = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
    for pair in args:
        a, b = pair.split(":")
        print(compare(turns, a, b))
        if top:
            print(compare_top(turns, a, b, top))


if __name__ == "__main__":
    main()
