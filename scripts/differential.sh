#!/usr/bin/env bash
# scripts/differential.sh N [FIRST_SEED]
#
# A differential-testing campaign (docs/testing.md): N random edits from the seeded
# generator (Sources/VEDLTestSupport), seeds FIRST_SEED (default 1000) to FIRST_SEED+N-1, each
# rendered by `vedl render` (FFmpeg backend, in-process), `vedl render --backend native` and
# the command `vedl graph --command` ejects, and compared: exit 0, the timeline's frame count,
# sound as long as the video within one audio frame, every frame's PSNR ≥ 35 dB across
# backends and ≥ 40 dB against the ejected command, peak memory within a bound. Each failure
# is minimised and printed with its seed; the last line is the summary
# `differential: N edits, P passed, F failed (seeds …)`. Exits 1 when an edit failed.
#
# `vedl` is built in release (the native renderer is some 50 times slower in debug) and the
# harness, a Swift Testing test (`DifferentialTests/campaign`), in debug.
#
# Environment: VEDL_DIFF_KEEP=1 keeps each minimised failure in
# Tests/Fixtures/differential/pending/ (move it up a folder once fixed: the suite then runs it
# as a regression case); VEDL_DIFF_MINIMISE=0 skips minimising; VEDL_DIFF_MEMORY_MB sets the
# memory bound (default 1024); VEDL_DIFF_CROSS_FLOOR the cross-backend PSNR floor (default 35);
# VEDL_DIFF_ROTATED=1 and VEDL_DIFF_HDR=1 add rotated and HDR
# sources; VEDL_DIFF_KEEP_FOLDERS=1 keeps a failing edit's folder (renders and media) in $TMPDIR;
# VEDL_DIFF_CONFIGURATION=debug tests the debug `vedl` instead.
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ $# -lt 1 || ! "$1" =~ ^[0-9]+$ ]]; then
  echo "usage: scripts/differential.sh N [FIRST_SEED]" >&2
  exit 2
fi
count=$1
first=${2:-1000}
configuration=${VEDL_DIFF_CONFIGURATION:-release}

swift build -c "$configuration" --product vedl 2>&1 | tail -3
vedl="$(swift build -c "$configuration" --show-bin-path)/vedl"
swift build --build-tests 2>&1 | tail -3

log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
VEDL_DIFF_VEDL="$vedl" VEDL_DIFF_COUNT="$count" VEDL_DIFF_SEED="$first" \
  swift test --skip-build --filter 'DifferentialTests/campaign' 2>&1 | tee "$log" || status=$?
summary=$(grep -a '^differential: [0-9]* edits' "$log" | tail -1 || true)
if [[ -z "$summary" ]]; then
  echo "differential: the campaign did not finish (swift test exited $status)" >&2
  exit 1
fi
echo "$summary"
[[ "$summary" == *", 0 failed"* && $status -eq 0 ]]
