#!/usr/bin/env bash
# The preview page in real browsers, against `vedl preview`: Selenium (PyPI) drives Debian's
# headless Chromium through chromium-driver, and Mozilla's Marionette client (PyPI
# `marionette-driver`; Debian has no geckodriver) drives Debian's headless firefox-esr — both
# installed when missing, the Python packages in a venv under .build/preview-venv.
# Tests/preview/test_page.py and test_page_firefox.py say what is checked. Exits non-zero on
# failure.
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
for p in chromium chromium-driver firefox-esr; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [[ ${#missing[@]} -gt 0 ]]; then
  echo "== installing ${missing[*]}"
  SUDO=""
  if [[ "$(id -u)" -ne 0 ]]; then SUDO="sudo"; fi
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get -o DPkg::Lock::Timeout=900 install -y -qq \
    --no-install-recommends "${missing[@]}" >/dev/null
fi

echo "== python venv (.build/preview-venv) with selenium and marionette-driver"
venv="$root/.build/preview-venv"
[[ -x "$venv/bin/python" ]] || python3 -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check selenium marionette-driver

echo "== the preview page in headless Chromium"
timeout 300 "$venv/bin/python" Tests/preview/test_page.py

echo "== the preview page in headless Firefox"
timeout 300 "$venv/bin/python" Tests/preview/test_page_firefox.py
