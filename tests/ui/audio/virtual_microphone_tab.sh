#!/bin/sh
# The Audio tab against a real audio server: starts a private PulseAudio server whose virtual microphone
# (module-sine-source) plays a 1 kHz tone, then runs the QtTest cases that capture from it: one pauses
# capture (the server must see the stream close) and resumes it; the other checks the tone's peak, kills
# the server (its PID is handed over in SPECTRASCOPE_TEST_PULSE_PID) and checks the message and that the
# tab keeps running; the server then comes back (restart_when_killed) and the tab must either resume
# capture by itself or, after its tries, say to restart the app (Qt 6.4.2 does not always reconnect).
# Exits 77 (ctest: skipped) when no server can be started here.
#   virtual_microphone_tab.sh /path/to/ui_audiotab_test
set -u
TEST=$1
TONE_HZ=1000
RATE=48000

. "$(dirname "$0")/../../support/virtual_microphone.sh"
start_virtual_microphone "$TONE_HZ" "$RATE"
restart_when_killed

SPECTRASCOPE_TEST_PULSE_PID=$PA_PID SPECTRASCOPE_TEST_PULSE_RESTARTS=1 "$TEST" virtualMicrophonePausesAndResumes \
  virtualMicrophoneShowsToneAndSurvivesServerDeath
