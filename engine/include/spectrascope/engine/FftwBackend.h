#pragma once
// The CPU backend: FFTW 3 single precision, multi-threaded, every descriptor kind and size.
// Wisdom is kept in the user's cache directory so a second start plans fast.

#include "spectrascope/engine/Backend.h"

#include <filesystem>

namespace spectrascope {

struct FftwOptions {
  // Measure: FFTW times candidate algorithms (slow to plan, fast to run; remembered as wisdom).
  // Estimate: plans instantly from heuristics (tests use it through SPECTRASCOPE_FFTW_RIGOR=estimate).
  enum class Rigor { Estimate, Measure } rigor = Rigor::Measure;
  int threads = 0;                      // 0: all hardware threads
  std::filesystem::path wisdomFile;     // empty: <cache dir>/fftw-wisdom-float
  static FftwOptions fromEnvironment(); // honours SPECTRASCOPE_FFTW_RIGOR and SPECTRASCOPE_FFTW_THREADS
};

class FftwBackend : public Backend {
public:
  explicit FftwBackend(FftwOptions options = FftwOptions::fromEnvironment());
  std::string name() const override { return "fftw"; }
  std::string deviceName() const override;
  std::optional<std::string> cannotPlan(const TransformDescriptor& d) const override;
  std::unique_ptr<Plan> createPlan(const TransformDescriptor& d) override;

private:
  FftwOptions options_;
};

// The test reference backend: a direct O(N^2) DFT along each axis, in double precision.
class NaiveDftBackend : public Backend {
public:
  std::string name() const override { return "naive-dft"; }
  std::string deviceName() const override { return "CPU (direct DFT, double precision)"; }
  std::optional<std::string> cannotPlan(const TransformDescriptor& d) const override;
  std::unique_ptr<Plan> createPlan(const TransformDescriptor& d) override;
};

} // namespace spectrascope
