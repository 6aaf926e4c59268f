#!/usr/bin/env bash
# `cmake --install` into a temporary DESTDIR, as a package build does, then checks what a desktop sees:
# the executables, the .desktop file (desktop-file-validate), the AppStream metainfo (appstreamcli
# validate), the icon the .desktop names in every hicolor size, and the man pages.
# Usage: install_check.sh BUILD_DIR APP_ID
set -euo pipefail
build=$1 id=$2
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
DESTDIR="$root" cmake --install "$build" --prefix /usr >/dev/null
prefix="$root/usr"
failed=0
need() {
  if [ ! -e "$1" ]; then
    echo "missing after install: ${1#"$root"}"
    failed=1
  fi
}
for exe in spectrascope spectrascope-cli spectrascope-bench; do
  need "$prefix/bin/$exe"
  need "$prefix/share/man/man1/$exe.1"
done
desktop="$prefix/share/applications/$id.desktop"
metainfo="$prefix/share/metainfo/$id.metainfo.xml"
need "$desktop"
need "$metainfo"
need "$prefix/share/icons/hicolor/scalable/apps/$id.svg"
for size in 16 24 32 48 64 128 256 512; do
  need "$prefix/share/icons/hicolor/${size}x${size}/apps/$id.png"
done
[ "$failed" = 0 ] || exit 1

# desktop-file-validate prints hints and errors alike; any output is a finding.
findings=$(desktop-file-validate "$desktop" 2>&1) || true
if [ -n "$findings" ]; then
  echo "desktop-file-validate: $findings"
  exit 1
fi
grep -qx "Exec=spectrascope %F" "$desktop" || { echo "the .desktop file's Exec is not 'spectrascope %F'"; exit 1; }
grep -qx "Icon=$id" "$desktop" || { echo "the .desktop file's Icon is not $id"; exit 1; }
grep -q "^MimeType=.*image/png;.*audio/x-wav;" "$desktop" || { echo "MimeType lacks images or sounds"; exit 1; }
# --no-net: screenshots and URLs are not fetched (CI has no network); everything else is checked.
appstreamcli validate --no-net "$metainfo"
# Every man page renders without a warning.
for page in "$prefix"/share/man/man1/*.1; do
  warnings=$(LC_ALL=C.UTF-8 groff -man -ww -z "$page" 2>&1) || true
  if [ -n "$warnings" ]; then
    echo "man page $(basename "$page"): $warnings"
    exit 1
  fi
done
echo "installed and valid: $(cd "$root" && find . -type f | wc -l) files"
