#pragma once
// Measuring one case: median wall time of back-to-back calls, per-kernel breakdown from one profiled
// call, and the relative L2 error of a clean run against FFTW in double precision.

#include "BenchCase.h"
#include "spectrascope/engine/Backend.h"
#include "spectrascope/engine/OpenClBackend.h"
#include "spectrascope/engine/Timing.h"

#include <optional>
#include <string>
#include <vector>

namespace spectrascope::bench {

struct MeasureOptions {
  int repetitions = 7;
  int callsPerRepetition = 10;
  int warmupCalls = 3;
  bool checkAccuracy = true;
};

struct Measurement {
  BenchCase benchCase;
  std::string backend, device;
  std::string skipped; // non-empty: the backend cannot do this case, and why
  double ms = 0;       // median per call
  double relErr = -1;  // negative: not checked
  std::vector<KernelRecord> kernels;

  double bytesMoved() const;
  double gigabytesPerSecond() const { return ms > 0 ? bytesMoved() / (ms * 1e6) : 0; }
  double gigaflops() const;
};

// Device-resident: data stays on the device between calls; no transfers are timed.
Measurement measureOnDevice(OpenClBackend& backend, const BenchCase& c, const MeasureOptions& o);
// Host memory (FFTW and the other CPU backends).
Measurement measureOnHost(Backend& backend, const BenchCase& c, const MeasureOptions& o);

// Device copy bandwidth in GB/s with read + write counted, as the roof the FFT is compared with.
double deviceCopyBandwidth(OpenClBackend& backend, std::size_t bytes, int repetitions);
double hostCopyBandwidth(std::size_t bytes, int repetitions);

double median(std::vector<double> values);

} // namespace spectrascope::bench
