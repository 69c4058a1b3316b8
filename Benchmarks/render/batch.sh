#!/bin/sh
# What a batch pays for its fingerprints when every row reads one large shared source (a
# minute of lossless 1080p testsrc2, about 240 MiB — a template's background footage): ROWS
# rows, each a 1 s cut of it with its own title, rendered with --force into a fresh folder
# (no OUT.json to take digests from).
#
#   Benchmarks/render/batch.sh                       # .build/release/vedl
#   VEDL=path/to/vedl BASE=path/to/other/vedl ROWS=16 Benchmarks/render/batch.sh
#
# Prints, for each binary, the wall and CPU time of the batch, ROUNDS times, interleaved.
# LINES=1 runs the rows as separate `vedl render --set title=…` processes instead, one after
# another (what running `vedl batch --plan`'s lines does), with a fresh VEDL_CACHE_DIR.
set -eu
WORK=${WORK:-/tmp/vedl-render-bench}/batch
VEDL=${VEDL:-.build/release/vedl}
ROWS=${ROWS:-12}
ROUNDS=${ROUNDS:-3}
mkdir -p "$WORK"
sh "$(dirname "$0")/big_source.sh" "$WORK/big.mp4"
cat > "$WORK/t.vedl" <<EOF2
vedl 1
param title: String = "Hello"
canvas 640x360 fps: 30
let big = video("$WORK/big.mp4")
track main {
  clip big trim: 10s..11s
}
track overlay {
  text title at: 0s until: end
}
export "out/x.mp4" quality: low
EOF2
{
  echo "title"
  i=1
  while [ "$i" -le "$ROWS" ]; do echo "Row $i"; i=$((i + 1)); done
} > "$WORK/rows.csv"
echo "source: $(du -m "$WORK/big.mp4" | cut -f1) MiB, $ROWS rows"
round=1
while [ "$round" -le "$ROUNDS" ]; do
  for who in "$VEDL" ${BASE:-}; do
    rm -rf "$WORK/out" "$WORK/cache"
    if [ -n "${LINES:-}" ]; then
      result=$(VEDL_CACHE_DIR="$WORK/cache" /usr/bin/time -f "%e s wall, %U+%S s CPU" sh -c '
        i=1
        while [ "$i" -le "$2" ]; do
          "$1" render "$3/t.vedl" --set "title=Row $i" -o "$3/out/$i.mp4" --force >/dev/null || exit 1
          i=$((i + 1))
        done' sh "$who" "$ROWS" "$WORK" 2>&1 | tail -n 1)
    else
      result=$(/usr/bin/time -f "%e s wall, %U+%S s CPU" "$who" batch "$WORK/t.vedl" --data "$WORK/rows.csv" \
        --out-dir "$WORK/out" --force 2>&1 >/dev/null | tail -n 1)
    fi
    echo "round $round  $who: $result"
  done
  round=$((round + 1))
done
