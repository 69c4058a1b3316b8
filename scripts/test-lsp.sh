#!/usr/bin/env bash
# End-to-end tests of the language server and the editor grammars, with clients the project
# did not write:
#   1. pytest-lsp (in a venv under .build/lsp-venv) replaying the capabilities of Neovim,
#      VS Code and Emacs against `vedl lsp`, plus raw-stdio protocol tests;
#   2. headless Neovim (apt's `neovim`, installed when missing) with its built-in LSP client;
#   3. the TextMate grammar, checked with textmate-grammar-python (scopes at chosen positions).
# Exits non-zero when anything fails (pytest's "no tests collected" included).
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
# Keep the source tree clean: no __pycache__ beside the tests.
export PYTHONDONTWRITEBYTECODE=1

echo "== python venv (.build/lsp-venv) with pytest-lsp and textmate-grammar-python"
venv="$root/.build/lsp-venv"
if [[ ! -x "$venv/bin/python" ]]; then
  python3 -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check pytest-lsp textmate-grammar-python

if ! command -v nvim >/dev/null 2>&1; then
  echo "== installing neovim"
  if [[ "$(id -u)" == 0 ]]; then
    apt-get -o DPkg::Lock::Timeout=900 install -y neovim >/dev/null
  else
    sudo apt-get -o DPkg::Lock::Timeout=900 install -y neovim >/dev/null
  fi
fi

status=0

echo "== pytest-lsp (Neovim, VS Code and Emacs capabilities) and TextMate grammar"
set +e
# Run from a scratch folder: textmate-grammar-python writes a cache into the working directory.
scratch="$(mktemp -d)"
(cd "$scratch" && "$venv/bin/python" -m pytest -q -p no:cacheprovider "$root/Tests/lsp")
pytest_status=$?
set -e
# pytest exits 5 when it collected no tests: that is a failure here, like any other.
if [[ $pytest_status -ne 0 ]]; then
  echo "pytest failed (exit $pytest_status)" >&2
  status=1
fi

echo "== headless Neovim $(nvim --version | head -1 | cut -d' ' -f2)"
if ! timeout 300 nvim --headless --clean -c "luafile Tests/lsp/neovim_e2e.lua"; then
  echo "the Neovim end-to-end test failed" >&2
  status=1
fi

rm -rf "$scratch"
if [[ $status -eq 0 ]]; then echo "language server and grammar checks passed"; fi
exit $status
