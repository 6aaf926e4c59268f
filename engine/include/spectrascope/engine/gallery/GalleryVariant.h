#pragma once
// The kernel gallery: the FFT kernels of the seeds (the OpenCL book, Scarpaci's four GPU variants,
// Bainville's register exchange) as selectable, correct plans next to the engine's production kernels,
// so the benchmark and the GUI can time them side by side.
//
// Every variant does power-of-two 1D complex forward transforms, batched, out of place, with the
// engine's sign convention (X[k] = sum x[n] exp(-2 pi i k n / N), unscaled). Plans are OpenClPlans:
// enqueue on device buffers, or execute on host memory with upload and download timed too.

#include "spectrascope/engine/DeviceInfo.h"
#include "spectrascope/engine/OpenClBackend.h"

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace spectrascope::gallery {

enum class Variant {
  BookRadix2,         // bit reversal + one in-place butterfly launch per stage, twiddle table
  Fft1Permuted,       // Scarpaci FFT1: index permutation inside every stage
  Fft3Coalesced,      // Scarpaci FFT3: separate bit reversal, then contiguous stages
  CompactSingleGroup, // Scarpaci compact FFT3: the whole transform in one work-group
  Fft4Reordered,      // Scarpaci FFT4: reordering launch before each stage for coalesced reads
  RegisterExchange,   // Bainville: DFT2 per work-item, values exchanged through local memory
  Production,         // the engine's OpenCL backend (register-exchange Stockham, StockhamPlanner)
};

struct VariantInfo
{
  Variant variant;
  std::string_view key; // command-line name: "book", "fft1", "fft3", "compact", "fft4", "regex", "production"
  std::string_view title;    // for tables and legends
  std::string_view origin;   // where the kernel comes from
  std::string_view launches; // how many launches one transform takes, in words
};

const std::vector<VariantInfo>& allVariants();
const VariantInfo& info(Variant v);
std::optional<Variant> variantFromKey(std::string_view key);

struct GalleryOptions
{
  // Work-items per work-group; 0: the variant's default. Powers of two up to the device limit. The
  // compact variant always uses N/2; for the register exchange it is the work-items per DFT (radix / 2).
  std::size_t workGroupSize = 0;
};

// The hand-written variants address transforms with 32-bit indices and exact float twiddle exponents.
constexpr std::size_t kGalleryMaxLength = std::size_t{1} << 24;

// Largest power-of-two N the variant transforms on this device (one transform per call).
std::size_t maxLength(Variant v, const OpenClDeviceInfo& device);
// One line: what bounds maxLength on this device.
std::string limitDescription(Variant v, const OpenClDeviceInfo& device);
// Default work-group size of the variant on this device (what workGroupSize = 0 means).
std::size_t defaultWorkGroupSize(Variant v, const OpenClDeviceInfo& device);

// Why the variant cannot plan `d` on this backend, or nothing.
std::optional<std::string> cannotPlan(Variant v, const OpenClBackend& backend, const TransformDescriptor& d,
                                      const GalleryOptions& options = {});
// Builds (or loads from the program cache) the kernels and allocates scratch and tables. Throws
// EngineError (Unsupported with cannotPlan's reason, BuildError, OutOfResources).
std::unique_ptr<OpenClPlan> createPlan(Variant v, OpenClBackend& backend, const TransformDescriptor& d,
                                       const GalleryOptions& options = {});

} // namespace spectrascope::gallery
