#!/usr/bin/env bash
# Builds the libFuzzer harnesses with Clang (ASan + UBSan) in build-fuzz/ (or $FUZZ_BUILD_DIR) and runs
# each for FUZZ_SECONDS (default 60) from the seeds in tests/fuzz/corpus, one after the other. A crash,
# a sanitizer report, a leak, a timeout or an input that makes the process grow past 2 GiB fails the run;
# the input that did it is left in $FUZZ_BUILD_DIR/findings/ (turn it into a regression test).
#
#   scripts/ci-fuzz.sh                       # every harness, 60 s each
#   FUZZ_SECONDS=600 scripts/ci-fuzz.sh fuzz_sound_file
set -euo pipefail
cd "$(dirname "$0")/.."

BUILD_DIR=${FUZZ_BUILD_DIR:-build-fuzz}
SECONDS_EACH=${FUZZ_SECONDS:-60}
JOBS=${JOBS:-$(nproc)}
HARNESSES=("$@")
[ ${#HARNESSES[@]} -gt 0 ] || HARNESSES=(fuzz_image_loading fuzz_sound_file)

cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++-14 \
  -DSPECTRASCOPE_TESTS=ON -DSPECTRASCOPE_FUZZ=ON -DSPECTRASCOPE_SANITIZE=address,undefined >/dev/null
cmake --build "$BUILD_DIR" -j "$JOBS" --target "${HARNESSES[@]}"

# intercept_tls_get_addr=0: see scripts/ci-sanitizers.sh (a crash of the leak check itself, not a finding).
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:intercept_tls_get_addr=0"
export LSAN_OPTIONS="suppressions=$PWD/cmake/lsan.supp:print_suppressions=0"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
mkdir -p "$BUILD_DIR/findings"
status=0
for harness in "${HARNESSES[@]}"; do
  seeds=tests/fuzz/corpus/${harness#fuzz_}
  seeds=${seeds/image_loading/image}
  seeds=${seeds/sound_file/sound}
  work="$BUILD_DIR/corpus/$harness"
  mkdir -p "$work"
  echo "== $harness: ${SECONDS_EACH} s from $seeds"
  # New inputs go to the work corpus, never into the repository's seeds.
  if ! "$BUILD_DIR/tests/fuzz/$harness" "$work" "$seeds" -max_total_time="$SECONDS_EACH" -timeout=20 \
    -rss_limit_mb=2048 -malloc_limit_mb=1024 -max_len=65536 -print_final_stats=1 \
    -artifact_prefix="$BUILD_DIR/findings/$harness-" 2>"$BUILD_DIR/$harness.log"; then
    status=1
    tail -n 60 "$BUILD_DIR/$harness.log"
  else
    grep -E '^(stat::number_of_executed_units|stat::peak_rss_mb|#[0-9]+ *DONE)' "$BUILD_DIR/$harness.log" || true
  fi
done
exit $status
