#!/usr/bin/env bash
# Interleaved comparison (README.md, "Results"): this machine's speed drifts by 10–20 % within
# minutes, so renderers are compared only within a round, and the order rotates every round.
# Run Benchmarks/render/run.sh once first (it installs melt, makes the media and
# $WORK/reference.vedl). Then:
#   Benchmarks/render/interleave.sh                 # vedl and the ffmpeg CLI, 6 rounds
#   ROUNDS=4 WHO="vedl melt cli" Benchmarks/render/interleave.sh
# Environment: WORK (default /tmp/vedl-render-bench), VEDL (default .build/release/vedl),
# ROUNDS (default 6), WHO (renderers among vedl, cli, melt, native, base; default "vedl cli"),
# BASE (another vedl binary, e.g. an earlier build, run as the renderer "base"),
# QUALITY (passed to vedl render and vedl graph as --quality, default: the export's).
# Each run is timed with /usr/bin/time into $WORK/interleave.log; the summary gives every
# renderer's mean wall and CPU time and, per round, each one's wall time over the first's.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
REPO="$(cd "$HERE/../.." && pwd)"
WORK="${WORK:-/tmp/vedl-render-bench}"
VEDL="${VEDL:-$REPO/.build/release/vedl}"
ROUNDS="${ROUNDS:-6}"
read -r -a WHO <<< "${WHO:-vedl cli}"
LOG="$WORK/interleave.log"
QUALITY_ARGS=()
[ -n "${QUALITY:-}" ] && QUALITY_ARGS=(--quality "$QUALITY")
[ -f "$WORK/reference.vedl" ] || { echo "run Benchmarks/render/run.sh first" >&2; exit 1; }
"$VEDL" graph "$WORK/reference.vedl" --command "${QUALITY_ARGS[@]}" -o "$WORK/out/ffmpeg.mp4" > "$WORK/interleave-command.sh"
: > "$LOG"

run() {
  local format="$1 wall=%e cpu_user=%U cpu_sys=%S rss_kb=%M"
  case "$1" in
    vedl) /usr/bin/time -f "$format" -a -o "$LOG" "$VEDL" render "$WORK/reference.vedl" --force "${QUALITY_ARGS[@]}" -o "$WORK/out/vedl.mp4" > /dev/null 2>&1 ;;
    base) /usr/bin/time -f "$format" -a -o "$LOG" "${BASE:?set BASE to a vedl binary}" render "$WORK/reference.vedl" --force "${QUALITY_ARGS[@]}" -o "$WORK/out/base.mp4" > /dev/null 2>&1 ;;
    native) /usr/bin/time -f "$format" -a -o "$LOG" "$VEDL" render "$WORK/reference.vedl" --force --backend native "${QUALITY_ARGS[@]}" -o "$WORK/out/native.mp4" > /dev/null 2>&1 ;;
    cli) /usr/bin/time -f "$format" -a -o "$LOG" sh -c "$(sed 's/^exec //' "$WORK/interleave-command.sh")" > /dev/null 2>&1 ;;
    melt) /usr/bin/time -f "$format" -a -o "$LOG" "$HERE/melt_edit.sh" "$WORK/media" "$WORK/out/melt.mp4" > /dev/null 2>&1 ;;
    *) echo "unknown renderer $1" >&2; exit 2 ;;
  esac
}

n=${#WHO[@]}
for round in $(seq 1 "$ROUNDS"); do
  echo "round $round $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)" >> "$LOG"
  shift_by=$(( (round - 1) % n ))
  for k in $(seq 0 $(( n - 1 ))); do run "${WHO[$(( (k + shift_by) % n ))]}"; done
done

python3 - "$LOG" "${WHO[0]}" << 'PY'
import re, statistics, sys
rounds, first = [], sys.argv[2]
for line in open(sys.argv[1]):
    if line.startswith("round"):
        rounds.append({})
        continue
    m = re.match(r"(\S+) wall=([\d.]+) cpu_user=([\d.]+) cpu_sys=([\d.]+) rss_kb=(\d+)", line)
    if m and rounds:
        rounds[-1][m[1]] = (float(m[2]), float(m[3]) + float(m[4]), int(m[5]) / 1024)
names = sorted({k for r in rounds for k in r})
for name in names:
    runs = [r[name] for r in rounds if name in r]
    print(f"{name:7} mean wall {statistics.mean(x[0] for x in runs):7.2f} s  CPU {statistics.mean(x[1] for x in runs):7.1f} s"
          f"  peak RSS {max(x[2] for x in runs):6.0f} MiB  ({len(runs)} runs)")
for name in names:
    if name == first:
        continue
    ratios = [r[first][0] / r[name][0] for r in rounds if first in r and name in r]
    if len(ratios) > 1:
        spread = 1.96 * statistics.stdev(ratios) / len(ratios) ** 0.5
        print(f"{first} ÷ {name}: {statistics.mean(ratios):.3f} ± {spread:.3f} (95 %), per round "
              + ", ".join(f"{x:.3f}" for x in ratios))
PY
