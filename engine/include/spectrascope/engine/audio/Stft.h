#pragma once
// Short-time Fourier transform through the engine: frame k covers samples [k*hop, k*hop + frameLength),
// is multiplied by the window, zero-padded to fftSize = frameLength * zeroPadding, and transformed as one
// of many frames of a single batched R2C plan (Engine::plan with batch = frames), so one engine call
// serves many hops. Output is one row of fftSize/2+1 values per frame, amplitude-corrected so a
// full-scale sine at a bin centre reads 1 (0 dBFS), whatever the window.
//
// Threading: an Stft is used by one thread at a time (it owns scratch buffers). The Engine it was made
// with must outlive it; plans are thread-safe, so several Stfts may share one engine.

#include "spectrascope/engine/Timing.h"
#include "spectrascope/engine/audio/Window.h"

#include <cstddef>
#include <memory>
#include <span>
#include <vector>

namespace spectrascope {
class Engine;
class Plan;
} // namespace spectrascope

namespace spectrascope::audio {

struct StftSettings
{
  std::size_t frameLength = 4096; // samples per frame, the window's length
  std::size_t hop = 1024;         // samples between frame starts, >= 1
  std::size_t zeroPadding = 1;    // FFT size = frameLength * zeroPadding
  WindowSpec window;

  std::size_t fftSize() const { return frameLength * zeroPadding; }
  std::size_t binCount() const { return fftSize() / 2 + 1; }
  // Throws InvalidArgument with a readable message.
  void validate() const;
  bool operator==(const StftSettings&) const = default;
};

class Stft
{
public:
  Stft(Engine& engine, const StftSettings& settings);
  ~Stft();

  const StftSettings& settings() const { return settings_; }
  std::size_t binCount() const { return settings_.binCount(); }
  // Frames that fit entirely in `samples` samples (no padding at the ends).
  static std::size_t frameCount(std::size_t samples, const StftSettings& settings);
  // Samples that `frames` frames span: (frames - 1) * hop + frameLength (0 for no frames).
  static std::size_t samplesSpanned(std::size_t frames, const StftSettings& settings);
  // Largest number of frames one engine call transforms.
  std::size_t maxBatch() const { return maxBatch_; }
  // Backend that executed the last call ("fftw", "opencl:0").
  std::string backendName() const;

  // Amplitude-corrected magnitudes |X[k]| / (sum(w)/2) of `frames` frames of `samples` (which must hold
  // at least samplesSpanned(frames) values) into `out` (frames * binCount() values, frame after frame).
  // Engine timings are appended to `report` when given.
  void magnitudes(std::span<const float> samples, std::size_t frames, std::span<float> out,
                  ExecutionReport* report = nullptr);
  // Their squares, the power per bin (no square root taken), the same way.
  void powers(std::span<const float> samples, std::size_t frames, std::span<float> out,
              ExecutionReport* report = nullptr);
  // The same in dB: 20 log10(magnitude), floored at kFloorDb.
  void decibels(std::span<const float> samples, std::size_t frames, std::span<float> out,
                ExecutionReport* report = nullptr);

  // A magnitude of 1e-12 (-240 dB) stands for silence, so log10 never sees zero.
  static constexpr float kFloorDb = -240.0f;
  // 20 log10(magnitude) through libm: the reference the fast conversion below is tested against.
  static float toDecibels(float magnitude);
  // Powers to 10 log10(power) in place, without a libm call per value, within 1e-3 dB of
  // toDecibels(sqrt(power)), same floor: what the host paths use (millions of bins per second of live
  // audio, 86 million for an hour's overview).
  static void powersToDecibels(std::span<float> values);

private:
  std::shared_ptr<const Plan> planFor(std::size_t batch);
  // What a chunk's bins become: |X[k]| (magnitudes), or |X[k]|^2 (powers, and decibels, which take the
  // logarithm of the power and so need no square root).
  enum class BinValue { Magnitude, Power };
  void transformChunk(std::span<const float> samples, std::size_t firstFrame, std::size_t frames,
                      std::span<float> out, ExecutionReport* report, BinValue value);
  void transformAll(std::span<const float> samples, std::size_t frames, std::span<float> out,
                    ExecutionReport* report, BinValue value);

  Engine& engine_;
  StftSettings settings_;
  std::vector<float> window_; // scaled by 1 / (sum(w)/2): the correction is folded into the window
  std::size_t maxBatch_ = 1;
  std::vector<float> input_, spectrum_;
  std::shared_ptr<const Plan> lastPlan_;
};

} // namespace spectrascope::audio
