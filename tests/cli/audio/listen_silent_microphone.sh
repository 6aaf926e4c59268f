#!/bin/sh
# A silent microphone (module-null-source: frames of zeros in real time) is no fault: `spectrascope-cli
# listen` captures from it for SILENT_SECONDS (default 60) without reporting a loss or retrying, every
# second's level far below any sound, and says on standard error that the input is silent.
#   listen_silent_microphone.sh /path/to/spectrascope-cli
set -u
CLI=$1
RATE=48000
SILENT_SECONDS=${SPECTRASCOPE_SILENT_SECONDS:-60}

. "$(dirname "$0")/../../support/virtual_microphone.sh"
start_virtual_microphone 1000 "$RATE"
"$CLI" listen --device silent_mic --seconds "$SILENT_SECONDS" --json >"$WORK/listen.out" 2>"$WORK/listen.err"
STATUS=$?
tail -n 3 "$WORK/listen.out"
cat "$WORK/listen.err"
[ $STATUS -eq 0 ] || { echo "FAILED: listen exited with $STATUS"; exit 1; }
[ "$(wc -l <"$WORK/listen.out")" -eq "$SILENT_SECONDS" ] || { echo "FAILED: not $SILENT_SECONDS lines"; exit 1; }
if grep -qi "trying again\|again (try\|no audio" "$WORK/listen.err"; then
  echo "FAILED: silence was taken for a fault"; exit 1
fi
grep -q "the input is silent" "$WORK/listen.err" || { echo "FAILED: silence not reported"; exit 1; }
awk '{ rest = substr($0, index($0, "\"level_dbfs\":") + 13); sub(/[,}].*/, "", rest)
       if (rest + 0 > -100) { print "FAILED: level " rest " dBFS from a silent source"; exit 1 } }' \
  "$WORK/listen.out" || exit 1
echo "OK: $SILENT_SECONDS s of silence, no fault"
