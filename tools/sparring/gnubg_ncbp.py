#!/usr/bin/env python3
"""gnubg-nc: an NCBP engine (protocol/ncbp.md) that plays NC-Backgammon with GNU
Backgammon's neural net (PyPI gnubg-nn), the project's outside yardstick.

It keeps its own NC state (ncgame.py), reads the client's turn tokens itself and
writes its plays as single steps (`24/18*,18/13`). Policies (policies.py): random,
greedy (the best 0-ply value after one's own turn), lookahead (greedy's best turns,
each answered by the opponent's greedy turn) and deep (width-pruned alpha-beta over
whole NC turns with 0-ply leaves, deepened and widened until the time is spent).
Games: standard, nackgammon, hypergammon, race (Backgammon Race: the net sees the
waiting checkers as on the bar) and anti (Anti-Backgammon: judged by the chance of not
winning), from `Variant` or from the state ID's `p` and `anti` fields.

Limits: only time counts (`movetime`, the clocks); without one, deep runs every pass up
to Depth. `stop` answers at once with the best turn so far. Log: GNUBG_NCBP_LOG=1.
"""
import argparse
import os
import re
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gnubg_nn as g  # noqa: E402

import ncgame  # noqa: E402
import policies  # noqa: E402
from ncgame import RuleError  # noqa: E402

POLICIES = ("random", "greedy", "lookahead", "deep")
# name, type, default, min, max, choices
OPTIONS = [
    ("Policy", "combo", "greedy", None, None, POLICIES),
    ("Width", "spin", 0, 0, 64, None),  # 0: the policy's own (lookahead 6, deep 16)
    ("Width2", "spin", 16, 1, 64, None),
    ("Depth", "spin", 5, 2, 9, None),
    ("Seed", "spin", 0, 0, 2147483647, None),
    ("MoveOverhead", "spin", 30, 0, 5000, None),
    ("Variant", "combo", "standard", None, None, ncgame.VARIANTS),
    ("Alphabet", "spin", 6, 3, 9, None),
    ("DoubletCredits", "spin", 2, 0, 9, None),
]
LOG = os.environ.get("GNUBG_NCBP_LOG") == "1"


def log(*a):
    if LOG:
        print("[gnubg-nc]", *a, file=sys.stderr, flush=True)


STATE_ID = re.compile(r"([A-Za-z0-9+/]{14}):([XY])(pick|play):x(\d|-)y(\d|-):d(\d)(\d):k(\d)"
                      r"(?::n(\d+))?(?::p(\d+)-(\d+))?(:anti)?")


def parse_state_id(text):
    """A State from a full-state ID (rules.md §6): the optional `n`, `p` (the checkers
    waiting in X's and Y's pools, counted as off by the Position ID) and `anti` fields
    decide the game; the cube and match fields are not read (this engine plays money
    games without the cube)."""
    m = STATE_ID.fullmatch(text)
    if not m:
        raise RuleError("bad-id", f"cannot read state ID {text[:40]}")
    try:
        board = g.boardfromid(m.group(1))
    except Exception:
        raise RuleError("bad-id", f"cannot read Position ID {m.group(1)}")
    st = ncgame.State("anti" if m.group(12) else "standard")
    st.side = "XY".index(m.group(2))
    st.phase = m.group(3)
    st.num = [None if v == "-" else int(v) for v in (m.group(4), m.group(5))]
    st.cred = [int(m.group(6)), int(m.group(7))]
    st.k = int(m.group(8))
    st.checkers = int(m.group(9)) if m.group(9) else 15
    pools = [int(m.group(10) or 0), int(m.group(11) or 0)]
    mover, other = list(board[1]) + [pools[st.side]], list(board[0]) + [pools[1 - st.side]]
    if not 1 <= st.checkers <= 15 or any(sum(x) > st.checkers for x in (mover, other)):
        raise RuleError("bad-id", f"{text[:40]}: more checkers than {st.checkers} a side")
    st.side_counts[st.side], st.side_counts[1 - st.side] = mover, other
    if not 3 <= st.k <= 9 or any(n is not None and not 1 <= n <= st.k for n in st.num):
        raise RuleError("bad-id", f"{text[:40]}: numbers out of range")
    return st


def apply_token(st, tok):
    """Plays one turn token on State `st` (protocol/ncbp.md §2)."""
    if tok.isdigit():
        st.pick(int(tok))
        return
    if ":" in tok:
        n, play = tok.split(":", 1)
        if not n.isdigit():
            raise RuleError("syntax", f"bad number '{n[:40]}'")
        if st.in_turn0():
            raise RuleError("wrong-phase", "a play in turn 0")
        st.pick(int(n))
    else:
        play = tok
        if st.result is not None:
            raise RuleError("game-over", "the game is finished")
        if st.phase != "play":
            raise RuleError("wrong-phase", "a pick is due")
    st.apply_play(ncgame.resolve_play(st.board(), st.pair(), play))


def turn_token(st, n, after):
    """The bestmove token for the side to move of `st` choosing (n, after)."""
    board = st.board()
    pair = (n, st.num[1 - st.side])
    for a, steps in ncgame.plays(board, *pair):
        if [list(a[0]), list(a[1])] == [list(after[0]), list(after[1])]:
            play = ncgame.write_play(board, steps)
            return play if st.phase == "play" else f"{n}:{play}"
    raise RuntimeError("the chosen board is not a legal result")


class Engine:
    def __init__(self, args):
        self.opt = {name.lower(): default for name, _, default, _, _, _ in OPTIONS}
        self.opt.update(policy=args.policy, width=args.width, width2=args.width2,
                        depth=args.depth, seed=args.seed)
        self.rng = policies.new_rng(self.opt["seed"])
        self.state = self.fresh()
        self.lock = threading.Lock()
        self.worker = None
        self.searching = False
        self.stop = threading.Event()

    def fresh(self):
        return ncgame.State(self.opt["variant"], self.opt["alphabet"], self.opt["doubletcredits"])

    def width(self):
        w = self.opt["width"]
        return w if w else (16 if self.opt["policy"] == "deep" else 6)

    def say(self, line):
        with self.lock:
            sys.stdout.write(line + "\n")
            sys.stdout.flush()

    def handle(self, line):
        words = line.split()
        if not words:
            return True
        cmd, args = words[0], words[1:]
        try:
            if cmd == "ncbp":
                self.say(f"id name gnubg-nc {self.opt['policy']}")
                self.say("id author ncbg's sparring partner, on GNU Backgammon's net (gnubg-nn)")
                for name, typ, _, lo, hi, choices in OPTIONS:
                    s = f"option name {name} type {typ} default {self.opt[name.lower()]}"
                    if typ == "spin":
                        s += f" min {lo} max {hi}"
                    s += "".join(f" var {c}" for c in choices or ())
                    self.say(s)
                self.say("ncbpok")
            elif cmd == "isready":
                self.say("readyok")
            elif cmd in ("stop", "quit"):
                self.stop.set()
                if self.worker:
                    self.worker.join()
                return cmd != "quit"
            elif cmd in ("legal", "d"):
                getattr(self, "do_" + cmd)()
            elif cmd in ("setoption", "newgame", "position", "go", "choose-number", "move"):
                if self.searching:
                    raise RuleError("busy", f"{cmd} while searching")
                getattr(self, "do_" + cmd.replace("-", "_"))(args, line)
            else:
                raise RuleError("unknown-command", cmd[:40])
        except RuleError as e:
            self.say(f"error {e.code} {e.msg}")
        return True

    def do_setoption(self, args, line):
        m = re.fullmatch(r"\s*setoption\s+name\s+(.+?)(?:\s+value\s+(.*?))?\s*", line)
        if not m:
            raise RuleError("syntax", "setoption name <Name> [value <V>]")
        spec = {o[0].lower(): o for o in OPTIONS}.get(m.group(1).lower())
        if spec is None:
            raise RuleError("unknown-option", m.group(1)[:40])
        name, typ, _, lo, hi, choices = spec
        value = m.group(2)
        if value is None:
            raise RuleError("bad-value", f"{name} needs a value")
        if typ == "spin":
            if not re.fullmatch(r"-?\d+", value) or not lo <= int(value) <= hi:
                raise RuleError("bad-value", f"{name} {value[:40]}: not in {lo}..{hi}")
            self.opt[name.lower()] = int(value)
        else:
            if value.lower() not in choices:
                raise RuleError("bad-value", f"{name} {value[:40]}")
            self.opt[name.lower()] = value.lower()
        if name == "Seed":
            self.rng = policies.new_rng(self.opt["seed"])

    def do_newgame(self, args, line):
        self.state = self.fresh()

    def do_position(self, args, line):
        i = args.index("moves") if "moves" in args else len(args)
        head, tokens = args[:i], args[i + 1:]
        if head == ["startpos"]:
            st = self.fresh()
        elif len(head) == 2 and head[0] == "state":
            st = parse_state_id(head[1])
        else:
            raise RuleError("syntax", "position startpos|state <ID> [moves ...]")
        for j, tok in enumerate(tokens):
            try:
                apply_token(st, tok)
            except RuleError as e:
                raise RuleError(e.code, f"move {j + 1} {tok[:40]}: {e.msg}")
        self.state = st

    def do_choose_number(self, args, line):
        if len(args) != 1 or not args[0].isdigit():
            raise RuleError("syntax", "choose-number <n>")
        st = self.state.copy()
        st.pick(int(args[0]))
        self.state = st

    def do_move(self, args, line):
        st = self.state.copy()
        apply_token(st, "".join(args) if len(args) == 1 else ",".join(args))
        self.state = st

    def do_go(self, args, line):
        st = self.state
        if st.result is not None:
            raise RuleError("game-over", "the game is finished")
        lim, i = {}, 0
        try:
            while i < len(args):
                if args[i] == "infinite":
                    lim["infinite"] = True
                    i += 1
                elif args[i] in ("depth", "nodes", "movetime", "xtime", "ytime", "xinc", "yinc", "multipv"):
                    lim[args[i]] = int(args[i + 1])
                    i += 2
                else:
                    raise ValueError
        except (ValueError, IndexError):
            raise RuleError("syntax", "go limits")
        budget = lim.get("movetime")
        left = lim.get("xy"[st.side] + "time")
        if left is not None:
            per = min(left / 20 + lim.get("xy"[st.side] + "inc", 0), left / 2)
            budget = per if budget is None else min(budget, per)
        start = time.monotonic()
        self.stop.clear()
        out_of_time = policies.deadline_clock(budget, self.opt["moveoverhead"], self.stop)
        st = st.copy()
        opt = dict(self.opt, width=self.width())

        def work():
            try:
                if st.in_turn0():
                    token, note = str(policies.choose_initial(st, opt["policy"], self.rng)), "initial"
                else:
                    n, after, note = policies.choose_turn(st, opt["policy"], self.rng, out_of_time,
                                                          opt["width"], opt["width2"], opt["depth"])
                    token = turn_token(st, n, after)
            except Exception as e:  # never hang: play the first legal turn
                log("error", repr(e))
                token, note = first_legal(st), "fallback"
            log(f"{note}: {token} in {1000 * (time.monotonic() - start):.0f} ms")
            if "infinite" in lim:
                self.stop.wait()
            with self.lock:
                self.searching = False
                sys.stdout.write(f"bestmove {token}\n")
                sys.stdout.flush()

        self.searching = True
        self.worker = threading.Thread(target=work, daemon=True)
        self.worker.start()

    def do_legal(self):
        st = self.state
        if st.result is not None:
            self.say("legalok 0")
        elif st.phase == "pick":
            nums = st.numbers()
            for n, dbl in nums:
                self.say(f"legal number {n}" + (" doublet" if dbl else ""))
            self.say(f"legalok {len(nums)}")
        else:
            res = ncgame.plays(st.board(), *st.pair())
            for after, steps in res:
                self.say("legal play " + ncgame.write_play(st.board(), steps))
            self.say(f"legalok {len(res)}")

    def do_d(self):
        st = self.state
        self.say(f"stateid {st.state_id()}")
        self.say(f"tomove {'XY'[st.side]}")
        self.say(f"phase {'over' if st.result else st.phase}")
        if st.result is None:
            self.say("result none")
        else:
            w, p = st.result
            self.say(f"result {'XY'[w]} {['', 'single', 'gammon', 'backgammon'][p]} {p}")
        self.say("dok")


def first_legal(st):
    if st.in_turn0():
        return str(st.numbers()[0][0])
    s = st.copy()
    if s.phase == "pick":
        s.pick(s.numbers()[0][0])
    after, steps = ncgame.plays(s.board(), *s.pair())[0]
    play = ncgame.write_play(s.board(), steps)
    return play if st.phase == "play" else f"{s.num[s.side]}:{play}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--policy", choices=POLICIES, default="greedy")
    ap.add_argument("--width", type=int, default=0, help="root width (0: lookahead 6, deep 16)")
    ap.add_argument("--width2", type=int, default=16, help="deep's inner width")
    ap.add_argument("--depth", type=int, default=5, help="deep's depth in turns (2..9)")
    ap.add_argument("--seed", type=int, default=0)
    eng = Engine(ap.parse_args())
    inp = sys.stdin.buffer
    while True:
        raw = inp.readline(65537)
        if not raw:
            break
        if len(raw) > 65536 and not raw.endswith(b"\n"):
            while raw and not raw.endswith(b"\n"):
                raw = inp.readline(65537)
            eng.say("error too-long the line is longer than 64 KiB")
            continue
        try:
            line = raw.decode("utf-8").rstrip("\n").rstrip("\r")
        except UnicodeDecodeError:
            eng.say("error bad-encoding the line is not UTF-8")
            continue
        if not eng.handle(line):
            break
    eng.stop.set()
    if eng.worker:
        eng.worker.join()


if __name__ == "__main__":
    main()
