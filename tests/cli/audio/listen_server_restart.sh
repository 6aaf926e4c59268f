#!/bin/sh
# The audio server dies under `spectrascope-cli listen` and comes back a second later (same socket):
# listen must say so on standard error, try again by itself, and print the 1 kHz tone again, its first
# capture resumed within 10 s of the kill. listen's JSON lines carry wall_s and its standard error the
# time of each start, both in seconds since listen started.
#   listen_server_restart.sh /path/to/spectrascope-cli
set -u
CLI=$1
TONE_HZ=1000
RATE=48000

. "$(dirname "$0")/../../support/virtual_microphone.sh"
start_virtual_microphone "$TONE_HZ" "$RATE"
restart_when_killed

START=$(date +%s.%N)
"$CLI" listen --device virtual_mic --seconds 16 --json >"$WORK/listen.out" 2>"$WORK/listen.err" &
LISTEN=$!
# Three seconds of tone, then the kill.
for i in $(seq 1 300); do
  [ "$(wc -l <"$WORK/listen.out")" -ge 3 ] && break
  sleep 0.1
done
[ "$(wc -l <"$WORK/listen.out")" -ge 3 ] || { cat "$WORK/listen.err"; echo "FAILED: no tone before the kill"; exit 1; }
KILLED_AT=$(echo "$(date +%s.%N) $START" | awk '{printf "%.2f", $1 - $2}')
kill -9 "$PA_PID"
echo "server killed at $KILLED_AT s"
wait "$LISTEN"
STATUS=$?
cat "$WORK/listen.out" "$WORK/listen.err"
[ $STATUS -eq 0 ] || { echo "FAILED: listen exited with $STATUS"; exit 1; }

# Standard error says "12.3 s: capturing from ..." at each start: the second one is the resumed capture.
RESUMED_AT=$(grep "capturing from" "$WORK/listen.err" | sed -n 2p | sed 's/ s:.*//')
[ -n "$RESUMED_AT" ] || { echo "FAILED: capture did not resume"; exit 1; }
grep -qi "trying again\|again (try" "$WORK/listen.err" || { echo "FAILED: the loss was not reported"; exit 1; }
awk -v killed="$KILLED_AT" -v resumed="$RESUMED_AT" -v tone=$TONE_HZ -v binHz=$(echo "$RATE" | awk '{print $1 / 8192}') '
function field(line, key,    rest) {
  rest = substr(line, index(line, "\"" key "\":") + length(key) + 3)
  sub(/[,}].*/, "", rest)
  return rest + 0
}
{
  w = field($0, "wall_s"); f = field($0, "frequency_hz")
  if (w <= resumed) next
  ++after
  if (f - tone > binHz || tone - f > binHz) bad = bad sprintf("%s Hz at %s s is not the tone\n", f, w)
}
END {
  if (resumed - killed > 10) { printf "FAILED: capture resumed %.1f s after the kill (at most 10)\n", resumed - killed; exit 1 }
  if (after == 0) { print "FAILED: no tone after the restart"; exit 1 }
  if (bad != "") { printf "FAILED:\n%s", bad; exit 1 }
  printf "OK: capture resumed %.1f s after the kill; %d s of tone after it\n", resumed - killed, after
}' "$WORK/listen.out" || exit 1
