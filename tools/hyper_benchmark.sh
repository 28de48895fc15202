#!/usr/bin/env bash
# Standing benchmark (docs/hypergammon.md): ncbg against perfect play in
# NC-Hypergammon, k = 3, no doublet credits. ncbg plays itself at a node
# limit a user would play (60,000 nodes: what `go movetime 100` searches in
# this game on a 2-core machine, tools/nodes_at_movetime.py; deterministic, so a loaded machine does not
# change the games) from
# random openings, each played once (`--no-repeat`: with both sides the same
# deterministic program, the colour-swapped game is the same game), and
# `ncbg analyze --tables` judges every turn with the
# exact table: points dropped per turn and per game (95% interval over the
# distinct games), and how often a won state was left as a draw or a loss
# (tools/hyper_benchmark_summary.py; also counted within the 200-turn cap).
#
# Needs the table (193 MB; 0.49 GB of memory at its peak; 40 s on a quiet 2-core
# machine, 3 min 46 s on a loaded one: docs/tables.md, "Sizes and build times"):
#   ncbg tables build --full --checkers 3 --k 3 --credits 0 --out /tmp/hyper-k3.tb --jobs 2
# Usage: tools/hyper_benchmark.sh [table] [openings] [limit] [setting...]
# (defaults /tmp/hyper-k3.tb, 120, nodes=60000; the limit as the referee's
# `--each` takes it, e.g. depth=7, or a bare number for a depth; each further
# argument is one more setting of both engines: `option.NAME=VALUE` an engine
# option (one more `--each`), e.g. option.EvalFile=tools/train/nets/hyper5.ncnn;
# `tune.NAME=VALUE` one of the search's tuning knobs, which the game otherwise
# chooses (`ncbg --tune`, docs/engine.md "Tuning"), e.g. tune.OddDepths=2 or
# tune.HyperMoveFilterSmallAlphabet=6).
# The openings come from seed 1; another set: SEED=2 tools/hyper_benchmark.sh.
# Another alphabet: K=4 with the k = 4 table (the one solved game besides the
# bear-offs whose exact values may tune the engine; k = 3 is measurement only).
# Doublet credits: CREDITS=2 (the engine's default) with a table of those credits,
# e.g. `ncbg tables build --full --checkers 3 --k 3 --credits 2` (measurement only).
# Writes its files in a temporary folder (kept: its path is printed).
set -euo pipefail
cd "$(dirname "$0")/.."
TABLE=${1:-/tmp/hyper-k3.tb}
OPENINGS=${2:-120}
LIMIT=${3:-nodes=60000}
SEED=${SEED:-1}
K=${K:-3}
CREDITS=${CREDITS:-0}
MAX_TURNS=200
case "$LIMIT" in *=*) ;; *) LIMIT="depth=$LIMIT" ;; esac
EACH=(--each "$LIMIT")
TUNE=""
if [ $# -gt 3 ]; then
  for setting in "${@:4}"; do
    case "$setting" in
      tune.*=*) TUNE+=" --tune ${setting#tune.}" ;;
      *) EACH+=(--each "$setting") ;;
    esac
  done
fi
cargo build --quiet --release --bin ncbg --bin ncbg-referee
DIR=$(mktemp -d)
cp target/release/ncbg target/release/ncbg-referee "$DIR/"
ENGINE="$DIR/ncbg$TUNE"
# A bad knob ends the run here, with its reason, before any game.
if [ -n "$TUNE" ]; then $ENGINE < /dev/null > /dev/null; fi
"$DIR/ncbg-referee" --quiet --engine cmd="$ENGINE" name=ncbg-a --engine cmd="$ENGINE" name=ncbg-b \
  "${EACH[@]}" --variant hypergammon --k "$K" --credits "$CREDITS" --max-turns "$MAX_TURNS" \
  --random-openings "$OPENINGS" --no-repeat --seed "$SEED" --concurrency 2 \
  --out "$DIR/match.txt" > "$DIR/match-report.txt"
"$DIR/ncbg" analyze "$DIR/match.txt" --tables "$TABLE" --format json > "$DIR/analysis.jsonl"
python3 tools/hyper_benchmark_summary.py --max-turns "$MAX_TURNS" "$DIR/analysis.jsonl" "$DIR/match.txt"
echo "files in $DIR"
