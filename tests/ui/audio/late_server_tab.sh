#!/bin/sh
# The Audio tab chooses the microphone while no audio server runs; a server with the 1 kHz virtual
# microphone starts 4 s later: the tab must find it by itself (no restart of the application).
# Exits 77 (ctest: skipped) when no server can be started here.
#   late_server_tab.sh /path/to/ui_audiotab_microphone_test
set -u
TEST=$1

. "$(dirname "$0")/../../support/virtual_microphone.sh"
prepare_virtual_microphone 1000 48000
SPECTRASCOPE_TEST_LATE_SERVER=1 "$TEST" serverStartedLaterIsFound &
TAB=$!
echo "$TAB" >"$WORK/tab.pid" # ended on exit if the server cannot start
sleep 4
launch_pulse
echo "server started 4 s after the tab"
wait "$TAB"
