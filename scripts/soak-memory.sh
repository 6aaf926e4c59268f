#!/usr/bin/env bash
# Resident memory of the GUI's tabs under long use: not a CI test (it runs for minutes or hours and
# asserts nothing); run it after changes to the Image or Audio tab's update paths and compare figures.
#
#   scripts/soak-memory.sh image [MINUTES=30] [SAMPLE_SECONDS=30]   # Image tab, cutoff slider dragged
#   scripts/soak-memory.sh audio [MINUTES=60] [SAMPLE_SECONDS=60]   # Audio tab on its tone generator
#
# Prints "seconds,rss_mib" samples (also kept in $BUILD_DIR/soak-<mode>.csv), then the growth from the
# first sample after warm-up (the 2nd) to the last, in MiB and percent. SPECTRASCOPE_BACKEND picks the
# backend (fftw by default). Runs offscreen, so no display is needed.
set -euo pipefail
cd "$(dirname "$0")/.."
MODE=${1:-image}
BUILD_DIR=${BUILD_DIR:-build}
case $MODE in
image) MINUTES=${2:-30}; SAMPLE=${3:-30}; ARGS=(image tests/data/hubble_deep_field.jpg "$MINUTES" "$SAMPLE") ;;
audio) MINUTES=${2:-60}; SAMPLE=${3:-60}; ARGS=(audio "$MINUTES" "$SAMPLE") ;;
*) echo "usage: $0 image|audio [MINUTES] [SAMPLE_SECONDS]" >&2; exit 2 ;;
esac
cmake --build "$BUILD_DIR" --target spectrascope-soak >/dev/null
out="$BUILD_DIR/soak-$MODE.csv"
QT_QPA_PLATFORM=offscreen SPECTRASCOPE_BACKEND=${SPECTRASCOPE_BACKEND:-fftw} \
  "$BUILD_DIR/tests/soak/spectrascope-soak" "${ARGS[@]}" | tee "$out"
awk -F, 'NR == 2 { first = $2; t0 = $1 } { last = $2; t = $1 }
  END { if (NR >= 3) printf "growth from %s s to %s s: %.1f -> %.1f MiB, %+.1f MiB (%+.1f%%), %.2f MiB/min\n",
        t0, t, first, last, last - first, 100 * (last - first) / first, (last - first) / ((t - t0) / 60) }' "$out"
