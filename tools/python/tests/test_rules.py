"""ncbg.State and ncbg.Turn: rules, IDs, notation, errors."""

import collections.abc
import copy
import pickle
import random
import subprocess

import pytest

import ncbg

START = "4HPwATDgc/ABMA:Xpick:x-y-:d22:k6"
X3Y5 = "4HPwATDgc/ABMA:Xpick:x3y5:d22:k6"


def random_game(seed, state=None):
    rng = random.Random(seed)
    s = state.copy() if state is not None else ncbg.State()
    while not s.is_over():
        s.push(rng.choice(s.legal_turns()))
    return s


def test_start_and_ids():
    s = ncbg.State()
    assert s.id == START
    assert s.position_id == "4HPwATDgc/ABMA"
    assert ncbg.State.start() == s
    assert ncbg.State.from_id(START) == s
    assert ncbg.State(START) == s
    assert s.turn == "X" and s.phase == "pick" and s.in_opening
    assert s.numbers == (None, None)
    assert s.credits == (2, 2)
    assert s.k == 6
    assert s.pips == (167, 167)
    assert s.legal_numbers() == [1, 2, 3, 4, 5, 6]
    x, y = s.board
    assert x == y and sum(x) == 15 and len(x) == 26
    assert (x[24], x[13], x[8], x[6]) == (2, 5, 3, 5)
    assert s.mover_board == s.board
    assert not s.is_over() and s.result() is None
    assert repr(s) == f"State('{START}')"


def test_variants_and_rules():
    h = ncbg.State.start("hypergammon", k=4, credits=1)
    assert h.checkers_per_side == 3
    assert h.id.endswith(":d11:k4:n3")
    assert h.legal_numbers() == [1, 2, 3, 4]
    n = ncbg.State.start(variant="nackgammon")
    assert n.board[0][23] == 2
    with pytest.raises(ncbg.Error, match="unknown variant"):
        ncbg.State.start("chess")
    with pytest.raises(ncbg.Error):
        ncbg.State.start(k=12)


def test_bad_ids():
    for bad in ["", "hello", "4HPwATDgc/ABMA:Xpick:x3y5:d22", "4HPwATDgc/ABMA:Zpick:x3y5:d22:k6",
                "!!!!!!!!!!!!!!:Xpick:x3y5:d22:k6", "4HPwATDgc/ABMA:Xpick:x7y5:d22:k6"]:
        with pytest.raises(ncbg.BadId):
            ncbg.State.from_id(bad)
    with pytest.raises(ncbg.BadId, match="5 to 10 ':'-separated fields"):
        ncbg.State("hello")
    assert issubclass(ncbg.BadId, ncbg.Error) and issubclass(ncbg.Error, ValueError)


def test_turn_zero_and_first_turn():
    s = ncbg.State()
    turns = s.legal_turns()
    assert [str(t) for t in turns] == ["1", "2", "3", "4", "5", "6"]
    assert turns[2].number == 3 and turns[2].play is None and turns[2].pair is None
    s.push(turns[2])
    assert s.turn == "Y" and s.legal_numbers() == [1, 2, 4, 5, 6]
    s.push("5")
    assert s.id == X3Y5
    assert s.numbers == (3, 5)
    turns = s.legal_turns()
    assert len(turns) == s.count_legal_turns()
    assert all(t.number in (1, 2, 4, 5, 6) and t.play for t in turns)
    t = s.parse_turn("6:13/8,24/18")
    assert str(t) == "6:24/18,13/8" and t.token == str(t)
    assert t.pair == (6, 5) and t.side == "X" and not t.is_doublet
    assert t in turns
    assert [t for t in turns if t.number == 5][0].is_doublet
    s.push("6:13/8 24/18")  # lenient notation
    assert s.turn == "Y" and s.numbers == (6, 5)
    assert [str(m) for m in s.move_stack] == ["3", "5", "6:24/18,13/8"]


def test_play_phase_from_id():
    s = ncbg.State("4HPwATDgc/ABMA:Xplay:x6y5:d22:k6")
    assert s.phase == "play" and s.pending_pair == (6, 5)
    assert s.legal_numbers() == []
    turns = s.legal_turns()
    assert all(t.number == 6 and ":" not in str(t) for t in turns)
    assert "24/13" in [str(t) for t in turns]
    s.push("6:24/13")  # the same number may be repeated in an answer
    assert s.turn == "Y"


def test_illegal_turns():
    s = ncbg.State(X3Y5)
    with pytest.raises(ncbg.IllegalTurn, match="7 is not a number in 1-6"):
        s.push("7:24/13")
    with pytest.raises(ncbg.IllegalTurn, match="cannot be played"):
        s.push("6:24/17")
    with pytest.raises(ncbg.IllegalTurn):
        s.push("3:24/21")  # 3 is X's own current number
    with pytest.raises(ncbg.IllegalTurn):
        s.push("banana")
    with pytest.raises(TypeError):
        s.push(42)
    assert s.id == X3Y5 and s.move_stack == []
    other = ncbg.State().legal_turns()[0]
    with pytest.raises(ncbg.IllegalTurn, match="another state"):
        s.push(other)
    assert not s.is_legal("7:24/13") and s.is_legal("6:24/13")


def test_push_pop_play_copy():
    s = ncbg.State(X3Y5)
    t = s.legal_turns()[5]
    after = s.play(t)
    assert s.id == X3Y5 and after != s
    assert after == t.after() and t.before == s
    s.push(t)
    assert s == after and s.peek() == t
    assert s.pop() == t
    assert s.id == X3Y5 and s.peek() is None
    with pytest.raises(IndexError):
        s.pop()
    s.push(t)
    c = s.copy()
    c.push(c.legal_turns()[0])
    assert len(s.move_stack) == 1 and len(c.move_stack) == 2
    assert len(s.copy(stack=False).move_stack) == 0
    assert copy.deepcopy(s) == s and copy.copy(s).move_stack == s.move_stack
    assert pickle.loads(pickle.dumps(s)) == s
    assert pickle.loads(pickle.dumps(t)) == t and pickle.loads(pickle.dumps(t)).before == t.before


def test_eq_and_hash():
    a = ncbg.State()
    b = ncbg.State()
    b.push("3")
    b.pop()
    assert a == b and hash(a) == hash(b)
    assert a != ncbg.State(X3Y5)
    assert a != "not a state"
    assert len({a, b, ncbg.State(X3Y5)}) == 2
    t1 = ncbg.State(X3Y5).parse_turn("6:24/13")
    t2 = ncbg.State(X3Y5).parse_turn("6:24/18,18/13")
    assert t1 == t2 and hash(t1) == hash(t2)
    assert len(set(ncbg.State(X3Y5).legal_turns())) == ncbg.State(X3Y5).count_legal_turns()


def test_game_to_the_end():
    s = random_game(7)
    assert s.is_over()
    r = s.result()
    assert r.winner in ("X", "Y") and r.kind in ("single", "gammon", "backgammon")
    assert r.points in (1, 2, 3) and abs(r.points_for_x) == r.points
    assert s.legal_turns() == [] and s.legal_numbers() == []
    winner_off = s.board[0 if r.winner == "X" else 1][0]
    assert winner_off == 15
    with pytest.raises(ncbg.IllegalTurn, match="game is over"):
        s.push("1:pass")
    # Replaying the tokens of the stack from the start gives the same state.
    replay = ncbg.State()
    for t in s.move_stack:
        replay.push(str(t))
    assert replay == s


def test_doublet_credits():
    s = ncbg.State(X3Y5)
    s.push("5:13/3(2)")  # X doubles Y's 5: one credit spent
    assert s.credits == (1, 2)
    assert s.numbers == (5, 5)


def test_str_is_the_d_board(ncbg_bin):
    states = [ncbg.State(), ncbg.State(X3Y5), random_game(3)]
    g = random_game(11)
    states.append(g.move_stack[40].before)
    for s in states:
        out = subprocess.run(
            [ncbg_bin], input=f"ncbp\nposition state {s.id}\nd\nquit\n",
            capture_output=True, text=True, timeout=30,
        ).stdout.splitlines()
        lines = out[out.index("ncbpok") + 1:out.index("dok")]
        assert str(s).splitlines() == lines


def test_legal_turns_match_the_engine(ncbg_bin):
    g = random_game(5)
    states = [t.before for t in g.move_stack[:30:6]]
    for s in states:
        # perft runs on the search thread: one engine per state, `quit`
        # waits for it.
        out = subprocess.run([ncbg_bin], input=f"ncbp\nposition state {s.id}\nperft 1\nquit\n",
                             capture_output=True, text=True, timeout=60).stdout
        counts = [int(line.split()[3]) for line in out.splitlines() if line.startswith("perft 1 nodes")]
        assert counts == [s.count_legal_turns()], s.id
    # And the plays of a pending pair as `legal` lists them.
    s = ncbg.State("4HPwATDgc/ABMA:Xplay:x6y5:d22:k6")
    out = subprocess.run([ncbg_bin], input=f"ncbp\nposition state {s.id}\nlegal\nquit\n",
                         capture_output=True, text=True, timeout=30).stdout
    plays = [line.split()[2] for line in out.splitlines() if line.startswith("legal play")]
    assert plays == [str(t) for t in s.legal_turns()]


def test_turn_list_is_a_sequence():
    import collections.abc

    s = ncbg.State(X3Y5)
    turns = s.legal_turns()
    assert isinstance(turns, collections.abc.Sequence) and isinstance(turns, ncbg.TurnList)
    every = list(turns)
    assert len(turns) == len(every) == s.count_legal_turns() and turns
    assert turns[0] == every[0] and turns[-1] == every[-1]
    assert turns[2:5] == every[2:5] and turns[::-1] == every[::-1]
    assert [t for t in turns] == every and turns == every and turns == tuple(every)
    assert turns == s.legal_turns() and turns != every[1:] and turns != "x"
    assert every[3] in turns and turns.index(every[3]) == 3
    assert ncbg.State().legal_turns()[0] not in turns
    with pytest.raises(IndexError):
        turns[len(turns)]
    with pytest.raises(ValueError):
        turns.index(ncbg.State().legal_turns()[0])
    assert repr(ncbg.State().legal_turns()) == "[" + ", ".join(f"Turn('{n}')" for n in range(1, 7)) + "]"
    assert random.Random(1).choice(turns) in every


def test_from_board():
    s = ncbg.State(X3Y5)
    x, y = s.board
    assert ncbg.State.from_board(x, y, numbers=(3, 5)) == s
    g = random_game(8).move_stack[31].before
    x, y = g.board
    assert ncbg.State.from_board(x, y, turn=g.turn, numbers=g.numbers, credits=g.credits,
                                 k=g.k, phase=g.phase) == g
    p = ncbg.State.from_board(x, y, turn="X", numbers=(6, 5), phase="play")
    assert p.pending_pair == (6, 5) and p.phase == "play"
    with pytest.raises(ncbg.Error, match="25 counts, not 26"):
        ncbg.State.from_board(x[:25], y)
    with pytest.raises(ncbg.Error):
        ncbg.State.from_board(x, y, numbers=(7, 5))
    clash, theirs = ncbg.State().board
    clash[24] -= 1
    clash[1] += 1          # X's 1 point is Y's 24 point, where Y has checkers
    with pytest.raises(ncbg.Error):
        ncbg.State.from_board(clash, theirs)
    with pytest.raises(ncbg.Error, match="out of range"):
        ncbg.State.from_board([-1] + x[1:], y)
    with pytest.raises(ncbg.Error, match="turn"):
        ncbg.State.from_board(x, y, turn="Z")


def test_pickle_keeps_the_move_stack():
    """The move stack is the search's repetition history: pickle keeps it,
    as copy and deepcopy do (also for a game's end state)."""
    s = ncbg.State()
    rng = random.Random(5)
    for _ in range(12):
        s.push(rng.choice(s.legal_turns()))
    for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1):
        back = pickle.loads(pickle.dumps(s, protocol))
        assert back == s and back.move_stack == s.move_stack and len(back.move_stack) == 12
        assert back.move_stack[0].before == ncbg.State()
    assert pickle.loads(pickle.dumps(ncbg.State(X3Y5))).move_stack == []
    # The same search from the unpickled state: the same history.
    assert ncbg.search(pickle.loads(pickle.dumps(s)), depth=2).turn == ncbg.search(s, depth=2).turn
    g = ncbg.matchfile.Game.from_state(s, "a", "b")
    assert pickle.loads(pickle.dumps(g)).end.move_stack == s.move_stack
    with pytest.raises(ncbg.IllegalTurn, match="7:24/13"):
        ncbg._ncbg._state_from(X3Y5, ["7:24/13"])


def test_turn_list_count_and_index_as_a_sequence():
    s = ncbg.State(X3Y5)
    turns = s.legal_turns()
    every = list(turns)
    t = every[7]
    assert turns.count(t) == 1 and turns.count(ncbg.State().legal_turns()[0]) == 0
    assert turns.count("not a turn") == 0 and turns.count(3) == 0
    assert turns.index(t, 7) == 7 and turns.index(t, 0, 8) == 7 and turns.index(t, -len(turns)) == 7
    assert turns.index(t, -1000, 1000) == 7 and turns.index(t, 2, None) == 7
    for start, stop in [(8, None), (0, 7), (-3, None), (7, 7), (100, 200)]:
        with pytest.raises(ValueError, match="not in the list"):
            turns.index(t, start, stop)
    # As a list of the same turns answers.
    for args in [(), (3,), (-40,), (0, -1), (5, 10)]:
        try:
            expected = every.index(t, *args)
        except ValueError:
            expected = None
        try:
            got = turns.index(t, *args)
        except ValueError:
            got = None
        assert got == expected, args
    # The Sequence mixin methods that rest on them work too.
    assert collections.abc.Sequence.count(turns, t) == 1


def test_turn_list_takes_turn_tokens():
    s = ncbg.State(X3Y5)
    turns = s.legal_turns()
    assert "6:24/13" in turns and s.is_legal("6:24/13")
    assert turns.index("6:24/13") == turns.index(s.parse_turn("6:24/13"))
    assert "6:24/18,13/8" in turns and "6:13/8,24/18" in turns and turns.count("6:24/18,13/8") == 1
    assert "7:24/13" not in turns and "hello" not in turns and None not in turns and 3 not in turns
    with pytest.raises(ValueError, match="7:24/13 is not in the list"):
        turns.index("7:24/13")


def test_a_pick_alone_then_its_play():
    """After turn 0 a number alone is a pick whose play follows as its own
    turn (the engine's `position ... moves 3 5 6 24/18,13/8`)."""
    s = ncbg.State()
    s.push("3")
    s.push("5")
    assert s.is_legal("6") and "6" not in s.legal_turns()  # not a whole turn
    pick = s.parse_turn("6")
    assert (pick.number, pick.play, pick.pair, str(pick)) == (6, None, None, "6")
    assert pick.after().phase == "play" and pick.after().pending_pair == (6, 5)
    assert pick == s.parse_turn(" 6 ") and hash(pick) == hash(s.parse_turn("6"))
    s.push("6")
    assert s.phase == "play" and s.turn == "X" and s.pending_pair == (6, 5) and s.numbers == (6, 5)
    assert s.legal_numbers() == [] and s.legal_turns()[0].play is not None
    assert not s.is_legal("6") and not s.is_legal("2")
    with pytest.raises(ncbg.IllegalTurn, match="a checker play is due"):
        s.push("2")
    assert s.is_legal("24/18,13/8") and s.is_legal("6:24/18,13/8")
    s.push("24/18,13/8")
    assert s == ncbg.State(X3Y5).play("6:24/18,13/8")
    assert [str(t) for t in s.move_stack] == ["3", "5", "6", "24/18,13/8"]
    back = pickle.loads(pickle.dumps(s))
    assert back == s and back.move_stack == s.move_stack
    assert ncbg._ncbg._turn_from(X3Y5, "6") == ncbg.State(X3Y5).parse_turn("6")
    s.pop()
    assert s.phase == "play" and s.pop() == ncbg.State(X3Y5).parse_turn("6")
    assert s.phase == "pick" and s.id == X3Y5
    with pytest.raises(TypeError):
        s.is_legal(None)
    with pytest.raises(TypeError):
        s.is_legal(3)


def test_steps_in_searches_files_and_analysis(tmp_path):
    rng = random.Random(2)
    whole = ncbg.State()
    steps = ncbg.State()
    for _ in range(12):
        t = rng.choice(whole.legal_turns())
        whole.push(t)
        if t.play is not None:
            steps.push(str(t.number))
            steps.push(t.play)
        else:
            steps.push(t)
    assert steps == whole and len(steps.move_stack) == len(whole.move_stack) + 10
    # The search from the play phase answers with the play alone.
    mid = ncbg.State(X3Y5)
    mid.push("6")
    r = ncbg.search(mid, depth=2)
    assert r.turn.play is not None and r.turn.number == 6 and r.turn in mid.legal_turns()
    # A match file records whole turns; a pick left alone is refused.
    g = ncbg.matchfile.Game.from_state(steps, "a", "b")
    assert g.turns == whole.move_stack and g.opening == "pair:" + "-".join(
        str(t) for t in whole.move_stack[:2])
    m = ncbg.matchfile.MatchFile.new(["a", "b"])
    m.append(g)
    m.write(tmp_path / "m.txt")
    assert ncbg.matchfile.read(tmp_path / "m.txt").games[0].turns == whole.move_stack
    with pytest.raises(ncbg.Error, match="ends with the pick 6 alone"):
        ncbg.matchfile.Game.from_state(mid, "a", "b")
    # The analysis judges a pick and its play as one turn, at the pick's index.
    a = ncbg.analyze_game(ncbg.State(), [str(t) for t in steps.move_stack], depth=1)
    b = ncbg.analyze_game(ncbg.State(), whole.move_stack, depth=1)
    assert [(r.played, r.best, r.loss) for r in a] == [(r.played, r.best, r.loss) for r in b]
    assert [r.index for r in b] == list(range(2, 12))
    assert [r.index for r in a] == list(range(2, 22, 2))


def test_out_of_range_ints_are_ncbg_errors():
    s = ncbg.State(X3Y5)
    x, y = s.board
    bad = [
        (lambda: ncbg.State.start(k=300), "alphabet size 300 is out of range"),
        (lambda: ncbg.State.start(credits=-1), "doublet credits -1 is out of range"),
        (lambda: ncbg.State.from_board([300] + x[1:], y), "X's count at index 0 300 is out of range"),
        (lambda: ncbg.State.from_board(x, [-1] + y[1:]), "Y's count at index 0 -1 is out of range"),
        (lambda: ncbg.State.from_board(x, y, numbers=(3, -5)), "number -5 is out of range"),
        (lambda: ncbg.State.from_board(x, y, k=1000), "alphabet size 1000"),
        (lambda: ncbg.search(s, depth=-1), "depth -1 is out of range"),
        (lambda: ncbg.search(s, multipv=-1), "multipv -1 is out of range"),
        (lambda: ncbg.search(s, nodes=-5), "nodes -5 is out of range"),
        (lambda: ncbg.Searcher(hash=-1), "hash -1 is out of range"),
        (lambda: ncbg.analyze_game(s, [], depth=-2), "depth -2 is out of range"),
    ]
    for call, message in bad:
        with pytest.raises(ncbg.Error, match=message):
            call()
    # from_board's defaults are real values: passing them is the same as leaving them out.
    import inspect

    sig = inspect.signature(ncbg.State.from_board)
    assert sig.parameters["numbers"].default is None and sig.parameters["credits"].default is None
    assert ncbg.State.from_board(x, y, numbers=None, credits=None) == ncbg.State.from_board(x, y)
    assert ncbg.State.from_board(x, y).credits == (2, 2) and ncbg.State.from_board(x, y).numbers == (None, None)


def test_analyze_game_arguments():
    with pytest.raises(TypeError, match="not a str"):
        ncbg.analyze_game(ncbg.State(), "3 5")
    with pytest.raises(ncbg.Error, match=r"error \(200\) must be positive and at most blunder \(100\)"):
        ncbg.analyze_game(ncbg.State(), ["3", "5"], error=200, blunder=100)
