#!/bin/sh
# The Audio tab captures the 1 kHz virtual microphone while every core runs a busy loop, for
# SPECTRASCOPE_LOAD_TEST_SECONDS (default 600): no loss, no other source, the tone within 0.1 Hz
# throughout. ctest label "long". Exits 77 (ctest: skipped) when no server can be started here.
#   virtual_microphone_load.sh /path/to/ui_audiotab_microphone_test
set -u
TEST=$1

. "$(dirname "$0")/../../support/virtual_microphone.sh"
start_virtual_microphone 1000 48000
keep_cores_busy

SPECTRASCOPE_TEST_PULSE_PID=$PA_PID SPECTRASCOPE_TEST_UNDER_LOAD=1 "$TEST" virtualMicrophoneStaysUnderLoad
