#!/usr/bin/env python3
"""Speed of the Python package against the library (issue 41, point 7).

1. ``State.legal_turns()`` from Python against the Rust call
   (``ncbg::turn::legal_turns``, timed inside the same extension, GIL
   released) on three states, with the fixed cost of a Python call into
   the extension (``State.k``), ``count_legal_turns()`` (the Rust
   generator plus one call) and ``list(state.legal_turns())`` (every
   ``Turn`` object made: ``legal_turns()`` returns a ``TurnList`` that
   makes them when read). The target: Python within 3x the Rust call plus
   the fixed per-call cost.
2. 1,000 random playouts to the end in Python (``random.choice`` over
   ``legal_turns()``, ``push``); the target: under 3 s.

Run: ``python tools/python/bench.py`` (``--playouts N`` to change the
count). The standalone Rust timing of the same states is
``cargo run --release --example legal_turns_timing --manifest-path
tools/python/Cargo.toml``.
"""

import argparse
import random
import time
import timeit

import ncbg
from ncbg import _ncbg

STATES = [
    ("standard start (turn 0)", "4HPwATDgc/ABMA:Xpick:x-y-:d22:k6"),
    ("first turn, x3y5", "4HPwATDgc/ABMA:Xpick:x3y5:d22:k6"),
    ("middle game", "Up8NBCIW6+ATAA:Xpick:x2y4:d20:k6"),
]


def per_call(stmt, min_time=0.4):
    """Best of 5 runs of seconds per call of `stmt` (a callable)."""
    t = timeit.Timer(stmt)
    n, _ = t.autorange()
    n = max(n, int(n * min_time / 0.2))
    return min(t.repeat(5, n)) / n


def bench_legal_turns():
    print("legal_turns: Python vs Rust (microseconds per call)")
    probe = ncbg.State()
    fixed = per_call(lambda: probe.k)
    print(f"  fixed cost of a call into the extension (State.k): {fixed * 1e6:.3f} us")
    print(f"  {'state':<26} {'turns':>5} {'rust':>8} {'count()':>8} {'python':>8} {'list()':>8} {'python/(rust+fixed)':>20}")
    worst = 0.0
    for name, sid in STATES:
        s = ncbg.State(sid)
        calls = 20000
        rust, n = _ncbg._time_legal_turns(s, calls)
        rust = min(_ncbg._time_legal_turns(s, calls)[0] for _ in range(5))
        count = per_call(s.count_legal_turns)
        py = per_call(s.legal_turns)
        every = per_call(lambda: list(s.legal_turns()))
        ratio = py / (rust + fixed)
        worst = max(worst, ratio)
        print(f"  {name:<26} {n:>5} {rust * 1e6:>8.2f} {count * 1e6:>8.2f} {py * 1e6:>8.2f} {every * 1e6:>8.2f} {ratio:>20.2f}")
    verdict = "within" if worst <= 3 else "NOT within"
    print(f"  worst ratio {worst:.2f}: {verdict} 3x of the Rust call plus the fixed cost")
    return worst


def bench_playouts(n, seed=1):
    rng = random.Random(seed)
    turns = 0
    t = time.perf_counter()
    for _ in range(n):
        s = ncbg.State()
        while not s.is_over():
            s.push(rng.choice(s.legal_turns()))
        turns += len(s.move_stack)
    elapsed = time.perf_counter() - t
    print(f"{n} random playouts to the end: {elapsed:.2f} s ({turns} turns, "
          f"{elapsed / turns * 1e6:.1f} us a turn)")
    return elapsed


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--playouts", type=int, default=1000)
    args = ap.parse_args()
    bench_legal_turns()
    bench_playouts(args.playouts)


if __name__ == "__main__":
    main()
