#!/usr/bin/env bash
# The preview page in a real browser: Selenium (PyPI, in a venv under .build/preview-venv)
# drives Debian's headless Chromium through chromium-driver (installed when missing) against
# `vedl preview`. Tests/preview/test_page.py says what is checked. Exits non-zero on failure.
#
# Environment:
#   VEDL_BIN=/path/to/vedl      test this binary and skip the build
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"

if [[ -n "${VEDL_BIN:-}" ]]; then
  vedl="$VEDL_BIN"
else
  echo "== building vedl"
  swift build --product vedl 2>&1 | tail -1
  vedl="$root/.build/debug/vedl"
fi
[[ -x "$vedl" ]] || { echo "error: no vedl executable at $vedl" >&2; exit 1; }
export VEDL_BIN="$vedl"
export PYTHONDONTWRITEBYTECODE=1

missing=()
for p in chromium chromium-driver; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [[ ${#missing[@]} -gt 0 ]]; then
  echo "== installing ${missing[*]}"
  SUDO=""
  if [[ "$(id -u)" -ne 0 ]]; then SUDO="sudo"; fi
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get -o DPkg::Lock::Timeout=900 install -y -qq \
    --no-install-recommends "${missing[@]}" >/dev/null
fi

echo "== python venv (.build/preview-venv) with selenium"
venv="$root/.build/preview-venv"
[[ -x "$venv/bin/python" ]] || python3 -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check selenium

echo "== the preview page in headless Chromium"
timeout 300 "$venv/bin/python" Tests/preview/test_page.py
