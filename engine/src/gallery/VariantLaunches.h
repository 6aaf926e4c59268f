#pragma once
// The launch lists of the hand-written gallery variants (cl/gallery_*.cl).

#include "GalleryPlan.h"

namespace spectrascope::gallery::detail {

struct LaunchSetup
{
  OpenClBackend& backend;
  std::size_t n;
  unsigned log2n;
  std::size_t batch;
  std::size_t workGroupSize;      // already resolved: a power of two the device allows
  std::vector<cl::Buffer> tables; // filled by builders that upload tables
};

std::vector<Launch> bookRadix2Launches(LaunchSetup& s);
std::vector<Launch> fft1Launches(LaunchSetup& s);
std::vector<Launch> fft3Launches(LaunchSetup& s);
std::vector<Launch> compactLaunches(LaunchSetup& s);
std::vector<Launch> fft4Launches(LaunchSetup& s);
std::vector<Launch> registerExchangeLaunches(LaunchSetup& s);

// The register exchange's radices: 2 * work-items per group, the last one smaller when N needs it.
std::vector<std::size_t> registerExchangeRadices(std::size_t n, std::size_t maxHalf);

} // namespace spectrascope::gallery::detail
