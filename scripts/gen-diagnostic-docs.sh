#!/usr/bin/env bash
# Regenerates docs/diagnostics/ (one page per diagnostic code plus the README.md index)
# from the catalogue in Sources/VEDLDiagnostics/DiagnosticCatalogue*.swift, by running the
# two docs checks of CatalogueConsistencyTests with VEDL_UPDATE_DOCS=1: they rewrite pages
# that differ, remove pages of codes that no longer exist, then check the result.
#
# Usage: scripts/gen-diagnostic-docs.sh [extra swift test arguments, e.g. --scratch-path DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
VEDL_UPDATE_DOCS=1 exec swift test "$@" \
  --filter 'CatalogueConsistencyTests/(everyCodeHasItsGeneratedDocsPage|noPageForAnUnknownCode)'
