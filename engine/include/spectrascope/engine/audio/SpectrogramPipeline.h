#pragma once
// Samples in, spectrogram display pixels out: the STFT of many hops in one engine call, then each frame
// becomes one display column (every row shows the loudest bin of the frequency span it covers, in dB,
// through the colormap) plus, when asked, the dB of every bin of the last frame for the spectrum view.
//
// When the engine's plan runs on OpenCL, window, transform (OpenClPlan::enqueue), magnitude, dB and
// colormap all run on the device (cl/stft.cl) and only the pixels and that one dB column come back.
// Otherwise (FFTW) the same steps run on the host through Stft; both give the same pixels up to one
// colormap step where rounding lands on a boundary.
//
// Threading: one pipeline serves one thread at a time. Construction plans the transforms and builds the
// kernels (slow the first time on a GPU): make it off the GUI thread. The Engine must outlive it.

#include "spectrascope/engine/Timing.h"
#include "spectrascope/engine/audio/Colormap.h"
#include "spectrascope/engine/audio/Stft.h"

#include <cstdint>
#include <memory>
#include <span>
#include <utility>
#include <vector>

namespace spectrascope::audio {

struct ColumnMapping
{
  // Display rows, top first: each shows the loudest bin of [first, last] (inclusive, first <= last).
  std::vector<std::pair<std::uint32_t, std::uint32_t>> rowBins;
  double minDb = -120, maxDb = 0; // dB range mapped onto the colormap
  std::string colormap = "viridis";

  std::size_t rows() const { return rowBins.size(); }
  bool operator==(const ColumnMapping&) const = default;
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

  // Throws InvalidArgument for an unknown colormap, no rows, or a bin outside the spectrum.
  void setMapping(const ColumnMapping& mapping);
  const ColumnMapping& mapping() const { return mapping_; }

  // `frames` columns of `samples` (at least Stft::samplesSpanned(frames) values): `pixels` gets
  // frames * rows 0xAARRGGBB values, frame after frame, top row first; `lastDb`, unless empty, gets the
  // binCount() dB values of the last frame. Steps are appended to `report` as records when given.
  void columns(std::span<const float> samples, std::size_t frames, std::span<std::uint32_t> pixels,
               std::span<float> lastDb, ExecutionReport* report = nullptr);

  // The host mapping of one dB column to pixels, which the device kernel mirrors.
  static void mapColumn(std::span<const float> db, const ColumnMapping& mapping, const Colormap& colormap,
                        std::uint32_t* out);

private:
  class Device;
  void hostColumns(std::span<const float> samples, std::size_t frames, std::span<std::uint32_t> pixels,
                   std::span<float> lastDb, ExecutionReport* report);

  Engine& engine_;
  Stft stft_;
  ColumnMapping mapping_;
  Colormap colormap_;
  std::unique_ptr<Device> device_;
  std::vector<float> db_; // host path scratch
};

} // namespace spectrascope::audio
