#pragma once
// Runs a step-by-step FFT on the selected OpenCL device, stopping after each stage, and checks every
// stage against the double-precision CPU reference. Without an OpenCL device (or when the CPU is asked
// for) the same stages are computed on the CPU in single precision.
//
// Threading: a runner is used by one thread at a time (create and run it off the GUI thread: opening a
// device and building kernels take seconds on some drivers). Results are plain values.

#include "spectrascope/engine/Timing.h"
#include "spectrascope/engine/learn/RowColumnPasses.h"
#include "spectrascope/engine/learn/Schedule.h"
#include "spectrascope/engine/learn/StageMath.h"

#include <memory>
#include <string>

namespace spectrascope {
class Backend;
class OpenClBackend;
} // namespace spectrascope

namespace spectrascope::learn {

struct StepsResult
{
  Schedule schedule;
  std::vector<Complex> input;               // natural order, as given
  std::vector<std::vector<Complex>> stages; // computed: stages[0] = input in load order
  std::vector<std::vector<Complex>> reference;
  std::vector<double> stageErrors; // relative error of each computed stage vs the reference
  std::vector<Complex> output;     // X[k] in natural order, from the last computed stage
  // Register exchange on a device: the holder of each position as the kernel itself reported it.
  std::vector<std::vector<Holder>> reportedHolders;
  std::string computedOn; // "OpenCL: <device>" or "CPU (single precision)"
  // The device's launches and transfers (profiling events), or one host record for the CPU path.
  ExecutionReport report;

  // Single precision over at most 12 stages stays near 1e-6; 1e-4 still catches any wrong index.
  static constexpr double kTolerance = 1e-4;
  bool stageMatches(std::size_t s) const { return s < stageErrors.size() && stageErrors[s] <= kTolerance; }
};

class StepRunner
{
public:
  // backend: as the registry names them. "fftw" and "naive-dft" ask for the CPU path; "opencl..."
  // names a device (throws EngineError if it does not exist); "auto" (or empty) takes the first OpenCL
  // GPU, else any OpenCL device, else the CPU: speed does not matter here, seeing the kernels does.
  explicit StepRunner(const std::string& backend = "auto");
  ~StepRunner();
  StepRunner(const StepRunner&) = delete;
  StepRunner& operator=(const StepRunner&) = delete;

  bool usesOpenCl() const { return device_ != nullptr; }
  std::string description() const; // where stages run
  const std::string& fallbackReason() const { return fallbackReason_; }

  // stopAfter < 0: every stage. Throws EngineError (InvalidArgument for a bad size or input length).
  StepsResult run(const Schedule& schedule, std::span<const Complex> input, int stopAfter = -1);

  // The row pass, then the column pass of a 2D transform of `pixels` (RowColumnPasses.h) with the
  // engine's production plans on the same device, or FFTW when the stages run on the CPU.
  RowColumnPasses runRowColumn(std::span<const float> pixels, std::size_t width, std::size_t height);

private:
  std::unique_ptr<OpenClBackend> device_;
  std::unique_ptr<Backend> cpu_; // FFTW for the 2D passes without a device; made when first needed
  std::string fallbackReason_;
};

} // namespace spectrascope::learn
