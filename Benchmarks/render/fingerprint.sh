#!/bin/sh
# How much the render fingerprint costs: a 1 s cut from a large source (a minute of lossless
# 1080p testsrc2, about 240 MiB), rendered with --force and checked again when up to date.
# Hashing reads the whole source however little of it the edit uses, so with a slow hash the
# fingerprint, not the render, sets the time.
#
#   Benchmarks/render/fingerprint.sh                 # .build/release/vedl
#   VEDL=path/to/vedl BASE=path/to/other/vedl Benchmarks/render/fingerprint.sh
#
# Prints, for each binary, the wall and CPU time of: a forced render whose OUT.json is new
# (every input hashed), a forced render again (digests taken over when the binary records
# stat), and the up-to-date check.
set -eu
WORK=${WORK:-/tmp/vedl-render-bench}/fingerprint
VEDL=${VEDL:-.build/release/vedl}
mkdir -p "$WORK/out"
sh "$(dirname "$0")/big_source.sh" "$WORK/big.mp4"
cat > "$WORK/cut.vedl" <<EOF
vedl 1
canvas 640x360 fps: 30
let big = video("$WORK/big.mp4")
track main {
  clip big trim: 10s..11s
}
export "$WORK/out/cut.mp4" quality: low
EOF
echo "source: $(du -m "$WORK/big.mp4" | cut -f1) MiB"
measure() {
  /usr/bin/time -f "%e s wall, %U+%S s CPU" "$@" 2>&1 >/dev/null | tail -n 1
}
for who in "$VEDL" ${BASE:-}; do
  rm -f "$WORK/out/cut.mp4" "$WORK/out/cut.mp4.json"
  echo "== $who"
  echo "forced render, new OUT.json: $(measure "$who" render "$WORK/cut.vedl" --force)"
  echo "forced render again:         $(measure "$who" render "$WORK/cut.vedl" --force)"
  echo "up-to-date check:            $(measure "$who" render "$WORK/cut.vedl")"
done
