#!/usr/bin/env bash
# Benchmarks/lsp/run.sh — latency of `vedl lsp` on a 5,000-line document (see bench.py).
#
# Builds `vedl` in release (`swift build -c release`) unless VEDL points at a binary, then
# runs bench.py: didChange → publishDiagnostics, completion and hover round trips over many
# edits, p50/p95. Results are recorded in README.md beside this script.
#
# Environment:
#   VEDL=/path/to/vedl      time this binary and skip the build
#   VEDL_BUILD_PATH=DIR     SwiftPM scratch path for the build (default: .build)
#   EDITS=200 LINES=5000    number of edits, size of the document
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
if [[ -n "${VEDL:-}" ]]; then
  vedl="$VEDL"
else
  build_path="${VEDL_BUILD_PATH:-$root/.build}"
  echo "building vedl (release)…"
  (cd "$root" && swift build -c release --product vedl --scratch-path "$build_path" 2>&1 | tail -1)
  vedl="$build_path/release/vedl"
fi
python3 "$here/bench.py" "$vedl" --edits "${EDITS:-200}" --lines "${LINES:-5000}"
