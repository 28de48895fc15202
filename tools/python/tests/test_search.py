"""The engine in-process: search, evaluate, analyze_game, Searcher."""

import pickle
import random
import subprocess
import threading
import time
from pathlib import Path

import pytest

import ncbg

from conftest import REPO

X3Y5 = "4HPwATDgc/ABMA:Xpick:x3y5:d22:k6"
NET = REPO / "src" / "eval" / "nn" / "default.ncnn"


def some_states(seed=1, every=7):
    rng = random.Random(seed)
    s = ncbg.State(X3Y5)
    out = []
    while not s.is_over():
        if len(s.move_stack) % every == 0:
            out.append(s.copy(stack=False))
        s.push(rng.choice(s.legal_turns()))
    return out


def engine_lines(ncbg_bin, commands):
    """The engine's output for commands that answer at once."""
    out = subprocess.run([ncbg_bin], input="ncbp\n" + "\n".join(commands) + "\nquit\n",
                         capture_output=True, text=True, timeout=120).stdout
    return out.splitlines()


def test_search_result():
    s = ncbg.State(X3Y5)
    r = ncbg.search(s, depth=3)
    assert r.depth == 3 and r.nodes > 0 and r.time >= 0
    assert r.turn in s.legal_turns()
    assert r.mp == round(r.score * 1000) and -3000 < r.mp < 3000 and not r.exact
    assert r.pv[0] == r.turn and len(r.pv) >= 1
    replay = s.copy()
    for t in r.pv:  # the line is legal turn after turn
        replay.push(t)
    assert len(r.lines) == 1 and r.lines[0].turn == r.turn and r.lines[0].mp == r.mp
    again = ncbg.search(s, depth=3)
    assert (again.turn, again.mp, again.nodes) == (r.turn, r.mp, r.nodes)
    assert ncbg.search(s).depth == 3  # no limit: the engine's default depth


def test_multipv_and_limits():
    s = ncbg.State(X3Y5)
    r = ncbg.search(s, depth=2, multipv=3)
    assert len(r.lines) == 3
    assert [l.mp for l in r.lines] == sorted((l.mp for l in r.lines), reverse=True)
    assert r.lines[0].turn == r.turn and len({l.turn for l in r.lines}) == 3
    for l in r.lines:
        assert l.pv[0] == l.turn
    r = ncbg.search(s, nodes=2000)
    assert r.nodes <= 2100
    t = time.perf_counter()
    r = ncbg.search(s, movetime=0.05, threads=2)
    assert time.perf_counter() - t < 2.0 and r.depth >= 1
    with pytest.raises(ncbg.Error):
        ncbg.search(s, depth=0)
    with pytest.raises(ncbg.Error):
        ncbg.search(s, threads=0)


def test_search_matches_the_engine(ncbg_bin):
    with ncbg.engine.SimpleEngine.popen([ncbg_bin]) as eng:
        for s in some_states(2, every=25)[:3] + [ncbg.State(X3Y5)]:
            eng.newgame()  # a fresh table, as ncbg.search has
            played = eng.play(s, ncbg.engine.Limit(depth=3))
            r = ncbg.search(s, depth=3)
            assert r.turn == played.turn and played.info.depth == 3
            assert (r.mp, r.nodes) == (played.info.mp, played.info.nodes)
            assert [str(t) for t in r.pv] == played.info.pv_tokens


def test_finished_game_is_an_error():
    s = some_states()[-1]
    while not s.is_over():
        s.push(s.legal_turns()[0])
    with pytest.raises(ncbg.Error, match="game is over"):
        ncbg.search(s, depth=1)
    with pytest.raises(ncbg.Error, match="game is over"):
        ncbg.evaluate(s)


def test_evaluate():
    s = ncbg.State(X3Y5)
    e = ncbg.evaluate(s)
    assert 0 <= e.win <= 1 and e.win_gammon <= e.win and e.win_backgammon <= e.win_gammon
    assert e.lose_gammon <= 1 - e.win and e.lose_backgammon <= e.lose_gammon
    assert e.lines[0] == f"eval win {e.win:.4f}"
    assert e.lines[-1] == f"evalok {e.mp}"
    assert abs(e.equity * 1000 - e.mp) <= 1
    assert e.exact is None
    assert ncbg.evaluate(s, net=str(NET)).lines == e.lines


def test_each_game_gets_the_engine_net(ncbg_bin):
    """Without a net file, a game without credits and NC-Hypergammon are
    valued by their own embedded nets, as the engine's ``eval`` does, and
    not by the main net."""
    for variant, k, credits in [("standard", 6, 0), ("nackgammon", 6, 0),
                                ("hypergammon", 3, 0), ("hypergammon", 6, 2)]:
        s = ncbg.State.start(variant, k=k, credits=credits)
        s.push(s.legal_turns()[0])
        s.push(s.legal_turns()[1])
        lines = engine_lines(ncbg_bin, [f"position state {s.id}", "eval"])
        start = next(i for i, l in enumerate(lines) if l.startswith("eval "))
        end = next(i for i, l in enumerate(lines) if l.startswith("evalok"))
        own = ncbg.evaluate(s)
        assert own.lines == lines[start:end + 1], (variant, k, credits)
        assert ncbg.evaluate(s, net=str(NET)).mp != own.mp, (variant, k, credits)


def test_evaluate_matches_the_engine_eval(ncbg_bin):
    for s in some_states(3, every=20):
        lines = engine_lines(ncbg_bin, [f"position state {s.id}", "eval"])
        start = next(i for i, l in enumerate(lines) if l.startswith("eval "))
        end = next(i for i, l in enumerate(lines) if l.startswith("evalok"))
        assert ncbg.evaluate(s).lines == lines[start:end + 1]


def test_bad_net_file(tmp_path):
    bad = tmp_path / "bad.ncnn"
    bad.write_bytes(b"hello world")
    with pytest.raises(ncbg.Error, match="net file"):
        ncbg.evaluate(ncbg.State(X3Y5), net=str(bad))
    with pytest.raises(ncbg.Error, match="net file"):
        ncbg.search(ncbg.State(X3Y5), depth=1, net=str(tmp_path / "missing"))


def test_search_releases_the_gil():
    s = ncbg.State(X3Y5)
    started = threading.Event()
    result = []

    def work():
        started.set()
        result.append(ncbg.search(s, movetime=0.4))

    t = threading.Thread(target=work)
    t.start()
    started.wait()
    spins = 0
    while t.is_alive():
        spins += 1
    t.join()
    assert result and result[0].depth >= 1
    # With the GIL held for 0.4 s this thread could not spin at all meanwhile.
    assert spins > 10000, spins


def test_searcher_keeps_its_table():
    s = ncbg.State(X3Y5)
    eng = ncbg.Searcher(hash=8)
    first = eng.search(s, depth=3)
    second = eng.search(s, depth=3)
    assert second.nodes < first.nodes  # the table's entries are reused
    eng.clear()
    assert eng.search(s, depth=3).nodes == first.nodes
    with pytest.raises(ncbg.Error):
        ncbg.Searcher(hash=0)


def test_history_counts_for_repetitions():
    # The same state searched with and without the game before it: the
    # search takes the move stack as its repetition history; it must work.
    s = ncbg.State(X3Y5)
    for _ in range(3):
        s.push(s.legal_turns()[0])
    assert ncbg.search(s, depth=2).turn in s.legal_turns()


def test_analyze_game():
    rng = random.Random(4)
    s = ncbg.State()
    for _ in range(12):
        s.push(rng.choice(s.legal_turns()))
    turns = s.move_stack
    reports = ncbg.analyze_game(ncbg.State(), turns, depth=1)
    assert [r.index for r in reports] == list(range(2, 12))  # turn 0 is not judged
    for r, t in zip(reports, turns[2:]):
        assert r.played == t and r.state == t.before.id and r.side == t.side
        assert r.loss == max(0, r.best_score - r.played_score)
        assert r.verdict in ("ok", "error", "blunder") and r.stage == "contact"
        assert r.depth == 1 and not r.exact and r.best_turns is None and r.played_turns is None
    tokens = [str(t) for t in turns]
    assert [r.loss for r in ncbg.analyze_game(ncbg.State().id, tokens, depth=1)] == [r.loss for r in reports]
    with pytest.raises(ncbg.IllegalTurn, match="turn 3"):
        ncbg.analyze_game(ncbg.State(), ["3", "5", "7:24/13"], depth=1)


def test_analyze_game_says_its_settings():
    """The library's default analysis, as ``ncbg analyze``: each report names
    the settings; ``quick`` is labelled so, a depth of one's own is custom."""
    turns = ["3", "5", "6:24/18,13/8"]
    (quick,) = ncbg.analyze_game(ncbg.State(), turns, quick=True)
    assert quick.settings.startswith("analysis: quick (every choice screened to depth 3")
    assert quick.depth == 6 and quick.nodes > 0
    (custom,) = ncbg.analyze_game(ncbg.State(), turns, depth=2, single_depth=True)
    assert custom.settings.startswith("analysis: custom (depth 2,") and custom.depth == 2
    assert pickle.loads(pickle.dumps(custom)).settings == custom.settings


def test_analyze_game_thresholds():
    with pytest.raises(ncbg.Error):
        ncbg.analyze_game(ncbg.State(), ["3", "5"], error=200, blunder=100)
    assert ncbg.analyze_game(ncbg.State(), ["3", "5"]) == []  # turn 0 is not judged


def test_result_objects_pickle_and_copy():
    import copy
    import pickle

    def fields(obj):
        return {n: getattr(obj, n) for n in dir(obj)
                if not n.startswith("_") and not callable(getattr(obj, n))}

    def same(a, b):
        assert type(a) is type(b)
        fa, fb = fields(a), fields(b)
        assert fa.keys() == fb.keys()
        for k in fa:
            if isinstance(fa[k], list) and fa[k] and hasattr(fa[k][0], "mp"):
                assert len(fa[k]) == len(fb[k])
                for x, y in zip(fa[k], fb[k]):
                    same(x, y)
            else:
                assert fa[k] == fb[k], k

    s = ncbg.State(X3Y5)
    r = ncbg.search(s, depth=2, multipv=3)
    e = ncbg.evaluate(s)
    rep = ncbg.analyze_game(ncbg.State(), ["3", "5", "6:24/18,13/8"], depth=1)[0]
    g = ncbg.State("bDsAITbcGQAAAA:Xpick:x2y4:d00:k6")
    while not g.is_over():
        g.push(g.legal_turns()[0])
    objs = [r, r.lines[1], e, rep, g.result(), s.legal_turns()]
    for obj in objs:
        for back in (pickle.loads(pickle.dumps(obj)), copy.deepcopy(obj), copy.copy(obj)):
            if isinstance(obj, ncbg.TurnList):
                assert type(back) is ncbg.TurnList and back == obj and list(back) == list(obj)
            else:
                same(obj, back)
    assert repr(pickle.loads(pickle.dumps(r))) == repr(r)
    # What is not a plain value says why it does not pickle.
    with pytest.raises(TypeError, match="Searcher cannot be pickled"):
        pickle.dumps(ncbg.Searcher())
    with pytest.raises(TypeError, match="pickle the TurnList"):
        pickle.dumps(iter(s.legal_turns()))
    with pytest.raises(ValueError, match="no ncbg class Nope"):
        ncbg._ncbg._restore("Nope", ())


def test_the_state_is_free_while_its_search_runs():
    """A search copies its state before the GIL is released: another thread
    may push to (and pop from) the State meanwhile (it raised RuntimeError:
    Already borrowed)."""
    s = ncbg.State(X3Y5)
    results = []
    t = threading.Thread(target=lambda: results.append(ncbg.search(s, movetime=0.5)))
    t.start()
    time.sleep(0.2)
    assert t.is_alive()
    s.push("6:24/13")
    s.pop()
    s.push("6:24/18,13/8")
    t.join()
    assert len(s.move_stack) == 1
    assert results and results[0].turn in results[0].turn.before.legal_turns()
