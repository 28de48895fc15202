#!/usr/bin/env python3
"""An independent move generator for Backgammon Race, checked against ncbg.

Written from protocol/rules.md §3 and §9 alone, sharing nothing with the Rust
generators: a side is a list of 27 counts (0 = off, 1..24 points, 25 = bar,
26 = pool), plays are found by applying every legal single step to every
position reached so far (sets of positions, one level per number used), and
the rules on using both numbers / the larger number / as many of a doublet as
possible are applied to the levels.

It checks, against `ncbg perft` (the engine's generator, bulk counts):
  * classic perft (21 rolls a ply) on random race positions, depths 1 and 2;
  * classic perft and NC perft from the race's start.

Usage: tools/race_movegen_check.py [--ncbg target/release/ncbg] [--states 150]
       [--seed 79] [--perft-depth 2]
Prints one line per check and exits 1 on any difference.
"""

import argparse
import base64
import random
import subprocess
import sys

OFF, BAR, POOL = 0, 25, 26


def step(me, them, frm, die):
    """One checker from `frm` by `die`, or None. Sides are tuples of 27."""
    if me[frm] == 0:
        return None
    if me[BAR] > 0 and frm != BAR:
        return None  # the bar enters first; the pool waits like any point
    me = list(me)
    them = list(them)
    me[frm] -= 1
    start = BAR if frm == POOL else frm
    if start > die:
        to = start - die
        theirs = 25 - to
        if them[theirs] >= 2:
            return None
        if them[theirs] == 1:
            them[theirs] = 0
            them[BAR] += 1
        me[to] += 1
    else:
        # bearing off: all home (nothing on 7..25, nothing waiting)
        if any(me[s] for s in range(7, 27)) or me[POOL] > 0:
            return None
        if start != die and any(me[s] for s in range(start + 1, 7)):
            return None
        me[OFF] += 1
    return tuple(me), tuple(them)


def after_one(boards, die):
    out = set()
    for me, them in boards:
        for frm in range(1, 27):
            r = step(me, them, frm, die)
            if r is not None:
                out.add(r)
    return out


def results(me, them, a, b):
    """Distinct results of playing a-b (not flipped); empty if nothing moves."""
    if sum(me[1:]) == 0 or sum(them[1:]) == 0:
        return set()
    start = {(me, them)}
    if a == b:
        levels = [start]
        for _ in range(4):
            nxt = after_one(levels[-1], a)
            if not nxt:
                break
            levels.append(nxt)
        return set() if len(levels) == 1 else levels[-1]
    hi, lo = max(a, b), min(a, b)
    first_hi, first_lo = after_one(start, hi), after_one(start, lo)
    both = after_one(first_hi, lo) | after_one(first_lo, hi)
    if both:
        return both
    return first_hi if first_hi else first_lo


ROLLS = [(a, b) for a in range(1, 7) for b in range(1, a + 1)]


def classic_perft(me, them, depth):
    if depth == 0 or sum(me[1:]) == 0 or sum(them[1:]) == 0:
        return 1
    total = 0
    for a, b in ROLLS:
        rs = results(me, them, a, b)
        if depth == 1:
            total += max(1, len(rs))
        elif not rs:
            total += classic_perft(them, me, depth - 1)
        else:
            for m, t in rs:
                total += classic_perft(t, m, depth - 1)
    return total


def nc_perft(me, them, own, theirs, credits, depth, k=6):
    """NC perft: `own` is the mover's previous number, `theirs` the
    opponent's current one, `credits` = (mover's, opponent's)."""
    if depth == 0 or sum(me[1:]) == 0 or sum(them[1:]) == 0:
        return 1
    total = 0
    for n in range(1, k + 1):
        if n == own:
            continue
        c = credits[0]
        if n == theirs:
            if c == 0:
                continue
            c -= 1
        rs = results(me, them, n, theirs)
        nxt = (credits[1], c)
        if depth == 1:
            total += max(1, len(rs))
        elif not rs:
            total += nc_perft(them, me, theirs, n, nxt, depth - 1, k)
        else:
            for m, t in rs:
                total += nc_perft(t, m, theirs, n, nxt, depth - 1, k)
    return total


def position_id(me, them):
    """gnubg's Position ID (the side to move on roll); pool checkers are
    left out, as the ID has no pool (they read as borne off)."""
    bits = []
    for side in (them, me):
        for p in list(range(1, 25)) + [BAR]:
            bits += [1] * side[p] + [0]
    bits += [0] * (80 - len(bits))
    key = bytearray(10)
    for i, bit in enumerate(bits):
        if bit:
            key[i // 8] |= 1 << (i % 8)
    return base64.b64encode(bytes(key)).decode()[:14]


def state_id(me, them):
    pools = f":p{me[POOL]}-{them[POOL]}" if me[POOL] + them[POOL] else ""
    return f"{position_id(me, them)}:Xpick:x3y5:d22:k6{pools}"


def random_race(rng):
    """A side with 1..15 waiting, the rest anywhere on the board or the bar;
    the other side likewise (0..15 waiting), sharing no point."""
    def side(pool, forbidden):
        s = [0] * 27
        s[POOL] = pool
        for _ in range(15 - pool):
            while True:
                slot = BAR if rng.random() < 0.15 else rng.randint(1, 24)
                if slot not in forbidden:
                    s[slot] += 1
                    break
        return s
    me = side(rng.randint(1, 15), set())
    forbidden = {25 - p for p in range(1, 25) if me[p]}
    them = side(rng.randint(0, 15), forbidden)
    return tuple(me), tuple(them)


def ncbg_perft(ncbg, args):
    out = subprocess.run([ncbg, "perft"] + args, capture_output=True, text=True, check=True)
    return [int(l.split()[3]) for l in out.stdout.splitlines() if l.startswith("depth ")]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--ncbg", default="target/release/ncbg")
    ap.add_argument("--states", type=int, default=150)
    ap.add_argument("--seed", type=int, default=79)
    ap.add_argument("--perft-depth", type=int, default=2)
    ap.add_argument("--nc-depth", type=int, default=3)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    bad = 0
    for i in range(a.states):
        me, them = random_race(rng)
        sid = state_id(me, them)
        mine = [classic_perft(me, them, d) for d in range(1, a.perft_depth + 1)]
        theirs = ncbg_perft(a.ncbg, [str(a.perft_depth), "--classic", "--state", sid])
        if mine != theirs:
            bad += 1
            print(f"DIFF {sid}: python {mine} ncbg {theirs}")
    print(f"random race positions: {a.states}, classic perft to depth {a.perft_depth}, "
          f"{bad} differ")
    start = tuple([0] * 26 + [15])
    mine = [classic_perft(start, start, d) for d in range(1, a.perft_depth + 1)]
    theirs = ncbg_perft(a.ncbg, [str(a.perft_depth), "--classic", "--variant", "race"])
    print(f"race start classic perft: python {mine} ncbg {theirs}")
    bad += mine != theirs
    mine = [nc_perft(start, start, 3, 5, (2, 2), d) for d in range(1, a.nc_depth + 1)]
    theirs = ncbg_perft(a.ncbg, [str(a.nc_depth), "--variant", "race"])
    print(f"race start NC perft after (3, 5): python {mine} ncbg {theirs}")
    bad += mine != theirs
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
