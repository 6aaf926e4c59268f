#pragma once
// One axis of a transform done as a circular convolution by two of the engine's own smooth-length FFTs
// (Bluestein's or Rader's algorithm): what a plan's schedule enqueues in place of that axis' launches.
// The algorithm's own steps ride in the FFTs' first and last launches (ConvolutionHooks). Where both FFTs
// take two launches, the forward's last also applies the filter and does the inverse's first (the filter
// launch, cl/fft_mixed.cl's FILTER_INVERSE): three launches over the work buffer instead of four. The
// FFTs plan on the axis plan's limits, so a tuned shape reaches them (convolutionLimits).

#include "OpenClFftPlan.h"
#include "StockhamPlanner.h"
#include "spectrascope/engine/OpenClBackend.h"

#include <complex>
#include <memory>
#include <optional>
#include <vector>

namespace spectrascope::detail {

class ConvolutionStage
{
public:
  virtual ~ConvolutionStage();
  // Reads every line of `input` before writing `output`, so the two may be one buffer.
  void enqueue(const cl::Buffer& input, const cl::Buffer& output, std::vector<cl::Event>& events,
               std::vector<KernelRecord>& records) const;
  // The length of the convolution FFTs (a work line).
  std::size_t convolutionLength() const { return length_; }
  // Odd real rows in pairs (ConvolutionHooks::pairs): whether the stage reads, and writes, the real side.
  bool readsRealPairs() const { return readsRealPairs_; }
  bool writesRealPairs() const { return writesRealPairs_; }

protected:
  explicit ConvolutionStage(std::size_t length) : length_(length) {}
  // The two convolution FFTs over the axis' lines, in place on a work buffer of lines of
  // convolutionLength(), with `hooks` fused into their first and last launches; the inverse reads its
  // index table from `inverseIndex` when given, and applies `scale`. `limits`: the axis' plan's
  // (convolutionLimits gives the FFTs theirs).
  void makeFfts(OpenClBackend& backend, const StockhamPass& pass, const DeviceLimits& limits,
                ConvolutionHooks hooks, const cl::Buffer* inverseIndex, float scale);
  // Rader's stage as one launch (pass.raderInOneLaunch, ConvolutionHooks::oneLaunch): the forward FFT's
  // launch does the whole stage, from the axis to the output, without a work buffer.
  void makeOneLaunch(OpenClBackend& backend, const StockhamPass& pass, const DeviceLimits& limits,
                     ConvolutionHooks hooks, float scale);

private:
  // Rader's output in order after an inverse FFT of several launches (cl/rader_in_order.cl).
  struct InOrderPass
  {
    OpenClBackend* backend = nullptr; // its queue
    cl::Kernel kernel;
    std::size_t p = 0, lines = 0;
    bool linesFastest = false;
    std::size_t group = 0; // work-items a line of the staged pass; 0: the pass of scattered reads
  };
  static std::string stagedInOrder(InOrderPass& inOrder, const DeviceLimits& limits);
  void enqueueInOrder(const cl::Buffer& output, std::vector<cl::Event>& events,
                      std::vector<KernelRecord>& records) const;

  std::size_t length_;
  bool readsRealPairs_ = false, writesRealPairs_ = false;
  cl::Buffer work_;
  std::unique_ptr<OpenClFftPlan> forward_, inverse_;
  std::optional<InOrderPass> inOrder_;
};

// The limits a convolution stage's FFTs of `length` plan on: the axis' plan's (a tuned shape's knobs
// included), with the convolution's own split of two launches in place of the axis' (a tuned one,
// DeviceLimits::convolutionFirstLaunch, else filterLaunchFirstLength's).
DeviceLimits convolutionLimits(const DeviceLimits& axisLimits, std::size_t length);
// The launches of a convolution pass' forward FFT as the stage plans them (for the tuner's signatures and
// candidates).
StockhamSchedule forwardConvolutionSchedule(const StockhamPass& pass, const DeviceLimits& axisLimits);

// A table computed in double on the host, rounded once to float2 on upload.
cl::Buffer uploadRounded(cl::Context& context, const std::vector<std::complex<double>>& values);

} // namespace spectrascope::detail
