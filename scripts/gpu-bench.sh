#!/usr/bin/env bash
# Builds the Qt-free targets on the GPU machine, runs the engine and kernel tests on its OpenCL GPU, then
# the anchor suite of spectrascope-bench next to cuFFT (torch.fft) in the same run, and prints the
# side-by-side table (docs/benchmarks.md says how to read it). Needs the Debian packages of FFTW, the OpenCL headers and
# GoogleTest in .deps/ (scripts/fetch-gpu-deps.sh) because that machine has no package registry.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-$PWD/gpu-results}
mkdir -p "$OUT"
SUITE_ARGS=${SUITE_ARGS:---suite anchors}

# NVIDIA's OpenCL driver is installed there but no ICD file names it.
mkdir -p /etc/OpenCL/vendors
[ -f /etc/OpenCL/vendors/nvidia.icd ] || echo libnvidia-opencl.so.1 >/etc/OpenCL/vendors/nvidia.icd

mkdir -p /opt/deps
for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done
export PKG_CONFIG_SYSROOT_DIR=/opt/deps
export PKG_CONFIG_LIBDIR=/opt/deps/usr/lib/x86_64-linux-gnu/pkgconfig:/opt/deps/usr/share/pkgconfig
export LD_LIBRARY_PATH=/opt/deps/usr/lib/x86_64-linux-gnu:${LD_LIBRARY_PATH:-}
export SPECTRASCOPE_CACHE_DIR=$PWD/build-gpu/cache
# CL_LOG=1: NVIDIA's compiler reports registers, spills and local memory of every kernel it builds;
# the logs are packed into $OUT/buildlogs.tar.gz and summarised in $OUT/registers.txt.
if [ "${CL_LOG:-0}" = 1 ]; then
  export SPECTRASCOPE_CL_OPTIONS="${SPECTRASCOPE_CL_OPTIONS:-} -cl-nv-verbose"
  export SPECTRASCOPE_CL_BUILD_LOG=$PWD/build-gpu/buildlogs
  mkdir -p "$SPECTRASCOPE_CL_BUILD_LOG"
fi

cmake -S . -B build-gpu -G Ninja -DSPECTRASCOPE_GUI=OFF -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_PREFIX_PATH=/opt/deps/usr -DOpenCL_INCLUDE_DIR=/opt/deps/usr/include >"$OUT/build.log" 2>&1
ninja -C build-gpu >>"$OUT/build.log" 2>&1 || { tail -40 "$OUT/build.log"; exit 1; }
/opt/deps/usr/bin/clinfo -l | tee "$OUT/clinfo.txt" || true

if [ "${RUN_TESTS:-1}" = 1 ]; then
  SPECTRASCOPE_FFTW_RIGOR=estimate ctest --test-dir build-gpu -j8 --timeout 300 ${TEST_REGEX:+-R "$TEST_REGEX"} \
    >"$OUT/tests.log" 2>&1 &&
    echo "tests: $(grep 'tests passed' "$OUT/tests.log")" || { echo "TESTS FAILED"; grep -E "\((Failed|Timeout|SEGFAULT)\)" "$OUT/tests.log" | head -20 || true; }
fi

[ "${RUN_BENCH:-1}" = 1 ] || exit 0
# TUNE=1: the per-device search first (its table: default vs tuned time per case); the measured run
# below then plans from the tuning cache it filled.
if [ "${TUNE:-0}" = 1 ]; then
  ./build-gpu/app/spectrascope-bench --backend opencl $SUITE_ARGS --tune --no-check --reps 1 --calls 1 |
    sed '/^# backend/,$d' | tee "$OUT/tuning.txt"
fi
./build-gpu/app/spectrascope-bench --backend opencl $SUITE_ARGS ${BENCH_ARGS:-} --json | tee "$OUT/spectrascope.jsonl"
# SWEEPS: a file of extra spectrascope-bench argument lines (tuning knobs, sizes), each run once; a line
# may start with VAR=value words for its environment (e.g. SPECTRASCOPE_CL_OPTIONS=-cl-nv-maxrregcount=64).
if [ -n "${SWEEPS:-}" ]; then
  while IFS= read -r line; do
    [ -z "$line" ] || [ "${line#\#}" != "$line" ] && continue
    echo "## $line"
    vars=() args=()
    for word in $line; do
      if [ ${#args[@]} -eq 0 ] && [[ $word =~ ^[A-Z_]+= ]]; then vars+=("$word"); else args+=("$word"); fi
    done
    env "${vars[@]}" ./build-gpu/app/spectrascope-bench --backend opencl "${args[@]}" | grep -v '^#' || true
  done <"$SWEEPS" | tee "$OUT/sweeps.txt"
fi
if [ "${CL_LOG:-0}" = 1 ]; then
  tar -czf "$OUT/buildlogs.tar.gz" -C build-gpu buildlogs
  for log in build-gpu/buildlogs/*.log; do
    head -1 "$log"
    grep -E "registers|spill|stack frame" "$log" | sed 's/^/    /'
  done >"$OUT/registers.txt" 2>/dev/null || true
fi
if python3 -c 'import torch' 2>/dev/null; then
  python3 scripts/cufft_reference.py $SUITE_ARGS >"$OUT/cufft.jsonl"
  python3 scripts/compare_bench.py "$OUT/spectrascope.jsonl" "$OUT/cufft.jsonl" | tee "$OUT/comparison.md"
else
  echo "PyTorch is not available: no cuFFT reference in this run"
fi
