# Sourced by the capture tests (sh): a private PulseAudio server whose default source is a virtual
# microphone playing a tone, so the real capture path runs without sound hardware. The tone comes from
# the server itself (module-sine-source: a sine of amplitude 0.5, i.e. -6 dBFS, produced in real time),
# so nothing beyond the pulseaudio package is needed. After `start_virtual_microphone TONE_HZ RATE`:
# PA_PID is the server, WORK its folder; everything is cleaned up on exit. `skip` exits 77 (ctest:
# skipped) with a reason. The server also has a silent microphone, silent_mic (module-null-source:
# frames of zeros in real time, as a quiet room gives), and played_mic, a microphone that hears what is
# played into the server's sink `silence` (`pacat --playback --device=silence`): a sound that starts and
# stops while capture runs.
# `restart_when_killed [SECONDS]` brings the server and its tone back (same socket) SECONDS (default 1)
# after the server dies, once, in the background: the tests check what the application does then.
# `prepare_virtual_microphone TONE_HZ RATE` sets everything up but starts no server: `launch_pulse`
# starts it later (a server that appears after the application).
# `keep_cores_busy` keeps every core busy (`yes` at normal priority, one per core) until exit.

skip() { echo "SKIPPED: $*"; exit 77; }

start_virtual_microphone() {
prepare_virtual_microphone "$@"
launch_pulse
}

prepare_virtual_microphone() {
TONE_HZ=$1
RATE=$2
command -v pulseaudio >/dev/null 2>&1 || skip "pulseaudio is not installed (./setup.sh test installs it)"
command -v pactl >/dev/null 2>&1 || skip "pactl (pulseaudio-utils) is not installed"
case $TONE_HZ in
  '' | *[!0-9]*) echo "start_virtual_microphone: the tone must be a whole number of Hz, got '$TONE_HZ'" >&2
                 exit 1 ;;
esac

WORK=$(mktemp -d)
export XDG_RUNTIME_DIR="$WORK/runtime" PULSE_RUNTIME_PATH="$WORK/runtime/pulse" HOME="$WORK"
export PULSE_SERVER="unix:$WORK/runtime/pulse/native"
mkdir -p "$PULSE_RUNTIME_PATH" && chmod 700 "$XDG_RUNTIME_DIR"
PA_PID= RESTARTER_PID=
cleanup() {
  [ -n "$RESTARTER_PID" ] && kill "$RESTARTER_PID" 2>/dev/null
  for f in "$WORK"/*.pid; do [ -f "$f" ] && kill "$(cat "$f")" 2>/dev/null; done
  [ -n "$PA_PID" ] && wait "$PA_PID" 2>/dev/null
  rm -rf "$WORK"
}
trap cleanup EXIT INT TERM
}

# The server, with the virtual microphone as its default source; PA_PID (also in $WORK/pulse.pid).
launch_pulse() {

# -n: no default configuration; only what the tests need. srbchannel=no: libpulse 16.1 can abort in
# srb_callback ('p->srb == srb') when a stream is torn down while the shared ring buffer is being
# replaced; plain socket transport carries the same audio without that race. The source is not a
# monitor (Qt hides those), so it is listed as an input device like a real microphone.
pulseaudio -n --daemonize=no --exit-idle-time=-1 --disallow-exit --use-pid-file=no \
  --load="module-native-protocol-unix auth-anonymous=1 srbchannel=no socket=$WORK/runtime/pulse/native" \
  --load="module-sine-source source_name=virtual_mic rate=$RATE frequency=$TONE_HZ" \
  --load="module-null-source source_name=silent_mic rate=$RATE" \
  --load="module-null-sink sink_name=silence" \
  --load="module-remap-source master=silence.monitor source_name=played_mic" >"$WORK/pulse.log" 2>&1 &
PA_PID=$!
echo "$PA_PID" >"$WORK/pulse.pid"
for i in $(seq 1 50); do
  pactl info >/dev/null 2>&1 && break
  kill -0 "$PA_PID" 2>/dev/null || skip "pulseaudio did not start: $(tail -n 3 "$WORK/pulse.log" | tr '\n' ' ')"
  sleep 0.1
done
pactl info >/dev/null 2>&1 || skip "pulseaudio did not answer within 5 s"
pactl list short sources 2>/dev/null | grep -q virtual_mic ||
  skip "this pulseaudio has no module-sine-source: $(tail -n 3 "$WORK/pulse.log" | tr '\n' ' ')"
pactl set-default-source virtual_mic || skip "the virtual microphone could not be made the default source"
}

restart_when_killed() {
  (
    while kill -0 "$PA_PID" 2>/dev/null; do sleep 0.2; done
    sleep "${1:-1}"
    launch_pulse >/dev/null && echo "virtual microphone: server restarted" >&2
    wait
  ) &
  RESTARTER_PID=$!
}

keep_cores_busy() {
  for i in $(seq 1 "$(nproc)"); do
    yes >/dev/null &
    echo $! >"$WORK/load$i.pid"
  done
  echo "load: $(nproc) busy loops (yes)" >&2
}
