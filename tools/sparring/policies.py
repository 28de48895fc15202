"""How the sparring partner chooses a turn: random, greedy, lookahead or deep, all judging
positions with GNU Backgammon's 0-ply net (gnubg-nn's `probabilities(board, 0)`).

Backgammon Race: the net sees the checkers waiting in a pool as on the bar. Anti-Backgammon
(the first to bear off all its checkers loses): a position is worth the chance of *not*
winning by gnubg's net, as 1 - 2 P(win) = P(not win) - P(win) (a single game's points, so
that it sits on the scale of finished games and is zero-sum: the opponent's value is its
negative); a finished anti game is worth its points to the side that did not finish.

A node of the search is the side to move about to pick: (board [opponent, mover], the
mover's last number `mine`, the opponent's current number `theirs`, the mover's and the
opponent's doublet credits, k). A turn is a number n and the board after playing
(n, theirs). Values are in points for the side named, a gammon 2, a backgammon 3.
"""
import random
import time

import gnubg_nn as g

import ncgame

INF = float("inf")


class OutOfTime(Exception):
    """The search's time is spent, or `stop` came."""


def equity(p):
    win, wg, wbg, lg, lbg = p
    return 2 * win - 1 + wg - lg + wbg - lbg


def value_after(after, checkers, anti=False):
    """The value for the player who has just played, `after` with that player at index 1
    (pools read as on the bar). In anti, the chance of not winning by gnubg's net."""
    if sum(after[1]) == 0:
        points = float(ncgame.win_points(after[0], checkers))
        return -points if anti else points
    p = g.probabilities((ncgame.gnubg_side(after[1]), ncgame.gnubg_side(after[0])), 0)
    if anti:  # p[0]: the opponent's P(win); the player's own is 1 - p[0]
        return 1 - 2 * (1 - p[0])
    return -equity(p)


def numbers(mine, theirs, cred, k):
    return [n for n in range(1, k + 1) if n != mine and (n != theirs or cred > 0)]


class Searcher:
    """Width-pruned alpha-beta (negamax) over whole NC turns. depth 1 is the greedy turn:
    the best 0-ply value after one's own turn; depth d looks d turns ahead, the last turn
    searched in full and judged by the net. The root keeps its `width` best turns by 0-ply
    value, inner nodes their `width2` best. Turn lists and last-turn values are kept
    between iterations, so each deeper or wider pass pays only for new nodes."""

    def __init__(self, k, checkers, out_of_time=lambda: False, anti=False):
        self.k, self.checkers, self.anti = k, checkers, anti
        self.out_of_time = out_of_time
        self.kids = {}
        self.last = {}  # node -> (value, exact)
        self.nodes = 0

    def turns(self, board, mine, theirs, cred):
        """All turns, best first by 0-ply: [(value, n, after)]."""
        out = []
        for n in numbers(mine, theirs, cred, self.k):
            if self.out_of_time():
                raise OutOfTime
            for after in ncgame.afters(board, n, theirs):
                out.append((value_after(after, self.checkers, self.anti), n, after))
        out.sort(key=lambda t: -t[0])
        return out

    def node_kids(self, node):
        kids = self.kids.get(node)
        if kids is None:
            board, mine, theirs, cme, copp = node
            kids = self.turns(board, mine, theirs, cme)
            self.kids[node] = kids
            self.nodes += 1
        return kids

    def last_turn(self, node, beta):
        """The mover's best 0-ply value (a lower bound once it reaches beta)."""
        hit = self.last.get(node)
        if hit is not None and (hit[1] or hit[0] >= beta):
            return hit[0]
        if node in self.kids:
            v = self.kids[node][0][0]
            self.last[node] = (v, True)
            return v
        board, mine, theirs, cme, copp = node
        self.nodes += 1
        best = -INF
        for n in numbers(mine, theirs, cme, self.k):
            if self.out_of_time():
                raise OutOfTime
            for after in ncgame.afters(board, n, theirs):
                best = max(best, value_after(after, self.checkers, self.anti))
                if best >= beta:
                    self.last[node] = (best, False)
                    return best
        self.last[node] = (best, True)
        return best

    @staticmethod
    def child(node, n, after):
        board, mine, theirs, cme, copp = node
        spent = cme - (1 if n == theirs else 0)
        return ((tuple(after[1]), tuple(after[0])), theirs, n, copp, spent)

    def negamax(self, node, depth, alpha, beta, width):
        if depth == 1:
            return self.last_turn(node, beta)
        best = -INF
        for v0, n, after in self.node_kids(node)[:width]:
            if sum(after[1]) == 0:
                v = v0
            else:
                v = -self.negamax(self.child(node, n, after), depth - 1, -beta, -max(alpha, best), width)
            if v > best:
                best = v
                if best >= beta:
                    break
        return best


def deep_stages(depth, width, width2):
    """(depth, root width, inner width) passes in order: the odd depths (the leaves are
    judged right after one's own turn), each widened step by step."""
    stages = []
    for d in range(3, depth + 1, 2):
        for w in (4, 8, 12, 16, 24, 32, 48, 64):
            s = (d, min(w, width), min(w, width2))
            if s not in stages:
                stages.append(s)
            if w >= max(width, width2):
                break
    if depth % 2 == 0 and depth >= 2:
        stages.append((depth, width, width2))
    return stages


def choose_turn(st, policy, rng, out_of_time, width=16, width2=16, depth=5, report=None):
    """The number and resulting board for the side to move of State `st` (phase pick or
    play: in play the number is fixed). -> (n, after, note)."""
    board = st.board()
    me, opp = st.side, 1 - st.side
    theirs = st.num[opp]
    if st.phase == "play":
        nums = [st.num[me]]
        mine = None
    else:
        nums = [n for n, _ in st.numbers()]
        mine = st.num[me]
    if policy == "random":
        n = rng.choice(nums)
        return n, rng.choice(ncgame.afters(board, n, theirs)), "random"
    s = Searcher(st.k, st.checkers, out_of_time, st.anti)
    cme = st.cred[me]
    if st.phase == "play" and nums[0] == theirs:
        cme += 1  # the pick spent it already; child() spends it again
    root = ((tuple(board[0]), tuple(board[1])), mine, theirs, cme, st.cred[opp])
    kids = []
    for n in nums:
        for after in ncgame.afters(board, n, theirs):
            kids.append((value_after(after, st.checkers, st.anti), n, after))
    kids.sort(key=lambda t: -t[0])
    if policy == "greedy" or len(kids) == 1 or sum(kids[0][2][1]) == 0:
        return kids[0][1], kids[0][2], "greedy"
    if policy == "lookahead":
        # the `width` best turns, each answered by the opponent's best greedy turn
        best, note = 0, "greedy"
        try:
            alpha = -INF
            for i, (v0, n, after) in enumerate(kids[:width]):
                if sum(after[1]) == 0:  # finished: its points (a loss in anti)
                    v = v0
                else:
                    v = -s.last_turn(Searcher.child(root, n, after), -alpha)
                if v > alpha:
                    alpha, best = v, i
            note = "lookahead"
        except OutOfTime:
            best, note = 0, "greedy (out of time)"
        return kids[best][1], kids[best][2], note
    # deep: iterative deepening and widening; the previous pass's choice is searched first
    best, note = 0, "greedy"
    for d, w1, w2 in deep_stages(depth, width, width2):
        order = [best] + [i for i in range(min(w1, len(kids))) if i != best]
        alpha, cur = -INF, None
        try:
            for i in order:
                v0, n, after = kids[i]
                if sum(after[1]) == 0:
                    v = v0
                else:
                    v = -s.negamax(Searcher.child(root, n, after), d - 1, -INF, -alpha, w2)
                if cur is None or v > alpha:
                    alpha, cur = v, i
        except OutOfTime:
            if cur is not None and cur != best:  # a turn beat the previous choice at this depth
                best, note = cur, f"depth {d} width {w1}/{w2} (partial)"
            break
        best, note = cur, f"depth {d} width {w1}/{w2}"
        if report:
            report(d, w1, w2, alpha, s.nodes)
    return kids[best][1], kids[best][2], note


def choose_initial(st, policy, rng):
    """A turn-0 number. X: the x0 whose worst y0 leaves X the best first turn (by 0-ply);
    Y: the y0 that leaves X the worst first turn. Random policy: any legal number."""
    nums = [n for n, _ in st.numbers()]
    if policy == "random":
        return rng.choice(nums)
    board = st.board() if st.side == 0 else [st.board()[1], st.board()[0]]  # X to move
    memo = {}

    def first_turn(x0, y0):  # X's best value after playing (n, y0), n != x0
        best = -INF
        for n in range(1, st.k + 1):
            if n == x0 or (n == y0 and st.cred[0] == 0):
                continue
            if (n, y0) not in memo:
                memo[(n, y0)] = max(value_after(a, st.checkers, st.anti) for a in ncgame.afters(board, n, y0))
            best = max(best, memo[(n, y0)])
        return best

    if st.side == 1:
        return min(nums, key=lambda y0: first_turn(st.num[0], y0))
    return max(nums, key=lambda x0: min(first_turn(x0, y0) for y0 in range(1, st.k + 1) if y0 != x0))


def deadline_clock(budget_ms, overhead_ms, stop_event):
    """An out_of_time() for a budget in ms (None: only `stop`)."""
    end = None if budget_ms is None else time.monotonic() + max(0, budget_ms - overhead_ms) / 1000

    def out_of_time():
        return stop_event.is_set() or (end is not None and time.monotonic() > end)

    return out_of_time


def new_rng(seed):
    return random.Random(seed)
