#pragma once
// Keeps a bounded history of spectrogram LEVELS (dB per stored row, one column per STFT frame) and draws
// it: newest column at the right, low frequencies at the bottom. Colours are applied only when drawing,
// from the current range, gain (folded into minDb/maxDb) and colormap, so changing any of them recolours
// the whole history at once; a new frequency axis re-maps the same levels.
//
// True drawing: a pixel that covers several stored rows or several frames shows their MAXIMUM, at every
// size (no smoothing that would average a one-bin line away), and levelAt() reads that same maximum back,
// so a readout names the level the pixel shows.
//
// Segments: columns remember the FFT size, hop and sample rate they were made with; a change starts a new
// segment (the old columns stay, each drawn with its own bins) and segmentMarks() says where they meet.
//
// Stored rows are bins, pooled by maximum into at most kMaxStoredRows (FFT sizes up to 8192 keep every
// bin), which bounds the history at columns x kMaxStoredRows floats. No widget involved.

#include "spectrascope/engine/audio/SpectrogramPipeline.h"
#include "spectrascope/ui/Colormap.h"
#include "spectrascope/ui/audio/FrequencyAxis.h"

#include <QImage>
#include <QSize>
#include <QString>

#include <algorithm>

#include <cstdint>
#include <deque>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace spectrascope::ui {

struct SpectrogramParameters
{
  int rows = 512;    // rows of image(); render() takes any size
  int columns = 800; // history length in frames
  double sampleRate = 48000;
  int fftSize = 4096;
  double minDb = -120, maxDb = 0; // the levels the colormap spans (the gain shifts both)
  int hop = 512;                  // samples per column: the time axis
  FrequencyScale scale = FrequencyScale::Linear;
  double minFrequencyHz = 20;
  double maxFrequencyHz = 0; // the axis' top; 0 (or above Nyquist) for Nyquist
  std::string colormap = "viridis";

  FrequencyAxis axis() const
  {
    const double nyquist = sampleRate / 2;
    return {scale, maxFrequencyHz > 0 ? std::min(maxFrequencyHz, nyquist) : nyquist, minFrequencyHz};
  }
  double secondsPerColumn() const { return hop / sampleRate; }
  bool operator==(const SpectrogramParameters&) const = default;
};

// Where a new segment starts in a drawing `width` pixels wide, and what it was made with.
struct SegmentMark
{
  int x = 0;
  QString label;
};

class SpectrogramRenderer
{
public:
  static constexpr int kMaxStoredRows = 4097;
  // The rows an analysis should deliver for a spectrum of `bins` bins: bins pooled by maximum, bin order.
  static audio::LevelRows storedRowsFor(std::size_t bins);

  SpectrogramRenderer();
  // A new history length clears the history; everything else keeps it (colours and axis apply when
  // drawing; a new FFT size, hop or rate starts a new segment with the next column).
  void setParameters(const SpectrogramParameters& p);
  const SpectrogramParameters& parameters() const { return params_; }
  // One column from per-bin dB values (fftSize/2+1 of them), made with the parameters' FFT size, hop
  // and rate.
  void appendColumn(std::span<const float> db);
  // One column of stored-row levels (storedRowsFor(bins)) of a spectrum of `bins` bins.
  void appendLevels(std::span<const float> levels, int fftSize, int hop, double sampleRate);
  // `count` columns of no data (drawn as before the first column, read as no level): the frames a stall
  // lost, so that every later column stays at its own time.
  void appendGap(int count);
  std::uint64_t columnsAppended() const { return appended_; }
  void clear();

  // The history drawn into `size` pixels, the oldest column at the left: all of it, or `columnCount`
  // columns from `firstColumn` (0 = the oldest; fractions allowed, for a zoomed view).
  QImage render(QSize size, double firstColumn = 0, double columnCount = 0) const;
  // The same at columns x rows: one pixel per frame.
  QImage image() const { return render(QSize(params_.columns, params_.rows)); }
  // The level the pixel (x, y) of render(size, ...) shows (the maximum it covers); nothing outside or
  // where no column has arrived yet.
  std::optional<float> levelAt(QSize size, int x, int y, double firstColumn = 0,
                               double columnCount = 0) const;
  // levelAt() on image()'s grid.
  std::optional<double> decibelsAt(int column, int row) const;
  std::vector<SegmentMark> segmentMarks(int width) const;
  const Colormap& colormap() const { return colormap_; }

private:
  struct Segment
  {
    std::uint64_t id = 0;
    int fftSize = 0, hop = 0;
    double sampleRate = 0;
    int binsPerRow = 1, storedRows = 0;
  };
  struct Column
  {
    std::vector<float> levels;
    std::uint64_t segment = 0;
    bool filled = false;
  };
  const Segment& segmentOf(const Column& column) const;
  const Column& chronological(int index) const; // 0 = oldest
  // The columns [from, to) (chronological, at least one) that pixel column x of `width` covers.
  std::pair<int, int> framesOfPixel(int x, int width, double first, double count) const;
  // Per pixel row (top first) of a drawing `height` high, the stored rows it covers in `segment`.
  std::vector<std::pair<int, int>> rowSpans(const Segment& segment, int height) const;
  // Every column pooled to `height` pixel rows (cached until the height, axis or history changes).
  const std::vector<std::vector<float>>& pooled(int height) const;

  SpectrogramParameters params_;
  Colormap colormap_;
  std::vector<Column> history_; // circular, `columns` long
  int next_ = 0;                // column written next
  std::deque<Segment> segments_;
  std::uint64_t appended_ = 0;
  std::vector<float> scratch_;
  // Drawing cache: pooled_[i] belongs to history_[i].
  mutable std::vector<std::vector<float>> pooled_;
  mutable std::vector<bool> pooledValid_;
  mutable int pooledHeight_ = -1;
  mutable FrequencyAxis pooledAxis_{};
};

} // namespace spectrascope::ui
