# Sourced by the capture tests (sh): a private PulseAudio server whose default source is a virtual
# microphone (module-pipe-source) fed in real time with a tone, so the real capture path runs without
# sound hardware. After `start_virtual_microphone TONE_HZ RATE`: PA_PID is the server, WORK its folder;
# everything is cleaned up on exit. `skip` exits 77 (ctest: skipped) with a reason.
# `restart_when_killed` brings server and tone back (same socket) a second after the server dies, once,
# in the background: the capture tests check that the application resumes by itself.

skip() { echo "SKIPPED: $*"; exit 77; }

start_virtual_microphone() {
TONE_HZ=$1
RATE=$2
command -v pulseaudio >/dev/null 2>&1 || skip "pulseaudio is not installed (./setup.sh test installs it)"
command -v pactl >/dev/null 2>&1 || skip "pactl (pulseaudio-utils) is not installed"
command -v python3 >/dev/null 2>&1 || skip "python3 is needed to generate the tone"

WORK=$(mktemp -d)
export XDG_RUNTIME_DIR="$WORK/runtime" PULSE_RUNTIME_PATH="$WORK/runtime/pulse" HOME="$WORK"
export PULSE_SERVER="unix:$WORK/runtime/pulse/native"
mkdir -p "$PULSE_RUNTIME_PATH" && chmod 700 "$XDG_RUNTIME_DIR"
PA_PID= FEED_PID= RESTARTER_PID=
cleanup() {
  [ -n "$RESTARTER_PID" ] && kill "$RESTARTER_PID" 2>/dev/null
  for f in "$WORK"/*.pid; do [ -f "$f" ] && kill "$(cat "$f")" 2>/dev/null; done
  [ -n "$PA_PID" ] && wait "$PA_PID" 2>/dev/null
  rm -rf "$WORK"
}
trap cleanup EXIT INT TERM
launch_pulse
feed_tone
}

# The server, with the virtual microphone as its default source; PA_PID (also in $WORK/pulse.pid).
launch_pulse() {

# -n: no default configuration; only what the tests need. srbchannel=no: libpulse 16.1 can abort in
# srb_callback ('p->srb == srb') when a stream is torn down while the shared ring buffer is being
# replaced; plain socket transport carries the same audio without that race.
pulseaudio -n --daemonize=no --exit-idle-time=-1 --disallow-exit --use-pid-file=no \
  --load="module-native-protocol-unix auth-anonymous=1 srbchannel=no socket=$WORK/runtime/pulse/native" \
  --load="module-pipe-source source_name=virtual_mic file=$WORK/mic.fifo format=s16le rate=$RATE channels=1" \
  --load="module-null-sink sink_name=silence" >"$WORK/pulse.log" 2>&1 &
PA_PID=$!
echo "$PA_PID" >"$WORK/pulse.pid"
for i in $(seq 1 50); do
  pactl info >/dev/null 2>&1 && break
  kill -0 "$PA_PID" 2>/dev/null || skip "pulseaudio did not start: $(tail -n 3 "$WORK/pulse.log" | tr '\n' ' ')"
  sleep 0.1
done
pactl info >/dev/null 2>&1 || skip "pulseaudio did not answer within 5 s"
pactl set-default-source virtual_mic || skip "the virtual microphone could not be made the default source"
}

# The tone into the server's FIFO; FEED_PID (also in $WORK/feed.pid).
feed_tone() {

# The tone, in real time, half scale, 20 ms blocks; it stops by itself when the server's FIFO goes away.
python3 - "$WORK/mic.fifo" "$TONE_HZ" "$RATE" <<'PY' &
import math, struct, sys, time
path, tone, rate = sys.argv[1], float(sys.argv[2]), int(sys.argv[3])
block = rate // 50
n = 0
start = time.monotonic()
try:
    with open(path, "wb", buffering=0) as fifo:
        while True:
            samples = [int(16383 * math.sin(2 * math.pi * tone * (n + i) / rate)) for i in range(block)]
            fifo.write(struct.pack("<%dh" % block, *samples))
            n += block
            ahead = n / rate - (time.monotonic() - start)
            if ahead > 0.1:
                time.sleep(ahead - 0.1)
except (BrokenPipeError, OSError):
    pass
PY
FEED_PID=$!
echo "$FEED_PID" >"$WORK/feed.pid"
}

restart_when_killed() {
  (
    while kill -0 "$PA_PID" 2>/dev/null; do sleep 0.2; done
    sleep 1
    rm -f "$WORK/mic.fifo"
    launch_pulse >/dev/null && feed_tone && echo "virtual microphone: server restarted" >&2
    wait
  ) &
  RESTARTER_PID=$!
}
