#include "DeviceFilter.h"

#include "DeviceCalls.h"

#include <algorithm>
#include <bit>

namespace spectrascope::imaging::detail {
namespace {

// Work-groups per plane of the first min/max stage: enough to fill a GPU, few enough that the second
// stage is one small group.
constexpr std::size_t kMinMaxGroups = 128;
constexpr std::size_t kMaxGroupSize = 256;

KernelRecord record(std::string name, KernelRecord::Type type, std::size_t x, std::size_t y,
                    std::uint64_t bytes)
{
  KernelRecord r;
  r.name = std::move(name);
  r.type = type;
  r.globalSize = {x, y, 1};
  r.bytes = bytes;
  return r;
}

cl_uint modeOf(PixelRange range)
{
  switch (range) {
  case PixelRange::Clamp:
    return 0;
  case PixelRange::Normalize:
    return 1;
  case PixelRange::Abs:
    return 2;
  }
  return 0;
}

template <typename... Args> void setArgs(cl::Kernel& kernel, const Args&... args)
{
  cl_uint index = 0;
  (kernel.setArg(index++, args), ...);
}

} // namespace

DeviceFilter::DeviceFilter(const OpenClPlan& inverse, const std::vector<float>& spectrum, std::size_t width,
                           std::size_t height, std::size_t channels, std::size_t outWidth,
                           std::size_t outHeight)
    : inverse_(inverse), backend_(inverse.backend()), width_(width), height_(height), channels_(channels),
      outWidth_(outWidth), outHeight_(outHeight), bins_((width / 2 + 1) * height)
{
  cl::Context& context = backend_.context();
  const std::size_t plane = width * height;
  spectrum_ = cl::Buffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, spectrum.size() * sizeof(float),
                         const_cast<float*>(spectrum.data()));
  mask_ = cl::Buffer(context, CL_MEM_READ_ONLY, bins_ * sizeof(float));
  masked_ = cl::Buffer(context, CL_MEM_READ_WRITE, spectrum.size() * sizeof(float));
  real_ = cl::Buffer(context, CL_MEM_READ_WRITE, channels * plane * sizeof(float));
  bytes_ = cl::Buffer(context, CL_MEM_WRITE_ONLY, channels * outWidth * outHeight);
  partial_ = cl::Buffer(context, CL_MEM_READ_WRITE, channels * kMinMaxGroups * 2 * sizeof(float));
  range_ = cl::Buffer(context, CL_MEM_READ_WRITE, channels * 2 * sizeof(float));
  const cl::Program program = backend_.programs().get("image_filter", "-cl-std=CL1.2");
  multiply_ = cl::Kernel(program, "mask_multiply");
  minmaxPartial_ = cl::Kernel(program, "minmax_partial");
  minmaxFinal_ = cl::Kernel(program, "minmax_final");
  toBytes_ = cl::Kernel(program, "to_bytes");
  parametric_ = cl::Kernel(program, "parametric_mask");
}

// A power of two the kernel can run with (the reductions halve it), at most kMaxGroupSize.
std::size_t DeviceFilter::groupSize(const cl::Kernel& kernel) const
{
  const cl::Device device = backend_.queue().getInfo<CL_QUEUE_DEVICE>();
  const std::size_t allowed = kernel.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(device);
  return std::bit_floor(std::min(allowed, kMaxGroupSize));
}

void DeviceFilter::enqueueMinMax(std::vector<cl::Event>& events, std::vector<KernelRecord>& records)
{
  cl::CommandQueue& queue = backend_.queue();
  const std::size_t plane = outWidth_ * outHeight_;
  const std::size_t local = groupSize(minmaxPartial_);
  partialGroups_ = std::clamp<std::size_t>((plane + local - 1) / local, 1, kMinMaxGroups);
  setArgs(minmaxPartial_, real_, cl_uint(width_ * height_), cl_uint(width_), cl_uint(outWidth_),
          cl_uint(plane), partial_, cl::Local(local * 2 * sizeof(float)));
  events.emplace_back();
  queue.enqueueNDRangeKernel(minmaxPartial_, cl::NullRange, cl::NDRange(partialGroups_ * local, channels_),
                             cl::NDRange(local, 1), nullptr, &events.back());
  records.push_back(record("min/max", KernelRecord::Type::Kernel, partialGroups_ * local, channels_,
                           channels_ * (plane * 4 + partialGroups_ * 8)));
  records.back().localSize = {local, 1, 1};

  const std::size_t finalLocal = groupSize(minmaxFinal_);
  setArgs(minmaxFinal_, partial_, cl_uint(partialGroups_), range_, cl::Local(finalLocal * 2 * sizeof(float)));
  events.emplace_back();
  queue.enqueueNDRangeKernel(minmaxFinal_, cl::NullRange, cl::NDRange(finalLocal, channels_),
                             cl::NDRange(finalLocal, 1), nullptr, &events.back());
  records.push_back(record("min/max (final)", KernelRecord::Type::Kernel, finalLocal, channels_,
                           channels_ * (partialGroups_ + 1) * 8));
  records.back().localSize = {finalLocal, 1, 1};
}

void DeviceFilter::apply(const std::vector<float>& halfMask, PixelRange range, std::uint8_t* out,
                         ExecutionReport* report)
{
  try {
    std::vector<cl::Event> before(1);
    std::vector<KernelRecord> beforeRecords{
        record("upload mask", KernelRecord::Type::Upload, 0, 0, bins_ * 4)};
    backend_.queue().enqueueWriteBuffer(mask_, CL_FALSE, 0, bins_ * sizeof(float), halfMask.data(), nullptr,
                                        &before[0]);
    finish(before, beforeRecords, range, out, report);
  } catch (const cl::Error& e) {
    spectrascope::detail::rethrowDeviceError(e, "filtering on " + backend_.deviceName());
  }
}

void DeviceFilter::applyParametric(const MaskSpec& spec, bool inverted, PixelRange range, std::uint8_t* out,
                                   ExecutionReport* report)
{
  try {
    cl::CommandQueue& queue = backend_.queue();
    std::vector<cl_float4> notches;
    for (const Notch& n : spec.notches)
      notches.push_back({{float(n.u), float(n.v), float(n.radius), 0.0f}});
    std::vector<cl::Event> before;
    std::vector<KernelRecord> beforeRecords;
    if (notches.size() > notchCapacity_ || notchCapacity_ == 0) {
      notchCapacity_ = std::max<std::size_t>(8, std::bit_ceil(notches.size()));
      notches_ = cl::Buffer(backend_.context(), CL_MEM_READ_ONLY, notchCapacity_ * sizeof(cl_float4));
    }
    if (!notches.empty()) {
      before.emplace_back();
      // `notches` outlives the blocking download that ends finish() on this in-order queue.
      queue.enqueueWriteBuffer(notches_, CL_FALSE, 0, notches.size() * sizeof(cl_float4), notches.data(),
                               nullptr, &before.back());
      beforeRecords.push_back(
          record("upload notches", KernelRecord::Type::Upload, 0, 0, notches.size() * 16));
    }
    const std::size_t row = width_ / 2 + 1;
    setArgs(parametric_, mask_, cl_uint(width_), cl_uint(height_), cl_int(int(spec.kind)),
            cl_int(int(spec.profile)), cl_float(spec.cutoff), cl_float(spec.cutoff2), cl_int(spec.order),
            notches_, cl_uint(notches.size()), cl_uint(inverted ? 1 : 0));
    before.emplace_back();
    queue.enqueueNDRangeKernel(parametric_, cl::NullRange, cl::NDRange(row, height_), cl::NullRange, nullptr,
                               &before.back());
    beforeRecords.push_back(record("mask (" + toString(spec.kind) + ", " + toString(spec.profile) + ")",
                                   KernelRecord::Type::Kernel, row, height_, bins_ * 4));
    finish(before, beforeRecords, range, out, report);
  } catch (const cl::Error& e) {
    spectrascope::detail::rethrowDeviceError(e, "filtering on " + backend_.deviceName());
  }
}

void DeviceFilter::finish(std::vector<cl::Event>& before, std::vector<KernelRecord>& beforeRecords,
                          PixelRange range, std::uint8_t* out, ExecutionReport* report)
{
  cl::CommandQueue& queue = backend_.queue();
  const std::size_t plane = outWidth_ * outHeight_;
  std::vector<cl::Event> after;
  {
    before.emplace_back();
    beforeRecords.push_back(
        record("mask multiply", KernelRecord::Type::Kernel, bins_, channels_, bins_ * (4 + channels_ * 16)));
    setArgs(multiply_, spectrum_, mask_, masked_, cl_uint(bins_), cl_uint(channels_));
    queue.enqueueNDRangeKernel(multiply_, cl::NullRange, cl::NDRange(bins_, channels_), cl::NullRange,
                               nullptr, &before.back());

    ExecutionReport inverseReport;
    inverse_.enqueue(masked_, real_, report ? &inverseReport : nullptr);

    std::vector<KernelRecord> afterRecords;
    if (range == PixelRange::Normalize) enqueueMinMax(after, afterRecords);
    setArgs(toBytes_, real_, cl_uint(width_ * height_), cl_uint(width_), cl_uint(outWidth_), cl_uint(plane),
            modeOf(range), range_, bytes_);
    after.emplace_back();
    queue.enqueueNDRangeKernel(toBytes_, cl::NullRange, cl::NDRange(plane, channels_), cl::NullRange, nullptr,
                               &after.back());
    afterRecords.push_back(record("to 8 bits (" + toString(range) + ")", KernelRecord::Type::Kernel, plane,
                                  channels_, channels_ * plane * 5));
    after.emplace_back();
    // Blocking: the mask, the notches and `out` belong to the callers only for the duration of the call.
    queue.enqueueReadBuffer(bytes_, CL_TRUE, 0, channels_ * plane, out, nullptr, &after.back());
    afterRecords.push_back(record("download pixels", KernelRecord::Type::Download, 0, 0, channels_ * plane));
    if (!report) return;
    spectrascope::detail::appendTimedRecords(before, beforeRecords, *report);
    for (KernelRecord r : inverseReport.records) {
      r.name = "inverse: " + r.name;
      report->records.push_back(std::move(r));
    }
    spectrascope::detail::appendTimedRecords(after, afterRecords, *report);
  }
}

} // namespace spectrascope::imaging::detail
