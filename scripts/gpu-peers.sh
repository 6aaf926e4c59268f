#!/usr/bin/env bash
# One run on the GPU machine: builds the Qt-free targets, runs the engine and kernel tests on the GPU,
# times Spectrascope on a list of cases, then the peer libraries on the same cases (cuFFT through torch.fft,
# VkFFT 1.2.26 and 1.3.4 and clFFT through NVIDIA OpenCL), and prints one table: our time against the
# fastest peer per case, with every library's accuracy. Only figures from one run compare: the machine
# changes from one lease to the next.
#
# Needs the Debian packages of scripts/fetch-gpu-deps.sh in .deps/ (with libclfft2, libclfft-dev and
# libvkfft-dev for the peers) and the peer harness (fftpeers.cpp, cufft_peer.py, vkfft-1.3.4/) in $PEERS.
# Knobs: C2C and R2C (comma-separated sizes, fastest dimension first), RUN_TESTS=0, TEST_REGEX,
# BUILD_DIR (default build-gpu), OUT (default gpu-results), BENCH_ARGS (extra spectrascope-bench options),
# TEST_TIMEOUT (seconds for the whole test run, default 300), SWEEP (below), PEER_TIMEOUT and CUFFT_TIMEOUT
# (seconds for each peer harness), SKIP_CUFFT=1.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
OUT=${OUT:-$ROOT/gpu-results}
PEERS=${PEERS:-$ROOT/.peers}
BUILD_DIR=${BUILD_DIR:-$ROOT/build-gpu}
mkdir -p "$OUT"
# Powers of two in 1D (short, single-launch, large), 2D squares, photo and audio sizes, 3D, primes.
C2C=${C2C:-512,2048,8192,16384,131072,262144,2097152,4194304,512x512,2048x2048,8192x8192,3000x2000,1920x1080,64x64x64,128x128x128,44100,48000,1009,65537}
R2C=${R2C:-8192,2097152,512x512,2048x2048,3000x2000,1920x1080,128x128x128,44100}
TOTAL=33554432

mkdir -p /etc/OpenCL/vendors
[ -f /etc/OpenCL/vendors/nvidia.icd ] || echo libnvidia-opencl.so.1 >/etc/OpenCL/vendors/nvidia.icd
mkdir -p /opt/deps
for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done
R=/opt/deps
export LD_LIBRARY_PATH=$R/usr/lib/x86_64-linux-gnu:${LD_LIBRARY_PATH:-}
# The packages' .pc files say prefix=/usr: pkg-config must look inside /opt/deps (libsndfile's names
# /usr/include/opus, which that machine lacks).
export PKG_CONFIG_SYSROOT_DIR=$R
export PKG_CONFIG_LIBDIR=$R/usr/lib/x86_64-linux-gnu/pkgconfig:$R/usr/share/pkgconfig
export SPECTRASCOPE_CACHE_DIR=$BUILD_DIR/cache

# The peers compile while the engine builds (VkFFT's single header takes a while).
(
  cd "$OUT"
  g++ -O2 -std=c++17 -I$R/usr/include "$PEERS/fftpeers.cpp" -o "$BUILD_DIR-fftpeers" \
    -L$R/usr/lib/x86_64-linux-gnu -l:libclFFT.so.2 -l:libfftw3.so.3 -lOpenCL &&
    g++ -O2 -std=c++17 -I"$PEERS/vkfft-1.3.4" -I$R/usr/include -DVKLABEL='"vkfft134-opencl"' "$PEERS/fftpeers.cpp" \
      -o "$BUILD_DIR-fftpeers134" -L$R/usr/lib/x86_64-linux-gnu -l:libclFFT.so.2 -l:libfftw3.so.3 -lOpenCL
) >"$OUT/peers-build.log" 2>&1 &
peers_build=$!

cmake -S . -B "$BUILD_DIR" -G Ninja -DSPECTRASCOPE_GUI=OFF -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_PREFIX_PATH=$R/usr -DOpenCL_INCLUDE_DIR=$R/usr/include >"$OUT/build.log" 2>&1
ninja -C "$BUILD_DIR" >>"$OUT/build.log" 2>&1 || { tail -40 "$OUT/build.log"; exit 1; }
echo "built in ${SECONDS}s"

if [ "${RUN_TESTS:-1}" = 1 ]; then
  SPECTRASCOPE_FFTW_RIGOR=estimate timeout "${TEST_TIMEOUT:-300}" ctest --test-dir "$BUILD_DIR" -j8 --timeout 240 \
    ${TEST_REGEX:+-R "$TEST_REGEX"} >"$OUT/tests.log" 2>&1 &&
    echo "tests: $(grep 'tests passed' "$OUT/tests.log")" ||
    { echo "TESTS FAILED or timed out"; grep -E "tests passed|\((Failed|Timeout|SEGFAULT|Subprocess aborted)\)" "$OUT/tests.log" | head -20 || true; }
  echo "tests done at ${SECONDS}s"
fi

bench=$BUILD_DIR/app/spectrascope-bench
$bench --backend opencl --sizes "$C2C" --kind c2c ${BENCH_ARGS:-} --json >"$OUT/ours.jsonl"
$bench --backend opencl --sizes "$R2C" --kind r2c ${BENCH_ARGS:-} --json >>"$OUT/ours.jsonl"
# SWEEP: extra spectrascope-bench arguments timed once more after the main list (e.g. an older shape
# through --max-pass-length, to compare with the planner's choice in the same run).
[ -z "${SWEEP:-}" ] || $bench --backend opencl $SWEEP --no-check | tee "$OUT/sweep.txt"
echo "ours done at ${SECONDS}s"

cases=()
for s in ${C2C//,/ }; do cases+=("c2c:$s"); done
for s in ${R2C//,/ }; do cases+=("r2c:$s"); done
wait $peers_build || { echo "peers did not build"; tail -20 "$OUT/peers-build.log"; }
: >"$OUT/peers.jsonl"
if [ -x "$BUILD_DIR-fftpeers" ]; then
  timeout "${PEER_TIMEOUT:-200}" "$BUILD_DIR-fftpeers" NVIDIA $TOTAL vkfft,clfft "${cases[@]}" >>"$OUT/peers.jsonl" 2>"$OUT/fftpeers.err" || echo "fftpeers: $?"
  timeout "${PEER_TIMEOUT:-120}" "$BUILD_DIR-fftpeers134" NVIDIA $TOTAL vkfft "${cases[@]}" >>"$OUT/peers.jsonl" 2>"$OUT/fftpeers134.err" || echo "fftpeers134: $?"
fi
echo "vkfft/clfft done at ${SECONDS}s"
# SKIP_CUFFT=1: cuFFT in a later call on the same machine (a long list does not fit one call's limit).
[ "${SKIP_CUFFT:-0}" = 1 ] ||
  timeout "${CUFFT_TIMEOUT:-120}" python3 "$PEERS/cufft_peer.py" $TOTAL "${cases[@]}" >>"$OUT/peers.jsonl" 2>"$OUT/cufft.err" ||
  echo "cufft_peer: $?"
echo "all done at ${SECONDS}s"
python3 scripts/peer_table.py "$OUT/ours.jsonl" "$OUT/peers.jsonl" | tee "$OUT/table.md"
