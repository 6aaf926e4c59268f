#include "spectrascope/engine/imaging/FilterPipeline.h"

#include "ParallelRows.h"

#include "DeviceFilter.h"
#include "spectrascope/engine/Engine.h"
#include "spectrascope/engine/Errors.h"
#include "spectrascope/engine/OpenClBackend.h"
#include "spectrascope/engine/imaging/HalfSpectrum.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <complex>
#include <numbers>

namespace spectrascope::imaging {
namespace {

std::uint64_t nowNs()
{
  return std::uint64_t(std::chrono::duration_cast<std::chrono::nanoseconds>(
                           std::chrono::steady_clock::now().time_since_epoch())
                           .count());
}

// Records one host step of an update in the same form as the backends' kernel records.
class HostStep
{
public:
  HostStep(ExecutionReport* report, std::string name, std::uint64_t bytes)
      : report_(report), name_(std::move(name)), bytes_(bytes), start_(report ? nowNs() : 0)
  {
  }
  ~HostStep()
  {
    if (!report_) return;
    KernelRecord r;
    r.name = name_;
    r.type = KernelRecord::Type::Host;
    r.queuedNs = r.startNs = start_;
    r.endNs = nowNs();
    r.bytes = bytes_;
    report_->records.push_back(std::move(r));
  }
  HostStep(const HostStep&) = delete;
  HostStep& operator=(const HostStep&) = delete;

private:
  ExecutionReport* report_;
  std::string name_;
  std::uint64_t bytes_;
  std::uint64_t start_;
};

TransformDescriptor realTransform(const PlanarImage& image, TransformKind kind)
{
  TransformDescriptor d = TransformDescriptor::complex2d(
      image.width, image.height, image.channels,
      kind == TransformKind::RealToComplex ? Direction::Forward : Direction::Inverse);
  d.kind = kind;
  return d;
}

void checkImage(const PlanarImage& image)
{
  if (image.width == 0 || image.height == 0) throw invalidArgument("the image has no pixels");
  if (image.channels == 0 || image.channels > 4) throw invalidArgument("images have 1 to 4 channels");
  if (image.values.size() != image.channels * image.planeSize())
    throw invalidArgument("the image data does not match its width, height and channel count");
}

void appendRecords(ExecutionReport* report, const ExecutionReport& from, const std::string& prefix)
{
  if (!report) return;
  if (report->backend.empty()) report->backend = from.backend, report->device = from.device;
  for (KernelRecord r : from.records) {
    r.name = prefix + r.name;
    report->records.push_back(std::move(r));
  }
}

} // namespace

FilterPipeline::FilterPipeline(Engine& engine, PlanarImage image, ExecutionReport* report, PadMode padding)
    : engine_(engine), outputWidth_(image.width), outputHeight_(image.height), padding_(padding)
{
  checkImage(image);
  const auto wallStart = nowNs();
  {
    HostStep step(padding == PadMode::None ? nullptr : report, "pad (" + toString(padding) + ")",
                  std::uint64_t(image.values.size()) * 4);
    image_ = padding == PadMode::None ? std::move(image) : pad(image, padding);
  }
  const auto forward = engine.plan(realTransform(image_, TransformKind::RealToComplex));
  inverse_ = engine.plan(realTransform(image_, TransformKind::ComplexToReal));
  spectrum_.resize(forward->descriptor().outputFloats());
  ExecutionReport forwardReport;
  forward->execute(image_.values, spectrum_, report ? &forwardReport : nullptr);
  appendRecords(report, forwardReport, "forward: ");
  startDevice();
  if (report) report->wallMs = double(nowNs() - wallStart) * 1e-6;
}

FilterPipeline::~FilterPipeline() = default;

// Keeps the spectra on the device when the inverse runs there. A device that cannot hold them (or build
// the conversion kernels) leaves the host path, which is always correct, and a reason to show.
void FilterPipeline::startDevice()
{
  const auto* plan = dynamic_cast<const OpenClPlan*>(inverse_.get());
  if (!plan) return;
  try {
    device_ = std::make_unique<detail::DeviceFilter>(*plan, spectrum_, image_.width, image_.height,
                                                     image_.channels, outputWidth_, outputHeight_);
  } catch (const std::exception& e) {
    deviceFallback_ = std::string("updates run on the host: ") + e.what();
  }
}

std::string FilterPipeline::backendName() const
{
  return inverse_->backendName();
}

std::string FilterPipeline::fallbackReason() const
{
  return deviceFallback_.empty() ? inverse_->fallbackReason() : deviceFallback_;
}

const float* FilterPipeline::halfSpectrum(std::size_t c) const
{
  return spectrum_.data() + c * halfPlaneFloats();
}

// The mask multiply carries the inverse's 1/N, and the masked spectra are the inverse's to overwrite:
// FFTW's C2R then runs in place of its input, with no copy and no scaling pass of its own.
void FilterPipeline::inverseOnHost(const std::vector<float>& halfMask, ExecutionReport* report)
{
  if (halfMask.size() != halfRow() * image_.height)
    throw invalidArgument("the mask must have (W/2+1) x H values for a W x H image");
  if (!hostInverse_) {
    TransformDescriptor d = inverse_->descriptor();
    d.normalization = Normalization::Unscaled;
    hostInverse_ = engine_.plan(d);
  }
  const std::size_t bins = halfMask.size();
  const float scale = float(1.0 / double(image_.width * image_.height));
  scratch_.resize(spectrum_.size()); // first host update only: the device path never needs them
  result_.resize(image_.values.size());
  {
    HostStep step(report, "mask multiply", std::uint64_t(bins) * image_.channels * 4 * 5);
    // One row of one channel's half-plane per step: rows of every channel, split over the cores.
    const std::size_t row = halfRow();
    detail::parallelRows(image_.channels * image_.height, row, [&](std::size_t first, std::size_t end) {
      for (std::size_t r = first; r < end; ++r) {
        const float* mask = halfMask.data() + (r % image_.height) * row;
        const float* in = spectrum_.data() + 2 * r * row;
        float* out = scratch_.data() + 2 * r * row;
        for (std::size_t i = 0; i < row; ++i) {
          const float m = mask[i] * scale;
          out[2 * i] = in[2 * i] * m;
          out[2 * i + 1] = in[2 * i + 1] * m;
        }
      }
    });
  }
  ExecutionReport inverseReport;
  hostInverse_->executeConsuming(scratch_, result_, report ? &inverseReport : nullptr);
  appendRecords(report, inverseReport, "inverse: ");
}

PlanarImage FilterPipeline::applyFloat(const std::vector<float>& halfMask, ExecutionReport* report)
{
  inverseOnHost(halfMask, report);
  return cropTopLeft(
      PlanarImage{image_.width, image_.height, image_.channels, {result_.begin(), result_.end()}},
      outputWidth_, outputHeight_);
}

void FilterPipeline::croppedToBytes(const float* planes, std::size_t w, std::size_t h, std::size_t outW,
                                    std::size_t outH, PixelRange range, std::uint8_t* out)
{
  if (range != PixelRange::Normalize) {
    // Pixel by pixel: rows of every channel's crop, split over the cores.
    detail::parallelRows(image_.channels * outH, outW, [&](std::size_t first, std::size_t end) {
      for (std::size_t r = first; r < end; ++r) {
        const std::size_t c = r / outH, y = r % outH;
        toBytes(planes + c * w * h + y * w, outW, range, out + r * outW);
      }
    });
    return;
  }
  // Normalize scales by the crop's minimum and maximum, so each plane's crop is made contiguous first.
  for (std::size_t c = 0; c < image_.channels; ++c) {
    const float* plane = planes + c * w * h;
    if (outW != w || outH != h) {
      // Rows of the crop made contiguous, so that Normalize sees the image's pixels only.
      cropScratch_.resize(outW * outH);
      for (std::size_t y = 0; y < outH; ++y)
        std::copy_n(plane + y * w, outW, cropScratch_.data() + y * outW);
      plane = cropScratch_.data();
    }
    toBytes(plane, outW * outH, range, out + c * outW * outH);
  }
}

void FilterPipeline::recycle(PlanarBytes&& used)
{
  // Full results only: a preview's small buffer must not replace the one the full result after a drag
  // will want.
  if (used.values.size() == outputWidth_ * outputHeight_ * image_.channels)
    spareBytes_ = std::move(used.values);
}

PlanarBytes FilterPipeline::freshBytes(std::size_t outW, std::size_t outH)
{
  PlanarBytes bytes{outW, outH, image_.channels, {}};
  if (spareBytes_.size() == outW * outH * image_.channels)
    bytes.values.swap(spareBytes_); // the spare is left empty
  else
    bytes.values.resize(outW * outH * image_.channels); // a preview: the spare stays for the next full result
  return bytes;
}

PlanarBytes FilterPipeline::apply(const std::vector<float>& halfMask, PixelRange range,
                                  ExecutionReport* report)
{
  const auto wallStart = nowNs();
  if (report) report->records.clear();
  PlanarBytes bytes = freshBytes(outputWidth_, outputHeight_);
  if (device_) {
    if (halfMask.size() != halfRow() * image_.height)
      throw invalidArgument("the mask must have (W/2+1) x H values for a W x H image");
    if (report) report->backend = inverse_->backendName(), report->device = inverse_->deviceName();
    device_->apply(halfMask, range, bytes.values.data(), report);
    if (report) report->wallMs = double(nowNs() - wallStart) * 1e-6;
    return bytes;
  }
  inverseOnHost(halfMask, report);
  {
    HostStep step(report, "to 8 bits (" + toString(range) + ")", bytes.values.size() * 5);
    croppedToBytes(result_.data(), image_.width, image_.height, outputWidth_, outputHeight_, range,
                   bytes.values.data());
  }
  if (report) report->wallMs = double(nowNs() - wallStart) * 1e-6;
  return bytes;
}

PlanarBytes FilterPipeline::applyParametric(const MaskSpec& spec, bool inverted, PixelRange range,
                                            ExecutionReport* report)
{
  if (!device_) {
    // The host path times the mask with the rest, as the device path does.
    const auto wallStart = nowNs();
    validate(spec);
    const std::size_t row = halfRow();
    // Kept between updates: a fresh W x H buffer per slider step costs its page faults and zeroing
    // (about 20 ms at 4096 x 4096, as much as the mask itself).
    std::vector<float>& mask = parametricMask_;
    mask.resize(row * image_.height);
    ExecutionReport maskReport;
    {
      HostStep step(report ? &maskReport : nullptr, "mask (" + toString(spec.kind) + ")",
                    std::uint64_t(row * image_.height) * 4);
      detail::parallelRows(image_.height, row, [&](std::size_t first, std::size_t end) {
        fillHalfPlaneMaskRows(spec, image_.width, image_.height, first, end, mask.data() + first * row);
        if (inverted)
          for (std::size_t i = first * row; i < end * row; ++i)
            mask[i] = 1.0f - mask[i];
      });
    }
    PlanarBytes bytes = apply(mask, range, report);
    if (report) {
      report->records.insert(report->records.begin(), maskReport.records.begin(), maskReport.records.end());
      report->wallMs = double(nowNs() - wallStart) * 1e-6;
    }
    return bytes;
  }
  validate(spec);
  const auto wallStart = nowNs();
  if (report) {
    report->records.clear();
    report->backend = inverse_->backendName(), report->device = inverse_->deviceName();
  }
  PlanarBytes bytes = freshBytes(outputWidth_, outputHeight_);
  device_->applyParametric(spec, inverted, range, bytes.values.data(), report);
  if (report) report->wallMs = double(nowNs() - wallStart) * 1e-6;
  return bytes;
}

std::pair<std::size_t, std::size_t> FilterPipeline::previewExtent(std::size_t width, std::size_t height,
                                                                  std::size_t targetWidth,
                                                                  std::size_t targetHeight)
{
  const double scale =
      std::min(1.0, std::max(double(targetWidth) / double(width), double(targetHeight) / double(height)));
  // Even sizes made of 2, 3 and 5 only: every FFT library is fast there (544 = 32 x 17 took four times
  // as long as 540), and a view resized by a few pixels maps onto the same few plans.
  auto smooth = [](std::size_t n) {
    for (std::size_t p : {2, 3, 5})
      while (n % p == 0)
        n /= p;
    return n == 1;
  };
  auto side = [&](std::size_t n) {
    std::size_t s = std::max<std::size_t>(2, std::size_t(std::ceil(double(n) * scale)));
    while (s < n && (s % 2 || !smooth(s)))
      ++s;
    return std::min(n, s);
  };
  return {side(width), side(height)};
}

PlanarBytes FilterPipeline::applyPreview(const std::vector<float>& cropMask, std::size_t cropWidth,
                                         std::size_t cropHeight, PixelRange range, ExecutionReport* report)
{
  const auto wallStart = nowNs();
  if (report) report->records.clear();
  const std::size_t cropRow = cropWidth / 2 + 1, channels = image_.channels;
  if (cropWidth == 0 || cropHeight == 0 || cropWidth > image_.width || cropHeight > image_.height ||
      cropMask.size() != cropRow * cropHeight)
    throw invalidArgument("the preview mask must have (w/2+1) x h values for a w x h crop inside the image");
  PlanarImage shape{cropWidth, cropHeight, channels, {}};
  const auto plan = engine_.plan(realTransform(shape, TransformKind::ComplexToReal));
  previewSpectrum_.resize(plan->descriptor().inputFloats());
  previewResult_.resize(channels * cropWidth * cropHeight);
  {
    HostStep step(report, "preview: crop + mask", std::uint64_t(cropMask.size()) * channels * 20);
    // The inverse of the crop divides by cw ch instead of W H.
    const float scale =
        float(double(cropWidth) * double(cropHeight) / (double(image_.width) * double(image_.height)));
    for (std::size_t c = 0; c < channels; ++c)
      for (std::size_t y = 0; y < cropHeight; ++y) {
        const long v = centredIndex(y, cropHeight);
        const float* in =
            halfSpectrum(c) + 2 * std::size_t((v + long(image_.height)) % long(image_.height)) * halfRow();
        float* out = previewSpectrum_.data() + 2 * (c * cropHeight + y) * cropRow;
        const float* m = cropMask.data() + y * cropRow;
        for (std::size_t x = 0; x < cropRow; ++x) {
          out[2 * x] = in[2 * x] * m[x] * scale;
          out[2 * x + 1] = in[2 * x + 1] * m[x] * scale;
        }
      }
  }
  ExecutionReport inverseReport;
  plan->execute(previewSpectrum_, previewResult_, report ? &inverseReport : nullptr);
  appendRecords(report, inverseReport, "preview: inverse: ");
  // The image's share of the resampled (padded) plane.
  auto share = [](std::size_t crop, std::size_t part, std::size_t whole) {
    return std::clamp<std::size_t>(std::size_t(std::lround(double(crop) * double(part) / double(whole))), 1,
                                   crop);
  };
  const std::size_t outW = share(cropWidth, outputWidth_, image_.width),
                    outH = share(cropHeight, outputHeight_, image_.height);
  PlanarBytes bytes = freshBytes(outW, outH);
  {
    HostStep step(report, "preview: to 8 bits (" + toString(range) + ")", bytes.values.size() * 5);
    croppedToBytes(previewResult_.data(), cropWidth, cropHeight, outW, outH, range, bytes.values.data());
  }
  if (report) report->wallMs = double(nowNs() - wallStart) * 1e-6;
  return bytes;
}

// Calls f(centredIndex, F) for every pixel of the centred W x H layout with F the full-spectrum value
// there, rebuilt from the half-plane by conjugate symmetry: F(k, l) = conj(F(W-k, H-l)).
template <typename PerCentredBin> void FilterPipeline::forEachCentredBin(PerCentredBin&& f) const
{
  const std::size_t w = image_.width, h = image_.height;
  for (std::size_t cy = 0; cy < h; ++cy)
    for (std::size_t cx = 0; cx < w; ++cx) {
      const HalfSpectrumBin bin = halfSpectrumBinOfCentredPixel(cx, cy, w, h);
      f(cy * w + cx, bin.index, bin.direct);
    }
}

std::complex<float> FilterPipeline::halfBinValue(std::size_t bin, bool direct, int channel) const
{
  static constexpr float kLuma[3] = {0.299f, 0.587f, 0.114f};
  std::complex<float> value;
  if (channel < 0 && image_.channels == 3) {
    for (std::size_t ch = 0; ch < 3; ++ch) {
      const float* s = halfSpectrum(ch);
      value += kLuma[ch] * std::complex<float>(s[2 * bin], s[2 * bin + 1]);
    }
  } else {
    const float* s = halfSpectrum(channel < 0 ? 0 : std::size_t(channel));
    value = {s[2 * bin], s[2 * bin + 1]};
  }
  return direct ? value : std::conj(value);
}

std::complex<float> FilterPipeline::binValue(long u, long v, int channel) const
{
  if (channel >= 0 && std::size_t(channel) >= image_.channels) throw invalidArgument("no such channel");
  const HalfSpectrumBin bin = halfSpectrumBinOfCentred(u, v, image_.width, image_.height);
  return halfBinValue(bin.index, bin.direct, channel);
}

std::vector<float> FilterPipeline::centredLogMagnitude(int channel) const
{
  if (channel >= 0 && std::size_t(channel) >= image_.channels) throw invalidArgument("no such channel");
  std::vector<float> logs(image_.planeSize());
  forEachCentredBin([&](std::size_t out, std::size_t bin, bool direct) {
    // log1p keeps the tiny bins of a smooth image distinct instead of rounding them to log(1) = 0.
    logs[out] = std::log1p(std::abs(halfBinValue(bin, direct, channel)));
  });
  return logs;
}

std::vector<float> FilterPipeline::centredPhase(int channel) const
{
  if (channel >= 0 && std::size_t(channel) >= image_.channels) throw invalidArgument("no such channel");
  std::vector<float> phases(image_.planeSize());
  forEachCentredBin([&](std::size_t out, std::size_t bin, bool direct) {
    phases[out] = std::arg(halfBinValue(bin, direct, channel));
  });
  return phases;
}

std::vector<std::uint8_t> FilterPipeline::logMagnitudeImage(int channel) const
{
  const std::vector<float> logs = centredLogMagnitude(channel);
  std::vector<std::uint8_t> bytes(logs.size());
  normalizeToBytes(logs.data(), logs.size(), bytes.data());
  return bytes;
}

std::vector<std::uint8_t> FilterPipeline::phaseImage(int channel) const
{
  const std::size_t c = channel < 0 ? 0 : std::size_t(channel);
  if (c >= image_.channels) throw invalidArgument("no such channel");
  const float* s = halfSpectrum(c);
  std::vector<std::uint8_t> bytes(image_.planeSize());
  constexpr float pi = std::numbers::pi_v<float>;
  forEachCentredBin([&](std::size_t out, std::size_t bin, bool direct) {
    const float phase = std::atan2(direct ? s[2 * bin + 1] : -s[2 * bin + 1], s[2 * bin]);
    bytes[out] = std::uint8_t(std::lround((phase + pi) / (2 * pi) * 255.0f));
  });
  return bytes;
}

} // namespace spectrascope::imaging
