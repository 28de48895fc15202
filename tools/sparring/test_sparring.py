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
    back = gnubg_ncbp.parse_state_id(st.state_id(), "standard")
    assert back.state_id() == st.state_id()


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
        for st in random_states(3, 40, k=7):
            out = session([f"position state {st.state_id()}", "go movetime 150"], "--policy", policy)
            best = [x.split()[1] for x in out if x.startswith("bestmove")]
            assert len(best) == 1, out
            gnubg_ncbp.apply_token(st.copy(), best[0])  # raises if illegal


def referee_match(*args):
    """ncbg at depth 1 against greedy; the referee's JSON report (None without a build)."""
    ref = os.path.join(ROOT, "target", "release", "ncbg-referee")
    eng = os.path.join(ROOT, "target", "release", "ncbg")
    if not (os.path.exists(ref) and os.path.exists(eng)):
        return None
    cmd = [ref, "--engine", f"cmd={eng}", "name=ncbg", "depth=1",
           "--engine", f"cmd={sys.executable} {os.path.join(HERE, 'gnubg_ncbp.py')} --policy greedy",
           "name=greedy", "--games", "4", "--quiet", "--format", "json", *args]
    return json.loads(subprocess.run(cmd, capture_output=True, text=True, timeout=600, check=True).stdout)


def test_referee_matches():
    for extra in ([], ["--k", "4"], ["--k", "9"], ["--variant", "nackgammon"],
                  ["--variant", "hypergammon", "--k", "3", "--credits", "0"], ["--random-openings", "2"]):
        rep = referee_match(*extra)
        if rep is None:
            print("  (no target/release/ncbg-referee: referee matches skipped)")
            return
        assert rep["games"] == 4 and all(e["forfeits"] == 0 for e in rep["engines"]), (extra, rep["forfeits"])


if __name__ == "__main__":
    tests = [(n, f) for n, f in sorted(globals().items()) if n.startswith("test_")]
    for name, fn in tests:
        fn()
        print("ok", name)
    print(f"{len(tests)} tests passed")
