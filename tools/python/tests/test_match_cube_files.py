"""Match files v2 and .mat files of a match with the cube, read in Python:
each game's place in its match (number, score before it, Crawford state),
the match length, the cube's final value, a drop, and the cube actions as
typed turns replayed by the library."""

import random

import pytest

import ncbg
from ncbg import mat, matchfile

START = "4HPwATDgc/ABMA:Xpick:x-y-:d22:k6"


def play_game(score, answer, seed):
    """A game of a 5-point match at `score` (X, Y): picks 3 and 5, X
    doubles, Y answers `answer`, then random turns without the cube."""
    rng = random.Random(seed)
    s = ncbg.State(f"{START}:m5s{score[0]}-{score[1]}")
    for t in ("3", "5", "double", answer):
        s.push(t)
    while not s.is_over():
        s.push(rng.choice([t for t in s.legal_turns() if t.cube_action is None]))
    return s


def game_of(s, number, score):
    r = s.result()
    assert r is not None
    dropped = s.move_stack[-1].cube_action == "drop"
    return matchfile.Game(
        index=0, pair=0, round=0, opening="pair:3-5", x="alpha", y="beta",
        winner=r.winner, kind="single" if dropped else r.kind, points=r.points,
        reason="drop" if dropped else "bore-off", detail="",
        start=ncbg.State(), turns=list(s.move_stack), end=s.copy(),
        game=number, score=score, crawford="before", cube=2 if not dropped else 1,
        dropped=dropped,
    )


@pytest.fixture
def cube_match():
    first = play_game((0, 0), "take", 1)
    r = first.result()
    after = (r.points, 0) if r.winner == "X" else (0, r.points)
    second = play_game(after, "drop", 2)
    m = matchfile.MatchFile.new(["alpha", "beta"], match_length="5", crawford="on")
    m.games = [game_of(first, 0, (0, 0)), game_of(second, 1, after)]
    return m, first, second, after


def test_match_file_v2_reads_back_scores_cube_and_actions(cube_match, tmp_path):
    m, first, second, after = cube_match
    path = tmp_path / "match.txt"
    m.write(path)
    text = path.read_text()
    assert text.startswith(matchfile.MAGIC_V2 + "\n")
    assert "\tgame=1\tscore=%d-%d\t" % after in text and "\treason=drop\t" in text
    back = matchfile.read(path)
    assert back.match_length == 5
    g0, g1 = back.games
    assert (g0.game, g0.score, g0.crawford, g0.cube, g0.dropped) == (0, (0, 0), "before", 2, False)
    assert g0.points == first.result().points
    assert g0.cube_actions == [(2, "X", "double"), (3, "Y", "take")]
    assert g0.end.cube == (2, "Y") and g0.end == first
    assert (g1.game, g1.score, g1.dropped, g1.reason, g1.cube) == (1, after, True, "drop", 1)
    assert g1.kind == "single" and g1.winner == "X" and g1.points == 1
    assert g1.cube_actions == [(2, "X", "double"), (3, "Y", "drop")]
    assert g1.start.match_score == (5, after[0], after[1], "before")
    assert [g.to_line() for g in back.games] == [g.to_line() for g in m.games]


def test_mat_of_a_cube_match_reads_back(cube_match, tmp_path):
    m, first, second, after = cube_match
    text, skipped = mat.export(m)
    assert skipped == []
    assert text.startswith(" 5 point match\n")
    for part in (" Doubles => 2", " Takes", " Drops", " Game 2"):
        assert part in text, part
    back = mat.parse(text)
    assert back.match_length == 5 and back.header["match-length"] == "5"
    g0, g1 = back.games
    assert (g0.score, g0.cube) == ((0, 0), 2) and g1.score == after
    assert [a for _, _, a in g0.cube_actions] == ["double", "take"]
    assert [a for _, _, a in g1.cube_actions] == ["double", "drop"] and g1.dropped
    assert g0.end.board == first.board and g1.end.board == second.board
    assert g0.points == first.result().points and g1.points == 1


def test_money_file_without_the_cube_keeps_v1_and_no_match():
    s = ncbg.State()
    rng = random.Random(3)
    while not s.is_over():
        s.push(rng.choice(s.legal_turns()))
    m = matchfile.MatchFile.new(["a", "b"])
    m.append(matchfile.Game.from_state(s, "a", "b"))
    back = matchfile.parse(m.to_text())
    assert m.to_text().startswith(matchfile.MAGIC + "\n")
    g = back.games[0]
    assert back.match_length == 0
    assert (g.game, g.score, g.crawford, g.cube, g.dropped, g.cube_actions) == (None, None, None, 1, False, [])
