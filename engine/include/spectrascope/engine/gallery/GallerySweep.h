#pragma once
// Timing one gallery variant (or a host backend such as FFTW) at one size, for `spectrascope-bench
// --variants` and the GUI's Benchmark window, so both measure the same way. Qt-free and synchronous;
// callers run it on a worker thread and may cancel between calls.
//
// Device variants are timed with data resident on the device (no transfers), from OpenCL profiling
// events: `deviceMs` is the sum of the kernels of one call. `wallMs` is the host time per call including
// launch overhead. FFTW is timed on the host (deviceMs = wallMs). Effective bandwidth counts one read and
// one write of the data (2 * 8 bytes per complex value), as Scarpaci's plots do; GFLOP/s use 5 N log2 N.

#include "spectrascope/engine/Backend.h"
#include "spectrascope/engine/Timing.h"
#include "spectrascope/engine/gallery/GalleryVariant.h"

#include <atomic>
#include <string>
#include <vector>

namespace spectrascope::gallery {

struct SweepSettings
{
  double minSeconds = 0.05; // keep calling until this much time has passed...
  int minCalls = 3;         // ...and at least this many calls were timed...
  int maxCalls = 200;       // ...but never more than this many
  bool checkAccuracy = true;
  const std::atomic<bool>* cancel = nullptr; // set by another thread to stop between calls
};

struct SweepPoint
{
  std::string subject; // variant key, or the backend name ("fftw")
  std::string device;
  std::size_t n = 0, batch = 1, workGroupSize = 0;
  std::string skipped; // non-empty: not measured, and why
  double wallMs = 0;   // median host time per call
  double deviceMs = 0; // median summed kernel time per call
  double relErr = -1;  // relative L2 error against FFTW in double precision; negative: not checked
  std::vector<KernelRecord> kernels; // one profiled call

  double timeMs() const { return deviceMs > 0 ? deviceMs : wallMs; }
  double gigabytesPerSecond() const;
  double gigaflops() const;
};

// Thrown when SweepSettings::cancel is set during a measurement.
struct SweepCancelled
{
};

SweepPoint measureVariant(Variant v, OpenClBackend& backend, std::size_t n, std::size_t batch,
                          const GalleryOptions& options, const SweepSettings& settings);
SweepPoint measureHost(Backend& backend, std::size_t n, std::size_t batch, const SweepSettings& settings);

// Sizes 2^log2Min .. 2^log2Max.
std::vector<std::size_t> powerOfTwoSizes(int log2Min, int log2Max);

} // namespace spectrascope::gallery
