#!/bin/sh
# File playback against a real audio server: starts a private PulseAudio server (its sink `silence`
# takes what is played), hands its PID to the test in SPECTRASCOPE_TEST_PULSE_PID, and brings it back
# 6 s after the test kills it: longer than Qt 6.4's PulseAudio backend waits for a server to return
# (3 s), so only a fresh connection can play again, and long enough for the test to press Play while
# there is no server. Exits 77 (ctest: skipped) when no server can be
# started here.
#   playback_server_loss.sh /path/to/ui_playback_server_loss_test
set -u
TEST=$1

. "$(dirname "$0")/../../support/virtual_microphone.sh"
start_virtual_microphone 1000 48000
restart_when_killed 6

SPECTRASCOPE_TEST_PULSE_PID=$PA_PID "$TEST"
