#include "spectrascope/engine/audio/Stft.h"

#include "spectrascope/engine/Engine.h"
#include "spectrascope/engine/Errors.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace spectrascope::audio {
namespace {

// 10 log10(power) without a libm call: the exponent comes from the float's bits, the logarithm of the
// mantissa (brought into [0.707, 1.414)) from the series 2 atanh(t), t = (m - 1) / (m + 1), |t| <= 0.172,
// to t^7: the next term is below 1e-7 dB, under float rounding. No branch but the floor's, so the loop in
// powersToDecibels vectorises. Same floor as toDecibels.
float powerToDecibels(float power)
{
  if (!(power > 1e-24f)) return Stft::kFloorDb; // magnitude 1e-12; NaN too
  std::uint32_t bits = std::bit_cast<std::uint32_t>(power);
  float exponent = float(int((bits >> 23) & 0xffu) - 127);
  float m = std::bit_cast<float>((bits & 0x007fffffu) | 0x3f800000u);
  const bool high = m > 1.41421356f;
  m = high ? 0.5f * m : m;
  exponent += high ? 1.0f : 0.0f;
  const float t = (m - 1.0f) / (m + 1.0f), t2 = t * t;
  const float ln = 2.0f * t * (1.0f + t2 * (1.0f / 3.0f + t2 * (1.0f / 5.0f + t2 * (1.0f / 7.0f))));
  constexpr float kLog10Of2 = 0.301029995663981f, kLog10OfE = 0.434294481903252f;
  return 10.0f * (exponent * kLog10Of2 + ln * kLog10OfE);
}

// Enough frames per call to amortise the call (FFT 8192: 128 frames), small enough that input and
// output stay a few MiB whatever the FFT size.
constexpr std::size_t kFloatsPerCall = std::size_t(1) << 20;
constexpr std::size_t kMaxBatch = 256;
constexpr std::size_t kMinFft = 2, kMaxFft = std::size_t(1) << 20;

} // namespace

void StftSettings::validate() const
{
  if (frameLength < 2) throw invalidArgument("STFT frame length must be at least 2 samples");
  if (hop < 1) throw invalidArgument("STFT hop must be at least 1 sample");
  if (zeroPadding < 1 || zeroPadding > 64) throw invalidArgument("STFT zero-padding factor must be 1..64");
  if (fftSize() < kMinFft || fftSize() > kMaxFft)
    throw invalidArgument("STFT FFT size " + std::to_string(fftSize()) + " is outside 2.." +
                          std::to_string(kMaxFft));
}

Stft::Stft(Engine& engine, const StftSettings& settings) : engine_(engine), settings_(settings)
{
  settings_.validate();
  const std::vector<double> w = makeWindow(settings_.window, settings_.frameLength);
  const double correction = amplitudeCorrection(w);
  window_.resize(w.size());
  for (std::size_t i = 0; i < w.size(); ++i)
    window_[i] = float(w[i] / correction);
  // Powers of two only, so a caller asking for any count of frames meets at most log2(kMaxBatch) plans.
  const std::size_t byMemory = std::max<std::size_t>(1, kFloatsPerCall / settings_.fftSize());
  maxBatch_ = std::bit_floor(std::min(byMemory, kMaxBatch));
  planFor(1); // make the smallest plan now, so bad settings fail here rather than on the first call
}

Stft::~Stft() = default;

std::size_t Stft::frameCount(std::size_t samples, const StftSettings& s)
{
  if (samples < s.frameLength || s.hop == 0) return 0;
  return (samples - s.frameLength) / s.hop + 1;
}

std::size_t Stft::samplesSpanned(std::size_t frames, const StftSettings& s)
{
  return frames == 0 ? 0 : (frames - 1) * s.hop + s.frameLength;
}

std::string Stft::backendName() const
{
  return lastPlan_ ? lastPlan_->backendName() : std::string();
}

float Stft::toDecibels(float magnitude)
{
  return magnitude > 1e-12f ? 20.0f * std::log10(magnitude) : kFloorDb;
}

void Stft::powersToDecibels(std::span<float> values)
{
  for (float& v : values)
    v = powerToDecibels(v);
}

std::shared_ptr<const Plan> Stft::planFor(std::size_t batch)
{
  TransformDescriptor d;
  d.rank = 1;
  d.extent = {settings_.fftSize(), 1, 1};
  d.batch = batch;
  d.kind = TransformKind::RealToComplex;
  d.direction = Direction::Forward;
  lastPlan_ = engine_.plan(d); // the engine caches plans by descriptor
  return lastPlan_;
}

void Stft::magnitudes(std::span<const float> samples, std::size_t frames, std::span<float> out,
                      ExecutionReport* report)
{
  transformAll(samples, frames, out, report, BinValue::Magnitude);
}

void Stft::powers(std::span<const float> samples, std::size_t frames, std::span<float> out,
                  ExecutionReport* report)
{
  transformAll(samples, frames, out, report, BinValue::Power);
}

void Stft::decibels(std::span<const float> samples, std::size_t frames, std::span<float> out,
                    ExecutionReport* report)
{
  transformAll(samples, frames, out, report, BinValue::Power);
  powersToDecibels(out.first(frames * binCount()));
}

void Stft::transformAll(std::span<const float> samples, std::size_t frames, std::span<float> out,
                        ExecutionReport* report, BinValue value)
{
  const std::size_t bins = binCount();
  if (samples.size() < samplesSpanned(frames, settings_))
    throw invalidArgument("STFT: " + std::to_string(frames) + " frames need " +
                          std::to_string(samplesSpanned(frames, settings_)) + " samples, got " +
                          std::to_string(samples.size()));
  if (out.size() < frames * bins) throw invalidArgument("STFT: output span too small");
  for (std::size_t first = 0; first < frames; first += maxBatch_) {
    const std::size_t count = std::min(maxBatch_, frames - first);
    transformChunk(samples, first, count, out.subspan(first * bins, count * bins), report, value);
  }
}

void Stft::transformChunk(std::span<const float> samples, std::size_t firstFrame, std::size_t frames,
                          std::span<float> out, ExecutionReport* report, BinValue value)
{
  // The batch is rounded up to a power of two; the extra frames are zeros and their output is ignored.
  const std::size_t batch = std::bit_ceil(frames);
  const std::shared_ptr<const Plan> plan = planFor(batch);
  const std::size_t n = settings_.fftSize(), length = settings_.frameLength, bins = binCount();
  input_.assign(plan->descriptor().inputFloats(), 0.0f);
  spectrum_.resize(plan->descriptor().outputFloats());
  for (std::size_t f = 0; f < frames; ++f) {
    const float* source = samples.data() + (firstFrame + f) * settings_.hop;
    float* row = input_.data() + f * n;
    for (std::size_t i = 0; i < length; ++i)
      row[i] = source[i] * window_[i];
  }
  ExecutionReport chunkReport;
  plan->execute(input_, spectrum_, report ? &chunkReport : nullptr);
  if (report) {
    report->backend = chunkReport.backend;
    report->device = chunkReport.device;
    report->wallMs += chunkReport.wallMs;
    report->records.insert(report->records.end(), chunkReport.records.begin(), chunkReport.records.end());
  }
  for (std::size_t f = 0; f < frames; ++f) {
    const float* c = spectrum_.data() + 2 * f * bins;
    float* row = out.data() + f * bins;
    if (value == BinValue::Power)
      for (std::size_t k = 0; k < bins; ++k)
        row[k] = c[2 * k] * c[2 * k] + c[2 * k + 1] * c[2 * k + 1];
    else
      for (std::size_t k = 0; k < bins; ++k)
        row[k] = std::hypot(c[2 * k], c[2 * k + 1]);
  }
}

} // namespace spectrascope::audio
