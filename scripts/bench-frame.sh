#!/usr/bin/env bash
# Measures kin's window on this machine: frames drawn a second, CPU time and
# page faults per frame, resident memory — each beside an empty Ebitengine
# window of the same size measured in the same run, and the overlay's share
# of a core while the camera turns and while the character only breathes,
# beside the desktop canvas (--overlay=desktop, the whole screen).
#
#   scripts/bench-frame.sh BENCHFRAME [BASELINE]
#
# BENCHFRAME is the benchframe program (make bench-frame builds it into
# bin/); BASELINE, optional, is another build of it (say, of an older
# commit) measured right after each kin run, for before/after figures.
# Run it with a display: make bench-frame starts Xvfb (so Mesa's llvmpipe
# renders, as on a machine without a GPU). BENCH_TIME (default 10s) and
# BENCH_WARMUP (3s) set how long each run measures and warms up. Runs of
# the benchframe program alone take -renderer auto|gpu|cpu and -orbit
# RAD_PER_S; KIN_VSYNC=0 in its environment turns vsync off.
set -euo pipefail

bench=${1:?usage: scripts/bench-frame.sh BENCHFRAME [BASELINE]}
baseline=${2:-}
time=${BENCH_TIME:-10s}
warmup=${BENCH_WARMUP:-3s}
[[ -n ${DISPLAY:-} ]] || { echo "bench-frame: no display; run it under xvfb-run (make bench-frame does)" >&2; exit 1; }

# run LABEL BINARY ARGS...: one measurement, its figures on one line.
run() {
  local label=$1 bin=$2
  shift 2
  printf '%-34s %s\n' "$label" "$("$bin" -time "$time" -warmup "$warmup" "$@" 2>/dev/null | sed 's/^[0-9]*x[0-9]*: //')"
}

# fps LINE: the frames-drawn figure of a line printed by run.
fps() { sed -n 's/.* \([0-9.]*\) FPS drawn.*/\1/p' <<<"$1"; }

echo "bench-frame: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), each run ${time} after ${warmup}"
# The empty window draws as often as it can (Xvfb has no vertical sync):
# kin is measured with its frame-rate cap at the highest it takes (--fps
# 240), beside its default cap of 60. A baseline build without -fps runs
# at its default.
uncap() {
  local help
  help=$("$1" -h 2>&1 || true) # -h exits 2
  if [[ $help == *-fps* ]]; then echo -fps 240; fi
}
for size in 480x720 720x1280; do
  empty=$(run "empty window $size" "$bench" -empty -size "$size")
  echo "$empty"
  kin=$(run "kin $size, scale 1, orbiting, fps 240" "$bench" -size "$size" -render-scale 1 $(uncap "$bench"))
  echo "$kin"
  awk -v k="$(fps "$kin")" -v e="$(fps "$empty")" 'BEGIN { if (e > 0) printf "%-34s %.2f of the empty window'"'"'s FPS\n", "", k / e }'
  run "kin $size, scale 1, orbiting, fps 60" "$bench" -size "$size" -render-scale 1
  if [[ -n $baseline ]]; then
    run "baseline $size, scale 1, orbiting" "$baseline" -size "$size" -render-scale 1 $(uncap "$baseline")
  fi
done
# pct LINE: the share-of-a-core figure of a line printed by run.
pct() { sed -n 's/.*(\([0-9.]*\)% of a core).*/\1/p' <<<"$1"; }

for mode in orbiting still glowing speaking; do
  flag=()
  [[ $mode == still ]] && flag=(-still)
  [[ $mode == speaking ]] && flag=(-still -speak) # a reply in the bubble, the glow lit, the lips moving
  [[ $mode == glowing ]] && flag=(-still -glow) # the edge glow lit (on the canvas: in its own window)
  ov=$(run "overlay 320x480, $mode" "$bench" -overlay -size 320x480 -render-scale 0 "${flag[@]}")
  echo "$ov"
  if [[ -n $baseline ]]; then
    run "baseline overlay 320x480, $mode" "$baseline" -overlay -size 320x480 -render-scale 0 "${flag[@]}"
  fi
  # The desktop canvas (--overlay=desktop) shrinks to the character while
  # nothing else shows (the glow has its own window along the bottom); the
  # goal is at most the overlay's CPU plus 20%.
  dk=$(run "desktop canvas, $mode" "$bench" -desktop -render-scale 0 "${flag[@]}")
  echo "$dk"
  awk -v d="$(pct "$dk")" -v o="$(pct "$ov")" 'BEGIN { if (o > 0) printf "%-34s %.2f of the overlay'"'"'s CPU (goal: at most 1.20)\n", "", d / o }'
done
