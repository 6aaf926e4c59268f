#!/usr/bin/env bash
# The .deb the way a user meets it: apt installs it into a clean Debian 12 root (debootstrap, nothing
# preinstalled; its Recommends come along, PoCL among them), then the installed programs run there:
# `spectrascope --screenshot` on a photo and on a recording under xvfb-run, and
# `spectrascope-cli spectrogram`. The screenshots and the spectrogram land in OUT_DIR for a look.
#
#   sudo scripts/deb-smoke-test.sh build/spectrascope_0.1.0_amd64.deb [OUT_DIR]
#
# Needs root (debootstrap, chroot, mounts), debootstrap and a reachable Debian mirror (DEBIAN_MIRROR,
# default deb.debian.org). SMOKE_ROOT reuses a root made earlier (kept when set) instead of a fresh one.
set -euo pipefail
cd "$(dirname "$0")/.."

deb=$(realpath "${1:?usage: deb-smoke-test.sh PACKAGE.deb [OUT_DIR]}")
out=$(realpath -m "${2:-deb-smoke-output}")
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
root=${SMOKE_ROOT:-$(mktemp -d /var/tmp/spectrascope-smoke.XXXXXX)}
mkdir -p "$out"

mounted=()
cleanup() {
  for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do umount -l "${mounted[i]}" 2>/dev/null || true; done
  [ -n "${SMOKE_ROOT:-}" ] || rm -rf --one-file-system "$root"
}
trap cleanup EXIT
step() { echo "== $(date -u +%T) $*"; }

if [ ! -x "$root/usr/bin/apt-get" ]; then
  step "debootstrap bookworm into $root"
  debootstrap --variant=minbase bookworm "$root" "$mirror" >"$out/debootstrap.log" 2>&1 ||
    { tail -20 "$out/debootstrap.log"; exit 1; }
fi
for fs in proc sys dev dev/pts; do
  mount --bind "/$fs" "$root/$fs"
  mounted+=("$root/$fs")
done
cp /etc/resolv.conf "$root/etc/resolv.conf"
in_root() { chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 "$@"; }

step "apt install the package (and xvfb to run it without a display)"
mkdir -p "$root/smoke"
cp "$deb" "$root/smoke/"
cp tests/data/hubble_deep_field.jpg tests/data/tones_440_1000_5000.wav "$root/smoke/"
in_root apt-get update -qq
in_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "/smoke/$(basename "$deb")" xvfb xauth \
  >"$out/apt.log" 2>&1 || { tail -30 "$out/apt.log"; exit 1; }
in_root dpkg -s spectrascope | grep -E '^(Version|Depends|Recommends):'

check_png() { # a PNG with more than a few hundred bytes
  [ "$(head -c 8 "$1" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] && [ "$(stat -c %s "$1")" -gt 1000 ] ||
    { echo "not a PNG picture: $1"; exit 1; }
}

step "spectrascope --screenshot on a photo"
in_root xvfb-run -a -s "-screen 0 1600x1000x24" spectrascope --screenshot /smoke/photo-shot.png /smoke/hubble_deep_field.jpg
check_png "$root/smoke/photo-shot.png"
step "spectrascope --screenshot on a recording"
in_root xvfb-run -a -s "-screen 0 1600x1000x24" spectrascope --screenshot /smoke/recording-shot.png /smoke/tones_440_1000_5000.wav
check_png "$root/smoke/recording-shot.png"
step "spectrascope-cli spectrogram"
in_root spectrascope-cli spectrogram /smoke/tones_440_1000_5000.wav /smoke/spectrogram.png
check_png "$root/smoke/spectrogram.png"
in_root spectrascope-cli devices | head -5
cp "$root"/smoke/*.png "$out/"
step "installed .deb: photo and recording on screen, spectrogram written ($out)"
