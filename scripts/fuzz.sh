#!/usr/bin/env bash
# scripts/fuzz.sh [SECONDS] [LIBFUZZER-FLAG...]
#
# Builds the libFuzzer target over VEDL's front end (Sources/VEDLFuzz: lex, parse, render
# diagnostics as text and JSON, format and re-parse, check, the editor's analysis — hover,
# completion, navigation, symbols, hints, tokens, code actions — lowering, and checking and
# lowering a few structure-aware mutants of each input that parses: VEDLMutation) and runs it
# for SECONDS (default 60) starting from the seeds in Tests/Fixtures/fuzz-corpus. With
# VEDL_FUZZ_TARGET=captions it fuzzes the SRT/WebVTT reader and writer instead, from
# Tests/Fixtures/fuzz-captions. Exits 0 when nothing crashed, 1 when the fuzzer found a
# crash, a broken invariant, a timeout or an out-of-memory input (its path and contents are
# printed), 2 when the build failed. CI runs both targets briefly (scripts/test.sh).
# VEDL_FUZZ_STATS=1 prints how many inputs reached the lowering, at the end.
# Extra arguments go to libFuzzer as they are, e.g. `scripts/fuzz.sh 600 -only_ascii=1`.
#
# Layout. The target lives in Sources/VEDLFuzz but Package.swift declares it only when
# VEDL_FUZZ=1 (a block at the end of the manifest): libFuzzer brings its own `main`, so the
# target cannot be part of the normal build, and SwiftPM ignores a folder under Sources that no
# target claims, so plain `swift build` / `swift test` never see it. This script sets
# VEDL_FUZZ=1 and builds only that product, with its own scratch path (.build-fuzz, ignored by
# git) so the sanitizer build never mixes with .build:
#   swift build -c release --product vedl-fuzz --scratch-path .build-fuzz \
#     --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address
# (the -sanitize= values must be comma-joined: separate flags override each other). The
# release configuration runs about three times faster than debug under AddressSanitizer and
# keeps every check the front end relies on (bounds, overflow, preconditions); set
# VEDL_FUZZ_CONFIGURATION=debug to fuzz a debug build instead.
#
# Leaks are not reported (libFuzzer's -detect_leaks=0, and ASAN_OPTIONS=detect_leaks=0 for
# the check at exit): Swift keeps spare bits in the pointers of enum payloads, so
# LeakSanitizer takes the lazily built static tables (the checker's schema) for leaks the first
# time an input reaches them. ARC frees everything else; AddressSanitizer still catches
# out-of-bounds and use-after-free accesses.
#
# Files. The seeds are copied into .build-fuzz/corpus, which libFuzzer grows (it is kept
# between local runs, so fuzzing resumes where it stopped; the repository's seed folder is
# never written). Crashing inputs go to .build-fuzz/artifacts/, the full log to
# .build-fuzz/fuzz.log. Reproduce one input, or minimise it, with
#   SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 .build-fuzz/release/vedl-fuzz INPUT
#   SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 .build-fuzz/release/vedl-fuzz \
#     -minimize_crash=1 -runs=20000 INPUT
set -uo pipefail

duration="${1:-60}"
if [[ $# -gt 0 ]]; then shift; fi
if ! [[ "$duration" =~ ^[0-9]+$ ]] || [[ "$duration" -lt 1 ]]; then
  echo "usage: scripts/fuzz.sh [SECONDS] [LIBFUZZER-FLAG...]   (SECONDS: a whole number ≥ 1)" >&2
  exit 2
fi

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root" || exit 2
scratch=".build-fuzz"
configuration="${VEDL_FUZZ_CONFIGURATION:-release}"
target="${VEDL_FUZZ_TARGET:-script}"
case "$target" in
  script) seeds="Tests/Fixtures/fuzz-corpus"; corpus="$scratch/corpus"; dictionary_flag=(-dict="Sources/VEDLFuzz/vedl.dict") ;;
  captions) seeds="Tests/Fixtures/fuzz-captions"; corpus="$scratch/corpus-captions"; dictionary_flag=() ;;
  *) echo "fuzz: VEDL_FUZZ_TARGET must be script or captions, not $target" >&2; exit 2 ;;
esac
export VEDL_FUZZ_TARGET="$target"
artifacts="$scratch/artifacts"
log="$scratch/fuzz.log"
mkdir -p "$scratch" "$corpus" "$artifacts"

echo "fuzz: building vedl-fuzz ($configuration, libFuzzer + AddressSanitizer)…"
if ! VEDL_FUZZ=1 swift build -c "$configuration" --product vedl-fuzz --scratch-path "$scratch" \
  --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address >"$scratch/build.log" 2>&1; then
  grep -v "Cannot export local symbol" "$scratch/build.log" | tail -40 >&2
  echo "fuzz: the build failed (full log: $scratch/build.log)" >&2
  exit 2
fi
binary="$scratch/$configuration/vedl-fuzz"

cp "$seeds"/* "$corpus"/
# Artifacts of an earlier run would be reported again below; keep them out of this run's answer.
rm -f "$artifacts"/crash-* "$artifacts"/timeout-* "$artifacts"/oom-* "$artifacts"/leak-*

echo "fuzz: running $target for ${duration}s over $(ls "$corpus" | wc -l) corpus inputs (log: $log)…"
SWIFT_BACKTRACE=enable=no ASAN_OPTIONS="detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}" "$binary" \
  -max_len=4096 -timeout=10 -max_total_time="$duration" \
  -detect_leaks=0 "${dictionary_flag[@]}" -artifact_prefix="$artifacts/" -print_final_stats=1 \
  "$@" "$corpus" >"$log" 2>&1
status=$?

grep -a -E "^#[0-9]+[[:space:]]+(INITED|DONE)|^stat::number_of_executed_units|^stat::peak_rss_mb|^fuzz-stats:" "$log"

if [[ $status -eq 0 ]]; then
  echo "fuzz: no crash in ${duration}s"
  exit 0
fi

echo >&2
echo "fuzz: libFuzzer stopped with status $status" >&2
# What broke: our invariant report, the sanitizer's or runtime's message, and the first frames.
grep -E -A12 "==VEDLFuzz==|ERROR: (libFuzzer|AddressSanitizer)|Fatal error|ALARM:|out-of-memory" "$log" \
  | grep -v "Cannot export local symbol" | head -60 >&2
for input in $(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log"); do
  echo >&2
  echo "fuzz: crashing input: $root/$input ($(wc -c <"$input") bytes)" >&2
  if LC_ALL=C grep -q -P '[^\x09\x0a\x0d\x20-\x7e]' "$input"; then
    od -A x -t x1z -v "$input" | head -40 >&2
  else
    echo "----- begin input -----" >&2
    head -c 2000 "$input" >&2
    echo >&2
    echo "----- end input -----" >&2
  fi
  echo "reproduce: SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 $binary $input" >&2
done
exit 1
