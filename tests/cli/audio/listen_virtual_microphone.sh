#!/bin/sh
# End-to-end capture check: starts a private PulseAudio server whose default source is a virtual
# microphone playing a 1 kHz tone at -6 dBFS, runs `spectrascope-cli listen --json` against it and
# asserts the reported frequency lies within one bin of the tone and the level near -6 dBFS. Exits 77
# (ctest: skipped) with a message when no audio server can be started here. Needs only sh and awk.
#   listen_virtual_microphone.sh /path/to/spectrascope-cli
set -u
CLI=$1
TONE_HZ=1000
RATE=48000
FFT=8192
SECONDS_TO_LISTEN=3

. "$(dirname "$0")/../../support/virtual_microphone.sh"
start_virtual_microphone "$TONE_HZ" "$RATE"

OUTPUT=$("$CLI" listen --device virtual_mic --seconds $SECONDS_TO_LISTEN --fft $FFT --json 2>"$WORK/listen.err")
STATUS=$?
echo "$OUTPUT"
cat "$WORK/listen.err"
[ $STATUS -eq 0 ] || { echo "FAILED: listen exited with $STATUS"; exit 1; }

# Each line is {"t": 1, "frequency_hz": 1000.0, "level_dbfs": -6.0}: the value after a key is the text
# up to the next comma or brace. The first second may start mid-stream and is not judged.
echo "$OUTPUT" | awk -v tone=$TONE_HZ -v rate=$RATE -v fft=$FFT -v expected=$SECONDS_TO_LISTEN '
function field(line, key,    rest) {
  if (index(line, "\"" key "\":") == 0) { bad = bad sprintf("no %s in: %s\n", key, line); return "" }
  rest = substr(line, index(line, "\"" key "\":") + length(key) + 3)
  sub(/[,}].*/, "", rest)
  gsub(/ /, "", rest)
  return rest
}
/^[ \t]*$/ { next }
{
  ++lines
  if ($0 !~ /^\{.*\}$/) { bad = bad "not a JSON object: " $0 "\n"; next }
  t = field($0, "t"); f = field($0, "frequency_hz"); level = field($0, "level_dbfs")
  if (t != lines) bad = bad sprintf("line %d has t = %s\n", lines, t)
  if (lines == 1) next
  seen = seen " " f
  binHz = rate / fft
  if (f - tone > binHz || tone - f > binHz)
    bad = bad sprintf("%s Hz is not within one bin (%.2f Hz) of %d Hz\n", f, binHz, tone)
  if (!(level + 0 > -12 && level + 0 < 0)) bad = bad sprintf("level %s dBFS, expected about -6\n", level)
}
END {
  if (lines != expected) bad = bad sprintf("expected %d lines, got %d\n", expected, lines)
  if (bad != "") { printf "FAILED:\n%s", bad; exit 1 }
  printf "OK:%s Hz within one bin of %d Hz\n", seen, tone
}' || exit 1
