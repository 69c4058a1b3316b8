#!/usr/bin/env bash
# The README's second command, and what CI runs: install what is missing, lint, build, run
# every test (Swift tests, samples, the language server and the preview page end to end) and
# fuzz the front end briefly. Closes with a line "N passed, 0 failed".
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh

echo "== lint (swift format, config in .swift-format; libav only through VEDLMedia)"
swift format lint --strict --recursive Sources Tests Package.swift
# VEDLMedia re-exports CFFmpeg to its dependents, so the compiler would allow these imports.
if grep -rln "^import CFFmpeg" Sources | grep -v "^Sources/VEDLMedia/"; then
  echo "only VEDLMedia may import CFFmpeg (docs/architecture.md)" >&2
  exit 1
fi

echo "== swift test"
mkdir -p .build && swift test 2>&1 | tee .build/test.log
grep -q "Test run with .* passed" .build/test.log

echo "== samples check and are fmt-stable"
swift build --product vedl
for f in Samples/demo.vedl Samples/template.vedl Samples/editor.vedl Samples/motion.vedl Samples/audio.vedl \
  Samples/looks.vedl; do
  .build/debug/vedl check "$f"
done
.build/debug/vedl fmt --check Samples/*.vedl

echo "== scale-out recipes (GNU Parallel, a one-node Slurm, Kubernetes manifests; docs/scale-out.md)"
bash scripts/test-scale-out.sh

echo "== language server end to end (pytest-lsp, headless Neovim, TextMate grammar)"
bash scripts/test-lsp.sh

echo "== the preview page in headless Chromium (Selenium)"
bash scripts/test-preview.sh

echo "== OpenTimelineIO import and export against OTIO's own library"
bash scripts/test-otio.sh

echo "== fuzz (${VEDL_FUZZ_SECONDS:-30} s of scripts, ${VEDL_FUZZ_CAPTION_SECONDS:-15} s of caption files)"
bash scripts/fuzz.sh "${VEDL_FUZZ_SECONDS:-30}"
VEDL_FUZZ_TARGET=captions bash scripts/fuzz.sh "${VEDL_FUZZ_CAPTION_SECONDS:-15}"
passed=$(grep -Eo "Test run with [0-9]+ tests" .build/test.log | grep -Eo "[0-9]+" | tail -1)
echo "all checks passed"
echo "${passed:-0} passed, 0 failed"
