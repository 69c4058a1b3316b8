#!/usr/bin/env bash
# p95 latency of `GET /frame/K.png` from `vedl preview` on a 1080x1920 edit, against
# `vedl still` (a process per frame) and against the ffmpeg CLI pulling the frame out of a
# finished render. Release build; media generated here. Usage: Benchmarks/preview/run.sh [N]
# (VEDL=/path/to/vedl measures that binary instead of building this checkout's).
set -euo pipefail
cd "$(dirname "$0")/../.."
N=${1:-60}
if [ -z "${VEDL:-}" ]; then
  nice -n 10 swift build -c release --product vedl >/dev/null
  VEDL="$PWD/.build/release/vedl"
fi
VEDL=$(realpath "$VEDL")
WORK=$(mktemp -d)
trap 'if [ -n "${SERVER:-}" ]; then kill "$SERVER" 2>/dev/null || true; fi; rm -rf "$WORK"' EXIT
cd "$WORK"
# Two portrait camera-like clips (H.264, 1080x1920, 30 fps) and a title over them.
ffmpeg -v error -f lavfi -i "testsrc2=size=1080x1920:rate=30:duration=6" -pix_fmt yuv420p -c:v libx264 -preset veryfast a.mp4
ffmpeg -v error -f lavfi -i "mandelbrot=size=1080x1920:rate=30" -t 6 -pix_fmt yuv420p -c:v libx264 -preset veryfast b.mp4
cat > edit.vedl <<'VEDL'
vedl 1
canvas 1080x1920 fps: 30 background: #000000
let a = video("a.mp4")
let b = video("b.mp4")
track main {
  clip a duration: 6s
  crossfade 1s
  clip b duration: 6s
}
track overlay "titles" {
  text "Preview benchmark" at: 0s until: end {
    font "DejaVu Sans" size: 72 color: white
    box #00000080 padding: 16
    position bottom margin: 120
  }
}
export "out.mp4" quality: high
VEDL
FRAMES=$("$VEDL" ir edit.vedl | python3 -c 'import json,sys; print(json.load(sys.stdin)["frameCount"])')
# The same pseudo-random frames for every tool.
python3 -c "import random; random.seed(19); print(' '.join(str(random.randrange($FRAMES)) for _ in range($N)))" > frames.txt

"$VEDL" preview edit.vedl --no-open --port 0 >server.txt 2>server.err &
SERVER=$!
for _ in $(seq 100); do [ -s server.txt ] && break; sleep 0.1; done
URL=$(head -1 server.txt)
# The first request warms the server up; the frames after it are measured at once, while
# the proxy is made, and again once the proxy is ready.
curl -s -o /dev/null -w '%{time_total}\n' "${URL}frame/0.png" >first.txt
for k in $(cat frames.txt); do curl -s -o /dev/null -w '%{time_total}\n' "${URL}frame/$k.png"; done >preview-cold.txt
for _ in $(seq 1200); do [ "$(curl -s -o /dev/null -w '%{http_code}' "${URL}proxy.mp4")" = 200 ] && break; sleep 0.5; done
for k in $(cat frames.txt); do curl -s -o /dev/null -w '%{time_total}\n' "${URL}frame/$k.png"; done >preview.txt
for k in $(cat frames.txt); do curl -s -o /dev/null -w '%{time_total}\n' "${URL}frame/$k.png?width=540"; done >preview-540.txt
PEAK=$(awk '/VmHWM/ {printf "%.0f MiB", $2 / 1024}' "/proc/$SERVER/status")
kill $SERVER; wait $SERVER 2>/dev/null || true; SERVER=

timed() { local s e; s=$(date +%s.%N); "$@" >/dev/null 2>&1; e=$(date +%s.%N); echo "$e - $s" | bc; }
for k in $(tr ' ' '\n' <frames.txt | head -20); do timed "$VEDL" still edit.vedl --at "${k}f" -o still.png; done >still.txt
"$VEDL" render edit.vedl >/dev/null 2>&1
for k in $(tr ' ' '\n' <frames.txt | head -20); do
  t=$(python3 -c "print(($k + 0.5) / 30)")
  timed ffmpeg -v error -y -ss "$t" -i out.mp4 -frames:v 1 ffmpeg.png
done >ffmpeg.txt

summary() {
  python3 - "$1" "$2" <<'PY'
import sys
name, path = sys.argv[1], sys.argv[2]
xs = sorted(float(l) * 1000 for l in open(path) if l.strip())
p = lambda q: xs[min(len(xs) - 1, int(round(q * (len(xs) - 1))))]
print(f"{name:<34} n={len(xs):<3} p50={p(0.5):7.1f} ms  p95={p(0.95):7.1f} ms  max={xs[-1]:7.1f} ms")
PY
}
echo "1080x1920, $FRAMES frames, $(nproc) cores, load average $(cut -d' ' -f1 /proc/loadavg), server peak memory $PEAK"
summary "preview: first request" first.txt
summary "preview /frame/K.png, right after" preview-cold.txt
summary "preview /frame/K.png, proxy made" preview.txt
summary "preview /frame/K.png?width=540" preview-540.txt
summary "vedl still --at Kf (process)" still.txt
summary "ffmpeg -ss from the render" ffmpeg.txt
