#!/bin/sh
# Long capture on a busy machine: every core runs a busy loop while `spectrascope-cli listen` captures
# the 1 kHz virtual microphone for SPECTRASCOPE_LOAD_TEST_SECONDS (default 600): no loss may be
# reported (no retry), one line per second of audio, and every second's frequency within 0.1 Hz of
# the tone (FFT 32768: 1.46 Hz bins, interpolated). ctest label "long" (ten minutes by default).
#   listen_under_load.sh /path/to/spectrascope-cli
set -u
CLI=$1
TONE_HZ=1000
RATE=48000
LOAD_SECONDS=${SPECTRASCOPE_LOAD_TEST_SECONDS:-600}

. "$(dirname "$0")/../../support/virtual_microphone.sh"
start_virtual_microphone "$TONE_HZ" "$RATE"
keep_cores_busy
"$CLI" listen --device virtual_mic --seconds "$LOAD_SECONDS" --fft 32768 --json \
  >"$WORK/listen.out" 2>"$WORK/listen.err"
STATUS=$?
tail -n 3 "$WORK/listen.out"
cat "$WORK/listen.err"
[ $STATUS -eq 0 ] || { echo "FAILED: listen exited with $STATUS"; exit 1; }
if grep -qi "trying again\|again (try\|no audio\|stopped" "$WORK/listen.err"; then
  echo "FAILED: a loss was reported under load"; exit 1
fi
awk -v tone=$TONE_HZ -v expected="$LOAD_SECONDS" '
{
  rest = substr($0, index($0, "\"frequency_hz\":") + 15); sub(/[,}].*/, "", rest); f = rest + 0
  ++lines
  if (f < min || lines == 1) min = f
  if (f > max || lines == 1) max = f
  if (f - tone > 0.1 || tone - f > 0.1) bad = bad sprintf("second %d: %s Hz\n", lines, f)
}
END {
  if (lines != expected) { printf "FAILED: %d lines, expected %d\n", lines, expected; exit 1 }
  if (bad != "") { printf "FAILED: not within 0.1 Hz of the tone:\n%s", bad; exit 1 }
  printf "OK: %d s under load, %.1f to %.1f Hz, no loss\n", lines, min, max
}' "$WORK/listen.out" || exit 1
