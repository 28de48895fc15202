"""tools/value_by_exact.py and tools/nodes_at_movetime.py (on the package's
NCBP client) against the real engine, on hand-made analyses of NC-Hypergammon
k = 3 states (their exact verdicts written here as the table gives them): the
states are grouped by verdict, a sure win is valued above 0 and a sure loss
below, and every state is searched once. tools/choices_by_nodes.py and
tools/slow_win_siblings.py on states of a small bear-off table it builds: each
limit's choices, and each net's ranking of the children, judged by the table.
tools/outcome_by_exact.py on a match file and a self-play file of those states:
each game's result for the states' movers, grouped by the table's verdict."""
import json
import subprocess
import sys
from pathlib import Path

import ncbg
import ncbg.tables

TOOLS = Path(__file__).resolve().parents[2]

# (state, exact value for the side to move, turns to the end under best play)
WON = [("RQAAoAgAAAAAAA:Xpick:x3y2:d00:k3:n3", 1000, 4),
       ("BgAA0AAAAAAAAA:Xpick:x1y3:d00:k3:n3", 1000, 2)]
LOST = [("GgAAUAQAAAAAAA:Ypick:x1y2:d00:k3:n3", -1000, 3),
        ("BAAAGAAAAAAAAA:Ypick:x2y3:d00:k3:n3", -1000, 1)]
DRAWN = [("AEgCAAAqAAAAAA:Ypick:x2y1:d00:k3:n3", 0, None)]


def analysis(tmp_path, states):
    path = tmp_path / "analysis.jsonl"
    lines = []
    for i, (state, value, turns) in enumerate(states):
        row = {"game": 0, "turn": i, "state": state, "best_score": value, "exact": True}
        if turns is not None:
            row["best_turns"] = turns
        lines.append(json.dumps(row))
    # A line without a turn (a game's summary) is skipped.
    lines.append(json.dumps({"game": 0, "summary": True}))
    path.write_text("\n".join(lines) + "\n")
    return path


def run(script, *args):
    out = subprocess.run([sys.executable, str(TOOLS / script), *map(str, args)],
                         capture_output=True, text=True, check=True, timeout=120)
    return out.stdout.splitlines()


def test_value_by_exact_groups_the_states_by_their_verdict(tmp_path, ncbg_bin):
    path = analysis(tmp_path, WON + LOST + DRAWN)
    lines = run("value_by_exact.py", path, "--engine", ncbg_bin, "--nodes", 2000, "--every", 1)
    assert lines[0] == "5 states, go nodes 2000: the engine's value (mp) by the exact verdict"
    rows = {cells[0]: cells[1:] for cells in
            ([c.strip() for c in line.strip("|").split("|")] for line in lines[3:])}
    assert list(rows) == ["won, within 40 turns", "drawn", "lost, within 40 turns"]
    won, lost = rows["won, within 40 turns"], rows["lost, within 40 turns"]
    assert won[0] == "2" and lost[0] == "2" and rows["drawn"][0] == "1"
    # The median of each decided group, and the share valued above 0.
    assert int(won[3]) > 500 and won[5] == "100%"
    assert int(lost[3]) < -500 and lost[5] == "0%"
    # --every 2 takes every second state: 3 of the 5.
    assert run("value_by_exact.py", path, "--engine", ncbg_bin, "--nodes", 2000,
               "--every", 2)[0].startswith("3 states")


def test_value_by_exact_sets_engine_options(tmp_path, ncbg_bin):
    path = analysis(tmp_path, WON)
    lines = run("value_by_exact.py", path, "--engine", ncbg_bin, "--nodes", 500, "--every", 1,
                "--option", "MoveFilter=8")
    assert lines[0].startswith("2 states")
    # An option the engine does not have ends the run with its reason, before any search;
    # the search's tuning is no option.
    for option in ["NoSuchOption=1", "HyperFutilityMargin=0"]:
        out = subprocess.run([sys.executable, str(TOOLS / "value_by_exact.py"), str(path),
                              "--engine", ncbg_bin, "--option", option],
                             capture_output=True, text=True, timeout=120)
        assert out.returncode != 0 and out.stdout == ""
        assert f"option {option}" in out.stderr


def test_value_by_exact_tunes_the_engine(tmp_path, ncbg_bin):
    # The search's tuning knobs go to the engine's command line (ncbg --tune).
    path = analysis(tmp_path, WON)
    lines = run("value_by_exact.py", path, "--engine", ncbg_bin, "--nodes", 500, "--every", 1,
                "--tune", "HyperFutilityMargin=0", "--tune", "OddDepths=1")
    assert lines[0].startswith("2 states")
    # A bad knob ends the run with the engine's reason, before any search.
    out = subprocess.run([sys.executable, str(TOOLS / "value_by_exact.py"), str(path), "--engine",
                          ncbg_bin, "--tune", "NoSuchKnob=1"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode != 0 and out.stdout == ""
    assert "NoSuchKnob" in out.stderr, out.stderr


def test_nodes_at_movetime_searches_every_state_once(tmp_path, ncbg_bin):
    path = analysis(tmp_path, WON + LOST + DRAWN)
    lines = run("nodes_at_movetime.py", path, "--engine", ncbg_bin, "--movetime", 20,
                "--every", 1, "--count", 4)
    assert len(lines) == 1 and lines[0].startswith("4 states at go movetime 20: nodes median ")
    median = float(lines[0].split("nodes median ")[1].split(",")[0])
    assert median > 0


def bearoff_wins(tmp_path):
    """A 2-checker bear-off table and four states it holds where X wins only by
    picking 6 (6/off, 5/off with the pair 6-5); any other choice lets Y bear off."""
    table = ncbg.tables.build(tmp_path / "bearoff2.tb", 2)
    x = [13] + [0] * 25
    x[6] = x[5] = 1
    y = [14] + [0] * 25
    y[1] = 1
    states = [ncbg.State.from_board(x, y, turn="X", numbers=(n, 5), credits=(0, 0))
              for n in (1, 2, 3, 4)]
    for s in states:
        p = table.probe(s)
        assert p.value == 1 and [str(t) for t in p.best] == ["6:6/off,5/off"]
        assert len(p.choices) >= 7
    return table, states


def test_choices_by_nodes_judges_each_limit_on_the_same_states(tmp_path, ncbg_bin):
    table, states = bearoff_wins(tmp_path)
    path = tmp_path / "analysis.jsonl"
    # The analysed games kept the first win and left the other three.
    rows = [{"game": 0, "turn": i, "state": s.id, "best_score": 1000, "best_turns": 1,
             "played_score": 1000 if i == 0 else -1000, "exact": True}
            for i, s in enumerate(states)]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows) + json.dumps({"game": 0}) + "\n")

    def table_rows(*args):
        lines = run("choices_by_nodes.py", path, table.path, "--engine", ncbg_bin, *args)
        return lines[0], {cells[0]: cells[1:] for cells in
                          ([c.strip() for c in line.strip("|").split("|")] for line in lines[3:])}

    head, got = table_rows("--min-turns", 0, "--nodes", 50, 500)
    assert head.startswith("4 won states (every won state), every 1 from 0")
    assert list(got) == ["the analysed games' own", "go nodes 50", "go nodes 500"]
    assert got["the analysed games' own"][:2] == ["3", "75.0%"]
    # The search sees the win one turn on at any limit.
    assert got["go nodes 50"][:2] == ["0", "0.0%"] and got["go nodes 500"][0] == "0"
    # A random player (the engine's `Random`) leaves wins that one choice in 7 or
    # more keeps, and the table counts them.
    _, rnd = table_rows("--min-turns", 0, "--nodes", 50, "--option", "Random=true")
    assert 1 <= int(rnd["go nodes 50"][0]) <= 4
    # --every 2 takes the first and third; --part 1 the second and fourth;
    # --min-turns 1 leaves none (best play ends in one turn).
    assert table_rows("--min-turns", 0, "--nodes", 50, "--every", 2)[0].startswith("2 won states")
    _, second = table_rows("--min-turns", 0, "--nodes", 50, "--every", 2, "--part", 1)
    assert second["the analysed games' own"][0] == "2"
    assert table_rows("--nodes", 50, "--min-turns", 1)[0].startswith("0 won states")


def test_choices_by_nodes_refuses_a_table_of_another_game(tmp_path, ncbg_bin):
    table, _ = bearoff_wins(tmp_path)
    path = analysis(tmp_path, WON)  # k = 3 states: the bear-off table (k = 6) holds none
    out = subprocess.run([sys.executable, str(TOOLS / "choices_by_nodes.py"), str(path), table.path,
                          "--engine", ncbg_bin, "--min-turns", "0", "--nodes", "50"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode != 0 and out.stdout == ""
    assert "cannot judge RQAAoAgAAAAAAA:Xpick:x3y2:d00:k3:n3" in out.stderr
    assert "Traceback" not in out.stderr


def test_slow_win_siblings_ranks_each_states_children_by_the_table(tmp_path):
    table, states = bearoff_wins(tmp_path)
    path = tmp_path / "analysis.jsonl"
    # Each state twice (counted once), a lost one and a summary line (skipped).
    rows = [{"game": 0, "turn": i, "state": s.id, "best_score": 1000, "best_turns": 1, "exact": True}
            for i, s in enumerate(states + states)]
    rows.append({"game": 0, "turn": 9, "state": states[0].id, "best_score": -1000, "exact": True})
    path.write_text("".join(json.dumps(r) + "\n" for r in rows) + json.dumps({"game": 0}) + "\n")
    net = TOOLS / "train" / "nets" / "gen0.ncnn"

    def table_rows(*args):
        lines = run("slow_win_siblings.py", path, table.path, *args)
        return lines[0], {cells[0]: cells[1:] for cells in
                          ([c.strip() for c in line.strip("|").split("|")] for line in lines[3:])}

    head, got = table_rows("-", net, "--min-turns", 0, "--nodes", 200)
    assert head.startswith("4 won states over 0 turns with a child that is not a win, every 1 from 0")
    assert list(got) == ["-", str(net)]
    for cells in got.values():
        # The one winning child bears off (a finished game, above every value):
        # every pair ordered right, the best static child the win, and the
        # search keeps it.
        assert cells[0] == "1.000" and cells[1] == "0" and cells[3] == "0"
    # Best play ends in one turn: over 0 turns keeps them, over 1 none.
    assert table_rows("-", "--min-turns", 1)[0].startswith("0 won states")
    # Every second state from the second: two of the four; no search column without --nodes.
    head, got = table_rows("-", "--min-turns", 0, "--every", 2, "--part", 1)
    assert head.startswith("2 won states") and len(got["-"]) == 3
    # The set follows the games' indices and turns, not the file's order (a
    # match file lists its games as they finished): the lines reversed, the
    # same two states.
    lines = path.read_text().splitlines()
    path.write_text("\n".join(reversed(lines)) + "\n")
    sys.path.insert(0, str(TOOLS))
    try:
        import slow_win_siblings
    finally:
        sys.path.pop(0)
    assert slow_win_siblings.states(path, 0, False) == [s.id for s in states]
    # The drawn states: the table holds none of these as a draw.
    assert table_rows("-", "--drawn")[0].startswith("0 drawn states")


def test_slow_win_siblings_refuses_a_table_of_another_game(tmp_path):
    table, _ = bearoff_wins(tmp_path)
    path = analysis(tmp_path, WON)  # k = 3 states: the bear-off table (k = 6) holds none
    out = subprocess.run([sys.executable, str(TOOLS / "slow_win_siblings.py"), str(path), table.path, "-",
                          "--min-turns", "0"], capture_output=True, text=True, timeout=120)
    assert out.returncode != 0 and out.stdout == ""
    assert "cannot judge RQAAoAgAAAAAAA:Xpick:x3y2:d00:k3:n3" in out.stderr
    assert "Traceback" not in out.stderr


def test_outcome_by_exact_groups_the_games_results_by_verdict(tmp_path):
    table, states = bearoff_wins(tmp_path)
    s = states[0]
    # A referee match file of two games from the same won state: X keeps the
    # win, or throws it and Y bears off (a state Y wins, and the game Y's).
    kept = s.play("6:6/off,5/off")
    thrown = s.copy()
    thrown.push(next(t for t in s.legal_turns() if str(t) != "6:6/off,5/off"))
    while not thrown.is_over():
        thrown.push(table.probe(thrown).best[0])
    assert thrown.result().winner == "Y"
    m = ncbg.matchfile.MatchFile.new(["a", "b"])
    m.games = [ncbg.matchfile.Game.from_state(g, "a", "b", index=i) for i, g in enumerate([kept, thrown])]
    match = tmp_path / "match.txt"
    m.write(match)

    def table_rows(path):
        lines = run("outcome_by_exact.py", table.path, path)
        return lines[0], {cells[0]: cells[1:] for cells in
                          ([c.strip() for c in line.strip("|").split("|")] for line in lines[4:])}

    head, got = table_rows(match)
    assert head.startswith("3 states to pick in 1 file(s)")
    # Every state is won in one turn for its mover: X's twice (kept, thrown), Y's once.
    assert list(got) == ["won, within 40 turns"]
    assert got["won, within 40 turns"] == ["3", "100.0%", "67%", "0%", "33%", "+0.33"]

    # A self-play file: its labels, a capped game (result 0) counted as drawn; a
    # line cut short and a state the table does not hold are left out.
    data = tmp_path / "sp.data"
    data.write_text("ncbg-selfplay 1 seed=1 games=4 depth=1 nodes=0\n"
                    f"game 0 result 1 states {s.id}=900 {states[1].id}=800 end\n"
                    f"game 1 result 0 states {states[2].id}=700 end\n"
                    f"game 2 result -1 states {states[3].id}=100\n"
                    f"game 3 result 1 states {WON[0][0]}=5 end\n")
    head, got = table_rows(data)
    assert head.startswith("3 states to pick")
    assert got["won, within 40 turns"] == ["3", "100.0%", "67%", "33%", "0%", "+0.67", "800 (700 .. 900)"]

    # A file of neither kind, a table that holds none of the states, a game line
    # with a broken label or state ID: the reason, no traceback.
    def fails(path):
        out = subprocess.run([sys.executable, str(TOOLS / "outcome_by_exact.py"), table.path, str(path)],
                             capture_output=True, text=True, timeout=120)
        assert out.returncode != 0 and "Traceback" not in out.stderr
        return out.stderr

    bad = tmp_path / "notes.txt"
    bad.write_text("hello\n")
    assert "neither a referee match file nor a self-play data file" in fails(bad)
    k3 = tmp_path / "k3.data"
    k3.write_text(f"ncbg-selfplay 1 seed=1\ngame 0 result 1 states {WON[0][0]}=5 end\n")
    assert "no state of these files is in" in fails(k3)
    for broken in [f"{s.id}=lots", "NOSTATE=5"]:
        k3.write_text(f"ncbg-selfplay 1 seed=1\ngame 0 result 1 states {broken} end\n")
        assert str(k3) in fails(k3)
