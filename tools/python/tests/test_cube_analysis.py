"""Cube decisions in analyze_game: with the cube in play (money play with
``State.set_cube_terms``, or a match from the start's ID) the cube actions
and the turns played on without doubling get rows with a ``CubeReport``,
as ``ncbg analyze`` prints them; a small favourite's double dropped is a
cube blunder (``ncbg analyze``'s
``a_dropped_double_of_a_small_favourite_is_a_cube_blunder``, in money play)."""

import copy
import pickle

import ncbg

# Y doubled at the start position of a 5-point match at 2-3: X answers.
OFFER = "4HPwATDgc/ABMA:Xtake:x4y2:d22:k6:m5s2-3"


def money_start():
    s = ncbg.State()
    s.set_cube_terms(cube=True)
    return s


def test_a_dropped_double_is_a_cube_blunder():
    reports = ncbg.analyze_game(money_start(), ["3", "5", "double", "drop"], depth=1)
    assert [(r.index, r.side, r.cube.action) for r in reports] == [(2, "X", "double"), (3, "Y", "drop")]
    double, drop = reports
    # The drop: the taker's equities are the doubler's negated.
    assert drop.played.cube_action == "drop" and str(drop.played) == "drop"
    assert drop.best == "take"
    assert drop.verdict == "blunder"
    c = drop.cube
    assert isinstance(c, ncbg.CubeReport)
    assert not c.in_match
    assert c.double_pass == 1000
    assert c.verdict.startswith("No double"), c
    assert 0 <= c.double_take < 500, c
    assert drop.played_score == -1000 and drop.best_score == -c.double_take
    assert drop.loss == 1000 - c.double_take
    # The double: valued at the smaller of take and pass; no double is best.
    assert double.played.cube_action == "double"
    assert double.best == "no-double"
    d = double.cube
    assert (d.verdict, d.no_double, d.double_take, d.double_pass) == (c.verdict, c.no_double, c.double_take, c.double_pass)
    assert double.played_score == min(c.double_take, c.double_pass)
    assert double.loss == c.no_double - double.played_score
    # Plain values: equal, printable, picklable.
    assert "action='drop'" in repr(c) and "in_match=False" in repr(c)
    for back in (pickle.loads(pickle.dumps(drop)), copy.deepcopy(drop)):
        assert back.cube == c and back.loss == drop.loss
    assert pickle.loads(pickle.dumps(c)) == c


def test_a_turn_played_on_without_doubling_has_a_no_double_row():
    turns = ["3", "5", "6:24/18,13/8"]
    reports = ncbg.analyze_game(money_start(), turns, depth=1)
    assert len(reports) == 2
    no_double, turn = reports
    assert no_double.cube is not None and no_double.cube.action == "no-double"
    # Before the turn, at its index: `played` is the turn played on with.
    assert no_double.index == turn.index == 2
    assert str(no_double.played) == str(turn.played) == "6:24/18,13/8"
    assert no_double.best in ("no-double", "double")
    assert turn.cube is None
    # Without the cube: the same turns, no cube rows.
    plain = ncbg.analyze_game(ncbg.State(), turns, depth=1)
    assert len(plain) == 1 and plain[0].cube is None


def test_a_match_answer_from_an_id():
    (r,) = ncbg.analyze_game(OFFER, ["drop"], depth=1)
    assert r.side == "X" and r.cube is not None
    assert r.cube.action == "drop" and r.cube.in_match
    assert r.best in ("take", "drop")
    (t,) = ncbg.analyze_game(ncbg.State(OFFER), ["take"], depth=1)
    assert t.cube.in_match and t.cube.action == "take"
    # One analysis: the take and the drop are valued from the same equities.
    assert (t.cube.double_take, t.cube.double_pass) == (r.cube.double_take, r.cube.double_pass)
    assert {t.played_score, r.played_score} == {-t.cube.double_take, -t.cube.double_pass}
