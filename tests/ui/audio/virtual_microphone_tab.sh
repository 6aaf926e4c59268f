#!/bin/sh
# The Audio tab's microphone against a real audio server: starts a private PulseAudio server whose
# virtual microphone (module-sine-source) plays a 1 kHz tone and whose silent_mic gives frames of zeros,
# then runs the QtTest cases that capture from them: pausing closes the stream and resuming brings the
# tone back; the server is killed (its PID is handed over in SPECTRASCOPE_TEST_PULSE_PID) and comes back
# a second later (restart_when_killed): the banner must say so and capture resume within 10 s; the silent
# microphone stays selected for SPECTRASCOPE_TEST_SILENT_SECONDS (default 60) with no fault.
# Exits 77 (ctest: skipped) when no server can be started here.
#   virtual_microphone_tab.sh /path/to/ui_audiotab_microphone_test
set -u
TEST=$1
TONE_HZ=1000
RATE=48000

. "$(dirname "$0")/../../support/virtual_microphone.sh"
start_virtual_microphone "$TONE_HZ" "$RATE"
restart_when_killed

SPECTRASCOPE_TEST_PULSE_PID=$PA_PID "$TEST" virtualMicrophonePausesAndResumes heldPeaksStayOnOrAboveTheLiveSpectrum \
  virtualMicrophoneResumesAfterServerRestart silentMicrophoneStaysSelected
