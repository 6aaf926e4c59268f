#pragma once
// Real transforms (R2C, C2R) on an OpenCL device through complex transforms of half the row length
// (cl/real_fft.cl has the formulas). R2C: half-length complex rows, r2c_post in place, then the other
// axes of the half spectrum. C2R: the other axes first (into a scratch buffer, so the input survives),
// c2r_pre with the overall scale, then the half-length inverse rows in place. Odd row lengths go through a
// full-length complex copy of the rows instead (promote_real/keep_half, expand_hermitian/keep_real).

#include "OpenClFftPlan.h"

namespace spectrascope::detail {

class OpenClRealFftPlan final : public StagedOpenClPlan
{
public:
  OpenClRealFftPlan(OpenClBackend& backend, const TransformDescriptor& d, const DeviceLimits& limits);
  ~OpenClRealFftPlan() override;

  // The complex transforms a real transform runs, in plan order: even rows, the half-length rows and
  // (rank > 1) the other axes of the half spectrum; odd rows, the full-length rows (R2C: every axis)
  // and, for C2R of rank > 1, the other axes first. The rows carry the pairwise step when the planner can
  // fuse it into their launch with these limits. The tuner plans them to compare shapes.
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
  void enqueueFlat(cl::Kernel& kernel, std::size_t items, const std::string& name,
                   std::vector<cl::Event>& events, std::vector<KernelRecord>& records) const;
  void prepareOddRows(const TransformDescriptor& d, const DeviceLimits& limits);
  static std::vector<AxisJob> requestedJobs(const TransformDescriptor& d);
  static AxisJob withoutFusedRows(AxisJob rows);

  std::size_t half_ = 0, rows_ = 0;         // h = nx/2; rows of all batches
  std::size_t complexPitch_ = 0;            // nx/2 + 1
  std::size_t realPitch_ = 0;               // complex values per real row: h, or h + 1 in place
  bool rowsFused_ = false;                  // a row launch (the only, first or last) does r2c_post / c2r_pre
  std::unique_ptr<OpenClFftPlan> rowPlan_;  // half-length rows
  std::unique_ptr<OpenClFftPlan> restPlan_; // the other axes of the half spectrum (rank > 1)
  cl::Buffer twiddles_;
  mutable cl::Buffer spectrumScratch_; // C2R with rank > 1: the input's transformed copy
  mutable cl::Kernel rowKernel_;
  // Odd row lengths: the rows as full-length complex values, and the kernels that fill and empty them.
  bool oddRows_ = false;
  std::size_t realRowFloats_ = 0;
  std::unique_ptr<OpenClFftPlan> fullPlan_; // R2C: every axis; C2R: the rows
  mutable cl::Buffer fullRows_;
  mutable cl::Kernel toFull_, fromFull_;
};

} // namespace spectrascope::detail
