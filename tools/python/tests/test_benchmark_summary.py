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


def test_summary_interval_over_games_and_distance_bands(tmp_path):
    match = tmp_path / "match.txt"
    match.write_text("# ncbg-referee match file v1\n" + game(1, "A", "m1") + game(2, "B", "m2")
                     + game(3, "C", "m3"))
    analysis = tmp_path / "analysis.jsonl"
    analysis.write_text(
        # Game 1: two won states, one left; game 2: one won state, left;
        # game 3: one won state, kept. A drawn state lost in game 1, kept in 2.
        turn(1, 0, 1000, 0, best_turns=30)
        + turn(1, 1, 1000, 1000, best_turns=60, played_turns=59)
        + turn(1, 2, 0, -1000, played_turns=9)
        + turn(2, 0, 1000, -1000, best_turns=150, played_turns=40)
        + turn(2, 1, 0, 0)
        + turn(3, 0, 1000, 1000, best_turns=101, played_turns=100))
    lines = run(tmp_path, (analysis, match), max_turns=400)
    # Won states left: 2 of 4 = 50%; per game (left, won) = (1, 2), (1, 1),
    # (0, 1): residuals 0, 0.5, -0.5, so se = sqrt(3/2 * 0.5) / 4 = 0.2165.
    assert lines[5] == ("95% over the distinct games: won states left 50.0% (7.6 .. 92.4); "
                        "drawn states lost 50.0% (0.0 .. 100.0)")
    assert lines[6] == ("won states by best play's distance to the win: within 40 turns 1, left 1 "
                        "(100.0%); 41..100 turns 1, left 0 (0.0%); over 100 turns 2, left 1 (50.0%)")
    # One game alone gives no interval: the whole range.
    one = tmp_path / "one.txt"
    one.write_text("# ncbg-referee match file v1\n" + game(1, "A", "m1"))
    assert "won states left 50.0% (0.0 .. 100.0)" in run(tmp_path, (analysis, one), max_turns=400)[5]
