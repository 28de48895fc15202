"""Files: match files, .mat files and exact-value tables."""

import json
import random
import subprocess

import pytest

import ncbg
from ncbg import mat, matchfile, tables

BAD_MAT = (" 0 point match\n\n Game 1\n a : 0    b : 0\n"
           "  1) 31: 8/5 6/5              42: 8/4 6/4\n  2) 31: 8/5 6/5\n")


def play_random(seed, start=None, max_turns=None):
    rng = random.Random(seed)
    s = start.copy() if start is not None else ncbg.State()
    while not s.is_over() and (max_turns is None or len(s.move_stack) < max_turns):
        s.push(rng.choice(s.legal_turns()))
    return s


def sample_match():
    m = matchfile.MatchFile.new(["alpha", "beta"], rounds="1", max_turns="400")
    for i in range(4):
        x, y = ("alpha", "beta") if i % 2 == 0 else ("beta", "alpha")
        m.games.append(matchfile.Game.from_state(play_random(i), x, y, index=i))
    # A game from a full-state opening, and a draw by the turn cap.
    mid = play_random(9, max_turns=20).copy(stack=False)
    m.games.append(matchfile.Game.from_state(play_random(10, start=mid), "alpha", "beta", index=4))
    m.games.append(matchfile.Game.from_state(play_random(11, max_turns=30), "beta", "alpha", index=5))
    return m


def test_match_file_round_trip(tmp_path):
    m = sample_match()
    path = tmp_path / "match.txt"
    m.write(path)
    text = path.read_text()
    assert text.startswith(matchfile.MAGIC + "\nmeta\tengine0=alpha\nmeta\tengine1=beta\n")
    back = matchfile.read(path)
    assert back.header == m.header and back.players == ["alpha", "beta"]
    assert (back.variant, back.k, back.credits) == ("standard", 6, 2)
    assert len(back.games) == 6 and back.broken_lines == 0
    for g, b in zip(m.games, back.games):
        assert b.turns == g.turns and [str(t) for t in b.turns] == [str(t) for t in g.turns]
        assert (b.index, b.pair, b.x, b.y, b.winner, b.kind, b.points, b.reason) == (
            g.index, g.pair, g.x, g.y, g.winner, g.kind, g.points, g.reason)
        assert b.start == g.start and b.end == g.end == b.replay()
        assert b.to_line() == g.to_line()
    assert back.games[0].opening.startswith("pair:")
    assert back.games[4].opening == "state:" + back.games[4].start.id
    assert back.games[5].winner is None and back.games[5].kind == "draw"
    assert back.games[5].reason == "max-turns" and back.games[5].winner_name is None
    g = back.games[1]
    assert g.winner_name == g.name(g.winner)
    positions = list(g.positions())
    assert len(positions) == len(g.turns)
    for state, turn in positions:
        assert turn.before == state and len(state.move_stack) == positions.index((state, turn))
    scores = back.scores()
    assert sum(scores.values()) == sum(g.points for g in back.games)


def test_match_file_errors(tmp_path):
    with pytest.raises(ncbg.Error, match="not a match file"):
        matchfile.parse("hello\n")
    text = sample_match().to_text()
    # A cut last line (no newline, no `end`) is ignored, as by the referee.
    cut = text + "game\tindex=9\tpair=4"
    assert len(matchfile.parse(cut).games) == 6
    assert matchfile.parse(text + "game\tindex=9\tend\n").broken_lines == 1
    bad = text.replace("moves=3 ", "moves=3 3 ", 1) if "moves=3 " in text else None
    if bad is not None:
        with pytest.raises(ncbg.Error, match="game 0: turn 2"):
            matchfile.parse(bad)


def test_mat_round_trip(tmp_path):
    m = sample_match()
    text, skipped = mat.export(m)
    assert [i for i, _ in skipped] == [4, 5]  # the full-state opening and the draw
    path = tmp_path / "match.mat"
    assert mat.write(path, m) == skipped
    back = mat.read(path)
    assert back.players == ["alpha", "beta"] and back.k == 6
    assert len(back.games) == 4
    for g, b in zip(m.games, back.games):
        # A .mat does not keep X's initial number; Y's is half of X's first pair.
        assert [str(t) for t in b.turns[2:]] == [str(t) for t in g.turns[2:]]
        assert str(b.turns[1]) == str(g.turns[1])
        assert (b.x, b.y, b.winner, b.kind, b.points) == (g.x, g.y, g.winner, g.kind, g.points)
        assert b.end.board == g.end.board
    with pytest.raises(ncbg.Error, match="game 1: turn"):
        mat.parse(BAD_MAT)
    with pytest.raises(ncbg.Error, match="no game"):
        mat.parse("hello\n")


def covered_states(table, n=6, seed=0):
    """Pick states of random games that `table` covers."""
    out = []
    rng = random.Random(seed)
    while len(out) < n:
        s = ncbg.State()
        while not s.is_over():
            if s.phase == "pick" and not s.in_opening and table.covers(s) and not out[-1:] == [s]:
                out.append(s.copy(stack=False))
                break
            s.push(rng.choice(s.legal_turns()))
    return out


@pytest.fixture(scope="module")
def bearoff2(tmp_path_factory):
    path = tmp_path_factory.mktemp("tables") / "bearoff2.tb"
    return tables.build(path, 2)


def test_table_probe(bearoff2):
    t = bearoff2
    assert "bearoff" in t.spec and t.path.endswith("bearoff2.tb")
    assert tables.Table(t.path).spec == t.spec
    for s in covered_states(t):
        p = t.probe(s)
        assert p.state == s.id and p.value in (-3, -2, -1, 0, 1, 2, 3)
        assert p.draw == (p.value == 0)
        assert p.best and all(b in s.legal_turns() for b in p.best)
        assert len(p.choices) == s.count_legal_turns()
        assert p.choices[0].value == p.value and p.choices[0].optimal
        assert [c.turn for c in p.choices if c.optimal] == p.best
        # The search answers a covered root at once with an optimal choice.
        r = ncbg.search(s, depth=3, tables=[t])
        assert r.exact and r.turn in p.best and r.mp == p.value * 1000
        assert ncbg.evaluate(s, tables=t).exact == p.value
    with pytest.raises(ncbg.Error, match="not in this table"):
        t.probe(ncbg.State("4HPwATDgc/ABMA:Xpick:x3y5:d22:k6"))
    with pytest.raises(ncbg.Error, match="k=4"):
        t.probe(ncbg.State.start(k=4))


def test_table_probe_matches_the_cli(bearoff2, ncbg_bin):
    for s in covered_states(bearoff2, n=3, seed=1):
        out = subprocess.run([ncbg_bin, "tables", "probe", bearoff2.path, s.id],
                             capture_output=True, text=True, timeout=60)
        assert out.returncode == 0, out.stderr
        assert bearoff2.probe(s).lines() == out.stdout.splitlines()
        js = json.loads(subprocess.run([ncbg_bin, "tables", "probe", "--json", bearoff2.path, s.id],
                                       capture_output=True, text=True, timeout=60).stdout)
        p = bearoff2.probe(s)
        assert js["value"] == p.value and js["turns"] == p.turns
        assert [c["choice"] for c in js["choices"]] == [str(c.turn) for c in p.choices]


def test_bad_table_files(tmp_path):
    with pytest.raises(ncbg.Error, match="table"):
        tables.Table(tmp_path / "missing.tb")
    junk = tmp_path / "junk.tb"
    junk.write_bytes(b"not a table at all")
    with pytest.raises(ncbg.Error, match="junk.tb"):
        tables.Table(junk)


def test_analyze_with_a_table(bearoff2):
    s = covered_states(bearoff2, n=1, seed=2)[0]
    start = s.copy()
    while not s.is_over():
        s.push(s.legal_turns()[0])
    reports = ncbg.analyze_game(start, s.move_stack, tables=[bearoff2], depth=1)
    assert reports and all(r.exact and r.depth == 0 for r in reports)
    # A bear-off has no draw: every turn has its distance to the end, and
    # the last turn ends the game.
    assert all(r.best_turns is not None and r.played_turns is not None for r in reports)
    assert reports[-1].played_turns == 0


def test_written_match_file_reads_in_ncbg_analyze(tmp_path, ncbg_bin):
    """A match file written from Python is read by `ncbg analyze`, whose
    verdicts are analyze_game's."""
    m = matchfile.MatchFile.new(["alpha", "beta"])
    for i in range(2):
        m.games.append(matchfile.Game.from_state(play_random(20 + i, max_turns=14), "alpha", "beta", index=i))
    path = tmp_path / "m.txt"
    m.write(path)
    out = subprocess.run([ncbg_bin, "analyze", str(path), "--depth", "2", "--format", "json"],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    cli = [json.loads(l) for l in out.stdout.splitlines() if l.startswith("{") and '"turn"' in l]
    mine = []
    for g in matchfile.read(path).games:
        for r in ncbg.analyze_game(g.start, g.turns, depth=2):
            mine.append((g.index, g.name(r.side), r.index, r.state, str(r.played), r.best, r.loss, r.verdict))
    assert mine == [(c["game"], c["player"], c["turn"], c["state"], c["played"], c["best"], c["loss"], c["verdict"])
                    for c in cli]


def test_play_depths_check_marks_as_ncbg_analyze_does(tmp_path, ncbg_bin):
    """A game's ``depths`` (the referee's record of each search's depth) are
    written and read back; with them ``analyze_game`` checks each mark on a
    turn the play searched as deep as the analysis one ply past it, as
    ``ncbg analyze`` does with the file."""
    m = matchfile.MatchFile.new(["alpha", "beta"])
    g = matchfile.Game.from_state(play_random(21, max_turns=14), "alpha", "beta", index=0)
    g.depths = [None if t.play is None else 2 for t in g.turns]
    m.games.append(g)
    path = tmp_path / "m.txt"
    m.write(path)
    (back,) = matchfile.read(path).games
    assert back.depths == g.depths
    plain = ncbg.analyze_game(back.start, back.turns, depth=2)
    checked = ncbg.analyze_game(back.start, back.turns, depth=2, play_depths=back.depths)
    assert len(plain) == len(checked)
    marks = 0
    for p, c in zip(plain, checked):
        assert p.play_depth is None and c.play_depth == 2
        if p.verdict != "ok":
            marks += 1
            assert c.depth == 3, (p, c)
        else:
            assert (c.depth, c.loss, c.best) == (p.depth, p.loss, p.best)
    assert marks > 0, "random play makes marks at depth 2"
    out = subprocess.run([ncbg_bin, "analyze", str(path), "--depth", "2", "--format", "json"],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    cli = [json.loads(l) for l in out.stdout.splitlines() if l.startswith("{") and '"turn"' in l]
    assert [(c["turn"], c["loss"], c["depth"], c["play_depth"]) for c in cli] == [
        (r.index, r.loss, r.depth, r.play_depth) for r in checked]
    with pytest.raises(ncbg.Error, match="play_depths"):
        ncbg.analyze_game(back.start, back.turns, depth=2, play_depths=[3])


def test_from_state_of_a_board_in_turn_0_is_a_state_opening(tmp_path, ncbg_bin):
    """A State.from_board position before the picks is no start position: its
    record is a `state:` opening, which reads back (the library and `ncbg
    analyze`) instead of failing with "point 1 is blocked"."""
    x = [0] * 26
    y = [0] * 26
    x[6], x[5], x[4] = 2, 2, 1
    y[6], y[5], y[3] = 1, 1, 3
    x[0], y[0] = 10, 10
    root = ncbg.State.from_board(x, y, turn="X", numbers=(None, None), credits=(2, 2))
    assert root.numbers == (None, None) and root.in_opening
    s = play_random(3, start=root)
    assert s.is_over()
    g = matchfile.Game.from_state(s, "alpha", "beta")
    assert g.opening == "state:" + root.id
    m = matchfile.MatchFile.new(["alpha", "beta"])
    m.append(g)
    path = tmp_path / "board.txt"
    m.write(path)
    back = matchfile.read(path)
    assert back.games[0].start == root and back.games[0].turns == g.turns
    assert back.games[0].replay() == s
    out = subprocess.run([ncbg_bin, "analyze", str(path), "--depth", "1"],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    # The start positions of every variant keep their pair: openings.
    for variant in matchfile.VARIANTS:
        h = ncbg.State.start(variant, k=5, credits=1)
        h.push("1")
        h.push("2")
        assert matchfile.start_variant(h.move_stack[0].before) == variant
        assert matchfile.Game.from_state(h, "a", "b").opening == "pair:1-2"
    assert matchfile.start_variant(root) is None


def test_games_of_other_rules_than_the_header_are_refused(tmp_path):
    m = matchfile.MatchFile.new(["alpha", "beta"])  # standard, k=6, credits=2
    cases = {
        "k=4, the header says k=6": ncbg.State.start(k=4),
        "a hypergammon game, the header says variant=standard": ncbg.State.start("hypergammon"),
        "1 credits each, the header says credits=2": ncbg.State.start(credits=1),
    }
    for message, s in cases.items():
        s.push("1")
        s.push("2")
        g = matchfile.Game.from_state(s, "alpha", "beta", index=7)
        with pytest.raises(ncbg.Error, match="game 7 .*" + message.split(",")[0]):
            m.append(g)
        assert m.games == []
        m.games.append(g)  # appended behind the check: write refuses it, writing nothing
        with pytest.raises(ncbg.Error, match=message):
            m.write(tmp_path / "bad.txt")
        assert not (tmp_path / "bad.txt").exists()
        m.games.clear()
    # A state: opening of another k, or more credits than the header's.
    mid = play_random(9, start=ncbg.State.start(k=4), max_turns=6).copy(stack=False)
    with pytest.raises(ncbg.Error, match="k=4, the header says k=6"):
        m.append(matchfile.Game.from_state(play_random(1, start=mid), "alpha", "beta"))
    rich = ncbg.State.from_board(*ncbg.State().board, numbers=(3, 5), credits=(5, 5))
    with pytest.raises(ncbg.Error, match="more than the header's credits=2"):
        m.append(matchfile.Game.from_state(play_random(1, start=rich), "alpha", "beta"))
    hyper = matchfile.MatchFile.new(["a", "b"], variant="hypergammon")
    with pytest.raises(ncbg.Error, match="15 checkers a side, a hypergammon game has 3"):
        hyper.append(matchfile.Game.from_state(play_random(1, start=rich.copy()), "a", "b"))
    # The same games under a header of their rules are fine.
    ok = matchfile.MatchFile.new(["alpha", "beta"], k=4)
    ok.append(matchfile.Game.from_state(play_random(1, start=mid), "alpha", "beta"))
    ok.write(tmp_path / "ok.txt")
    assert len(matchfile.read(tmp_path / "ok.txt").games) == 1


def fields(obj):
    """An object's attributes, value classes (Choice, ...) as their fields."""
    if isinstance(obj, list):
        return [fields(x) for x in obj]
    if type(obj).__module__ != "ncbg" or isinstance(obj, (ncbg.Turn, ncbg.State)):
        return obj
    return {n: fields(getattr(obj, n)) for n in dir(obj)
            if not n.startswith("_") and not callable(getattr(obj, n))}


def test_probes_and_tables_pickle(bearoff2):
    import copy
    import pickle

    s = covered_states(bearoff2)[0]
    p = bearoff2.probe(s)
    for back in (pickle.loads(pickle.dumps(p)), copy.deepcopy(p), copy.copy(p)):
        assert type(back) is ncbg.Probe and fields(back) == fields(p) and back.lines() == p.lines()
        assert [fields(c) for c in back.choices] == [fields(c) for c in p.choices]
    c = pickle.loads(pickle.dumps(p.choices[0]))
    assert type(c) is ncbg.Choice and fields(c) == fields(p.choices[0])
    t = pickle.loads(pickle.dumps(bearoff2))  # by path: the file is opened again
    assert t.path == bearoff2.path and t.spec == bearoff2.spec and fields(t.probe(s)) == fields(p)
