#!/bin/sh
# The audio server stops answering (SIGSTOP) for 8 s under `spectrascope-cli listen`, without any error
# reaching the stream: the missing frames alone must be taken as a fault ("No audio data", frames
# against elapsed time), reported on standard error and tried again, and once the server runs again
# (SIGCONT) capture must resume by itself with the 1 kHz tone.
#   listen_server_stalled.sh /path/to/spectrascope-cli
set -u
CLI=$1
TONE_HZ=1000
RATE=48000

. "$(dirname "$0")/../../support/virtual_microphone.sh"
start_virtual_microphone "$TONE_HZ" "$RATE"

"$CLI" listen --device virtual_mic --seconds 10 --json >"$WORK/listen.out" 2>"$WORK/listen.err" &
LISTEN=$!
echo "$LISTEN" >"$WORK/listen.pid"
for i in $(seq 1 300); do
  [ "$(wc -l <"$WORK/listen.out")" -ge 2 ] && break
  sleep 0.1
done
kill -STOP "$PA_PID"
echo "server stopped"
sleep 8
kill -CONT "$PA_PID"
echo "server running again"
wait "$LISTEN"
STATUS=$?
cat "$WORK/listen.out" "$WORK/listen.err"
[ $STATUS -eq 0 ] || { echo "FAILED: listen exited with $STATUS"; exit 1; }
grep -q "No audio data" "$WORK/listen.err" || { echo "FAILED: the stalled stream was not taken as a fault"; exit 1; }
[ "$(grep -c "capturing from" "$WORK/listen.err")" -ge 2 ] || { echo "FAILED: capture did not resume"; exit 1; }
LAST=$(tail -n 1 "$WORK/listen.out" | sed 's/.*"frequency_hz": \([0-9.]*\).*/\1/')
awk -v f="$LAST" -v tone=$TONE_HZ 'BEGIN { if (f - tone > 6 || tone - f > 6) { print "FAILED: " f " Hz at the end"; exit 1 } }' || exit 1
echo "OK: the stall was a fault, and capture resumed with the tone"
