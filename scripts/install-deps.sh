#!/usr/bin/env bash
# Installs the system packages VEDL needs on Debian (bookworm): FFmpeg's libraries and CLI,
# pkg-config, FreeType, Fontconfig, fonts (DejaVu; Symbola, the fallback for emoji and symbols
# DejaVu lacks; Noto Color Emoji, which text skips as drawtext cannot size a bitmap font),
# OpenSSL's libcrypto (the fingerprint's SHA-256) and GNU libmicrohttpd (`vedl preview`).
# Idempotent: does nothing when all are present.
# Run as root (or with sudo available). The Swift toolchain itself must already be installed.
set -euo pipefail

packages=(
  ffmpeg pkg-config
  libavformat-dev libavcodec-dev libavfilter-dev libavutil-dev libswscale-dev libswresample-dev
  libfreetype-dev libfontconfig-dev fonts-dejavu-core fonts-symbola fonts-noto-color-emoji librsvg2-bin
  libssl-dev libmicrohttpd-dev
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all system packages present"
  exit 0
fi

echo "install-deps: installing ${missing[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get -o DPkg::Lock::Timeout=900 update -qq
$SUDO apt-get -o DPkg::Lock::Timeout=900 install -y -qq --no-install-recommends "${missing[@]}"
