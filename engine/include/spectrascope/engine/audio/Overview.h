#pragma once
// A whole recording at a glance: an overview spectrogram of bounded size, built while the samples stream
// through in chunks (never a full-resolution matrix of the whole file). Columns are max-pooled frames,
// so short events survive; when there are twice maxColumns of them, neighbours merge and each column
// covers twice as many frames. A one-hour file and a one-second file both end up with at most
// 2 * maxColumns columns. The levels come from a SpectrogramPipeline: on an OpenCL device the window,
// transform and dB all run there and only levels come back; otherwise the host does them (FFTW).
//
// Qt-free, so the GUI's file loader and the benchmark share it. One thread at a time.

#include "spectrascope/engine/Timing.h"
#include "spectrascope/engine/audio/SpectrogramPipeline.h"

#include <span>
#include <vector>

namespace spectrascope::audio {

class OverviewBuilder
{
public:
  static constexpr std::size_t kMaxColumns = 1024;
  static constexpr std::size_t kFftSize = 2048;
  // How many frames of samples a reader should hand to consume() at a time: each call is one engine
  // call, and on a GPU a call's fixed cost (launches, transfers, a wait) outweighs its work below a few
  // hundred frames. 2^19 samples are 256 transforms, about 11 s of 48 kHz audio: a one-hour file is
  // 330 calls instead of 2640 with 2^16, and a cancelled reading still stops within milliseconds.
  static constexpr std::size_t kChunkFrames = std::size_t(1) << 19;

  // Frames of fftSize samples, adjacent (hop = fftSize, no overlap): an overview, not an analysis.
  explicit OverviewBuilder(Engine& engine, std::size_t fftSize = kFftSize,
                           std::size_t maxColumns = kMaxColumns);

  // Columns of exactly framesPerColumn frames each, never merged: one tile of a LevelTileCache level.
  struct FixedColumns
  {
    std::size_t framesPerColumn = 1;
  };
  OverviewBuilder(Engine& engine, std::size_t fftSize, FixedColumns fixed);

  // Appends mono samples and transforms every whole frame; keeps only the samples later frames need.
  void consume(std::span<const float> samples);
  // At the end of the input: what is left after the last whole frame becomes one more column, so every
  // sample lies in some column and a short file is not blank. Its frame is the input's last frame's
  // worth of samples (overlapping the last whole frame), or, for an input shorter than one frame, the
  // whole input centred between zeros, its levels those of the samples present (a short sine reads its
  // amplitude, not a level that falls with the frame's length). Once, last.
  void finish();

  std::size_t bins() const { return pipeline_.binCount(); }
  std::size_t columns() const { return columns_; }
  std::size_t samplesPerColumn() const { return samplesPerColumn_; }
  // columns() * bins() amplitude-corrected dBFS values, column after column.
  const std::vector<float>& db() const { return db_; }
  std::vector<float> takeDb() { return std::move(db_); }
  std::string backendName() const { return pipeline_.backendName(); }
  // The engine calls so far (transforms and transfers), for the timings panel and the benchmark.
  const ExecutionReport& report() const { return report_; }

private:
  void addFrame(const float* db);
  void correctForShortInput(std::span<float> db, std::size_t offset, std::size_t count) const;
  void mergeNeighbours();

  SpectrogramPipeline pipeline_;
  std::size_t maxColumns_;
  std::size_t samplesPerColumn_;
  std::size_t columns_ = 0;
  std::size_t framesInColumn_ = 0;
  std::vector<float> pending_; // samples not yet covered by a whole frame
  std::vector<float> before_;  // up to a frame of samples just before pending_, for finish()
  std::vector<float> frameDb_; // scratch: one call's frames
  std::vector<float> db_;
  ExecutionReport report_;
};

} // namespace spectrascope::audio
