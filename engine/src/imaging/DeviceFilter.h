#pragma once
// The device-resident half of FilterPipeline on an OpenCL backend: the forward half-spectra are uploaded
// once and stay on the device; each update uploads the mask, multiplies (cl/image_filter.cl), runs the
// engine's C2R plan on device buffers (OpenClPlan::enqueue), converts to 8 bits there (with a min/max
// reduction for Normalize) and reads back only the display bytes: the top-left outW x outH pixels of each
// channel (the image's own part when it was padded).
//
// One user at a time, like the pipeline that owns it.

#include "spectrascope/engine/OpenClBackend.h"
#include "spectrascope/engine/Timing.h"
#include "spectrascope/engine/imaging/FrequencyMask.h"
#include "spectrascope/engine/imaging/PixelRange.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace spectrascope::imaging::detail {

class DeviceFilter
{
public:
  // `spectrum`: channels half-planes of (W/2+1) x H interleaved complex values. Throws cl::Error or
  // EngineError when the device cannot hold the buffers or build the kernels.
  DeviceFilter(const OpenClPlan& inverse, const std::vector<float>& spectrum, std::size_t width,
               std::size_t height, std::size_t channels, std::size_t outWidth, std::size_t outHeight);

  // `halfMask`: (W/2+1) x H factors. Writes channels x outW x outH bytes to `out`; `report` gets one record
  // per transfer and kernel, with device timestamps.
  void apply(const std::vector<float>& halfMask, PixelRange range, std::uint8_t* out,
             ExecutionReport* report);
  // The same with the mask of `spec` (then 1 - m if `inverted`) evaluated on the device
  // (cl/image_filter.cl parametric_mask): only the notches, a few bytes, are uploaded.
  void applyParametric(const MaskSpec& spec, bool inverted, PixelRange range, std::uint8_t* out,
                       ExecutionReport* report);

private:
  // Everything after the mask is in place: multiply, inverse, bytes, download; then the records.
  void finish(std::vector<cl::Event>& before, std::vector<KernelRecord>& beforeRecords, PixelRange range,
              std::uint8_t* out, ExecutionReport* report);
  void enqueueMinMax(std::vector<cl::Event>& events, std::vector<KernelRecord>& records);
  std::size_t groupSize(const cl::Kernel& kernel) const;

  const OpenClPlan& inverse_;
  OpenClBackend& backend_;
  std::size_t width_, height_, channels_, outWidth_, outHeight_, bins_;
  cl::Buffer spectrum_, mask_, masked_, real_, bytes_, partial_, range_;
  cl::Kernel multiply_, minmaxPartial_, minmaxFinal_, toBytes_, parametric_;
  cl::Buffer notches_;
  std::size_t notchCapacity_ = 0;
  std::size_t partialGroups_ = 0;
};

} // namespace spectrascope::imaging::detail
