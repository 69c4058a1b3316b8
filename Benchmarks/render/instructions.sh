#!/bin/sh
# Instructions executed by `vedl render` and by the ffmpeg CLI running `vedl graph --command`
# on the same edit, counted by valgrind's callgrind — a measure that, unlike wall time, does not
# drift with the machine: libx264 executes exactly as many instructions in both (same
# pictures, same settings), so the difference is what each does around it.
#
#   Benchmarks/render/instructions.sh                    # the reference edit (run.sh first)
#   EDIT=path/to/edit.vedl Benchmarks/render/instructions.sh
#
# The two run side by side under valgrind (about 50x slower than native: ~40 min for the
# reference edit on 2 cores). vedl renders with no OUT.json beside its output, so every input
# is hashed, as in a first render. Prints each total and the instructions per library.
# Compare the totals: callgrind has been seen filing a few functions under the wrong library
# in one process and not the other (libx264 code under libavutil, swscale code under
# libfreetype, in vedl's) — the per-library lines are a guide, the totals are exact.
set -eu
WORK=${WORK:-/tmp/vedl-render-bench}
VEDL=${VEDL:-.build/release/vedl}
EDIT=${EDIT:-$WORK/reference.vedl}
OUT=$WORK/instructions
mkdir -p "$OUT"
command -v valgrind >/dev/null || { echo "instructions.sh: needs valgrind (apt-get install valgrind)" >&2; exit 1; }
rm -f "$OUT"/*.out "$OUT/vedl.mp4" "$OUT/vedl.mp4.json"
"$VEDL" graph "$EDIT" --command -o "$OUT/cli.mp4" > "$OUT/command.sh"
valgrind --tool=callgrind --callgrind-out-file="$OUT/vedl.out" \
  "$VEDL" render "$EDIT" --force -o "$OUT/vedl.mp4" > "$OUT/vedl.log" 2>&1 &
vedl_pid=$!
# The command is shell text (quoted graph): `sh -c "exec …"`, valgrind following the exec.
valgrind --tool=callgrind --trace-children=yes --callgrind-out-file="$OUT/cli.%p.out" \
  sh -c "exec $(cat "$OUT/command.sh")" > "$OUT/cli.log" 2>&1 &
cli_pid=$!
wait $vedl_pid
wait $cli_pid

per_library() {
  callgrind_annotate --threshold=100 "$1" 2>/dev/null | awk '
    /^ *[0-9,]+ .*\[.*\]$/ {
      count = $1; gsub(",", "", count)
      object = $NF; sub(/.*\//, "", object); sub(/\]$/, "", object)
      total[object] += count
    }
    END { for (o in total) printf "%16.0f  %s\n", total[o], o }' | sort -rn | head -n 12
}
mv "$(ls -S "$OUT"/cli.*.out | head -n 1)" "$OUT/cli.out"
for who in vedl cli; do
  echo "== $who: $(grep -o 'Collected : [0-9]*' "$OUT/$who.log" | tail -n 1 | cut -d' ' -f3) instructions"
  per_library "$OUT/$who.out"
done
# Under valgrind libx264 rounds some floating point otherwise than on the processor, so these
# two files differ from a native render's — but not from each other.
echo "video streams (equal when the pictures are bit-identical):"
for who in vedl cli; do
  echo "  $who $(ffmpeg -v error -i "$OUT/$who.mp4" -map 0:v -c copy -f md5 -)"
done
