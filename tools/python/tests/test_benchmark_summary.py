"""tools/hyper_benchmark_summary.py on a hand-made match and analysis: each
distinct game counted once (also across pooled runs), and the won and drawn
states counted in all and within the turn cap."""
import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "hyper_benchmark_summary.py"


def game(index, opening, moves):
    return f"game\tindex={index}\topening=state:{opening}\tmoves={moves}\tend\n"


def turn(game, turn, best, played, best_turns=None, played_turns=None):
    r = {"game": game, "turn": turn, "best_score": best, "played_score": played,
         "loss": max(0, best - played), "exact": True}
    if best_turns is not None:
        r["best_turns"] = best_turns
    if played_turns is not None:
        r["played_turns"] = played_turns
    return json.dumps(r) + "\n"


def run(tmp_path, *pairs, max_turns=10):
    args = [str(x) for pair in pairs for x in pair]
    out = subprocess.run([sys.executable, str(SCRIPT), "--max-turns", str(max_turns), *args],
                         capture_output=True, text=True, check=True)
    return out.stdout.splitlines()


def test_summary_counts_distinct_games_and_the_cap(tmp_path):
    match = tmp_path / "match.txt"
    match.write_text("# ncbg-referee match file v1\n" + game(1, "A", "m1 m2")
                     + game(2, "A", "m1 m2") + game(3, "B", "m3 m4"))
    analysis = tmp_path / "analysis.jsonl"
    analysis.write_text(
        # Game 1: a near win thrown to a draw; a near win kept, but too slowly.
        turn(1, 0, 1000, 0, best_turns=3)
        + turn(1, 1, 1000, 1000, best_turns=8, played_turns=12)
        # Game 2 is game 1 again: never counted (its loss would show).
        + turn(2, 0, 1000, -3000, best_turns=3, played_turns=1)
        # Game 3: a drawn state lost within the cap; a far win thrown.
        + turn(3, 0, 0, -1000, played_turns=4)
        + turn(3, 1, 1000, -1000, best_turns=20, played_turns=2))
    lines = run(tmp_path, (analysis, match))
    assert lines[0] == "games 3 (2 distinct), turns 4"
    assert lines[1].startswith("points dropped per game 2.000 ")
    assert lines[2] == ("won states 3, left as a draw or a loss 2 (66.7%); "
                        "drawn states 1, left as a loss 1")
    assert lines[3] == ("within the 10-turn cap: won states 2, left without a win within it "
                        "2 (100.0%); drawn states left as a loss within it 1")
    # A longer cap makes the slow win one within it.
    assert "won states 2, left without a win within it 1 (50.0%)" in run(
        tmp_path, (analysis, match), max_turns=14)[3]
    # The same run twice, pooled: the same two distinct games.
    pooled = run(tmp_path, (analysis, match), (analysis, match))
    assert pooled[0] == "games 6 (2 distinct), turns 4"
    assert pooled[2:4] == lines[2:4]
