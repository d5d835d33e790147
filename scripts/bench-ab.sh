#!/usr/bin/env bash
# Compares two builds of benchframe on one measurement, run after run: a
# single run's CPU figure moves by 10% or more with the host's load, so
# the builds take turns, each run under its own Xvfb, and the medians are
# what to compare.
#
#   scripts/bench-ab.sh N A B [BENCHFRAME ARGS...]
#
# N rounds of A then B (benchframe programs: make bench-frame builds one
# into bin/, a worktree of an older commit another); ARGS as benchframe
# takes them, e.g. -overlay -size 320x480 -render-scale 0. Prints each
# build's CPU ms a frame, sorted, and their median.
set -euo pipefail
n=${1:?usage: scripts/bench-ab.sh N A B [ARGS...]}
a=${2:?usage: scripts/bench-ab.sh N A B [ARGS...]}
b=${3:?usage: scripts/bench-ab.sh N A B [ARGS...]}
shift 3
time=${BENCH_TIME:-6s}
warmup=${BENCH_WARMUP:-3s}

# cpu BIN: one run's CPU ms a frame.
cpu() {
  xvfb-run -a -s '-screen 0 1600x1400x24' "$1" -time "$time" -warmup "$warmup" "${@:2}" 2>/dev/null |
    sed -n 's/.* \([0-9.]*\) ms CPU a frame.*/\1/p'
}

declare -A runs
for ((i = 0; i < n; i++)); do
  for bin in "$a" "$b"; do
    runs[$bin]+="$(cpu "$bin" "$@") "
  done
done
for bin in "$a" "$b"; do
  sorted=$(tr ' ' '\n' <<<"${runs[$bin]}" | grep . | sort -n | tr '\n' ' ')
  median=$(tr ' ' '\n' <<<"$sorted" | grep . | awk '{v[NR] = $1} END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }')
  printf '%s: %sms CPU a frame, median %s\n' "$bin" "$sorted" "$median"
done
