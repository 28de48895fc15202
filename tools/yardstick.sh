#!/usr/bin/env bash
# The strength yardsticks (docs/strength.md), against tools/sparring's NCBP player
# on GNU Backgammon's net (an outside evaluation: a yardstick, never a teacher).
#
#   tools/yardstick.sh [--net FILE] [--variant V] [--rounds R] [--seed S] [--concurrency C] [--margin MS] [--out DIR] CHECK...
#
# CHECK is one or more of
#   greedy     ncbg at depth 1 vs greedy (evaluation only; no clock, so a loaded
#              machine does not change the result). Not one of the goals: it sets
#              ncbg's net at one ply against GNU Backgammon's far larger net at one
#              ply, and gnubg's is the better judge of a single turn (44.7% over
#              1,200 games, docs/strength.md; --rounds 2 plays 120 games, whose
#              interval is about +-9 points). ncbg's strength is its search.
#   lookahead  ncbg 100 ms vs lookahead                        goal >= 95% of the points
#   deep       ncbg 100 ms vs deep 200 ms                      goal >= 60% of the points
#   deep-equal ncbg 200 ms vs deep 200 ms                      goal >= 70% of the points
#   deep3      ncbg 20,000 nodes vs deep searching to depth 3 (no clock on
#              either side: the load-independent stand-in for `deep` while
#              other work runs; not one of the goals)
# --variant V plays the checks in another game (the referee's --variant: race for
# Backgammon Race, anti for Anti-Backgammon; the partner reads the game from the
# state IDs: waiting checkers seen as on the bar, anti judged by 1 - P(win)); the
# files are then DIR/<check>-<V>.txt.
# Each check plays 30*R random openings (the referee's, from --seed S), colours
# swapped: 60 games a round, all different even where neither side has a clock
# (the 30 initial pairs alone would repeat the same 60 games each round). It
# writes DIR/<check>.txt (a referee match file: resumable, `ncbg analyze` reads
# it) and prints the referee's report; "share" is ncbg's share of the points.
# Runs on other seeds (each with its own --out DIR) report as one with
# `target/release/ncbg-referee merge --pool DIR1/CHECK.txt DIR2/CHECK.txt`.
# Needs `cargo build --release`; the sparring partner's venv is made on first use
# (tools/sparring/setup.sh: a venv in tools/sparring/.venv with PyPI's gnubg-nn).
# SPARRING=DIR runs another partner with the same interface (DIR/setup.sh printing
# its python, DIR/gnubg_ncbp.py).
# Timed checks want a quiet machine: the clock is shared with everything else,
# and on a loaded one answers come late (--margin MS: the referee's grace beyond
# movetime, default auto: 300 ms plus 3 times the engine's slowest isready round
# trip, which grows with the load; a late answer forfeits the game, and the
# report warns in its first lines when more than 3% of the games were).
set -euo pipefail
here=$PWD
cd "$(dirname "$0")/.."
net="" variant=standard rounds=2 seed=1 conc=1 margin=auto out=yardstick
while [ $# -gt 0 ]; do
  case "$1" in
    --net) net="option.EvalFile=$(cd "$here" && realpath -e "$2")"; shift 2 ;;
    --variant) variant=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --margin) margin=$2; shift 2 ;;
    --concurrency) conc=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    -h|--help) sed -n 2,39p "$0"; exit 0 ;;
    -*) echo "yardstick: unknown option $1" >&2; exit 2 ;;
    *) break ;;
  esac
done
[ $# -gt 0 ] || { echo "yardstick: name a check: greedy lookahead deep deep-equal deep3" >&2; exit 2; }
sparring=${SPARRING:-tools/sparring}
python=$(bash "$sparring/setup.sh")
mkdir -p "$out"
for check in "$@"; do
  case "$check" in
    greedy) mine="depth=1" policy=greedy theirs="" pargs="" ;;
    lookahead) mine="movetime=100" policy=lookahead theirs="movetime=100" pargs="" ;;
    deep) mine="movetime=100" policy=deep theirs="movetime=200" pargs="" ;;
    deep-equal) mine="movetime=200" policy=deep theirs="movetime=200" pargs="" ;;
    deep3) mine="nodes=20000" policy=deep theirs="depth=3" pargs="--depth 3" ;;
    *) echo "yardstick: unknown check $check" >&2; exit 2 ;;
  esac
  name=$check
  [ "$variant" = standard ] || name=$check-$variant
  echo "== $name: ncbg $mine vs $policy $theirs, $rounds rounds, $variant"
  # shellcheck disable=SC2086 # the settings are separate words on purpose
  target/release/ncbg-referee \
    --engine cmd=target/release/ncbg name=ncbg $mine $net \
    --engine cmd="$python $sparring/gnubg_ncbp.py --policy $policy $pargs" name="$policy" $theirs \
    --variant "$variant" --random-openings $((30 * rounds)) --seed "$seed" --concurrency "$conc" \
    --timeout-margin "$margin" --quiet --resume --out "$out/$name.txt" |
    tee "$out/$name.report"
  awk '$1 == "ncbg" { for (i = 1; i <= NF; i++) if ($i == "points") { split($(i+1), p, "-");
       printf "%s: ncbg share of the points %.1f%% (%s-%s)\n", c, 100 * p[1] / (p[1] + p[2]), p[1], p[2] } }' \
    c="$name" "$out/$name.report"
done
