#!/usr/bin/env bash
# Downloads (does not install) the Debian packages scripts/gpu-bench.sh and scripts/gpu-peers.sh unpack on
# the GPU machine, which has no package registry, into .deps/ (ignored by git). clFFT and VkFFT 1.2.26 are
# peers that gpu-peers.sh times beside the engine; nothing in the product uses them.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .deps && cd .deps
apt-get download libfftw3-dev libfftw3-single3 libfftw3-double3 libfftw3-long3 libfftw3-quad3 libfftw3-bin \
  opencl-c-headers opencl-clhpp-headers clinfo libgtest-dev googletest \
  libclfft2 libclfft-dev libvkfft-dev
