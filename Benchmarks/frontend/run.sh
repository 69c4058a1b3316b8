#!/usr/bin/env bash
# Benchmarks/frontend/run.sh — how fast is VEDL's front end on large edits?
#
# Builds `vedl` in release (`swift build -c release`), writes edits of 1k, 10k and 100k clips
# (generate.py: ~5 lines per clip, valid, with media files made here by ffmpeg), and times
# `vedl check FILE` and `vedl fmt FILE >/dev/null` on each: best of 3 wall times, peak RSS,
# MB/s, lines/s, and the growth from one size to the next (linear is 10x per 10x clips).
# Results are recorded in README.md beside this script.
#
# Environment:
#   VEDL=/path/to/vedl        time this binary and skip the build
#   VEDL_BUILD_PATH=DIR       SwiftPM scratch path for the build (default: .build)
#   SIZES=1000,10000,100000   clip counts;  RUNS=3  runs per measurement
#   SOURCES=media|generated   media files (default; needs ffmpeg) or generators only
#   SCRATCH=DIR               where the edits and media go (default: $TMPDIR/vedl-frontend-bench)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
scratch="${SCRATCH:-${TMPDIR:-/tmp}/vedl-frontend-bench}"
sources="${SOURCES:-media}"
mkdir -p "$scratch"

if [[ -n "${VEDL:-}" ]]; then
  vedl="$VEDL"
else
  build_path="${VEDL_BUILD_PATH:-$root/.build}"
  echo "building vedl (release)…"
  if ! (cd "$root" && swift build -c release --product vedl --scratch-path "$build_path" >"$scratch/build.log" 2>&1); then
    tail -30 "$scratch/build.log" >&2
    echo "run.sh: the build failed (full log: $scratch/build.log)" >&2
    exit 1
  fi
  vedl="$build_path/release/vedl"
fi
[[ -x "$vedl" ]] || { echo "run.sh: no vedl binary at $vedl" >&2; exit 1; }

if [[ "$sources" == "media" ]]; then
  if ! command -v ffmpeg >/dev/null; then
    echo "run.sh: ffmpeg not found; using generated sources (SOURCES=generated)" >&2
    sources="generated"
  else
    # The sources the edits refer to: four 30 s videos, a logo and a 2 s sound. Tiny frames
    # keep them quick to make; the checker only probes their headers, once per file.
    mkdir -p "$scratch/media"
    for cam in cam1 cam2 cam3 cam4; do
      [[ -s "$scratch/media/$cam.mp4" ]] || ffmpeg -v error -y -f lavfi -i "testsrc2=size=96x54:rate=30:duration=30" \
        -c:v libx264 -preset ultrafast -crf 40 -pix_fmt yuv420p "$scratch/media/$cam.mp4"
    done
    [[ -s "$scratch/media/logo.png" ]] || ffmpeg -v error -y -f lavfi -i "color=c=orange:size=64x64" -frames:v 1 "$scratch/media/logo.png"
    [[ -s "$scratch/media/whoosh.wav" ]] || ffmpeg -v error -y -f lavfi -i "sine=frequency=880:duration=2" "$scratch/media/whoosh.wav"
  fi
fi

echo "vedl: $vedl"
echo "machine: $(nproc) cores, $(uname -sr); $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "sources: $sources; files in $scratch"
echo
python3 "$here/measure.py" --vedl "$vedl" --dir "$scratch" --sizes "${SIZES:-1000,10000,100000}" \
  --runs "${RUNS:-3}" --sources "$sources"
