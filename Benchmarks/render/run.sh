#!/usr/bin/env bash
# The render benchmark (README.md): renders the reference edit with
#   (a) vedl render (in-process FFmpeg backend)   (a') vedl render --backend native
#   (b) the ffmpeg CLI running `vedl graph --command`
#   (c) MLT's melt (melt_edit.sh)       (d) MoviePy 2.1.2 in a scratch venv (moviepy_edit.py)
# best of RUNS (default 2) each, then both vedl backends on a 10x longer edit for the memory
# check.
#   Benchmarks/render/run.sh                      environment: WORK (default /tmp/vedl-render-bench),
#   RUNS=1 SKIP=melt,moviepy Benchmarks/render/run.sh     VEDL (default .build/release/vedl), SKIP_LONG=1,
#   SKIP may also name native (the native backend) or vedl (the FFmpeg backend's long render),
#   LONG_VM_LIMIT_KB (default 8 GiB, for the 10x render)
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
REPO="$(cd "$HERE/../.." && pwd)"
WORK="${WORK:-/tmp/vedl-render-bench}"
MEDIA="$WORK/media"
OUT="$WORK/out"
VEDL="${VEDL:-$REPO/.build/release/vedl}"
RUNS="${RUNS:-2}"
SKIP="${SKIP:-}"
VENV="$WORK/venv"
MOVIEPY_VERSION=2.1.2
mkdir -p "$OUT" "$WORK/logs"

# --- tools -------------------------------------------------------------------------------
[ -x "$VEDL" ] || { echo "build vedl first: swift build -c release --product vedl" >&2; exit 1; }
need_apt=()
[ -x /usr/bin/time ] || need_apt+=(time)
command -v melt > /dev/null || need_apt+=(melt)
if [ ${#need_apt[@]} -gt 0 ]; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_apt[@]}" > /dev/null
fi
if [[ ",$SKIP," != *,moviepy,* ]] && ! "$VENV/bin/python" -c "import moviepy" 2> /dev/null; then
  /usr/bin/python3 -m venv "$VENV"
  "$VENV/bin/pip" install -q "moviepy==$MOVIEPY_VERSION"
fi
"$HERE/make_media.sh" "$MEDIA"

# --- the scripts ---------------------------------------------------------------------------
sed "s#@MEDIA@#$MEDIA#g; s#@OUT@#$OUT/vedl.mp4#" "$HERE/reference.vedl" > "$WORK/reference.vedl"
"$VEDL" check "$WORK/reference.vedl"
"$VEDL" graph "$WORK/reference.vedl" --command -o "$OUT/ffmpeg.mp4" > "$WORK/ffmpeg-command.sh"

# The 10x longer edit: the main track's three clips ten times over, the music bed four times.
{
  sed -n '/^canvas/,/^let bed/p' "$WORK/reference.vedl"
  echo; echo "track main {"
  for i in $(seq 1 10); do
    [ "$i" -gt 1 ] && echo "  // repeat $i"
    sed -n '/^track main {/,/^}/p' "$WORK/reference.vedl" | sed '1d;$d'
  done
  echo "}"; echo
  sed -n '/^track overlay/,/^}/p' "$WORK/reference.vedl"
  cat <<LONG

track audio "music" {
  clip bed at: 0s duration: 40s volume: -12dB
  clip bed at: 40s duration: 40s volume: -12dB
  clip bed at: 80s duration: 40s volume: -12dB
  clip bed at: 120s until: end volume: -12dB {
    fade out: 2s
  }
}

export "$OUT/vedl-long.mp4" quality: high {
  watermark logo position: bottomTrailing
}
LONG
} > "$WORK/reference-long.vedl"
"$VEDL" check "$WORK/reference-long.vedl"

# --- measuring -------------------------------------------------------------------------------
# measure NAME COMMAND...: RUNS runs under /usr/bin/time -v and tree_rss.py; keeps the fastest.
declare -A WALL CPU RSS TREE
measure() {
  local name="$1"; shift
  local best=""
  for run in $(seq 1 "$RUNS"); do
    local t="$WORK/logs/$name.$run.time" r="$WORK/logs/$name.$run.tree"
    echo "== $name run $run: $(date -u +%T), load $(cut -d' ' -f1-3 /proc/loadavg)" >&2
    python3 "$HERE/tree_rss.py" "$r" -- /usr/bin/time -v -o "$t" "$@" \
      > "$WORK/logs/$name.$run.log" 2>&1 || { echo "$name failed, see $WORK/logs/$name.$run.log" >&2; return 1; }
    local wall cpu rss tree
    wall=$(awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; print s }' "$t")
    cpu=$(awk -F': ' '/User time/ { u = $2 } /System time/ { s = $2 } END { printf "%.2f", u + s }' "$t")
    rss=$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$t")
    tree=$(cat "$r")
    echo "   wall ${wall}s cpu ${cpu}s peak ${rss} KiB (tree ${tree} KiB)" >&2
    if [ -z "$best" ] || awk -v a="$wall" -v b="${WALL[$name]}" 'BEGIN { exit !(a < b) }'; then
      best=$run; WALL[$name]=$wall; CPU[$name]=$cpu; RSS[$name]=$rss; TREE[$name]=$tree
    fi
  done
}

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(free -m | awk '/Mem:/ { print $2 }') MiB RAM" >&2
order=()
measure vedl "$VEDL" render "$WORK/reference.vedl" --force; order+=(vedl)
if [[ ",$SKIP," != *,native,* ]]; then
  # `-o` keeps the export's quality and watermark and writes beside the others.
  measure native "$VEDL" render "$WORK/reference.vedl" --force --backend native -o "$OUT/native.mp4"
  order+=(native)
fi
measure ffmpeg sh -c "exec $(cat "$WORK/ffmpeg-command.sh")"; order+=(ffmpeg)
if [[ ",$SKIP," != *,melt,* ]]; then
  measure melt "$HERE/melt_edit.sh" "$MEDIA" "$OUT/melt.mp4"; order+=(melt)
fi
if [[ ",$SKIP," != *,moviepy,* ]]; then
  measure moviepy env IMAGEIO_FFMPEG_EXE=/usr/bin/ffmpeg "$VENV/bin/python" "$HERE/moviepy_edit.py" "$MEDIA" "$OUT/moviepy.mp4"
  order+=(moviepy)
fi

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
mib() { awk -v k="$1" 'BEGIN { printf "%.0f", k / 1024 }'; }
echo
echo "| renderer | wall s | CPU s | peak RSS MiB | tree RSS MiB | wall ÷ ffmpeg | CPU ÷ ffmpeg | RSS ÷ ffmpeg |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
for n in "${order[@]}"; do
  echo "| $n | ${WALL[$n]} | ${CPU[$n]} | $(mib "${RSS[$n]}") | $(mib "${TREE[$n]}") | $(ratio "${WALL[$n]}" "${WALL[ffmpeg]}") | $(ratio "${CPU[$n]}" "${CPU[ffmpeg]}") | $(ratio "${RSS[$n]}" "${RSS[ffmpeg]}") |"
done
for n in "${order[@]}"; do
  f="$OUT/$n.mp4"
  echo "$n.mp4: $(ffprobe -v error -count_packets -select_streams v:0 -show_entries stream=width,height,nb_read_packets -of csv=p=0 "$f") (w,h,frames)"
done

if [[ " ${order[*]} " == *" native "* ]]; then
  echo "native backend throughput: $(ratio "${WALL[vedl]}" "${WALL[native]}")x the FFmpeg backend's" \
    "(wall ${WALL[native]} s vs ${WALL[vedl]} s; CPU ${CPU[native]} s vs ${CPU[vedl]} s)"
fi

# The long renders run under an address-space limit (LONG_VM_LIMIT_KB, default 8 GiB): on
# 2026-11-29 the FFmpeg backend's grew without bound and the kernel's OOM killer stopped it at
# 24 GB (all of the machine's memory); with the limit it fails with "cannot allocate memory".
# long NAME SHORT OUTPUT ARGS...: the 150 s edit, compared with the 15 s run SHORT.
long() {
  local name="$1" short="$2" output="$3"; shift 3
  local limit="${LONG_VM_LIMIT_KB:-8388608}"
  echo
  if RUNS=1 measure "$name" bash -c 'ulimit -v "$1"; shift; exec "$@"' _ "$limit" "$@"; then
    echo "memory flatness ($short): 15 s edit ${RSS[$short]} KiB, 150 s edit ${RSS[$name]} KiB" \
      "($(ratio "${RSS[$name]}" "${RSS[$short]}")x; wall ${WALL[$name]}s, cpu ${CPU[$name]}s," \
      "$(ffprobe -v error -count_packets -select_streams v:0 -show_entries stream=nb_read_packets -of csv=p=0 "$output") frames)"
  else
    echo "memory flatness ($short): FAILED - the 150 s edit did not finish within a ${limit} KiB" \
      "address space (the 15 s edit peaks at ${RSS[$short]} KiB); see $WORK/logs/$name.1.log"
  fi
}
if [ -z "${SKIP_LONG:-}" ]; then
  if [[ ",$SKIP," != *,vedl,* ]]; then
    long vedl-long vedl "$OUT/vedl-long.mp4" "$VEDL" render "$WORK/reference-long.vedl" --force
  fi
  if [[ " ${order[*]} " == *" native "* ]]; then
    long native-long native "$OUT/native-long.mp4" \
      "$VEDL" render "$WORK/reference-long.vedl" --force --backend native -o "$OUT/native-long.mp4"
  fi
fi
