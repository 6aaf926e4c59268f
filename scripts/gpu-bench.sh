#!/usr/bin/env bash
# Builds the Qt-free targets on the GPU machine, runs the engine and kernel tests on its OpenCL GPU, then
# the anchor suite of spectrascope-bench next to cuFFT (torch.fft) in the same run, and prints the
# side-by-side table. See docs/gpu-machine.md. Needs the Debian packages of FFTW, the OpenCL headers and
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

cmake -S . -B build-gpu -G Ninja -DSPECTRASCOPE_GUI=OFF -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_PREFIX_PATH=/opt/deps/usr -DOpenCL_INCLUDE_DIR=/opt/deps/usr/include >"$OUT/build.log" 2>&1
ninja -C build-gpu >>"$OUT/build.log" 2>&1 || { tail -40 "$OUT/build.log"; exit 1; }
/opt/deps/usr/bin/clinfo -l | tee "$OUT/clinfo.txt" || true

if [ "${RUN_TESTS:-1}" = 1 ]; then
  SPECTRASCOPE_FFTW_RIGOR=estimate ctest --test-dir build-gpu -j8 --timeout 300 >"$OUT/tests.log" 2>&1 &&
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
if python3 -c 'import torch' 2>/dev/null; then
  python3 scripts/cufft_reference.py $SUITE_ARGS >"$OUT/cufft.jsonl"
  python3 scripts/compare_bench.py "$OUT/spectrascope.jsonl" "$OUT/cufft.jsonl" | tee "$OUT/comparison.md"
else
  echo "PyTorch is not available: no cuFFT reference in this run"
fi
