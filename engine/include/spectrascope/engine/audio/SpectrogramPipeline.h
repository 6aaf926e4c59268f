#pragma once
// Samples in, levels out: the STFT of many hops in one engine call, each frame reduced to levels in dB
// (amplitude-corrected dBFS) -- one per bin, or one per display row holding the LOUDEST bin of the span
// the row covers, so a one-bin tone never averages away however many bins share a row. The pipeline
// also folds every frame into a FrameSummary (newest frame, per-bin peak and power sum), so peak hold and
// averaging see every analysed frame even when a display shows only some of them.
//
// Colours never enter the engine: whoever draws the levels applies range, gain and colormap.
//
// When the engine's plan runs on OpenCL, window, transform (OpenClPlan::enqueue), magnitude, dB, the row
// maximum and the summary all run on the device (cl/stft.cl) and only levels and the summary come back.
// Otherwise (FFTW) the same steps run on the host through Stft; both agree to a few hundredths of a dB.
//
// Threading: one pipeline serves one thread at a time. Construction plans the transforms and builds the
// kernels (slow the first time on a GPU): make it off the GUI thread. The Engine must outlive it.

#include "spectrascope/engine/Timing.h"
#include "spectrascope/engine/audio/FrameSummary.h"
#include "spectrascope/engine/audio/Stft.h"

#include <cstdint>
#include <memory>
#include <span>
#include <utility>
#include <vector>

namespace spectrascope::audio {

struct LevelRows
{
  // Row r of a frame's levels is the loudest bin of [first, last] (inclusive, first <= last), in the
  // order given (a view lists its rows top first). Empty: one row per bin, bin 0 first.
  std::vector<std::pair<std::uint32_t, std::uint32_t>> rowBins;

  bool operator==(const LevelRows&) const = default;
};

class SpectrogramPipeline
{
public:
  SpectrogramPipeline(Engine& engine, const StftSettings& settings);
  ~SpectrogramPipeline();

  const StftSettings& settings() const { return stft_.settings(); }
  std::size_t binCount() const { return stft_.binCount(); }
  std::size_t maxBatch() const { return stft_.maxBatch(); }
  // True when the steps run on an OpenCL device, false on the host (FFTW).
  bool onDevice() const { return device_ != nullptr; }
  std::string backendName() const;

  // Throws InvalidArgument for a row with a bin outside the spectrum or first > last.
  void setRows(const LevelRows& rows);
  const LevelRows& rows() const { return rows_; }
  // Levels per frame: rows().rowBins.size(), or binCount() when no rows are set.
  std::size_t levelsPerFrame() const;

  // `frames` frames of `samples` (at least Stft::samplesSpanned(frames) values): `levels` gets
  // frames * levelsPerFrame() dB values, frame after frame. Every frame is folded into `summary` when
  // given (see FrameSummary). Steps are appended to `report` as records when given.
  void levels(std::span<const float> samples, std::size_t frames, std::span<float> levels,
              FrameSummary* summary = nullptr, ExecutionReport* report = nullptr);

  // The host reduction of one frame's per-bin dB to row levels, which the device kernel mirrors.
  static void reduceRows(std::span<const float> db, const LevelRows& rows, float* out);

private:
  class Device;
  void hostLevels(std::span<const float> samples, std::size_t frames, std::span<float> levels,
                  FrameSummary* summary, ExecutionReport* report);

  Engine& engine_;
  Stft stft_;
  LevelRows rows_;
  std::unique_ptr<Device> device_;
  std::vector<float> db_, power_; // host path scratch
};

} // namespace spectrascope::audio
