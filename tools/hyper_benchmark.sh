#!/usr/bin/env bash
# Standing benchmark (docs/hypergammon.md): ncbg against perfect play in
# NC-Hypergammon, k = 3, no doublet credits. ncbg plays itself at a node
# limit a user would play (60,000 nodes: what `go movetime 100` searches in
# this game on a 2-core machine; deterministic, so a loaded machine does not
# change the games) from
# random openings, each played once (`--no-repeat`: with both sides the same
# deterministic program, the colour-swapped game is the same game), and
# `ncbg analyze --tables` judges every turn with the
# exact table: points dropped per turn and per game (95% interval over the
# distinct games), and how often a won state was left as a draw or a loss.
#
# Needs the table (about 2 minutes on 2 cores, 0.32 GB RAM, 193 MB):
#   ncbg tables build --full --checkers 3 --k 3 --credits 0 --out /tmp/hyper-k3.tb --jobs 2
# Usage: tools/hyper_benchmark.sh [table] [openings] [limit] [setting...]
# (defaults /tmp/hyper-k3.tb, 120, nodes=60000; the limit as the referee's
# `--each` takes it, e.g. depth=7, or a bare number for a depth; each further
# argument is one more `--each` setting of both engines, e.g.
# option.EvalFile=tools/train/nets/hyper5.ncnn or option.OddDepths=2).
# Writes its files in a temporary folder (kept: its path is printed).
set -euo pipefail
cd "$(dirname "$0")/.."
TABLE=${1:-/tmp/hyper-k3.tb}
OPENINGS=${2:-120}
LIMIT=${3:-nodes=60000}
case "$LIMIT" in *=*) ;; *) LIMIT="depth=$LIMIT" ;; esac
EACH=(--each "$LIMIT")
if [ $# -gt 3 ]; then
  for setting in "${@:4}"; do EACH+=(--each "$setting"); done
fi
cargo build --quiet --release --bin ncbg --bin ncbg-referee
DIR=$(mktemp -d)
cp target/release/ncbg target/release/ncbg-referee "$DIR/"
"$DIR/ncbg-referee" --quiet --engine cmd="$DIR/ncbg" name=ncbg-a --engine cmd="$DIR/ncbg" name=ncbg-b \
  "${EACH[@]}" --variant hypergammon --k 3 --credits 0 --max-turns 200 \
  --random-openings "$OPENINGS" --no-repeat --seed 1 --concurrency 2 \
  --out "$DIR/match.txt" > "$DIR/match-report.txt"
"$DIR/ncbg" analyze "$DIR/match.txt" --tables "$TABLE" --format json > "$DIR/analysis.jsonl"
python3 - "$DIR/analysis.jsonl" "$DIR/match.txt" <<'PY'
import json, math, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
turns = [r for r in rows if "turn" in r]
assert all(r["exact"] for r in turns), "a turn the table does not cover"
games = {}
for line in open(sys.argv[2]):
    if line.startswith("game\t"):
        f = dict(p.split("=", 1) for p in line.rstrip("\n").split("\t")[1:-1] if "=" in p)
        games[int(f["index"])] = f["moves"]
# Two openings can give the same game (the same random opening, or lines that
# meet): count each distinct game once.
distinct, seen = [], set()
for i in sorted(games):
    if games[i] not in seen:
        seen.add(games[i]); distinct.append(i)
loss = {i: 0 for i in distinct}
n_turns = won = thrown = drawn = drawn_thrown = 0
for r in turns:
    if r["game"] not in loss:
        continue
    n_turns += 1
    loss[r["game"]] += r["loss"] / 1000
    if r["best_score"] > 0:
        won += 1; thrown += r["played_score"] <= 0
    if r["best_score"] == 0:
        drawn += 1; drawn_thrown += r["played_score"] < 0
v = list(loss.values()); n = len(v); m = sum(v) / n
sd = math.sqrt(sum((x - m) ** 2 for x in v) / (n - 1)) if n > 1 else 0
print(f"games {len(games)} ({n} distinct), turns {n_turns}")
print(f"points dropped per game {m:.3f} (95%: {m - 1.96 * sd / math.sqrt(n):.3f} .. {m + 1.96 * sd / math.sqrt(n):.3f}), per turn {sum(v) / n_turns:.4f}")
print(f"won states {won}, left as a draw or a loss {thrown} ({100 * thrown / max(won, 1):.1f}%); drawn states {drawn}, left as a loss {drawn_thrown}")
print(f"games with no point dropped {sum(1 for x in v if x == 0)} of {n}")
PY
echo "files in $DIR"
