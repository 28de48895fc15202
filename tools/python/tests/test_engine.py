"""ncbg.engine: NCBP engines as subprocesses (the real ncbg binary, and
fake engines that crash, hang or answer wrongly)."""

import os
import time

import pytest

import ncbg
from ncbg.engine import EngineError, EngineTerminatedError, Limit, SimpleEngine

X3Y5 = "4HPwATDgc/ABMA:Xpick:x3y5:d22:k6"


def gone(pid, wait=3.0):
    """True when process `pid` is gone (reaped) within `wait` seconds."""
    end = time.monotonic() + wait
    while time.monotonic() < end:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.02)
    return False


def test_play_analyse_configure(ncbg_bin):
    s = ncbg.State()
    s.push("3")
    s.push("5")
    with SimpleEngine.popen([ncbg_bin]) as eng:
        pid = eng.proc.pid
        assert eng.id["name"].startswith("ncbg")
        assert {"Hash", "Threads", "Tables", "Clear Hash"} <= set(eng.options)
        threads = eng.options["Threads"]
        assert (threads.type, threads.default, threads.min, threads.max) == ("spin", "1", 1, 64)
        assert "hypergammon" in eng.options["Variant"].var
        eng.configure({"Threads": 2, "hash": 8, "Clear Hash": None})
        # None is the empty value, the engine's default (not a file 'None').
        eng.configure({"EvalFile": None, "Tables": None})
        assert eng.options["EvalFile"].parse(None) == ""
        r = eng.play(s, Limit(movetime=0.1))
        assert r.turn in s.legal_turns() and r.token == str(r.turn)
        assert r.info.depth >= 1 and r.info.pv[0] == r.turn
        infos = eng.analyse(s, Limit(depth=2), multipv=3)
        assert len(infos) == 3 and [i.multipv for i in infos] == [1, 2, 3]
        assert infos[0].mp >= infos[1].mp >= infos[2].mp
        assert all(i.depth == 2 for i in infos) and infos[0].score == infos[0].mp / 1000
        one = eng.analyse(s, Limit(nodes=500))
        assert one.nodes is not None and one["pv"] == one.pv
        with pytest.raises(EngineError, match="no option"):
            eng.configure({"Nonsense": 1})
        with pytest.raises(EngineError, match="outside"):
            eng.configure({"Threads": 1000})
        s.push(r.turn)  # the move stack is sent as `moves`
        assert eng.play(s, Limit(depth=1)).turn in s.legal_turns()
    assert gone(pid)


def test_finished_game_and_other_rules(ncbg_bin):
    s = ncbg.State(X3Y5)
    while not s.is_over():
        s.push(s.legal_turns()[-1])
    with SimpleEngine.popen(ncbg_bin) as eng:
        with pytest.raises(EngineError, match="game is over"):
            eng.play(s, Limit(depth=1))
        # A game of other rules than the engine options: the state ID carries them.
        h = ncbg.State.start("hypergammon", k=9, credits=9)
        h.push("1")
        h.push("2")
        assert eng.play(h, Limit(depth=1)).turn in h.legal_turns()


def test_crash_raises_with_the_stderr_tail(fake_engine):
    with SimpleEngine.popen(fake_engine("crash")) as eng:
        assert eng.id["name"] == "fake-crash"
        assert eng.options["Clear Hash"].type == "button"
        assert eng.options["Variant"].var == ["standard", "nackgammon"]
        with pytest.raises(EngineTerminatedError) as e:
            eng.play(ncbg.State(X3Y5), Limit(movetime=0.1))
        assert "exited" in str(e.value) and "exit status 3" in str(e.value)
        assert "panicked at src/fake.rs:1: boom" in str(e.value)
        assert "boom" in e.value.stderr
        with pytest.raises(EngineError):
            eng.play(ncbg.State(X3Y5), Limit(movetime=0.1))


def test_timeout_kills_the_engine(fake_engine):
    eng = SimpleEngine.popen(fake_engine("hang"), timeout=0.5)
    pid = eng.proc.pid
    t = time.monotonic()
    with pytest.raises(EngineError, match="did not answer 'go'"):
        eng.play(ncbg.State(X3Y5), Limit(movetime=0.2))
    assert time.monotonic() - t < 5
    assert gone(pid)
    eng.close()


def test_search_timeout_for_depth_limits(fake_engine):
    with SimpleEngine.popen(fake_engine("hang"), search_timeout=0.3) as eng:
        with pytest.raises(EngineError, match="in time"):
            eng.analyse(ncbg.State(X3Y5), Limit(depth=3))


def test_handshake_timeout(fake_engine):
    t = time.monotonic()
    with pytest.raises(EngineError, match="'ncbp' with 'ncbpok'"):
        SimpleEngine.popen(fake_engine("silent"), timeout=0.5)
    assert time.monotonic() - t < 5


def test_illegal_and_error_answers(fake_engine):
    with SimpleEngine.popen(fake_engine("illegal")) as eng:
        with pytest.raises(EngineError, match="illegal turn '7:24/13'"):
            eng.play(ncbg.State(X3Y5), Limit(depth=1))
    with SimpleEngine.popen(fake_engine("error")) as eng:
        with pytest.raises(EngineError, match="refused: error game-over"):
            eng.play(ncbg.State(X3Y5), Limit(depth=1))


def test_missing_program():
    with pytest.raises(EngineError, match="cannot start"):
        SimpleEngine.popen(["/nonexistent/engine"])


def test_the_engine_never_outlives_the_block(fake_engine):
    with pytest.raises(RuntimeError, match="user code"):
        with SimpleEngine.popen(fake_engine("hang")) as eng:
            pid = eng.proc.pid
            raise RuntimeError("user code failed")
    assert gone(pid)


def test_an_engine_started_in_a_thread_outlives_the_thread(ncbg_bin):
    import threading

    box = []
    t = threading.Thread(target=lambda: box.append(SimpleEngine.popen([ncbg_bin])))
    t.start()
    t.join()
    with box[0] as eng:
        assert eng.play(ncbg.State(X3Y5), Limit(depth=1)).turn in ncbg.State(X3Y5).legal_turns()


class Interrupted(Exception):
    pass


def interrupt_after(seconds):
    """Raises Interrupted in the main thread after `seconds` (SIGALRM), as a
    Ctrl-C would raise KeyboardInterrupt inside a blocking call."""
    import signal

    def handler(signum, frame):
        raise Interrupted()

    old = signal.signal(signal.SIGALRM, handler)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    return lambda: (signal.setitimer(signal.ITIMER_REAL, 0), signal.signal(signal.SIGALRM, old))


def test_an_interrupted_search_is_stopped_and_the_engine_stays_usable(ncbg_bin):
    s = ncbg.State(X3Y5)
    with SimpleEngine.popen([ncbg_bin]) as eng:
        pid = eng.proc.pid
        for call in (lambda: eng.play(s, Limit(movetime=60)),
                     lambda: eng.analyse(s, Limit(nodes=10**12), multipv=2)):
            restore = interrupt_after(0.3)
            t = time.monotonic()
            try:
                with pytest.raises(Interrupted):
                    call()
            finally:
                restore()
            assert time.monotonic() - t < 5
            # Not `error busy`: the search was stopped and its bestmove read.
            assert eng.play(s, Limit(depth=1)).turn in s.legal_turns()
            assert eng.ping() == []
        assert eng.proc.pid == pid and eng.proc.poll() is None


def test_stop_from_another_thread(ncbg_bin):
    import threading

    s = ncbg.State(X3Y5)
    with SimpleEngine.popen([ncbg_bin]) as eng:
        eng.stop()  # no search: nothing happens
        threading.Timer(0.3, eng.stop).start()
        t = time.monotonic()
        r = eng.play(s, Limit(movetime=60))
        assert time.monotonic() - t < 5 and r.turn in s.legal_turns()
        assert eng.play(s, Limit(depth=1)).turn in s.legal_turns()


def test_an_interrupted_engine_that_ignores_stop_is_killed(fake_engine):
    eng = SimpleEngine.popen(fake_engine("hang"), timeout=0.5)
    pid = eng.proc.pid
    restore = interrupt_after(0.2)
    try:
        with pytest.raises(Interrupted):
            eng.play(ncbg.State(X3Y5), Limit(depth=3))
    finally:
        restore()
    assert gone(pid)
    with pytest.raises(EngineTerminatedError, match="closed"):
        eng.play(ncbg.State(X3Y5), Limit(depth=1))
    eng.close()


def test_limit_go_args():
    lim = Limit(depth=3, xtime=1.5, ytime=2, xinc=0.1, movestogo=20)
    assert lim.go_args() == ["depth", "3", "xtime", "1500", "ytime", "2000", "xinc", "100",
                             "movestogo", "20"]


def test_a_pick_pushed_alone_is_sent_as_a_step(ncbg_bin):
    s = ncbg.State()
    for token in ("3", "5", "6"):
        s.push(token)
    assert s.phase == "play"
    with SimpleEngine.popen([ncbg_bin]) as eng:
        r = eng.play(s, Limit(depth=2))
        assert r.turn in s.legal_turns() and r.turn.number == 6 and r.turn.play is not None
        assert r.turn == s.parse_turn(r.turn.play)
