#!/usr/bin/env bash
# The README's first command: install what is missing, build vedl (release) and run the main
# job — render Samples/demo.vedl, which needs no media files — then show what was made.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
swift build -c release --product vedl
vedl=.build/release/vedl
echo "== vedl check Samples/demo.vedl"
"$vedl" check Samples/demo.vedl
echo "== vedl render Samples/demo.vedl"
"$vedl" render Samples/demo.vedl --force
echo "== vedl probe Samples/out/demo.mp4"
"$vedl" probe Samples/out/demo.mp4
echo "== vedl render Samples/motion.vedl (animate: keys and easings)"
"$vedl" render Samples/motion.vedl --force
echo "== vedl timeline Samples/demo.vedl -o Samples/out/demo-timeline.svg"
"$vedl" timeline Samples/demo.vedl -o Samples/out/demo-timeline.svg
ls -l Samples/out
