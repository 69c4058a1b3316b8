#!/usr/bin/env bash
# The reference edit (reference.vedl) as one MLT `melt` command line, for the render benchmark.
#   melt_edit.sh MEDIA_DIR OUT.mp4
# Frames at 30 fps: clip1 1..7 s, a 1 s luma/mix transition, clip2 1..9 s through timewarp at 2x
# (warped frames 15..134), clip3 2..8 s: 180 + 120 + 180 - 30 = 450 frames (15 s).
# Differences from reference.vedl are listed in README.md. MELT_PRESET (default medium) sets the
# libx264 preset, for quick checks of the edit with ultrafast.
set -euo pipefail
M="$1"; OUT="$2"
exec melt -profile vertical_hd_30 -silent -quiet \
  -track \
    "$M/clip1.mp4" in=30 out=209 -attach-clip crop center=1 \
    "timewarp:2.0:$M/clip2.mp4" in=15 out=134 warp_pitch=1 -attach-clip crop center=1 \
    -mix 30 -mixer luma -mixer mix:-1 \
    "$M/clip3.mp4" in=60 out=239 -attach-clip crop center=1 \
    -attach-track "text:VEDL render benchmark" in=15 out=104 geometry=0/160:1080x120 halign=centre \
      valign=top family="DejaVu Sans" size=72 fgcolour=0xffffffff bgcolour=0x00000000 \
  -audio-track \
    "$M/music.wav" in=0 out=449 \
    -attach-clip volume in=390 out=449 gain=1 end=0 \
    -attach-track volume gain=0.2512 \
  -transition mix a_track=0 b_track=1 in=0 out=449 always_active=1 sum=1 \
  -attach "watermark:$M/logo.png" composite.geometry=824/1664:256x256 composite.fill=0 \
  -consumer "avformat:$OUT" vcodec=libx264 preset=${MELT_PRESET:-medium} crf=20 pix_fmt=yuv420p \
    acodec=aac ab=160k ar=48000 channels=2 movflags=+faststart real_time=-2
