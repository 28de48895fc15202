#!/usr/bin/env bash
# Plays a short match between test engines, exports it with
# `ncbg-referee export-mat`, imports the .mat into GNU Backgammon and checks
# the number of games, the plays (with their dice), winners and points.
# Needs gnubg (`apt-get install -y gnubg`). Usage: tools/check_mat_import.sh [games]
set -euo pipefail
cd "$(dirname "$0")/.."
GAMES=${1:-12}
GNUBG=${GNUBG:-$(command -v gnubg || echo /usr/games/gnubg)}
cargo build --quiet --bin ncbg-referee --example test_engine
BIN=target/debug/ncbg-referee
ENG=target/debug/examples/test_engine
DIR=$(mktemp -d)
trap 'rm -rf "$DIR"' EXIT
# Conformant engines, plus one that plays an illegal turn after 40 answers,
# so forfeits (written as resignations) are checked too.
"$BIN" --quiet --engine cmd="$ENG --mode random" name=alpha option.Seed=1 \
  --engine cmd="$ENG --mode illegal --after 400" name=beta option.Seed=2 \
  --games "$GAMES" --concurrency 2 --out "$DIR/match.txt" > /dev/null
"$BIN" export-mat "$DIR/match.txt" "$DIR/match.mat"
python3 - "$DIR/match.txt" > "$DIR/expect.json" <<'PY'
import json, sys
games = []
for line in open(sys.argv[1]):
    if not line.startswith("game\t") or not line.rstrip("\n").endswith("\tend"):
        continue
    f = dict(x.split("=", 1) for x in line.rstrip("\n").split("\t")[1:-1])
    if f["kind"] == "draw" or not f["opening"].startswith("pair:"):
        continue
    turns = f["moves"].split()[2:]
    x0, y0 = map(int, f["opening"][5:].split("-"))
    cur = {"X": x0, "Y": y0}
    dice, side = [], "X"
    for t in turns:
        n = int(t.split(":")[0])
        cur[side] = n
        dice.append(sorted([cur["X"], cur["Y"]], reverse=True))
        side = "Y" if side == "X" else "X"
    games.append({"index": int(f["index"]), "dice": dice,
                  "first_mover_won": f["winner"] == "X",
                  "points": int(f["points"]), "forfeit": f["kind"] == "forfeit"})
games.sort(key=lambda g: g["index"])
json.dump(games, sys.stdout)
PY
echo "match: $(grep -c '^game' "$DIR/match.txt") games, $(grep -c 'kind=forfeit' "$DIR/match.txt" || true) forfeits"
MAT="$DIR/match.mat" EXPECT="$DIR/expect.json" "$GNUBG" -t -q -p tools/check_mat_import.py \
  > "$DIR/gnubg.log" 2>&1 || true
grep -E "^(gnubg imported|OK|MISMATCH|  game|Traceback|  File|[A-Za-z]*Error)" "$DIR/gnubg.log" || true
grep -q "^OK" "$DIR/gnubg.log"
