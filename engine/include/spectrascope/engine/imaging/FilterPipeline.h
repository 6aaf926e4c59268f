#pragma once
// FilterPipeline: the forward spectrum of an image is computed once; each mask change then costs only
// mask multiply + inverse (C2R) + conversion to 8 bits. Works on any W x H and on every channel (planes are
// one batched R2C / C2R transform through the engine's plans, so the backend may be OpenCL or FFTW).
//
// On an OpenCL backend the half-spectra stay on the device and apply() runs there end to end (mask
// multiply, C2R, conversion to 8 bits; only the display bytes are read back); applyFloat() and the
// spectrum pictures use the host copy. On FFTW everything runs on the host.
//
// Padding (PadMode): the transforms run on the padded image, so width(), height(), the masks, the spectra
// and the bins are those of the padded spectrum; apply(), applyFloat() and applyPreview() crop their result
// back to the original outputWidth() x outputHeight() (the Normalize range is taken over that crop only).
//
// Threading: one pipeline serves one thread at a time (it owns its scratch buffers). Construction plans
// the transforms (slow on a GPU backend: kernels are built), so make it off the GUI thread. The Engine
// must outlive it.

#include "spectrascope/engine/AlignedVector.h"
#include "spectrascope/engine/Timing.h"
#include "spectrascope/engine/imaging/FrequencyMask.h"
#include "spectrascope/engine/imaging/Padding.h"
#include "spectrascope/engine/imaging/PixelRange.h"
#include "spectrascope/engine/imaging/PlanarImage.h"

#include <complex>
#include <memory>
#include <utility>
#include <vector>

namespace spectrascope {
class Engine;
class Plan;
} // namespace spectrascope

namespace spectrascope::imaging {
namespace detail {
class DeviceFilter;
}

class FilterPipeline
{
public:
  // Plans the transforms and computes the forward spectrum of every channel. `report` (optional) gets the
  // forward transform's records. `padding` pads the image first (see Padding.h).
  FilterPipeline(Engine& engine, PlanarImage image, ExecutionReport* report = nullptr,
                 PadMode padding = PadMode::None);
  ~FilterPipeline();

  // The transform's (padded) size: that of the spectrum and of every mask.
  std::size_t width() const { return image_.width; }
  std::size_t height() const { return image_.height; }
  // The image's own size: that of every result.
  std::size_t outputWidth() const { return outputWidth_; }
  std::size_t outputHeight() const { return outputHeight_; }
  PadMode padding() const { return padding_; }
  std::size_t channels() const { return image_.channels; }
  const PlanarImage& image() const { return image_; } // padded
  // Backend of the inverse transform (the per-update one), and why it is not the requested one if so.
  std::string backendName() const;
  std::string fallbackReason() const;
  // Whether apply() runs on the device (OpenCL backend and the buffers fit); if not on an OpenCL
  // backend that was asked for, fallbackReason() says why.
  bool onDevice() const { return device_ != nullptr; }

  // One update: multiplies every channel's half-spectrum by `halfMask` ((W/2+1) x H values, see
  // halfPlaneMask), inverts and converts. `report` gets one record per step (mask, inverse, to 8 bits).
  PlanarBytes apply(const std::vector<float>& halfMask, PixelRange range, ExecutionReport* report = nullptr);
  // The same as apply(composeHalfPlaneMask(spec, width(), height(), nullptr, inverted), ...), but on the
  // device the mask is evaluated there from the formulas (no mask upload: a slider step sends a few
  // numbers); on the host it is composed here.
  PlanarBytes applyParametric(const MaskSpec& spec, bool inverted, PixelRange range,
                              ExecutionReport* report = nullptr);
  // A fast stand-in for apply() while the mask is being dragged: inverts only the central cropWidth x
  // cropHeight bins of the masked spectrum (`cropMask` from composeCroppedHalfPlaneMask). That is exactly
  // the filtered image band-limited and resampled to cropWidth x cropHeight (scaled by cw ch / (W H) to
  // keep the grey levels), so it looks like the full result shown at that size. Always on the host
  // side of the engine's plans (Plan::execute); the C2R plan of the crop size is cached by the engine.
  // With padding, the result is the image's part of that: about cropWidth * outputWidth() / width() wide.
  PlanarBytes applyPreview(const std::vector<float>& cropMask, std::size_t cropWidth, std::size_t cropHeight,
                           PixelRange range, ExecutionReport* report = nullptr);
  // The crop size for a preview shown in about targetWidth x targetHeight pixels: the image's aspect,
  // sides rounded up to even products of 2, 3 and 5 (fast transforms, few distinct plans) and never
  // larger than the image.
  static std::pair<std::size_t, std::size_t> previewExtent(std::size_t width, std::size_t height,
                                                           std::size_t targetWidth, std::size_t targetHeight);

  // Hands a result back once it has been shown or saved: the next full-resolution update writes into its
  // memory instead of a fresh buffer, whose page faults cost as much as the conversion to 8 bits (about
  // 25 ms at 4096 x 4096 in colour on 2 cores). Optional; one buffer is kept, previews are not.
  void recycle(PlanarBytes&& used);

  // The real filter output before conversion (for tests and tools), same steps.
  PlanarImage applyFloat(const std::vector<float>& halfMask, ExecutionReport* report = nullptr);

  // log(1 + |F|) of channel c (or, when c < 0, of the luminance Y = 0.299 R + 0.587 G + 0.114 B, which by
  // linearity is the same weighted sum of the channel spectra), fftshift-centred, min-max
  // scaled to 0..255: W x H bytes.
  std::vector<std::uint8_t> logMagnitudeImage(int channel = -1) const;
  // The same before scaling: log(1 + |F|) as floats, W x H centred (for display contrast controls).
  std::vector<float> centredLogMagnitude(int channel = -1) const;
  // arg F in -pi..pi as floats, W x H centred.
  std::vector<float> centredPhase(int channel = -1) const;
  // F at centred bin (u, v) (wrapping), of channel c or, when c < 0, of the luminance.
  std::complex<float> binValue(long u, long v, int channel = -1) const;
  // arg F of channel c, centred, -pi..pi mapped to 0..255.
  std::vector<std::uint8_t> phaseImage(int channel = 0) const;
  // The unshifted half-spectrum of channel c: (W/2+1) x H interleaved complex values.
  const float* halfSpectrum(std::size_t c) const;

private:
  void startDevice();
  // Mask multiply and inverse on the host, into result_ (the padded planes).
  void inverseOnHost(const std::vector<float>& halfMask, ExecutionReport* report);
  // The top-left output-sized part of `planes` (channels planes of W x H) as bytes.
  void croppedToBytes(const float* planes, std::size_t w, std::size_t h, std::size_t outW, std::size_t outH,
                      PixelRange range, std::uint8_t* out);
  // A result of outW x outH x channels() bytes, in recycled memory where there is some of that size.
  PlanarBytes freshBytes(std::size_t outW, std::size_t outH);
  std::size_t halfRow() const { return image_.width / 2 + 1; }
  std::size_t halfPlaneFloats() const { return 2 * halfRow() * image_.height; }
  template <typename PerCentredBin> void forEachCentredBin(PerCentredBin&& f) const;
  // F at half-plane bin `bin` (of channel c, or the luminance when c < 0), conjugated unless `direct`.
  std::complex<float> halfBinValue(std::size_t bin, bool direct, int channel) const;

  Engine& engine_;
  PlanarImage image_; // padded
  std::size_t outputWidth_, outputHeight_;
  PadMode padding_;
  std::shared_ptr<const Plan> inverse_;
  std::unique_ptr<detail::DeviceFilter> device_;
  std::string deviceFallback_;              // why an OpenCL inverse plan is not used device-resident
  std::vector<float> spectrum_;             // channels half-planes, interleaved complex
  AlignedVector<float> scratch_;            // masked spectra (the host inverse's to overwrite)
  AlignedVector<float> result_;             // real output planes
  std::shared_ptr<const Plan> hostInverse_; // the inverse without its 1/N, which the mask multiply carries
  std::vector<float> previewSpectrum_, previewResult_, cropScratch_;
  std::vector<float> parametricMask_; // the host path's mask of the last slider step
  ByteVector spareBytes_;             // a result handed back through recycle()
};

} // namespace spectrascope::imaging
