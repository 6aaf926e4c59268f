#pragma once
// One axis of a transform whose length has a prime factor above 13, by Bluestein's algorithm: the DFT
// of length n becomes a circular convolution of smooth length m >= 2n - 1, done with the engine's own
// mixed-radix FFTs (cl/bluestein.cl has the formulas). The chirp and the convolution filter are
// computed in double on the host and rounded once.

#include "StockhamPlanner.h"
#include "spectrascope/engine/OpenClBackend.h"

#include <memory>
#include <vector>

namespace spectrascope::detail {

class OpenClFftPlan;

class BluesteinStage {
public:
  BluesteinStage(OpenClBackend& backend, const StockhamPass& pass, Direction direction);
  ~BluesteinStage();

  // Reads every line of `input` before writing `output`, so the two may be one buffer.
  void enqueue(const cl::Buffer& input, const cl::Buffer& output, float scale, std::vector<cl::Event>& events,
               std::vector<KernelRecord>& records) const;

  std::size_t convolutionLength() const { return m_; }

private:
  void enqueueKernel(cl::Kernel& kernel, std::size_t width, const std::string& name, std::vector<cl::Event>& events,
                     std::vector<KernelRecord>& records) const;

  OpenClBackend& backend_;
  StockhamPass pass_;
  std::size_t m_ = 0;
  cl::Buffer chirp_, filter_, work_;
  std::unique_ptr<OpenClFftPlan> forward_, inverse_;
  mutable cl::Kernel gather_, multiply_, scatter_;
};

} // namespace spectrascope::detail
