"""Backgammon Race and Anti-Backgammon (protocol/rules.md §9) from Python:
their states (the pool, the ``anti`` field), entering from the pool
(``pool/N``), results by anti's object and its 500-turn draw, the NCBP
engine playing them, and match files that carry the variant."""

import random

import pytest

import ncbg
from ncbg import matchfile
from ncbg.engine import Limit, SimpleEngine


def play_random(seed, start, max_turns=None):
    rng = random.Random(seed)
    s = start.copy()
    while not s.is_over() and (max_turns is None or len(s.move_stack) < max_turns):
        s.push(rng.choice(s.legal_turns()))
    return s


def test_race_states_and_entering_from_the_pool():
    s = ncbg.State.start("race")
    assert s.id == "AAAAAAAAAAAAAA:Xpick:x-y-:d22:k6:p15-15"
    assert (s.variant, s.anti, s.pool, s.pips) == ("race", False, (15, 15), (375, 375))
    assert s.board == ([0] * 26, [0] * 26), "waiting checkers are on no slot"
    assert "pool x 15 y 15" in str(s).splitlines()
    s.push("3")
    s.push("5")
    tokens = [str(t) for t in s.legal_turns()]
    # Every play enters: nothing is on the board yet.
    assert tokens and all(t.split(":")[1].startswith("pool/") for t in tokens), tokens
    assert "2:pool/23,pool/20" in tokens and "2:pool/18" in tokens
    # The lenient notation reads too; the token is canonical.
    s.push("2:pool/20 pool/23")
    assert str(s.peek()) == "2:pool/23,pool/20"
    assert s.pool == (13, 15) and s.board[0][20] == s.board[0][23] == 1
    assert s.id.endswith(":p13-15") and s.turns_played == 1
    assert ncbg.State(s.id) == s.copy(stack=False) and ncbg.State(s.id).variant == "race"
    # Either number may enter or move a checker on the board.
    s.push("4:pool/23,pool/21")
    both = [str(t) for t in s.legal_turns()]
    mixed = [t for t in both if "pool/" in t and any(m[0].isdigit() for m in t.split(":")[1].split(","))]
    assert mixed, both
    with pytest.raises(ncbg.IllegalTurn):
        s.push("1:pool/25")
    # A state built from a board with its pools.
    x, y = [0] * 26, [0] * 26
    x[20], y[20] = 2, 3
    b = ncbg.State.from_board(x, y, numbers=(3, 5), pool=(13, 12))
    assert (b.pool, b.variant, b.id.split(":")[-1]) == ((13, 12), "race", "p13-12")
    assert b.pips == (2 * 20 + 13 * 25, 3 * 20 + 12 * 25)
    with pytest.raises(ncbg.Error, match="more than 15"):
        ncbg.State.from_board(x, y, pool=(14, 12))


def test_a_race_loser_with_a_checker_waiting_loses_a_backgammon():
    # X bears off its last checker; Y still has a checker in its pool.
    x, y = [0] * 26, [0] * 26
    x[1], x[0] = 1, 14
    y[10] = 14
    s = ncbg.State.from_board(x, y, numbers=(3, 5), pool=(0, 1))
    s.push("2:1/off")
    r = s.result()
    assert (r.winner, r.kind, r.points) == ("X", "backgammon", 3)
    assert (s.pool, s.variant) == ((0, 1), "race")


def test_anti_states_results_and_the_500_turn_draw():
    s = ncbg.State.start("anti")
    assert (s.variant, s.anti, s.pool) == ("anti", True, (0, 0))
    assert s.id == "4HPwATDgc/ABMA:Xpick:x-y-:d22:k6:anti"
    assert s.board == ncbg.State().board and s != ncbg.State()
    assert ncbg.State(s.id).anti and "variant anti" in str(s).splitlines()
    # No cube in Anti-Backgammon, whatever the terms.
    s.push("3")
    s.push("5")
    s.set_cube_terms(cube=True)
    assert s.cube_actions() == []
    # The first to bear off all its checkers loses what it would have won.
    x, y = [0] * 26, [0] * 26
    x[1], x[0] = 1, 14
    y[13] = 15
    for anti, winner in [(False, "X"), (True, "Y")]:
        e = ncbg.State.from_board(x, y, numbers=(3, 5), anti=anti)
        assert e.anti == anti and e.variant == ("anti" if anti else "standard")
        e.push("6:1/off")
        r = e.result()
        assert (r.winner, r.kind, r.points) == (winner, "gammon", 2)
    # Each side on the bar before the other's closed board: every turn a
    # pass. After 500 turns a side an anti game is drawn, not the plain one.
    side = [0] * 26
    side[1:7] = [2] * 6
    side[25] = 3
    for anti in (True, False):
        d = ncbg.State.from_board(side, side, numbers=(3, 5), anti=anti)
        for turn in range(1000):
            assert not d.is_drawn() and not d.is_over(), turn
            d.push(f"{d.legal_numbers()[0]}:pass")
        assert d.turns_played == 1000
        assert d.is_drawn() == anti and not d.is_over()
        if anti:
            g = matchfile.Game.from_state(d, "a", "b")
            assert (g.winner, g.kind, g.reason) == (None, "draw", "max-turns")
            # Read back, its end has the turns: the draw shows.
            m = matchfile.MatchFile.new(["a", "b"], variant="anti")
            m.append(g)
            back = matchfile.parse(m.to_text()).games[0]
            assert back.end.turns_played == 1000 and back.end.is_drawn()
            assert len(back.end.move_stack) == len(back.turns) == 1000


def test_the_engine_plays_race_and_anti(ncbg_bin):
    with SimpleEngine.popen([ncbg_bin]) as eng:
        assert {"race", "anti"} <= set(eng.options["Variant"].var)
        for variant in ("race", "anti"):
            eng.configure({"Variant": variant})
            s = ncbg.State.start(variant)
            s.push("3")
            s.push("5")
            for _ in range(4):
                r = eng.play(s, Limit(depth=1))
                assert r.turn in s.legal_turns()
                s.push(r.turn)
            assert s.variant == variant
            if variant == "race":
                assert all("pool/" in str(t) for t in s.move_stack[2:4]), s.move_stack
                assert sum(s.pool) < 30


def test_match_files_carry_the_variant(tmp_path):
    for variant in ("race", "anti"):
        m = matchfile.MatchFile.new(["alpha", "beta"], variant=variant)
        s = ncbg.State.start(variant)
        s.push("3")
        s.push("5")
        done = play_random(1, s)
        m.append(matchfile.Game.from_state(done, "alpha", "beta"))
        mid = play_random(2, s, max_turns=12).copy(stack=False)
        m.append(matchfile.Game.from_state(play_random(3, mid), "beta", "alpha", index=1))
        path = tmp_path / f"{variant}.txt"
        m.write(path)
        back = matchfile.read(path)
        assert back.variant == variant
        g0, g1 = back.games
        assert g0.opening == "pair:3-5" and g0.start.variant == variant
        assert g0.start == ncbg.State.start(variant)
        assert g1.opening.startswith("state:") and g1.start.anti == (variant == "anti")
        assert g0.replay() == done.copy(stack=False)
        assert g0.winner == done.result().winner
        if variant == "race":
            assert any("pool/" in str(t) for t in g0.turns)
        # Under a standard header the same games are refused.
        plain = matchfile.MatchFile.new(["alpha", "beta"])
        for g in (g0, g1):
            with pytest.raises(ncbg.Error, match="header says variant=standard"):
                plain.append(g)
    # A standard game is refused under an anti header.
    anti = matchfile.MatchFile.new(["a", "b"], variant="anti")
    s = play_random(4, ncbg.State(), max_turns=8).copy(stack=False)
    with pytest.raises(ncbg.Error, match="not an Anti-Backgammon state"):
        anti.append(matchfile.Game.from_state(play_random(5, s), "a", "b"))
