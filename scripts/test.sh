#!/usr/bin/env bash
# The README's second command, and what CI runs: install what is missing, lint, build, run
# every test, and fuzz the front end briefly.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh

echo "== lint (swift format, config in .swift-format)"
swift format lint --strict --recursive Sources Tests Package.swift

echo "== swift test"
swift test 2>&1 | tee .build-test.log
grep -q "Test run with .* passed" .build-test.log

echo "== samples check and are fmt-stable"
swift build --product vedl
for f in Samples/demo.vedl Samples/template.vedl Samples/editor.vedl; do
  .build/debug/vedl check "$f"
done
.build/debug/vedl fmt --check Samples/*.vedl

echo "== fuzz (${VEDL_FUZZ_SECONDS:-30} s)"
bash scripts/fuzz.sh "${VEDL_FUZZ_SECONDS:-30}"
echo "all checks passed"
