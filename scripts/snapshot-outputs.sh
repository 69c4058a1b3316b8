#!/usr/bin/env bash
# scripts/snapshot-outputs.sh VEDL OUT_DIR
#
# Records what the `vedl` binary VEDL makes of every sample and fixture, so that a change
# meant to keep outputs (a refactor) can be proven by `diff -r BEFORE AFTER`: for every
# script `check --format json`, `ir` and `graph`; for the samples and the differential
# fixtures also the decoded frames and sound of a render by each backend (`framemd5`).
# Media are made with ffmpeg each time (Samples/README.md, the fixtures' `// media` lines).
# Everything runs in one fixed folder, so absolute paths in the outputs agree between runs.
set -euo pipefail
if [[ $# -ne 2 ]]; then
  echo "usage: scripts/snapshot-outputs.sh VEDL OUT_DIR" >&2
  exit 2
fi
vedl=$(realpath "$1")
out=$(realpath -m "$2")
repo=$(cd "$(dirname "$0")/.." && pwd)
work=${TMPDIR:-/tmp}/vedl-snapshot-work
rm -rf "$work" "$out"
mkdir -p "$work" "$out"

# The sample media, small: the samples only need the files to exist with these shapes.
media() {
  local dir=$1
  mkdir -p "$dir"
  (
    cd "$dir"
    ffmpeg -v error -f lavfi -i "testsrc2=size=640x360:rate=30:duration=10" \
      -f lavfi -i "sine=frequency=330:sample_rate=48000:duration=10" \
      -c:v libx264 -preset ultrafast -pix_fmt yuv420p -c:a aac -shortest a.mp4
    ffmpeg -v error -f lavfi -i "testsrc=size=640x360:rate=30:duration=10" \
      -f lavfi -i "sine=frequency=550:sample_rate=48000:duration=10" \
      -c:v libx264 -preset ultrafast -pix_fmt yuv420p -c:a aac -shortest b.mp4
    ffmpeg -v error -f lavfi -i "color=c=0xFF6600:size=320x160,drawbox=x=20:y=20:w=280:h=120:color=white:t=8" \
      -frames:v 1 logo.png
    ffmpeg -v error -f lavfi -i "sine=frequency=220:sample_rate=48000:duration=12" -ac 2 music.wav
    printf '1\n00:00:00,500 --> 00:00:02,000\nA promo\n\n2\n00:00:02,000 --> 00:00:04,000\nFrom a file\n' > subs.srt
  )
}

# The text outputs of one script, named after it.
texts() {
  local script=$1 name=$2
  "$vedl" check --format json "$script" > "$out/$name.check.json" 2>&1 || true
  "$vedl" ir "$script" > "$out/$name.ir.json" 2>/dev/null || echo "ir failed" > "$out/$name.ir.json"
  "$vedl" graph "$script" > "$out/$name.graph" 2>/dev/null || echo "graph failed" > "$out/$name.graph"
}

# The decoded frames and sound of a render by each backend.
renders() {
  local script=$1 name=$2
  shift 2
  for backend in ffmpeg native; do
    local file="$work/render-$backend.mov"
    rm -f "$file"
    if "$vedl" render "$script" -o "$file" --backend "$backend" --force "$@" > /dev/null 2>&1; then
      ffmpeg -nostdin -v error -i "$file" -f framemd5 - > "$out/$name.$backend.framemd5"
    else
      echo "render failed" > "$out/$name.$backend.framemd5"
    fi
  done
}

cp -r "$repo/Samples" "$work/Samples"
media "$work/Samples/media"
for script in "$work"/Samples/*.vedl; do
  texts "$script" "sample-$(basename "$script" .vedl)"
done
# Every export of every sample (some have several), by each backend, at `low` quality (which
# also scales the picture down), each in a copy of its own.
for backend in ffmpeg native; do
  copy="$work/samples-$backend"
  cp -r "$work/Samples" "$copy"
  for script in "$copy"/*.vedl; do
    "$vedl" render "$script" --backend "$backend" --quality low --force > /dev/null 2>&1 ||
      echo "render failed" > "$out/sample-$(basename "$script" .vedl).$backend.render"
  done
  while IFS= read -r file; do
    name=sample-$(echo "${file#"$copy"/}" | tr '/' '-')
    ffmpeg -nostdin -v error -i "$file" -f framemd5 - > "$out/$name.$backend.framemd5"
  done < <(find "$copy" -path "$copy/media" -prune -o -type f \( -name '*.mp4' -o -name '*.mov' -o -name '*.webm' -o -name '*.png' \) -print | sort)
done

for kind in graph ir diagnostics; do
  for script in "$repo"/Tests/Fixtures/$kind/*.vedl; do
    [[ -e "$script" ]] || continue
    mkdir -p "$work/$kind"
    cp "$script" "$work/$kind/"
    texts "$work/$kind/$(basename "$script")" "$kind-$(basename "$script" .vedl)"
  done
done

for script in "$repo"/Tests/Fixtures/differential/*.vedl; do
  name=differential-$(basename "$script" .vedl)
  dir="$work/$name"
  mkdir -p "$dir"
  cp "$script" "$dir/edit.vedl"
  # `// media PATH: ffmpeg ARGS` makes PATH with those arguments.
  while IFS= read -r line; do
    path=${line#// media }
    path=${path%%:*}
    args=${line#*: ffmpeg }
    mkdir -p "$dir/$(dirname "$path")"
    (cd "$dir" && eval "ffmpeg -nostdin -v error -y $args \"$path\"" < /dev/null)
  done < <(grep '^// media ' "$script")
  texts "$dir/edit.vedl" "$name"
  renders "$dir/edit.vedl" "$name" --quality lossless
done
echo "snapshot: $(ls "$out" | wc -l) files in $out"
