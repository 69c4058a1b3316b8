#!/usr/bin/env bash
# What chunking costs and gains (docs/scale-out.md §4, issue 18) on a long 1080p edit:
# 2 min 0.5 s of 1920x1080 at 30 fps (3615 frames) — twelve 10.5 s cuts of the clips of
# Benchmarks/render/make_media.sh joined by 500 ms crossfades, a title over every seam of
# the first minute, music under it all — rendered by each backend in BACKENDS:
#
#   1. a single render (`vedl render --force`), wall and CPU time;
#   2. the same edit as CHUNKS jobs of a plan run one after another (`vedl job plan.jsonl
#      --index I`): their CPU time summed, against the single render's (the target is at
#      most 1.1x), and the longest chunk's wall time (what N machines would take);
#   3. the assemble job alone, wall time (the target is at most 3 % of the single render);
#   4. `vedl render --chunks CHUNKS --jobs $(nproc)` on this machine, wall time.
#
#   swift build -c release --product vedl && Benchmarks/scale-out/run.sh
#   BACKENDS="ffmpeg native" QUALITY=high CHUNKS=4 WORK=/tmp/x Benchmarks/scale-out/run.sh
#   LOCAL=0 Benchmarks/scale-out/run.sh     # skip step 4
#
# Prints the machine's CPU count and one line per figure; the results are in README.md.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
VEDL=$(realpath "${VEDL:-.build/release/vedl}")
WORK=${WORK:-/tmp/vedl-scale-out-bench}
CHUNKS=${CHUNKS:-4}
QUALITY=${QUALITY:-high}
BACKENDS=${BACKENDS:-ffmpeg}
mkdir -p "$WORK"
bash "$HERE/../render/make_media.sh" "$WORK/media"

{
  echo "vedl 1"
  echo "canvas 1920x1080 fps: 30"
  echo "let music = audio(\"$WORK/media/music.wav\")"
  echo "track main {"
  for i in $(seq 0 11); do
    [ "$i" -gt 0 ] && echo "  crossfade 500ms"
    echo "  clip video(\"$WORK/media/clip$((i % 3 + 1)).mp4\") trim: 0s..10500ms"
  done
  echo "}"
  echo "track overlay {"
  for i in $(seq 0 5); do
    echo "  text \"Part $((i + 1))\" at: $((i * 21 + 9))s duration: 3s {"
    echo "    font \"DejaVu Sans\" size: 96 color: #FFFFFF"
    echo "  }"
  done
  echo "}"
  echo "track audio {"
  # The 40 s music three times, and its start again for the last half second.
  for at in 0 40 80; do echo "  clip music at: ${at}s duration: 40s volume: -12dB"; done
  echo "  clip music at: 120s until: end volume: -12dB"
  echo "}"
  echo "export \"out.mp4\" quality: $QUALITY"
} > "$WORK/edit.vedl"
cd "$WORK"
echo "machine: $(nproc) CPUs ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')), load $(cut -d' ' -f1-3 /proc/loadavg)"

timed() { # LABEL CMD… — prints "LABEL: W s wall, C s CPU" and sets WALL, CPU
  local out
  /usr/bin/time -o "$WORK/time.txt" -f "%e %U %S" "${@:2}" >/dev/null 2>"$WORK/last.err" ||
    { cat "$WORK/last.err" >&2; exit 1; }
  out=$(tail -n 1 "$WORK/time.txt")
  WALL=$(echo "$out" | cut -d' ' -f1)
  CPU=$(echo "$out" | awk '{ print $2 + $3 }')
  echo "  $1: $WALL s wall, $CPU s CPU"
}

for backend in $BACKENDS; do
  echo "backend $backend"
  rm -rf out.mp4* single.mp4* plan.jsonl
  timed "single render" "$VEDL" render edit.vedl -o single.mp4 --backend "$backend" --force
  single_wall=$WALL single_cpu=$CPU
  python3 -c 'import json,sys; m=json.load(open(sys.argv[1])); print("  edit: %d frames, %.1f s, %dx%d, %s, quality %s" % (m["frameCount"], m["duration"]["seconds"], m["width"], m["height"], m["video"]["codec"] + " + " + m["audio"]["codec"], m["quality"]))' single.mp4.json
  "$VEDL" render edit.vedl -o out.mp4 --backend "$backend" --chunks "$CHUNKS" --plan > plan.jsonl
  chunks_cpu=0 longest=0
  for i in $(seq 0 $((CHUNKS - 1))); do
    timed "chunk $i" "$VEDL" job plan.jsonl --index "$i"
    chunks_cpu=$(echo "$chunks_cpu $CPU" | awk '{ print $1 + $2 }')
    longest=$(echo "$longest $WALL" | awk '{ print ($2 > $1) ? $2 : $1 }')
  done
  timed "assemble" "$VEDL" job plan.jsonl --index "$CHUNKS"
  assemble_wall=$WALL
  echo "  chunks' CPU / single's CPU: $(echo "$chunks_cpu $single_cpu" | awk '{ printf "%.3f", $1 / $2 }')x ($chunks_cpu s / $single_cpu s)"
  echo "  assemble wall / single wall: $(echo "$assemble_wall $single_wall" | awk '{ printf "%.2f", 100 * $1 / $2 }') %"
  echo "  $CHUNKS machines (longest chunk + assemble): $(echo "$longest $assemble_wall $single_wall" | awk '{ printf "%.1f s, %.2fx faster", $1 + $2, $3 / ($1 + $2) }')"
  rm -rf out.mp4*
  [ "${LOCAL:-1}" = 0 ] && continue
  timed "render --chunks $CHUNKS --jobs $(nproc)" "$VEDL" render edit.vedl -o out.mp4 --backend "$backend" --chunks "$CHUNKS" --jobs "$(nproc)"
  echo "  one machine, $(nproc) jobs: $(echo "$WALL $single_wall" | awk '{ printf "%.2fx the single render'"'"'s speed", $2 / $1 }')"
done
