#!/bin/sh
# File playback while no audio server runs, then one starts: the test plays a file first, and creates the
# file named in SPECTRASCOPE_TEST_SERVER_REQUEST when it wants the server; a private PulseAudio server
# (tests/support/virtual_microphone.sh, sink `silence`) then starts. On request rather than after a fixed
# delay, so that a slow machine cannot start the server before the test has pressed Play.
# Exits 77 (ctest: skipped) when no server can be started here.
#   playback_late_server.sh /path/to/ui_playback_late_server_test
set -u
TEST=$1

. "$(dirname "$0")/../../support/virtual_microphone.sh"
prepare_virtual_microphone 1000 48000
REQUEST="$WORK/start-server"
(
  while [ ! -e "$REQUEST" ]; do sleep 0.1; done
  launch_pulse >/dev/null && echo "server started on the test's request" >&2
  wait
) &
RESTARTER_PID=$! # the cleanup on exit ends it, as it ends a restarter

SPECTRASCOPE_TEST_SERVER_REQUEST=$REQUEST "$TEST"
