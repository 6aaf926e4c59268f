#pragma once
// Keeps a scrolling spectrogram as a QImage (newest column at the right, low frequencies at the bottom),
// one column per STFT frame, mapped through a colormap. Rows are display rows, not bins: each row shows
// the loudest bin of the frequency span it covers, so narrow tones never vanish on a log axis.
// No widget involved; the view scales image() into its rectangle.

#include "spectrascope/engine/audio/Colormap.h"
#include "spectrascope/engine/audio/SpectrogramPipeline.h"
#include "spectrascope/ui/audio/FrequencyAxis.h"

#include <QImage>

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

namespace spectrascope::ui {

struct SpectrogramParameters
{
  int rows = 512;
  int columns = 800; // history length
  double sampleRate = 48000;
  int fftSize = 4096;
  double minDb = -120, maxDb = 0;
  int hop = 512; // samples per column: the time axis
  FrequencyScale scale = FrequencyScale::Linear;
  double minFrequencyHz = 20;
  std::string colormap = "viridis";

  FrequencyAxis axis() const { return {scale, sampleRate / 2, minFrequencyHz}; }
  double secondsPerColumn() const { return hop / sampleRate; }
  bool operator==(const SpectrogramParameters&) const = default;
};

class SpectrogramRenderer
{
public:
  SpectrogramRenderer();
  // Clears the history when the geometry or the frequency mapping changes.
  void setParameters(const SpectrogramParameters& p);
  const SpectrogramParameters& parameters() const { return params_; }
  // One column from dB values (fftSize/2+1 of them), mapped here on the host.
  void appendColumn(std::span<const float> db);
  // One column already mapped to rows() pixels (by the analysis worker's SpectrogramPipeline, on the
  // device when there is one), top row first.
  void appendPixels(std::span<const std::uint32_t> column);
  // The row-to-bin mapping, dB range and colormap the pixels of appendPixels must be made with.
  const audio::ColumnMapping& columnMapping() const { return mapping_; }
  QImage image() const;
  // The level shown at (column, row) of image() (0 = oldest column, top row), read back through the
  // colormap: exact to one colormap step (range / 255). Nothing outside the image.
  std::optional<double> decibelsAt(int column, int row) const;
  std::uint64_t columnsAppended() const { return appended_; }

private:
  void buildRowMap();

  SpectrogramParameters params_;
  audio::Colormap colormap_;
  std::unordered_map<std::uint32_t, int> colourIndex_; // colormap entry -> its first index
  QImage history_;                                     // columns x rows, written circularly
  int next_ = 0;                                       // column written next
  std::uint64_t appended_ = 0;
  audio::ColumnMapping mapping_;      // per row (top first): [first, last] bin; range; colormap
  std::vector<std::uint32_t> column_; // scratch for appendColumn
};

} // namespace spectrascope::ui
