#!/usr/bin/env bash
# What animation costs: the motion edit (reference-motion.vedl) rendered as it is and with
# every `animate` line removed — the same items, still — with each backend, `ROUNDS` rounds
# (default 3) alternating the two, each under /usr/bin/time. Prints the mean wall times and
# the animated edit's time over the still one's. Needs make_media.sh's inputs.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
WORK=${WORK:-/tmp/vedl-render-bench}
VEDL=${VEDL:-.build/release/vedl}
ROUNDS=${ROUNDS:-3}
BACKENDS=${BACKENDS:-ffmpeg native}
MEDIA="$WORK/media"
OUT="$WORK/out"
mkdir -p "$WORK/logs" "$OUT"
bash "$HERE/make_media.sh" "$MEDIA" > /dev/null
sed "s#@MEDIA@#$MEDIA#g; s#@OUT@#$OUT/motion-animated.mp4#" "$HERE/reference-motion.vedl" > "$WORK/motion-animated.vedl"
# The still edit: the logo placed where its animation starts, every other `animate` (one
# line, or a block of lines) dropped.
sed "s#@MEDIA@#$MEDIA#g; s#@OUT@#$OUT/motion-still.mp4#" "$HERE/reference-motion.vedl" |
  sed 's/^\( *\)animate position { key 0s x: \([0-9]*\) y: \([0-9]*\);.*/\1position x: \2 y: \3/' |
  sed '/^ *animate [a-z]* {$/,/^ *}$/d; /^ *animate .*}$/d' > "$WORK/motion-still.vedl"
"$VEDL" check "$WORK/motion-animated.vedl"
"$VEDL" check "$WORK/motion-still.vedl"

wall() {  # seconds of wall time in a /usr/bin/time -v report
  awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; print s }' "$1"
}

for backend in $BACKENDS; do
  declare -A total=([animated]=0 [still]=0)
  for round in $(seq 1 "$ROUNDS"); do
    order="animated still"
    (( round % 2 == 0 )) && order="still animated"
    for kind in $order; do
      report="$WORK/logs/motion-$backend-$kind-$round.time"
      /usr/bin/time -v -o "$report" "$VEDL" render "$WORK/motion-$kind.vedl" --backend "$backend" --force > /dev/null
      total[$kind]=$(echo "${total[$kind]} + $(wall "$report")" | bc -l)
    done
  done
  animated=$(echo "${total[animated]} / $ROUNDS" | bc -l)
  still=$(echo "${total[still]} / $ROUNDS" | bc -l)
  printf '%-7s still %6.2f s   animated %6.2f s   animated/still %.3f\n' \
    "$backend" "$still" "$animated" "$(echo "$animated / $still" | bc -l)"
done
