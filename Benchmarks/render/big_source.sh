#!/bin/sh
# Makes PATH, when missing: a minute of lossless 1080p testsrc2 (about 240 MiB), the large
# source `fingerprint.sh` and `batch.sh` cut from; then waits for its times to settle
# (docs/render.md: digests are kept once a file's times are 3 s old).
set -eu
if [ ! -f "$1" ]; then
  mkdir -p "$(dirname "$1")"
  ffmpeg -v error -nostdin -y -f lavfi -i testsrc2=size=1920x1080:rate=30 -t 60 \
    -c:v libx264 -preset ultrafast -qp 0 -pix_fmt yuv420p "$1"
  sleep 4
fi
