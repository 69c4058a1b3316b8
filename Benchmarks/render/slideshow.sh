#!/usr/bin/env bash
# Peak memory of a photo slideshow in both backends: COUNTS (default "10 60") slideshows of
# 1920x1080 JPEGs (made with ffmpeg, kept in $WORK/photos), each photo DURATION (default 2s)
# joined by 500 ms crossfades, on a CANVAS (default 1920x1080) at quality QUALITY (default
# high). Peak memory must not grow with the number of photos (issue 15: 60 photos peaked
# at 3.6 GB in the FFmpeg backend). Prints one line per render: backend, photos, peak RSS
# (/usr/bin/time's maximum resident set size), wall time.
#   VEDL=.build/debug/vedl COUNTS="10 40" CANVAS=640x360 QUALITY=low Benchmarks/render/slideshow.sh
set -euo pipefail
WORK=${WORK:-/tmp/vedl-render-bench}
VEDL=${VEDL:-.build/release/vedl}
COUNTS=${COUNTS:-10 60}
CANVAS=${CANVAS:-1920x1080}
QUALITY=${QUALITY:-high}
DURATION=${DURATION:-2s}
BACKENDS=${BACKENDS:-ffmpeg native}
mkdir -p "$WORK/photos" "$WORK/out" "$WORK/logs"
largest=0
for n in $COUNTS; do [ "$n" -gt "$largest" ] && largest=$n; done
if [ ! -f "$WORK/photos/p$(printf %03d "$largest").jpg" ]; then
  ffmpeg -nostdin -v error -y -f lavfi -i testsrc2=size=1920x1080:rate=1 -vf 'hue=h=37*t' \
    -frames:v "$largest" -q:v 3 -start_number 1 "$WORK/photos/p%03d.jpg"
fi
for n in $COUNTS; do
  script="$WORK/slideshow$n.vedl"
  {
    echo "vedl 1"
    echo "canvas $CANVAS"
    echo "track main {"
    for i in $(seq 1 "$n"); do
      [ "$i" -gt 1 ] && echo "  crossfade 500ms"
      printf '  clip image("photos/p%03d.jpg") duration: %s\n' "$i" "$DURATION"
    done
    echo "}"
    echo "export \"out/slideshow$n.mp4\" quality: $QUALITY"
  } > "$script"
  for backend in $BACKENDS; do
    log="$WORK/logs/slideshow$n-$backend.time"
    /usr/bin/time -v -o "$log" "$VEDL" render "$script" --force --backend "$backend" \
      -o "$WORK/out/slideshow$n-$backend.mp4" > /dev/null
    rss=$(awk -F': ' '/Maximum resident/ {print $2}' "$log")
    wall=$(awk -F': ' '/Elapsed/ {print $2}' "$log")
    echo "$backend $n photos: peak RSS $((rss / 1024)) MiB, wall $wall"
  done
done
