#pragma once
// Real transforms (R2C, C2R) on an OpenCL device through complex transforms (cl/real_fft.cl has the
// formulas). Even row lengths: complex rows of half the length. R2C: the half-length rows, r2c_post in
// place, then the other axes of the half spectrum. C2R: the other axes first (into a scratch buffer, so
// the input survives), c2r_pre with the overall scale, then the half-length inverse rows in place. Odd
// row lengths: one full-length complex row for every two real rows, in a buffer of their own. R2C:
// pack_real_pairs, the complex rows, split_real_pairs into the half spectrum, then its other axes in
// place. C2R: the other axes first (as above), merge_real_pairs with the overall scale, the inverse
// complex rows, unpack_real_pairs. Either way the other axes run over n/2 + 1 columns, not n. Rows of one
// mixed-radix launch, and prime rows on Rader's algorithm, skip the pair kernels: the launch or the stage
// reads and writes the real side itself (cl/fft_mixed.cl's DIRECT_PAIRS, RaderStage.h), Rader's R2C split
// only where its inverse FFT is one launch.

#include "OpenClFftPlan.h"

namespace spectrascope::detail {

class OpenClRealFftPlan final : public StagedOpenClPlan
{
public:
  OpenClRealFftPlan(OpenClBackend& backend, const TransformDescriptor& d, const DeviceLimits& limits);
  ~OpenClRealFftPlan() override;

  // The complex transforms a real transform runs: the rows, then (rank > 1) the other axes of the half
  // spectrum (C2R runs those first). Even rows: half-length rows, carrying the pairwise step when the
  // planner can fuse it into their launch with these limits. Odd rows: full-length rows, one for every
  // two real rows of all batches. The tuner plans them to compare shapes.
  static std::vector<AxisJob> complexJobs(const TransformDescriptor& d, const DeviceLimits& limits);

protected:
  void enqueueLocked(const cl::Buffer& input, const cl::Buffer& output, std::vector<cl::Event>& events,
                     std::vector<KernelRecord>& records) const override;

private:
  void enqueueForward(const cl::Buffer& input, const cl::Buffer& output, std::vector<cl::Event>& events,
                      std::vector<KernelRecord>& records) const;
  void enqueueInverse(const cl::Buffer& input, const cl::Buffer& output, std::vector<cl::Event>& events,
                      std::vector<KernelRecord>& records) const;
  void enqueueOddForward(const cl::Buffer& input, const cl::Buffer& output, std::vector<cl::Event>& events,
                         std::vector<KernelRecord>& records) const;
  void enqueueOddInverse(const cl::Buffer& input, const cl::Buffer& output, std::vector<cl::Event>& events,
                         std::vector<KernelRecord>& records) const;
  void enqueueRowKernel(cl::Kernel& kernel, const std::string& name, std::vector<cl::Event>& events,
                        std::vector<KernelRecord>& records) const;
  void setPairArguments(cl::Kernel& kernel, const cl::Buffer& from, const cl::Buffer& to,
                        std::size_t pitch) const;
  void enqueueFlat(cl::Kernel& kernel, std::size_t items, std::size_t bytesPerItem, const std::string& name,
                   std::vector<cl::Event>& events, std::vector<KernelRecord>& records,
                   std::size_t valuesPerWorkItem = 1) const;
  static std::vector<AxisJob> requestedJobs(const TransformDescriptor& d);
  static AxisJob withoutFusedRows(AxisJob rows);
  static AxisJob withRealPairs(const TransformDescriptor& d, AxisJob rows);

  std::size_t half_ = 0, rows_ = 0;         // h = nx/2; rows of all batches
  std::size_t complexPitch_ = 0;            // nx/2 + 1
  std::size_t realPitch_ = 0;               // complex values per real row: h, or h + 1 in place
  bool rowsFused_ = false;                  // a row launch (the only, first or last) does r2c_post / c2r_pre
  std::unique_ptr<OpenClFftPlan> rowPlan_;  // half-length rows, or (odd) the full-length pair rows
  std::unique_ptr<OpenClFftPlan> restPlan_; // the other axes of the half spectrum (rank > 1)
  cl::Buffer twiddles_;
  mutable cl::Buffer spectrumScratch_; // C2R with rank > 1: the input's transformed copy
  mutable cl::Kernel rowKernel_;
  // Odd row lengths: the rows in pairs, each pair one complex row of the full length (pitch nx).
  bool oddRows_ = false;
  std::size_t realRowFloats_ = 0;          // floats per real row: nx, or 2 (nx/2 + 1) in place
  std::size_t pairs_ = 0;                  // ceil(rows_ / 2)
  mutable cl::Buffer pairRows_;            // pairs_ x nx complex values; rowPlan_ runs on it in place
  mutable cl::Kernel toPairs_, fromPairs_; // R2C: pack, split; C2R: merge, unpack
  // Rows on one Rader stage that reads the real side itself (no pack or merge) and writes it (no split
  // or unpack); pairRows_ only holds what runs between a pair kernel and the stage.
  bool pairsRead_ = false, pairsWritten_ = false;
};

} // namespace spectrascope::detail
