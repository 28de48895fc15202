"""The README's worked examples run (small sizes)."""

import subprocess
import sys
from pathlib import Path

import ncbg

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def run(*args, cwd):
    out = subprocess.run([sys.executable, *map(str, args)], cwd=cwd, capture_output=True,
                         text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    return out.stdout


def test_table_game(tmp_path):
    out = run(EXAMPLES / "table_game.py", "--table", tmp_path / "b3.tb", cwd=tmp_path)
    assert "X: 2:6/off,6/4" in out and "throws 2 point(s); best 1:6/4,5/4" in out
    assert out.rstrip().endswith("GameResult(winner='X', kind='single', points=1)")


def test_table_game_leaves_nothing_in_its_folder(tmp_path):
    # Without --table it once wrote a 4.6 MB bearoff3.tb where it ran.
    out = run(EXAMPLES / "table_game.py", cwd=tmp_path)
    assert "X: 2:6/off,6/4" in out
    assert list(tmp_path.iterdir()) == []


def test_engine_match_and_biggest_losses(tmp_path, ncbg_bin):
    out = run(EXAMPLES / "engine_match.py", ncbg_bin, "--games", "4", "--out", "m.txt", cwd=tmp_path)
    assert "points in 4 games" in out
    m = ncbg.matchfile.read(tmp_path / "m.txt")
    assert len(m.games) == 4 and m.players == ["deep", "quick"]
    assert m.games[0].start == m.games[1].start  # each opening with both colours
    out = run(EXAMPLES / "biggest_losses.py", "m.txt", "--depth", "1", "--top", "2", cwd=tmp_path)
    assert out.startswith("deep: ") and "\nquick: " in out
