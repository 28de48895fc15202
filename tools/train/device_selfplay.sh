#!/usr/bin/env bash
# Self-play on the lent device machine (16 cores; the `device` tool), in one
# call that fits its device time: searched self-play on every core for a fixed
# wall time, the complete games written back, gzipped, through $OUT.
#
#   tools/train/device_selfplay.sh [--minutes M] [--seed S] [--depth D] [--jobs J]
#                                  [--net FILE] [--out DIR] [-- SELFPLAY-OPTIONS...]
#
# Defaults: 9 minutes, seed 31, depth 3, jobs = the machine's cores, the
# embedded net (src/eval/nn/default.ncnn), DIR = $OUT (else ./device-out).
# Carry the release build: `run` with carry ["target/release/ncbg-train"] and
# timeout_s a minute over --minutes. Everything after `--` goes to
# `ncbg-train selfplay` as it is (e.g. `-- --favourites`).
#
# It writes DIR/selfplay-s<seed>-d<depth>.data.gz, with the header and the
# complete games only (a run stopped by its time limit leaves the game under
# way cut short; it is dropped here, so the file trains as it is), and
# DIR/selfplay-s<seed>-d<depth>.log: the command, the wall time, the games and
# states kept. The games are the first ones of the seed's schedule, whatever
# the number of jobs, so `--games N` with the N the log gives replays them
# anywhere, line for line (the header differs in its games= only).
set -euo pipefail
cd "$(dirname "$0")/../.."
minutes=9 seed=31 depth=3 jobs=$(nproc) net=src/eval/nn/default.ncnn out=${OUT:-device-out}
while [ $# -gt 0 ]; do
  case "$1" in
    --minutes) minutes=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --depth) depth=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --net) net=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --) shift; break ;;
    -h|--help) sed -n 2,20p "$0"; exit 0 ;;
    *) echo "device_selfplay: unknown option $1" >&2; exit 2 ;;
  esac
done
train=target/release/ncbg-train
[ -x "$train" ] || { echo "device_selfplay: no $train (build it with cargo build --release, and carry it)" >&2; exit 2; }
mkdir -p "$out"
name="selfplay-s$seed-d$depth"
work=$(mktemp -d)
cmd=("$train" selfplay --net "$net" --out "$work/$name.data" --games 1000000 --depth "$depth" --seed "$seed" --jobs "$jobs" "$@")
start=$(date +%s)
# timeout's 124 is the expected end; any other failure stops the script.
timeout "$(awk -v m="$minutes" 'BEGIN { printf "%d", m * 60 }')" "${cmd[@]}" || [ $? -eq 124 ]
wall=$(($(date +%s) - start))
# The header, then every line that is a whole game.
awk 'NR == 1 || / end$/' "$work/$name.data" >"$work/$name.kept"
games=$(($(wc -l <"$work/$name.kept") - 1))
states=$(awk 'NR > 1 { n += NF - 6 } END { print n + 0 }' "$work/$name.kept")
gzip -c "$work/$name.kept" >"$out/$name.data.gz"
{
  echo "command: ${cmd[*]}"
  echo "net sha256: $(sha256sum "$net" | cut -d' ' -f1)"
  echo "wall: ${wall}s on $(nproc) cores, jobs $jobs"
  echo "games kept: $games (replay: --games $games), states: $states"
} | tee "$out/$name.log"
rm -rf "$work"
