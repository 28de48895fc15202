"""The cube and matches in Python: State reads and writes the cube and the
match score of the full-state ID, its cube actions go through the library,
and engine.play returns the engine's cube actions (typed)."""

import pickle

import pytest

import ncbg
from ncbg.engine import Limit, SimpleEngine

# Y doubled at the start position of a 5-point match at 2-3: X answers.
OFFER = "4HPwATDgc/ABMA:Xtake:x4y2:d22:k6:m5s2-3"


def test_state_carries_the_cube_and_the_match():
    s = ncbg.State(OFFER)
    assert s.phase == "take" and s.turn == "X"
    assert s.cube == (1, None)
    assert s.match_score == (5, 2, 3, "before")
    assert s.cube_in_play
    assert s.cube_actions() == ["take", "drop"]
    t = s.parse_turn("take")
    assert t.cube_action == "take" and t.play is None and t.side == "X"
    s.push(t)
    assert s.cube == (2, "X") and s.turn == "Y" and s.phase == "pick"
    assert s.id.endswith(":c2X:m5s2-3")
    assert s.cube_actions() == []  # X owns the cube
    back = ncbg.State(s.id)
    assert back.cube == (2, "X") and back.match_score == s.match_score
    assert pickle.loads(pickle.dumps(s)).id == s.id
    assert s.pop().cube_action == "take"
    s.push("drop")
    assert s.is_over()
    r = s.result()
    assert r is not None and r.winner == "Y"
    with pytest.raises(ncbg.IllegalTurn):
        ncbg.State(OFFER).parse_turn("beaver")  # no beavers in a match


def test_money_cube_terms():
    s = ncbg.State()
    s.push("3")
    s.push("5")
    assert s.match_score is None and not s.cube_in_play
    assert s.cube_actions() == []
    with pytest.raises(ncbg.IllegalTurn):
        s.parse_turn("double")
    s.set_cube_terms(cube=True, beavers=True)
    assert s.cube_in_play and s.cube_actions() == ["double"]
    s.push("double")
    assert s.cube_actions() == ["take", "drop", "beaver"]
    s.push("beaver")
    assert s.cube[0] == 4 and s.phase == "pick"


def test_engine_play_returns_cube_actions(ncbg_bin):
    with SimpleEngine.popen([ncbg_bin]) as eng:
        if "MatchLength" not in eng.options:
            pytest.skip("this ncbg binary has no cube (build the current one)")
        eng.configure({"MatchLength": 5})
        s = ncbg.State(OFFER)
        r = eng.play(s, Limit(depth=1))
        assert r.cube in ("take", "drop") and r.turn.cube_action == r.cube
        assert r.token == r.cube
        assert r.cube_analysis is not None and "double/take" in r.cube_analysis
        s.push(r.turn)
        if r.cube == "take":
            assert s.cube == (2, "X")
            # Y's pick: an ordinary turn, no cube action.
            r2 = eng.play(s, Limit(depth=1))
            assert r2.cube is None and r2.turn.cube_action is None
