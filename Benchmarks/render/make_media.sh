#!/usr/bin/env bash
# Generates the reference inputs of the render benchmark with the ffmpeg CLI.
#   Benchmarks/render/make_media.sh [DIR]     (default /tmp/vedl-render-bench/media)
# Three 1920x1080 30 fps H.264 + AAC clips (11 s each, 2 s GOP like phone footage),
# a 256x256 PNG logo with alpha, and a 40 s stereo music WAV. Existing files are kept;
# each is written under a temporary name first, so an interrupted run leaves no half file.
set -euo pipefail
DIR="${1:-/tmp/vedl-render-bench/media}"
mkdir -p "$DIR"
FF=(ffmpeg -hide_banner -loglevel error -y)
ENC=(-c:v libx264 -preset veryfast -crf 18 -g 60 -pix_fmt yuv420p -c:a aac -b:a 192k -ar 48000 -ac 2 -shortest)

make_clip() { # NAME VIDEO_SOURCE FREQ
  local out="$DIR/$1.mp4"
  [ -s "$out" ] && return 0
  "${FF[@]}" -f lavfi -i "$2" -f lavfi -i "sine=frequency=$3:sample_rate=48000:duration=11" \
    -t 11 "${ENC[@]}" "$out.part.mp4"
  mv "$out.part.mp4" "$out"
  echo "made $out"
}
make_clip clip1 "testsrc2=size=1920x1080:rate=30:duration=11" 440
# mandelbrot is expensive at full size: draw it smaller and scale it up.
make_clip clip2 "mandelbrot=size=640x360:rate=30:end_pts=200,scale=1920:1080,trim=duration=11" 660
make_clip clip3 "testsrc2=size=1920x1080:rate=30:duration=11,hue=h=t*40,drawgrid=w=120:h=120:t=2:c=white@0.5" 550

if [ ! -s "$DIR/logo.png" ]; then
  "${FF[@]}" -f lavfi -i "color=c=black:size=256x256,format=rgba,geq=r='255':g='80+X/2':b='40':a='if(lt(hypot(X-128,Y-128),110),220,if(lt(hypot(X-128,Y-128),120),120,0))'" \
    -frames:v 1 "$DIR/logo.part.png"
  mv "$DIR/logo.part.png" "$DIR/logo.png"
  echo "made $DIR/logo.png"
fi
if [ ! -s "$DIR/music.wav" ]; then
  "${FF[@]}" -f lavfi -i "aevalsrc=0.3*sin(2*PI*220*t)*(0.6+0.4*sin(2*PI*2*t))+0.2*sin(2*PI*277.2*t)|0.3*sin(2*PI*329.6*t)*(0.6+0.4*sin(2*PI*2*t))+0.2*sin(2*PI*220*t):sample_rate=48000:duration=40" \
    -c:a pcm_s16le "$DIR/music.part.wav"
  mv "$DIR/music.part.wav" "$DIR/music.wav"
  echo "made $DIR/music.wav"
fi
