"""tools/value_by_exact.py and tools/nodes_at_movetime.py (both on the
package's NCBP client) against the real engine, on hand-made analyses of NC-Hypergammon k = 3 states (their exact
verdicts written here as the table gives them): the states are grouped by
verdict, a sure win is valued above 0 and a sure loss below, and every state
is searched once."""
import json
import subprocess
import sys
from pathlib import Path

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
                "--option", "HyperFutilityMargin=0")
    assert lines[0].startswith("2 states")
    # An option the engine does not have ends the run with its reason, before any search.
    out = subprocess.run([sys.executable, str(TOOLS / "value_by_exact.py"), str(path), "--engine",
                          ncbg_bin, "--option", "NoSuchOption=1"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode != 0 and out.stdout == ""
    assert "option NoSuchOption=1" in out.stderr


def test_nodes_at_movetime_searches_every_state_once(tmp_path, ncbg_bin):
    path = analysis(tmp_path, WON + LOST + DRAWN)
    lines = run("nodes_at_movetime.py", path, "--engine", ncbg_bin, "--movetime", 20,
                "--every", 1, "--count", 4)
    assert len(lines) == 1 and lines[0].startswith("4 states at go movetime 20: nodes median ")
    median = float(lines[0].split("nodes median ")[1].split(",")[0])
    assert median > 0
