#!/bin/sh
# `spectrascope-cli listen` starts while no audio server runs; the server (and its virtual microphone
# playing 1 kHz) starts 3 s later: listen must find it by itself and print the tone.
#   listen_late_server.sh /path/to/spectrascope-cli
set -u
CLI=$1
TONE_HZ=1000
RATE=48000

. "$(dirname "$0")/../../support/virtual_microphone.sh"
prepare_virtual_microphone "$TONE_HZ" "$RATE"
"$CLI" listen --seconds 3 --json >"$WORK/listen.out" 2>"$WORK/listen.err" &
LISTEN=$!
echo "$LISTEN" >"$WORK/listen.pid" # ended on exit if the server cannot start
sleep 3
launch_pulse
echo "server started 3 s after listen"
wait "$LISTEN"
STATUS=$?
cat "$WORK/listen.out" "$WORK/listen.err"
[ $STATUS -eq 0 ] || { echo "FAILED: listen exited with $STATUS"; exit 1; }
awk -v tone=$TONE_HZ -v binHz=$(echo "$RATE" | awk '{print $1 / 8192}') '
{
  rest = substr($0, index($0, "\"frequency_hz\":") + 15); sub(/[,}].*/, "", rest); f = rest + 0
  ++lines
  if (f - tone > binHz || tone - f > binHz) bad = bad sprintf("%s Hz is not the tone\n", f)
}
END {
  if (lines != 3) { printf "FAILED: %d lines, expected 3\n", lines; exit 1 }
  if (bad != "") { printf "FAILED:\n%s", bad; exit 1 }
  print "OK: the server that started later was found"
}' "$WORK/listen.out" || exit 1
