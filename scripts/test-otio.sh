#!/usr/bin/env bash
# Oracle tests of `vedl import` and `vedl export` against OpenTimelineIO's own Python library
# (PyPI `opentimelineio`, in a venv under .build/otio-venv): timelines built with OTIO are
# imported and rendered, and every frame is compared with what OTIO says it is; exports are
# read back by OTIO and compared (docs/interchange.md). Media is made with ffmpeg at test time.
#
# Environment:
#   VEDL_BIN=/path/to/vedl      test this binary and skip the build
#   VEDL_BUILD_PATH=DIR         SwiftPM scratch path for the build (default: .build)
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"

if [[ -n "${VEDL_BIN:-}" ]]; then
  vedl="$VEDL_BIN"
else
  build_path="${VEDL_BUILD_PATH:-$root/.build}"
  echo "== building vedl"
  swift build --product vedl --scratch-path "$build_path" 2>&1 | tail -1
  vedl="$build_path/debug/vedl"
fi
[[ -x "$vedl" ]] || { echo "error: no vedl executable at $vedl" >&2; exit 1; }
export VEDL_BIN="$vedl"
export PYTHONDONTWRITEBYTECODE=1

echo "== python venv (.build/otio-venv) with opentimelineio and pytest"
venv="$root/.build/otio-venv"
if [[ ! -x "$venv/bin/python" ]]; then
  python3 -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check "opentimelineio==0.18.*" pytest

echo "== OTIO oracle tests"
set +e
"$venv/bin/python" -m pytest -q -p no:cacheprovider "$root/Tests/otio"
status=$?
set -e
# pytest exits 5 when it collected no tests: that is a failure here, like any other.
if [[ $status -ne 0 ]]; then
  echo "OTIO oracle tests failed (exit $status)" >&2
  exit 1
fi
echo "OTIO oracle tests passed"
