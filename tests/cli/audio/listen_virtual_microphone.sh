#!/bin/sh
# End-to-end capture check: starts a private PulseAudio server whose default source is a virtual
# microphone (module-pipe-source) fed with a 1 kHz tone, runs `spectrascope-cli listen --json` against it
# and asserts the reported frequency lies within one bin of the tone. Exits 77 (ctest: skipped) with a
# message when no audio server can be started here.
#   listen_virtual_microphone.sh /path/to/spectrascope-cli
set -u
CLI=$1
TONE_HZ=1000
RATE=48000
FFT=8192

. "$(dirname "$0")/../../support/virtual_microphone.sh"
start_virtual_microphone "$TONE_HZ" "$RATE"

OUTPUT=$("$CLI" listen --device virtual_mic --seconds 3 --fft $FFT --json 2>"$WORK/listen.err")
STATUS=$?
echo "$OUTPUT"
cat "$WORK/listen.err"
[ $STATUS -eq 0 ] || { echo "FAILED: listen exited with $STATUS"; exit 1; }
echo "$OUTPUT" | python3 -c '
import json, sys
tone, rate, fft = float(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3])
lines = [json.loads(l) for l in sys.stdin if l.strip()]
assert len(lines) == 3, "expected 3 lines, got %d" % len(lines)
bin_hz = rate / fft
for l in lines[1:]:  # the first second may start mid-stream
    assert abs(l["frequency_hz"] - tone) <= bin_hz, "%.1f Hz is not within one bin (%.2f Hz) of %.0f Hz" % (l["frequency_hz"], bin_hz, tone)
    assert -12 < l["level_dbfs"] < 0, "level %.1f dBFS, expected about -6" % l["level_dbfs"]
print("OK: %s within one bin of %.0f Hz" % ([l["frequency_hz"] for l in lines], tone))
' "$TONE_HZ" "$RATE" "$FFT" || exit 1
