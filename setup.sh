#!/usr/bin/env bash
# Spectrascope's set-up on a fresh Debian 12 machine: installs what is missing from Debian's packages,
# builds, and then either launches the app or runs the whole test suite.
#
#   ./setup.sh run    install build + runtime packages, build, launch `spectrascope`
#   ./setup.sh test   install build + test packages, build, run every test, then the engine and CLI
#                     suites under ASan + UBSan and the fuzzers for a minute each (what CI runs)
#   ./setup.sh build  install build packages and build only
#   ./setup.sh deb    install build packages, build and package build/spectrascope_*.deb (cpack)
#
# Run as root, or as a user with sudo (asked for apt-get only). BUILD_DIR overrides ./build.
set -euo pipefail
cd "$(dirname "$0")"

BUILD_DIR=${BUILD_DIR:-build}
BUILD_PACKAGES=(build-essential cmake ninja-build pkg-config ccache
  qt6-base-dev qt6-multimedia-dev qt6-qpa-plugins qt6-image-formats-plugins libgl-dev
  libfftw3-dev ocl-icd-opencl-dev opencl-c-headers opencl-clhpp-headers libsndfile1-dev)
RUN_PACKAGES=(fonts-dejavu-core)
TEST_PACKAGES=(googletest libgtest-dev libgmock-dev pocl-opencl-icd clinfo xvfb xauth pulseaudio pulseaudio-utils
  desktop-file-utils appstream groff-base clang-14 libclang-rt-14-dev)
DEB_PACKAGES=(dpkg-dev file)

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

install_missing() {
  local missing=()
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return
  echo "Installing: ${missing[*]}"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

# ccache keys on paths relative to the checkout, so a second build directory (and a later clone) reuses
# what the first compiled.
export CCACHE_BASEDIR="$PWD"

# build [ON|OFF]: with the test suite (needs the test packages) or without (run and build).
build() {
  cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSPECTRASCOPE_TESTS="${1:-OFF}" >/dev/null
  cmake --build "$BUILD_DIR" --parallel "$(nproc)"
}

# The engine, its tests and the benchmark alone, as the GPU machine builds them: proves they need no Qt,
# and runs every test that build has (the kernel tests here run on the empty caches first).
build_engine_only() {
  cmake -S . -B "$BUILD_DIR-engine" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSPECTRASCOPE_GUI=OFF \
    -DSPECTRASCOPE_TESTS=ON >/dev/null
  cmake --build "$BUILD_DIR-engine" --parallel "$(nproc)"
  "$BUILD_DIR-engine/app/spectrascope-bench" --backend fftw --sizes 64 --elements 64 --reps 1 --calls 1 >/dev/null
  ctest --test-dir "$BUILD_DIR-engine" --parallel "$(nproc)" --output-on-failure --timeout 600
  echo "Engine-only build (no Qt) and its tests: OK"
}

# The tests start from empty kernel caches, as on a fresh machine: PoCL's, and Spectrascope's (the tests'
# own under the build directories, and the default one), so that none passes only thanks to a cache an
# earlier run left. Both test runs below share them: the engine-only build's runs the kernel tests cold.
use_empty_caches() {
  local root
  root=$(mktemp -d)
  trap 'rm -rf "'"$root"'"' EXIT
  rm -rf "$BUILD_DIR/test-cache" "$BUILD_DIR-engine/test-cache"
  export POCL_CACHE_DIR="$root/pocl" SPECTRASCOPE_CACHE_DIR="$root/spectrascope"
}

run_tests() {
  # The engine and kernel layers (tests/engine, tests/cl) ran in the engine-only build above, on the same
  # code; here the layers that need Qt: ui (offscreen Qt, PulseAudio), cli, desktop (install, command line).
  ctest --test-dir "$BUILD_DIR" -R '^(ui|cli|desktop)\.' -LE '^long$' --parallel "$(nproc)" \
    --output-on-failure --timeout 600
  # Then the long ones alone: ten minutes of microphone capture with both cores kept busy (GUI and CLI).
  ctest --test-dir "$BUILD_DIR" -L '^long$' --parallel "$(nproc)" --output-on-failure --timeout 900
}

launch() {
  if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
    # Qt's offscreen platform comes with Qt itself: a picture needs no X server.
    echo "Built. No display here: run $BUILD_DIR/app/gui/spectrascope on a desktop, or" \
      "QT_QPA_PLATFORM=offscreen $BUILD_DIR/app/gui/spectrascope --screenshot shot.png [FILE] for a picture."
    return
  fi
  exec "$BUILD_DIR/app/gui/spectrascope" "$@"
}

command=${1:-run}
shift || true
case "$command" in
  run) install_missing "${BUILD_PACKAGES[@]}" "${RUN_PACKAGES[@]}"; build; launch "$@" ;;
  test)
    install_missing "${BUILD_PACKAGES[@]}" "${TEST_PACKAGES[@]}"
    build ON
    use_empty_caches
    build_engine_only
    run_tests
    # AddressSanitizer + UndefinedBehaviorSanitizer over the engine and CLI suites, then each fuzzer
    # (image loading, sound files) for a minute from its seeds: each in a build directory of its own.
    scripts/ci-sanitizers.sh
    scripts/ci-fuzz.sh
    ;;
  build) install_missing "${BUILD_PACKAGES[@]}"; build ;;
  deb)
    install_missing "${BUILD_PACKAGES[@]}" "${DEB_PACKAGES[@]}"
    build
    (cd "$BUILD_DIR" && cpack -G DEB)
    ;;
  *) echo "usage: ./setup.sh run|test|build|deb" >&2; exit 2 ;;
esac
