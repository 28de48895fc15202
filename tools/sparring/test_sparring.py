#!/usr/bin/env python3
"""Checks of the sparring partner. Run with its venv's python, as a script or by pytest:

    PY=$(tools/sparring/setup.sh) && $PY tools/sparring/test_sparring.py

The referee matches at the end need `cargo build --release` first (skipped otherwise).
"""
import json
import os
import random
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

import ncgame  # noqa: E402
import gnubg_ncbp  # noqa: E402


def random_states(count, seed, variant="standard", k=6):
    """States reached by random play, some in the pick phase, some in the play phase."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        st = ncgame.State(variant, k)
        st.pick(rng.randint(1, k))
        st.pick(rng.choice([n for n, _ in st.numbers()]))
        for _ in range(rng.randint(0, 80)):
            if st.result is not None:
                break
            st.pick(rng.choice(st.numbers())[0])
            if rng.random() < 0.1:
                break
            st.apply_play(rng.choice(ncgame.plays(st.board(), *st.pair()))[0])
        if st.result is None:
            out.append(st)
    return out


def test_own_generator_matches_gnubg():
    """plays_own (used for numbers 7..9) gives gnubg's plays for every pair up to 6-6."""
    for st in random_states(60, 1) + random_states(20, 2, "hypergammon") + random_states(20, 3, "nackgammon"):
        b = st.board()
        for a in range(1, 7):
            for c in range(1, 7):
                ours = sorted(str(x) for x, _ in ncgame.plays_own(b, a, c))
                gnubg = sorted(str(x) for x, _ in ncgame.plays(b, a, c))
                assert ours == gnubg, (st.state_id(), a, c)


def test_written_plays_read_back():
    """Every legal play, written as the engine writes it, reads back as the same board."""
    for k in (6, 9):
        for st in random_states(40, 4 + k, k=k):
            b = st.board()
            a = st.num[st.side] if st.phase == "play" else 1 + (st.num[st.side] % k)
            pair = (a, st.num[1 - st.side])
            for after, steps in ncgame.plays(b, *pair):
                text = ncgame.write_play(b, steps)
                assert ncgame.resolve_play(b, pair, text) == [list(after[0]), list(after[1])], text


def test_canonical_forms_read():
    st = ncgame.State()
    st.pick(3)
    st.pick(5)
    st.pick(6)  # X plays 6-5
    b = st.board()
    assert ncgame.resolve_play(b, (6, 5), "24/13")[1][12] == 6
    assert ncgame.resolve_play(b, (6, 5), "24/18,13/8") == ncgame.resolve_play(b, (6, 5), "13/8 24/18")
    try:
        ncgame.resolve_play(b, (6, 5), "24/17")
        raise AssertionError("24/17 is not a 6-5")
    except ncgame.RuleError as e:
        assert e.code == "illegal-move"


def test_state_ids():
    st = ncgame.State()
    assert st.state_id() == "4HPwATDgc/ABMA:Xpick:x-y-:d22:k6"
    st.pick(3)
    st.pick(5)
    assert st.state_id() == "4HPwATDgc/ABMA:Xpick:x3y5:d22:k6"
    st.pick(6)
    assert st.state_id() == "4HPwATDgc/ABMA:Xplay:x6y5:d22:k6"
    assert ncgame.State("hypergammon", 3, 0).state_id().endswith(":d00:k3:n3")
    back = gnubg_ncbp.parse_state_id(st.state_id())
    assert back.state_id() == st.state_id()
    assert ncgame.State("race").state_id() == "AAAAAAAAAAAAAA:Xpick:x-y-:d22:k6:p15-15"
    assert ncgame.State("anti").state_id() == "4HPwATDgc/ABMA:Xpick:x-y-:d22:k6:anti"
    for st in random_states(30, 7, "race") + random_states(10, 8, "anti"):
        assert gnubg_ncbp.parse_state_id(st.state_id()).state_id() == st.state_id()
    for bad in ("4HPwATDgc/ABMA:Xpick:x-y-:d22:k6:p1-0",  # nothing is off to wait
                "AAAAAAAAAAAAAA:Xpick:x-y-:d22:k6:p16-15",
                "AAAAAAAAAAAAAA:Xpick:x-y-:d22:k6:anti:p15-15"):  # order
        try:
            gnubg_ncbp.parse_state_id(bad)
            raise AssertionError(bad)
        except ncgame.RuleError as e:
            assert e.code == "bad-id"


def test_race_pool_rules():
    """Entering from the pool, moving on the board while checkers wait, the bar first
    after a hit, no bearing off while any waits, and a backgammon for a waiting checker."""
    st = ncgame.State("race")
    for n in (3, 5, 6):
        st.pick(n)
    b = st.board()
    boards = sorted(tuple(p for p in range(1, 25) if a[1][p - 1]) + (a[1][25],) for a, _ in ncgame.plays(b, 6, 5))
    assert boards == [(14, 14), (19, 20, 13)], boards  # one checker in by both numbers, or two
    assert ncgame.resolve_play(b, (6, 5), "pool/14")[1][13] == 1
    me = [0] * 26
    me[18], me[24], me[25] = 1, 1, 3  # one on 19, one on the bar, three waiting
    opp = [0] * 26
    opp[5] = 15
    res = ncgame.plays([opp, me], 6, 4)
    assert all(steps[0][0] == 25 for _, steps in res), res  # the bar first, pool included
    home = [0] * 26
    home[0], home[25] = 14, 1
    assert all(after[1][25] == 0 and after[1][0] == 14 for after, _ in ncgame.plays([opp, home], 6, 5))
    loser = [0] * 26
    loser[2], loser[25] = 12, 3
    assert ncgame.win_points(loser, 15) == 3
    loser[2], loser[25] = 15, 0
    assert ncgame.win_points(loser, 15) == 2


def test_anti_end_and_value_reversed():
    """In anti the finisher loses the points it would have won, and a position gnubg calls
    a near-certain win is a bad one."""
    import policies
    st = ncgame.State("anti")
    st.pick(3)
    st.pick(5)
    me = [0] * 26
    me[0] = 1
    opp = [0] * 26
    opp[12] = 15
    st.side_counts = [me, opp]
    st.pick(6)
    st.apply_play(ncgame.resolve_play(st.board(), st.pair(), "1/off"))
    assert st.result == (1, 2), st.result  # Y wins a gammon: X finished first
    after_std = policies.value_after((tuple(opp), tuple([0] * 26)), 15, False)
    assert after_std == 2.0 and policies.value_after((tuple(opp), tuple([0] * 26)), 15, True) == -2.0
    slow = [0] * 26
    slow[5] = 2  # two checkers left on the six: a win in backgammon, not yet finished
    assert policies.value_after((tuple(opp), tuple(slow)), 15, False) > 0.9
    assert policies.value_after((tuple(opp), tuple(slow)), 15, True) < -0.9
    far = [0] * 26
    far[23] = 15  # all fifteen back on the 24: gnubg's near-certain loss, anti's good position
    near = [0] * 26
    near[0] = 15
    assert policies.value_after((tuple(near), tuple(far)), 15, True) > 0.9
    # 5-1 with checkers on the 3 and the 1: finish (3/off 1/off) or keep one (3/2 2/off);
    # every policy keeps one in anti (in the standard game both are a sure single win)
    for policy in ("greedy", "lookahead", "deep"):
        st = ncgame.State("anti")
        st.num = [3, 5]
        mine = [0] * 26
        mine[0], mine[2] = 1, 1
        home = [0] * 26
        home[0] = 14  # one borne off
        st.side_counts = [mine, home]
        st.pick(1)
        n, after, _ = policies.choose_turn(st, policy, None, lambda: False, 6, 6, 3)
        assert sum(after[1]) == 1, (policy, after)


def test_paper_numbers():
    """rules.md's example: Y may not pick 4 at the end (a third doublet)."""
    st = ncgame.State()
    st.pick(3)
    st.pick(5)
    for n in (6, 6, 5, 3, 1, 1, 4):
        st.pick(n)
        st.apply_play(ncgame.plays(st.board(), *st.pair())[0][0])
    assert 4 not in [n for n, _ in st.numbers()]
    assert st.cred == [2, 0]


def session(lines, *args):
    p = subprocess.run([sys.executable, os.path.join(HERE, "gnubg_ncbp.py"), *args],
                       input="".join(x + "\n" for x in lines), capture_output=True, text=True, timeout=60)
    return p.stdout.splitlines()


def test_ncbp_session():
    out = session(["ncbp", "isready", "position startpos moves 3 5", "legal", "go movetime 200", "isready",
                   "position startpos", "stop", "bogus", "position startpos moves 3 5 6:24/17", "setoption name Alphabet value 10",
                   "position state 4HPwATDgc/ABMA:Xplay:x6y5:d22:k6", "d"], "--policy", "deep")
    assert out[-1] == "dok" and "ncbpok" in out and "legalok 5" in out
    assert sum(x.startswith("bestmove 1:") or x.startswith("bestmove 2:") or x.startswith("bestmove 4:")
               or x.startswith("bestmove 5:") or x.startswith("bestmove 6:") for x in out) == 1
    errors = [x.split()[1] for x in out if x.startswith("error")]
    assert errors == ["busy", "unknown-command", "illegal-move", "bad-value"], errors
    assert "stateid 4HPwATDgc/ABMA:Xplay:x6y5:d22:k6" in out


def test_every_policy_answers_legally():
    for policy in ("random", "greedy", "lookahead", "deep"):
        for st in random_states(3, 40, k=7) + random_states(2, 41, "race") + random_states(2, 42, "anti", 7):
            out = session([f"position state {st.state_id()}", "go movetime 150"], "--policy", policy)
            best = [x.split()[1] for x in out if x.startswith("bestmove")]
            assert len(best) == 1, out
            gnubg_ncbp.apply_token(st.copy(), best[0])  # raises if illegal


def test_variant_option():
    """`setoption name Variant value race|anti` sets the game of startpos and newgame."""
    out = session(["setoption name Variant value race", "position startpos moves 3 5", "d", "legal",
                   "setoption name Variant value anti", "newgame", "d", "setoption name Variant value antı",
                   "setoption name Variant value standard", "position startpos", "d"])
    assert "stateid AAAAAAAAAAAAAA:Xpick:x3y5:d22:k6:p15-15" in out, out
    assert "legalok 5" in out
    assert "stateid 4HPwATDgc/ABMA:Xpick:x-y-:d22:k6:anti" in out
    assert "stateid 4HPwATDgc/ABMA:Xpick:x-y-:d22:k6" in out
    assert [x.split()[1] for x in out if x.startswith("error")] == ["bad-value"], out


def ncbg_binary(name):
    path = os.path.join(ROOT, "target", "release", name)
    return path if os.path.exists(path) else None


def ncbg_session(lines):
    """ncbg's stdout for the NCBP lines (None without a release build)."""
    eng = ncbg_binary("ncbg")
    if eng is None:
        return None
    p = subprocess.run([eng], input="".join(x + "\n" for x in lines + ["quit"]), capture_output=True,
                       text=True, timeout=600, check=True)
    return p.stdout.splitlines()


def play_phase(st, rng):
    """`st` with its number picked (a random legal one) if a pick was due."""
    st = st.copy()
    if st.phase == "pick":
        st.pick(rng.choice(st.numbers())[0])
    return st


def test_legal_matches_ncbg_in_race_and_anti():
    """On random race and anti states (k 6 and 9), ncbg's `legal` numbers and plays are
    ours: each of its plays read by our reader gives one of our boards, and every board is
    given; ncbg reads our state IDs and our written plays to the same state ID."""
    rng = random.Random(11)
    states = []
    for variant, k, seed, count in (("race", 6, 12, 120), ("race", 9, 13, 40), ("anti", 6, 14, 60),
                                    ("anti", 8, 15, 20)):
        states += random_states(count, seed, variant, k)
    # states early in the race (pools not yet empty) with checkers on the bar as well
    early = [st for st in states if any(st.side_counts[0][25:]) or any(st.side_counts[1][25:])]
    assert len(early) >= 60 and any(st.board()[1][24] and st.board()[1][25] for st in early), len(early)
    lines, wants = [], []
    for st in states:
        if st.phase == "pick":
            lines += [f"position state {st.state_id()}", "legal"]
            wants.append(("numbers", st))
        p = play_phase(st, rng)
        lines += [f"position state {p.state_id()}", "legal"]
        wants.append(("plays", p))
        # our written play, fed back: ncbg's state ID afterwards is ours
        after, steps = rng.choice(ncgame.plays(p.board(), *p.pair()))
        q = p.copy()
        q.apply_play(after)
        lines += [f"position state {p.state_id()} moves {ncgame.write_play(p.board(), steps) or 'pass'}", "d"]
        wants.append(("id", q))
    out = ncbg_session(lines)
    if out is None:
        print("  (no target/release/ncbg: comparison skipped)")
        return
    assert not [x for x in out if x.startswith("error")], [x for x in out if x.startswith("error")][:3]
    blocks, cur = [], []
    for x in out:
        if x.startswith("legal ") or x.startswith("stateid "):
            cur.append(x)
        elif x.startswith("legalok") or x == "dok":
            blocks.append(cur)
            cur = []
    assert len(blocks) == len(wants), (len(blocks), len(wants))
    plays_seen = 0
    for (kind, st), block in zip(wants, blocks):
        if kind == "numbers":
            ours = sorted(f"legal number {n}" + (" doublet" if d else "") for n, d in st.numbers())
            assert sorted(block) == ours, (st.state_id(), block, ours)
        elif kind == "plays":
            b, pair = st.board(), st.pair()
            ours = {(tuple(a[0]), tuple(a[1])) for a, _ in ncgame.plays(b, *pair)}
            theirs = [ncgame.resolve_play(b, pair, x[len("legal play "):]) for x in block]
            theirs = {(tuple(a[0]), tuple(a[1])) for a in theirs}
            assert len(theirs) == len(block) and theirs == ours, (st.state_id(), block)
            plays_seen += len(block)
        else:
            assert block == [f"stateid {st.state_id()}"], (block, st.state_id())
    assert plays_seen > 1000, plays_seen


def test_game_ends_match_ncbg():
    """The last checker off: in anti the finisher loses (a gammon here), in race a
    checker still waiting makes a backgammon; the partner's `d` says what ncbg's says."""
    ends = []
    for variant, opp_pool in (("anti", 0), ("race", 3), ("race", 0), ("standard", 0)):
        st = ncgame.State(variant)
        st.num = [3, 5]
        me, opp = [0] * 26, [0] * 26
        me[0], opp[12], opp[25] = 1, 15 - opp_pool, opp_pool
        if variant == "race" and not opp_pool:
            opp[12], opp[0] = 0, 14  # one borne off: a single game
        st.side_counts = [me, opp]
        st.pick(6)
        ends.append(f"position state {st.state_id()} moves 1/off")
    lines = [x for e in ends for x in (e, "d")]
    ours = [x for x in session(lines) if x.startswith(("result", "stateid", "error"))]
    assert [x for x in ours if x.startswith("result")] == ["result Y gammon 2", "result X backgammon 3",
                                                            "result X single 1", "result X gammon 2"], ours
    theirs = ncbg_session(lines)
    if theirs is None:
        print("  (no target/release/ncbg: comparison skipped)")
        return
    assert [x for x in theirs if x.startswith(("result", "stateid", "error"))] == ours, theirs


def referee_match(*args, policy="greedy", theirs=(), games=4):
    """ncbg at depth 1 against `policy`; the referee's JSON report (None without a build)."""
    ref, eng = ncbg_binary("ncbg-referee"), ncbg_binary("ncbg")
    if ref is None or eng is None:
        return None
    cmd = [ref, "--engine", f"cmd={eng}", "name=ncbg", "depth=1",
           "--engine", f"cmd={sys.executable} {os.path.join(HERE, 'gnubg_ncbp.py')} --policy {policy}",
           f"name={policy}", *theirs, "--games", str(games), "--quiet", "--format", "json", *args]
    return json.loads(subprocess.run(cmd, capture_output=True, text=True, timeout=900, check=True).stdout)


def test_referee_matches():
    for extra in ([], ["--k", "4"], ["--k", "9"], ["--variant", "nackgammon"],
                  ["--variant", "hypergammon", "--k", "3", "--credits", "0"], ["--random-openings", "2"]):
        rep = referee_match(*extra)
        if rep is None:
            print("  (no target/release/ncbg-referee: referee matches skipped)")
            return
        assert rep["games"] == 4 and all(e["forfeits"] == 0 for e in rep["engines"]), (extra, rep["forfeits"])


def test_referee_matches_in_race_and_anti():
    """Every policy plays both games against ncbg with no forfeit (an illegal move, a
    protocol error or a late answer would be one). random and greedy play whole games;
    the searching policies a short clock and 120 turns (then the referee calls a draw)."""
    for variant in ("race", "anti"):
        for policy, theirs, extra in (("random", (), ["--k", "8"]), ("greedy", (), []),
                                      ("lookahead", ("movetime=40",), ["--max-turns", "120"]),
                                      ("deep", ("movetime=40",), ["--max-turns", "120", "--random-openings", "1"])):
            rep = referee_match("--variant", variant, *extra, policy=policy, theirs=theirs, games=2)
            if rep is None:
                print("  (no target/release/ncbg-referee: referee matches skipped)")
                return
            assert rep["games"] == 2 and all(e["forfeits"] == 0 for e in rep["engines"]), \
                (variant, policy, rep["forfeits"])
            decided = sum(e["wins"] for e in rep["engines"])
            assert decided + rep["max_turn_draws"] + rep["repetition_draws"] == 2, rep
            if policy in ("random", "greedy"):
                assert decided == 2, (variant, policy, rep)  # played to the end


if __name__ == "__main__":
    tests = [(n, f) for n, f in sorted(globals().items()) if n.startswith("test_")]
    for name, fn in tests:
        fn()
        print("ok", name)
    print(f"{len(tests)} tests passed")
