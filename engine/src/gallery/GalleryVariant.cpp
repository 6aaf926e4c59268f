#include "spectrascope/engine/gallery/GalleryVariant.h"

#include "VariantLaunches.h"
#include "spectrascope/engine/Errors.h"

#include <algorithm>
#include <bit>

namespace spectrascope::gallery {
namespace {

using detail::Launch;
using detail::LaunchSetup;

// The production backend's own limit on a 1D power-of-two transform (README: 2..2^27).
constexpr std::size_t kProductionMaxLength = std::size_t{1} << 27;

std::size_t powerOfTwoAtMost(std::uint64_t value)
{
  return value == 0 ? 0 : std::size_t(std::bit_floor(value));
}

std::size_t bufferLimit(const OpenClDeviceInfo& device, std::size_t cap)
{
  return std::min(cap, powerOfTwoAtMost(device.maxAllocBytes / (2 * sizeof(float))));
}

std::size_t compactLimit(const OpenClDeviceInfo& device)
{
  // N/2 work-items in one group, N complex values in its local memory.
  return std::min({bufferLimit(device, kGalleryMaxLength), 2 * powerOfTwoAtMost(device.maxWorkGroupSize),
                   powerOfTwoAtMost(device.localMemBytes / (2 * sizeof(float)))});
}

std::optional<std::string> checkWorkGroupSize(std::size_t size, const OpenClDeviceInfo& device)
{
  if (size == 0) return std::nullopt;
  if (!std::has_single_bit(size) || size > device.maxWorkGroupSize)
    return "work-group size " + std::to_string(size) + " is not a power of two up to " +
           std::to_string(device.maxWorkGroupSize) + " (the device's maximum)";
  return std::nullopt;
}

std::optional<std::string> checkDescriptor(const TransformDescriptor& d)
{
  const std::size_t n = d.extent[0];
  if (d.rank != 1 || d.kind != TransformKind::ComplexToComplex || d.direction != Direction::Forward)
    return std::string("the kernel gallery does 1D complex forward transforms only");
  if (d.placement != Placement::OutOfPlace)
    return std::string("the kernel gallery transforms out of place only");
  if (n < 2 || !std::has_single_bit(n)) return "N = " + std::to_string(n) + " is not a power of two >= 2";
  return std::nullopt;
}

// Throws Unsupported when a compiled kernel allows fewer work-items per group than a launch asks for
// (registers or local memory can lower it below the device maximum).
void checkKernelLimits(const std::vector<Launch>& launches, OpenClBackend& backend)
{
  cl::Device device = backend.queue().getInfo<CL_QUEUE_DEVICE>();
  for (const Launch& l : launches) {
    const std::size_t allowed = l.kernel.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(device);
    if (l.local[0] * l.local[1] > allowed)
      throw unsupported("'" + l.name + "' needs " + std::to_string(l.local[0]) + " work-items per group; " +
                        "this kernel allows " + std::to_string(allowed) + " on " + backend.info().name);
  }
}

std::vector<Launch> launchesFor(Variant v, LaunchSetup& s)
{
  switch (v) {
  case Variant::BookRadix2:
    return detail::bookRadix2Launches(s);
  case Variant::Fft1Permuted:
    return detail::fft1Launches(s);
  case Variant::Fft3Coalesced:
    return detail::fft3Launches(s);
  case Variant::CompactSingleGroup:
    return detail::compactLaunches(s);
  case Variant::Fft4Reordered:
    return detail::fft4Launches(s);
  case Variant::RegisterExchange:
    return detail::registerExchangeLaunches(s);
  case Variant::Production:
    break;
  }
  throw unsupported("no gallery launches for the production kernels");
}

} // namespace

const std::vector<VariantInfo>& allVariants()
{
  static const std::vector<VariantInfo> variants{
      {Variant::BookRadix2, "book", "Book radix-2", "OpenCL book, ch. 6",
       "bit reversal + one in-place launch per stage"},
      {Variant::Fft1Permuted, "fft1", "Scarpaci FFT1", "Scarpaci 2022",
       "one launch per stage, index permutation in every stage"},
      {Variant::Fft3Coalesced, "fft3", "Scarpaci FFT3", "Scarpaci 2022",
       "bit reversal + one launch per stage"},
      {Variant::CompactSingleGroup, "compact", "Scarpaci compact", "Scarpaci 2022",
       "one launch, one work-group per transform"},
      {Variant::Fft4Reordered, "fft4", "Scarpaci FFT4", "Scarpaci 2022",
       "bit reversal + reorder and butterfly launch per stage"},
      {Variant::RegisterExchange, "regex", "Bainville register exchange", "Bainville 2010",
       "one launch per radix-2T step (T work-items)"},
      {Variant::Production, "production", "Spectrascope production", "engine OpenCL backend",
       "1-3 launches (StockhamPlanner)"},
  };
  return variants;
}

const VariantInfo& info(Variant v)
{
  for (const VariantInfo& i : allVariants())
    if (i.variant == v) return i;
  throw invalidArgument("unknown gallery variant");
}

std::optional<Variant> variantFromKey(std::string_view key)
{
  for (const VariantInfo& i : allVariants())
    if (i.key == key) return i.variant;
  return std::nullopt;
}

std::size_t maxLength(Variant v, const OpenClDeviceInfo& device)
{
  switch (v) {
  case Variant::CompactSingleGroup:
    return compactLimit(device);
  case Variant::Production:
    return bufferLimit(device, kProductionMaxLength);
  default:
    return bufferLimit(device, kGalleryMaxLength);
  }
}

std::string limitDescription(Variant v, const OpenClDeviceInfo& device)
{
  const std::string limit = "N <= " + std::to_string(maxLength(v, device));
  switch (v) {
  case Variant::CompactSingleGroup:
    return limit + ": N/2 work-items in one group (max " + std::to_string(device.maxWorkGroupSize) +
           ") and N complex values in local memory (" + std::to_string(device.localMemBytes / 1024) + " KiB)";
  case Variant::Production:
    return limit + ": the engine's OpenCL limit and the largest buffer";
  default:
    return limit + ": 32-bit indices with exact float twiddle exponents, and the largest buffer";
  }
}

std::size_t defaultWorkGroupSize(Variant v, const OpenClDeviceInfo& device)
{
  // 64 work-items suit every GPU we meet (a multiple of the 32-wide warps the book tunes for);
  // the register exchange takes 128 (Bainville's DFT256), bounded by the device.
  const std::size_t preferred = v == Variant::RegisterExchange ? 128 : 64;
  return std::min(preferred, powerOfTwoAtMost(device.maxWorkGroupSize));
}

std::optional<std::string> cannotPlan(Variant v, const OpenClBackend& backend, const TransformDescriptor& d,
                                      const GalleryOptions& options)
{
  if (v == Variant::Production) return backend.cannotPlan(d);
  if (auto why = checkDescriptor(d)) return why;
  if (auto why = checkWorkGroupSize(options.workGroupSize, backend.info())) return why;
  const std::size_t limit = maxLength(v, backend.info());
  if (d.extent[0] > limit)
    return std::string(info(v).title) + " on " + backend.info().name + ": " +
           limitDescription(v, backend.info());
  if (d.extent[0] * d.batch * 2 * sizeof(float) > backend.info().maxAllocBytes)
    return "N x batch exceeds the device's largest buffer (" +
           std::to_string(backend.info().maxAllocBytes >> 20) + " MiB)";
  return std::nullopt;
}

std::unique_ptr<OpenClPlan> createPlan(Variant v, OpenClBackend& backend, const TransformDescriptor& d,
                                       const GalleryOptions& options)
{
  if (auto why = cannotPlan(v, backend, d, options)) throw unsupported(*why);
  if (v == Variant::Production) {
    std::unique_ptr<Plan> plan = backend.createPlan(d);
    auto* devicePlan = dynamic_cast<OpenClPlan*>(plan.get());
    if (!devicePlan)
      throw unsupported("the OpenCL backend returned a plan that cannot run on device buffers");
    plan.release();
    return std::unique_ptr<OpenClPlan>(devicePlan);
  }
  LaunchSetup setup{backend,
                    d.extent[0],
                    unsigned(std::countr_zero(d.extent[0])),
                    d.batch,
                    options.workGroupSize ? options.workGroupSize : defaultWorkGroupSize(v, backend.info()),
                    {}};
  try {
    std::vector<Launch> launches = launchesFor(v, setup);
    checkKernelLimits(launches, backend);
    return std::make_unique<detail::GalleryPlan>(backend, d, std::string(info(v).key), std::move(launches),
                                                 std::move(setup.tables));
  } catch (const cl::Error& e) {
    detail::rethrowDeviceError(e, "preparing " + std::string(info(v).key) + " " + d.toString());
  }
}

} // namespace spectrascope::gallery
