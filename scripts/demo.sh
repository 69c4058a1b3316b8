#!/usr/bin/env bash
# The README's first command: install what is missing, build vedl (release) and run the main
# job on Samples/demo.vedl, which needs no media files.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
swift build -c release --product vedl
vedl=.build/release/vedl
echo "== vedl check Samples/demo.vedl"
"$vedl" check Samples/demo.vedl
echo "== vedl ir Samples/demo.vedl (resolved timeline, first lines)"
"$vedl" ir Samples/demo.vedl > .build/demo-ir.json
head -n 20 .build/demo-ir.json
echo "… full timeline in .build/demo-ir.json"
echo "== vedl editor-config Samples/editor.vedl"
"$vedl" editor-config Samples/editor.vedl | head -n 12
