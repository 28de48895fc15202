"""NC-Backgammon rules for the sparring partner (protocol/rules.md), on GNU Backgammon's
board layout so that gnubg-nn can judge the positions.

A board is a pair of 26-count lists, [opponent, mover], each from its owner's view:
index p-1 is the owner's point p (1..24), index 24 its bar, index 25 its pool (the
checkers still waiting off the board in Backgammon Race, rules.md §9; 0 in every other
game). The mover's point p is the opponent's point 25-p, so the opponent's checkers on
the mover's point p are board[0][24-p]. `gnubg_side()` gives gnubg's 25-count view of a
side: the pool read as on the bar.

Checker plays come from gnubg-nn's `moves()` where gnubg knows the numbers (1..6) and
the mover has no checker in its pool, and from `plays_own()` (written here from the
rules, tested against gnubg and against ncbg) for k 7..9 and for entering from the pool.

Games: standard, nackgammon, hypergammon (their starts), race (every checker in the
pool) and anti (Anti-Backgammon: the standard start, the first to bear off all its
checkers loses; the other side wins the points §4 gives the finisher).
"""
import re

import gnubg_nn as g

LAYOUTS = {
    "standard": {24: 2, 13: 5, 8: 3, 6: 5},
    "nackgammon": {24: 2, 23: 2, 13: 4, 8: 3, 6: 4},
    "hypergammon": {24: 1, 23: 1, 22: 1},
    "race": {26: 15},  # 26: the pool
    "anti": {24: 2, 13: 5, 8: 3, 6: 5},
}
VARIANTS = tuple(LAYOUTS)
POOL = 26  # the pool as a source point (index 25 of a side)


class RuleError(Exception):
    """A command the rules refuse: `code` is the NCBP error code."""

    def __init__(self, code, msg):
        super().__init__(msg)
        self.code, self.msg = code, msg


def start_side(variant):
    side = [0] * 26
    for p, c in LAYOUTS[variant].items():
        side[p - 1] = c
    return side


def gnubg_side(side):
    """A side as gnubg's 25 counts: the pool's checkers read as on the bar."""
    return list(side[:24]) + [side[24] + side[25]]


def gnubg_board(board):
    return [gnubg_side(board[0]), gnubg_side(board[1])]


def win_points(loser, checkers):
    """Points for the side that bore off first (the winner, or in anti the loser),
    `loser` the other side's counts from its own view: a backgammon with a checker in the
    pool, on the bar or in the finisher's home board (rules.md §4, §9)."""
    if sum(loser) < checkers:
        return 1
    if loser[24] or loser[25] or any(loser[18:24]):
        return 3
    return 2


# ---------------------------------------------------------------------------
# Checker plays


def _step(opp, me, f, d):
    """One checker from point f (25 = bar, 26 = pool) by d; the new (opp, me, to) or None.
    A pool checker enters as from the bar; only the bar holds the other checkers back."""
    if me[24] and f != 25:
        return None
    if me[f - 1] == 0:
        return None
    t = min(f, 25) - d
    if t <= 0:
        if any(me[6:26]):
            return None
        if t < 0 and any(me[f:6]):  # a larger number only from the highest point
            return None
        t = 0
    elif opp[24 - t] >= 2:
        return None
    me = list(me)
    me[f - 1] -= 1
    if t:
        me[t - 1] += 1
        if opp[24 - t] == 1:
            opp = list(opp)
            opp[24 - t] = 0
            opp[24] += 1
    return opp, me, t


def plays_own(board, a, b):
    """Every legal result of the pair (a, b): [(after, steps)], one per distinct resulting
    board, steps a list of (from, to) single moves (25 = bar, 26 = pool, 0 = off). Both
    numbers must be used if possible, else the larger; a doublet gives four moves."""
    orders = [[a] * 4] if a == b else [[a, b], [b, a]]
    ends = []  # (after, steps, numbers used)

    def rec(opp, me, dice, steps, used, top):
        # a doublet's moves are taken from the highest source down (the bar, then the
        # pool, then the points): every legal set of moves is legal in that order, and
        # the other orders only repeat its boards
        moved = False
        if dice:
            d = dice[0]
            for f in ([25] if me[24] else [p for p in range(min(top, 26), 0, -1) if p != 25 and me[p - 1]]):
                r = _step(opp, me, f, d)
                if r is not None:
                    moved = True
                    rec(r[0], r[1], dice[1:], steps + [(f, r[2])], used + [d], f if a == b and f != 25 else 27)
        if not moved:
            ends.append(([opp, me], steps, used))

    for order in orders:
        rec(list(board[0]), list(board[1]), order, [], [], 27)
    most = max(len(s) for _, s, _ in ends)
    ends = [e for e in ends if len(e[1]) == most]
    if a != b and most == 1 and any(u[0] == max(a, b) for _, _, u in ends):
        ends = [e for e in ends if e[2][0] == max(a, b)]
    out = {}
    for after, steps, _ in ends:
        out.setdefault((tuple(after[0]), tuple(after[1])), (after, steps))
    return list(out.values())


def _gnubg_knows(board, a, b):
    """gnubg's generator serves numbers up to 6 with the mover's pool empty."""
    return a <= 6 and b <= 6 and not board[1][25]


def plays(board, a, b):
    """Legal results of (a, b) as [(after, steps)], distinct boards."""
    if _gnubg_knows(board, a, b):
        res = g.moves([board[0][:25], board[1][:25]], a, b, 1)
        if not res:
            return [([list(board[0]), list(board[1])], [])]
        out = []
        for key, steps in res:
            after = g.boardfromkey(key)
            out.append(([list(after[0]) + [board[0][25]], list(after[1]) + [0]], [tuple(s) for s in steps]))
        return out
    return plays_own(board, a, b)


def afters(board, a, b):
    """Legal resulting boards of (a, b) (no steps: the fast path for the search)."""
    if _gnubg_knows(board, a, b):
        keys = g.moves([board[0][:25], board[1][:25]], a, b)
        if not keys:
            return [(tuple(board[0]), tuple(board[1]))]
        pool = (board[0][25],)
        out = []
        for k in keys:
            x = g.boardfromkey(k)
            out.append((tuple(x[0]) + pool, tuple(x[1]) + (0,)))
        return out
    return [(tuple(x[0]), tuple(x[1])) for x, _ in plays_own(board, a, b)]


# ---------------------------------------------------------------------------
# Notation


def write_play(board, steps):
    """A play as single steps in the mover's numbers, `*` where a step hits: `24/18*,18/13`.
    protocol/rules.md §5 reads this form: every step is written, so no route is ambiguous."""
    if not steps:
        return "pass"
    opp = list(board[0])
    out = []
    for f, t in steps:
        s = {25: "bar", POOL: "pool"}.get(f, str(f)) + "/" + ("off" if t == 0 else str(t))
        if t and opp[24 - t] == 1:
            opp[24 - t] = 0
            s += "*"
        out.append(s)
    return ",".join(out)


def _point(tok):
    t = tok.lower().rstrip("*")
    if t in ("bar", "b"):
        return 25
    if t == "pool":
        return POOL
    if t in ("off", "o"):
        return 0
    if not t.isdigit() or not 0 <= int(t) <= 25:
        raise RuleError("syntax", f"bad point '{tok[:40]}'")
    return int(t)


def read_play(text):
    """A play in any lenient form -> (moves, hit points): moves as (from, to, count)."""
    t = text.strip()
    if t.lower() in ("pass", "-", ""):
        return [], set()
    moves, hits, bare = [], set(), []
    for part in re.split(r"[,\s]+", t):
        if not part:
            continue
        m = re.fullmatch(r"(.+?)(?:\((\d)\))?", part)
        body, count = m.group(1), int(m.group(2) or 1)
        pts = body.split("/")
        if len(pts) == 1:
            bare.append(body)
            continue
        nums = [_point(p) for p in pts]
        for p, n in zip(pts[1:], nums[1:]):
            if p.endswith("*"):
                hits.add(n)
        moves.append((nums[0], nums[-1], count))
    if len(bare) % 2:
        raise RuleError("syntax", "an odd number of bare points")
    for i in range(0, len(bare), 2):
        moves.append((_point(bare[i]), _point(bare[i + 1]), 1))
        if bare[i + 1].endswith("*"):
            hits.add(_point(bare[i + 1]))
    return moves, hits


def resolve_play(board, pair, text):
    """The legal result (after board) that `text` names for `pair` on `board`."""
    moves, marked = read_play(text)
    results = plays(board, *pair)
    if not moves:
        if len(results) == 1 and not results[0][1]:
            return results[0][0]
        raise RuleError("illegal-move", f"pass: {pair[0]}-{pair[1]} can be played")
    me = list(board[1])
    for f, t, count in moves:
        if f == 0 or t >= 25 or t >= f:
            raise RuleError("illegal-move", f"{text[:40]}: {f}/{t} goes backwards")
        for _ in range(count):
            if me[f - 1] == 0:
                raise RuleError("illegal-move", f"{text[:40]}: no checker on {f}")
            me[f - 1] -= 1
            if t:
                me[t - 1] += 1
    fits = []
    for after, _ in results:
        if list(after[1]) != me:
            continue
        hit = {p for p in range(1, 25) if after[0][24 - p] < board[0][24 - p]}
        if marked <= hit:
            fits.append((len(hit), after))
    if not fits:
        raise RuleError("illegal-move", f"{text[:40]}: not a legal play of {pair[0]}-{pair[1]}")
    return min(fits, key=lambda x: x[0])[1]


# ---------------------------------------------------------------------------
# The NC state


class State:
    """The whole NC state: both sides' checkers (pools included), side to move (0 = X,
    1 = Y), current numbers (None before a side's turn-0 pick), doublet credits, phase,
    k, and whether the game is Anti-Backgammon. `result` is (winner, points) once over."""

    def __init__(self, variant="standard", k=6, credits=2):
        s = start_side(variant)
        self.side_counts = [list(s), list(s)]  # [X, Y], each from its own view
        self.anti = variant == "anti"  # the first to bear off all its checkers loses
        self.side = 0
        self.num = [None, None]
        self.cred = [credits, credits]
        self.k = k
        self.phase = "pick"
        self.checkers = sum(s)
        self.result = None  # (winner, points)

    def copy(self):
        c = State.__new__(State)
        c.__dict__.update(self.__dict__)
        c.side_counts = [list(self.side_counts[0]), list(self.side_counts[1])]
        c.num, c.cred = list(self.num), list(self.cred)
        return c

    def in_turn0(self):
        return self.num[0] is None or self.num[1] is None

    def board(self):
        return [list(self.side_counts[1 - self.side]), list(self.side_counts[self.side])]

    def numbers(self):
        """The legal numbers of the side to move, with whether each spends a credit."""
        if self.result is not None or self.phase != "pick":
            return []
        if self.in_turn0():
            return [(n, False) for n in range(1, self.k + 1) if n != self.num[0] or self.side == 0]
        mine, theirs = self.num[self.side], self.num[1 - self.side]
        return [(n, n == theirs) for n in range(1, self.k + 1)
                if n != mine and (n != theirs or self.cred[self.side] > 0)]

    def pick(self, n):
        if self.result is not None:
            raise RuleError("game-over", "the game is finished")
        if self.phase != "pick":
            raise RuleError("wrong-phase", "a play is due, not a pick")
        legal = dict(self.numbers())
        if n not in legal:
            raise RuleError("illegal-number", f"{n} may not be picked now")
        turn0 = self.in_turn0()
        self.num[self.side] = n
        if turn0:
            self.side ^= 1
            return
        if legal[n]:
            self.cred[self.side] -= 1
        self.phase = "play"

    def pair(self):
        return self.num[self.side], self.num[1 - self.side]

    def apply_play(self, after):
        me = self.side
        self.side_counts[me], self.side_counts[1 - me] = list(after[1]), list(after[0])
        self.phase = "pick"
        if sum(after[1]) == 0:  # in anti the finisher loses what it would have won
            self.result = (1 - me if self.anti else me, win_points(after[0], self.checkers))
        self.side ^= 1

    def state_id(self):
        """The full-state ID (rules.md §6): the Position ID counts the pools' checkers as
        borne off, the `p` field puts them back; `anti` marks Anti-Backgammon."""
        b = self.board()
        pid = g.position_id([b[0][:25], b[1][:25]])
        nx = "-" if self.num[0] is None else self.num[0]
        ny = "-" if self.num[1] is None else self.num[1]
        sid = f"{pid}:{'XY'[self.side]}{self.phase}:x{nx}y{ny}:d{self.cred[0]}{self.cred[1]}:k{self.k}"
        if self.checkers != 15:
            sid += f":n{self.checkers}"
        pools = (self.side_counts[0][25], self.side_counts[1][25])
        if any(pools):
            sid += f":p{pools[0]}-{pools[1]}"
        return sid + (":anti" if self.anti else "")
