#!/usr/bin/env bash
# Plays a short match between test engines, exports it with
# `ncbg-referee export-mat`, imports the .mat into GNU Backgammon and checks
# the number of games, the plays (with their dice), winners and points; for
# matches to N points also the match length, the score before each game and
# the Crawford game as gnubg sees them, and that `analyse match` runs; with
# the cube (engines `--cube`), each game's doubles, takes and drops.
# Needs gnubg (`apt-get install -y gnubg`).
# Usage: tools/check_mat_import.sh [games] [match-length [extra referee args...]]
#   tools/check_mat_import.sh 12          money session of 12 games
#   tools/check_mat_import.sh 2 5         two matches to 5 points (with the cube)
#   tools/check_mat_import.sh 16 0 --cube --jacoby --beavers   money play with the cube
set -euo pipefail
cd "$(dirname "$0")/.."
GAMES=${1:-12}
LENGTH=${2:-0}
shift $(( $# > 2 ? 2 : $# ))
GNUBG=${GNUBG:-$(command -v gnubg || echo /usr/games/gnubg)}
cargo build --quiet --bin ncbg-referee --example test_engine
BIN=target/debug/ncbg-referee
ENG=target/debug/examples/test_engine
DIR=$(mktemp -d)
trap 'rm -rf "$DIR"' EXIT
MATCH_ARGS=()
if [ "$LENGTH" -gt 0 ]; then MATCH_ARGS=(--match-length "$LENGTH"); fi
# Conformant engines, plus one that plays an illegal turn after 400 answers,
# so forfeits (written as resignations) are checked too.
"$BIN" --quiet --engine cmd="$ENG --mode random --cube" name=alpha option.Seed=1 \
  --engine cmd="$ENG --mode illegal --after 400 --cube" name=beta option.Seed=2 \
  --games "$GAMES" --concurrency 2 "${MATCH_ARGS[@]}" "$@" --out "$DIR/match.txt" > /dev/null
"$BIN" export-mat "$DIR/match.txt" "$DIR/match.mat"
python3 - "$DIR/match.txt" "$DIR" <<'PY'
import json, os, sys
games = []
names = {}
for line in open(sys.argv[1]):
    if line.startswith("meta\t"):
        k, v = line.rstrip("\n")[5:].split("=", 1)
        names[k] = v
    if not line.startswith("game\t") or not line.rstrip("\n").endswith("\tend"):
        continue
    f = dict(x.split("=", 1) for x in line.rstrip("\n").split("\t")[1:-1])
    if f["kind"] == "draw" or not f["opening"].startswith("pair:"):
        continue
    turns = [t for t in f["moves"].split()[2:] if ":" in t]
    x0, y0 = map(int, f["opening"][5:].split("-"))
    cur = {"X": x0, "Y": y0}
    dice, side = [], "X"
    for t in turns:
        n = int(t.split(":")[0])
        cur[side] = n
        dice.append(sorted([cur["X"], cur["Y"]], reverse=True))
        side = "Y" if side == "X" else "X"
    cube = [t for t in f["moves"].split() if t in ("double", "take", "drop", "beaver")]
    # gnubg reads a beaver as a take and a redouble.
    actions = {"double": cube.count("double") + cube.count("beaver"),
               "take": cube.count("take") + cube.count("beaver"),
               "drop": cube.count("drop")}
    g = {"index": int(f["index"]), "game": int(f.get("game", 0)), "dice": dice,
         "cube": actions,
         "first_mover_won": f["winner"] == "X",
         "points": int(f["points"]), "forfeit": f["kind"] == "forfeit"}
    if "score" in f:
        s = f["score"]
        g["crawford"] = s.endswith("c")
        sx, sy = map(int, s.rstrip("cp").split("-"))
        # Player 1 (gnubg's first player) is engine0.
        g["score"] = [sx, sy] if f["x"] == names["engine0"] else [sy, sx]
    games.append(g)
games.sort(key=lambda g: (g["index"], g["game"]))
length = int(names.get("match-length", "0"))
jacoby = names.get("cube") == "on" and names.get("jacoby") == "on"
files = {}
if length:
    for g in games:
        files.setdefault(g["index"], []).append(g)
    many = len(files) > 1
    for i, gs in files.items():
        mat = os.path.join(sys.argv[2], "match.match%d.mat" % i if many else "match.mat")
        json.dump({"length": length, "jacoby": False, "games": gs}, open(mat + ".json", "w"))
else:
    json.dump({"length": 0, "jacoby": jacoby, "games": games},
              open(os.path.join(sys.argv[2], "match.mat.json"), "w"))
PY
echo "match: $(grep -c '^game' "$DIR/match.txt") games, $(grep -c 'kind=forfeit' "$DIR/match.txt" || true) forfeits"
STATUS=0
for MAT in "$DIR"/*.mat; do
  MAT="$MAT" EXPECT="$MAT.json" "$GNUBG" -t -q -p tools/check_mat_import.py \
    > "$DIR/gnubg.log" 2>&1 || true
  echo "$(basename "$MAT"):"
  grep -E "^(gnubg imported|analysed|OK|MISMATCH|  game|Traceback|  File|[A-Za-z]*Error)" "$DIR/gnubg.log" || true
  grep -q "^OK" "$DIR/gnubg.log" || STATUS=1
done
exit $STATUS
