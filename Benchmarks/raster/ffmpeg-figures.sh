#!/bin/sh
# Milliseconds of processor time per frame that FFmpeg (the CLI, one filter thread) spends on
# the filters VEDLRaster reproduces, at the sizes of a 1080x1920 portrait edit: each filter
# chain runs on 30 raw rgba frames, minus the same run without the filter. Compare with the
# figures of `VEDL_RASTER_BENCH=1 swift test -c release --filter RasterBenchmarks`.
# Usage: Benchmarks/raster/ffmpeg-figures.sh   (needs ffmpeg; writes only to a temporary folder)
set -eu
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
frames=30
ffmpeg -v error -f lavfi -i "testsrc2=s=1920x1080:r=30" -frames:v $frames -pix_fmt rgba -f rawvideo "$dir/land.rgba"
ffmpeg -v error -f lavfi -i "testsrc2=s=1080x1920:r=30" -frames:v $frames -pix_fmt rgba -f rawvideo "$dir/port.rgba"

# utime (s) of one run: $1 = input file, $2 = its size, $3 = filter graph (one or two inputs).
utime() {
  inputs="-f rawvideo -pix_fmt rgba -s $2 -r 30 -i $1"
  case "$3" in *"[1:v]"*) inputs="$inputs $inputs" ;; esac
  # shellcheck disable=SC2086
  ffmpeg -hide_banner -benchmark -threads 1 -filter_threads 1 -filter_complex_threads 1 $inputs \
    -filter_complex "$3" -f null - 2>&1 | sed -n 's/.*utime=\([0-9.]*\)s.*/\1/p'
}

# figure NAME INPUT SIZE BASELINE-GRAPH GRAPH
figure() {
  base=$(utime "$2" "$3" "$4")
  with=$(utime "$2" "$3" "$5")
  echo "$1: $(echo "($with - $base) * 1000 / $frames" | bc -l | xargs printf '%.1f') ms"
}

L="$dir/land.rgba 1920x1080"
P="$dir/port.rgba 1080x1920"
# shellcheck disable=SC2086
{
  figure "crop + scale 608x1080 -> 1080x1920" $L "[0:v]crop=608:1080:656:0,format=rgba" \
    "[0:v]crop=608:1080:656:0,scale=1080:1920,format=rgba"
  figure "scale 1920x1080 -> 1080x608" $L "[0:v]format=rgba" "[0:v]scale=1080:608,format=rgba"
  figure "gblur sigma 48 (with rgba<->gbrap)" $P "[0:v]format=rgba" "[0:v]gblur=sigma=48,format=rgba"
  figure "eq (with rgba<->yuva444p)" $P "[0:v]format=rgba" \
    "[0:v]eq=brightness=0.05:contrast=1.1:saturation=1.2,format=rgba"
  figure "rotate 15 degrees" $P "[0:v]format=rgba" "[0:v]rotate=angle=15*PI/180:ow=1080:oh=1920,format=rgba"
  figure "transpose" $L "[0:v]format=rgba" "[0:v]transpose=dir=clock,format=rgba"
  figure "hflip" $P "[0:v]format=rgba" "[0:v]hflip,format=rgba"
  figure "colorchannelmixer aa" $P "[0:v]format=rgba" "[0:v]colorchannelmixer=aa=0.8,format=rgba"
  figure "fade towards a colour" $P "[0:v]format=rgba" \
    "[0:v]fade=type=in:start_time=0:duration=10:color=0x204060,format=rgba"
  figure "overlay full frame" $P "[0:v]format=rgba[a];[1:v]format=rgba[b];[a][b]concat=n=2:v=1" \
    "[0:v][1:v]overlay=format=auto,format=rgba"
  figure "xfade fade (with rgba<->gbrap)" $P "[0:v]format=rgba[a];[1:v]format=rgba[b];[a][b]concat=n=2:v=1" \
    "[0:v][1:v]xfade=transition=fade:duration=1:offset=0,format=rgba"
  figure "xfade wipeleft (with rgba<->gbrap)" $P "[0:v]format=rgba[a];[1:v]format=rgba[b];[a][b]concat=n=2:v=1" \
    "[0:v][1:v]xfade=transition=wipeleft:duration=1:offset=0,format=rgba"
}
