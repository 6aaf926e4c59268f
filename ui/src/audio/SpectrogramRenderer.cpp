#include "spectrascope/ui/audio/SpectrogramRenderer.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <limits>

namespace spectrascope::ui {
namespace {
// Where nothing has arrived yet: below any level, so it takes the colormap's first colour.
constexpr float kNothing = -std::numeric_limits<float>::infinity();
} // namespace

audio::LevelRows SpectrogramRenderer::storedRowsFor(std::size_t bins)
{
  const std::size_t perRow = (bins + kMaxStoredRows - 1) / kMaxStoredRows;
  audio::LevelRows rows;
  for (std::size_t first = 0; first < bins; first += perRow)
    rows.rowBins.emplace_back(std::uint32_t(first), std::uint32_t(std::min(bins, first + perRow) - 1));
  return rows;
}

SpectrogramRenderer::SpectrogramRenderer() : colormap_(*Colormap::byName("viridis"))
{
  setParameters(params_);
}

void SpectrogramRenderer::setParameters(const SpectrogramParameters& p)
{
  const int oldColumns = int(history_.size());
  params_ = p;
  params_.rows = std::max(2, params_.rows);
  params_.columns = std::max(2, params_.columns);
  if (auto map = Colormap::byName(p.colormap)) colormap_ = *map;
  if (params_.columns != oldColumns) {
    history_.assign(std::size_t(params_.columns), Column{});
    next_ = 0;
    pooledHeight_ = -1;
  }
}

void SpectrogramRenderer::clear()
{
  history_.assign(std::size_t(params_.columns), Column{});
  next_ = 0;
  segments_.clear();
  pooledHeight_ = -1;
}

void SpectrogramRenderer::appendColumn(std::span<const float> db)
{
  const std::size_t bins = db.size();
  if (bins != std::size_t(params_.fftSize / 2 + 1)) return; // from before a size change
  const audio::LevelRows rows = storedRowsFor(bins);
  scratch_.resize(rows.rowBins.size());
  audio::SpectrogramPipeline::reduceRows(db, rows, scratch_.data());
  appendLevels(scratch_, params_.fftSize, params_.hop, params_.sampleRate);
}

void SpectrogramRenderer::appendLevels(std::span<const float> levels, int fftSize, int hop, double sampleRate)
{
  const std::size_t bins = std::size_t(fftSize / 2 + 1);
  const int perRow = int((bins + kMaxStoredRows - 1) / kMaxStoredRows);
  if (levels.size() != (bins + std::size_t(perRow) - 1) / std::size_t(perRow)) return;
  if (segments_.empty() || segments_.back().fftSize != fftSize || segments_.back().hop != hop ||
      segments_.back().sampleRate != sampleRate) {
    const std::uint64_t id = segments_.empty() ? 0 : segments_.back().id + 1;
    segments_.push_back(Segment{id, fftSize, hop, sampleRate, perRow, int(levels.size())});
  }
  Column& column = history_[std::size_t(next_)];
  column.levels.assign(levels.begin(), levels.end());
  column.segment = segments_.back().id;
  column.filled = true;
  if (std::size_t(next_) < pooledValid_.size()) pooledValid_[std::size_t(next_)] = false;
  next_ = (next_ + 1) % params_.columns;
  ++appended_;
  // Segments no column refers to any more are forgotten.
  const Column& oldest = chronological(0);
  while (segments_.size() > 1 && oldest.filled && segments_.front().id < oldest.segment)
    segments_.pop_front();
}

void SpectrogramRenderer::appendGap(int count)
{
  for (int i = 0; i < std::min(count, params_.columns); ++i) {
    Column& column = history_[std::size_t(next_)];
    column.levels.clear();
    column.filled = false;
    if (std::size_t(next_) < pooledValid_.size()) pooledValid_[std::size_t(next_)] = false;
    next_ = (next_ + 1) % params_.columns;
  }
}

const SpectrogramRenderer::Segment& SpectrogramRenderer::segmentOf(const Column& column) const
{
  const std::uint64_t first = segments_.front().id;
  return segments_[std::size_t(std::max<std::uint64_t>(column.segment, first) - first)];
}

const SpectrogramRenderer::Column& SpectrogramRenderer::chronological(int index) const
{
  return history_[std::size_t((next_ + index) % params_.columns)];
}

std::vector<std::pair<int, int>> SpectrogramRenderer::rowSpans(const Segment& segment, int height) const
{
  const FrequencyAxis axis = params_.axis();
  const double binHz = segment.sampleRate / segment.fftSize;
  const int bins = segment.fftSize / 2 + 1;
  std::vector<std::pair<int, int>> spans(static_cast<std::size_t>(height));
  for (int y = 0; y < height; ++y) {
    const int fromBottom = height - 1 - y;
    const double low = axis.frequencyAt(double(fromBottom) / height);
    const double high = axis.frequencyAt(double(fromBottom + 1) / height);
    // The bins whose centres lie in [low, high); a row narrower than a bin shows the nearest one.
    const int first = std::clamp(int(std::ceil(low / binHz - 1e-9)), 0, bins - 1);
    const int last = std::clamp(int(std::ceil(high / binHz - 1e-9)) - 1, 0, bins - 1);
    const int nearest = std::clamp(int(std::lround(0.5 * (low + high) / binHz)), 0, bins - 1);
    const auto [a, b] = last >= first ? std::pair(first, last) : std::pair(nearest, nearest);
    spans[std::size_t(y)] = {a / segment.binsPerRow, b / segment.binsPerRow};
  }
  return spans;
}

const std::vector<std::vector<float>>& SpectrogramRenderer::pooled(int height) const
{
  const FrequencyAxis axis = params_.axis();
  if (height != pooledHeight_ || !(axis == pooledAxis_) || pooled_.size() != history_.size()) {
    pooled_.assign(history_.size(), std::vector<float>(std::size_t(height), kNothing));
    pooledValid_.assign(history_.size(), false);
    pooledHeight_ = height;
    pooledAxis_ = axis;
  }
  std::uint64_t spansOf = ~std::uint64_t(0);
  std::vector<std::pair<int, int>> spans;
  for (std::size_t i = 0; i < history_.size(); ++i) {
    if (pooledValid_[i]) continue;
    pooledValid_[i] = true;
    const Column& column = history_[i];
    std::vector<float>& out = pooled_[i];
    if (!column.filled) {
      std::fill(out.begin(), out.end(), kNothing);
      continue;
    }
    if (column.segment != spansOf) spans = rowSpans(segmentOf(column), height), spansOf = column.segment;
    for (int y = 0; y < height; ++y) {
      const auto [first, last] = spans[std::size_t(y)];
      float loudest = column.levels[std::size_t(first)];
      for (int r = first + 1; r <= last; ++r)
        loudest = std::max(loudest, column.levels[std::size_t(r)]);
      out[std::size_t(y)] = loudest;
    }
  }
  return pooled_;
}

std::pair<int, int> SpectrogramRenderer::framesOfPixel(int x, int width, double first, double count) const
{
  const int n = params_.columns;
  const int from = std::clamp(int(std::floor(first + double(x) * count / width)), 0, n - 1);
  const int to = std::clamp(int(std::floor(first + double(x + 1) * count / width)), from + 1, n);
  return {from, to};
}

QImage SpectrogramRenderer::render(QSize size, double firstColumn, double columnCount) const
{
  const int width = std::max(1, size.width()), height = std::max(1, size.height());
  if (columnCount <= 0) columnCount = params_.columns;
  QImage out(width, height, QImage::Format_RGB32);
  const auto& columns = pooled(height);
  const int n = params_.columns;
  const double range = std::max(1e-3, params_.maxDb - params_.minDb);
  std::vector<float> loudest(static_cast<std::size_t>(height));
  for (int x = 0; x < width; ++x) {
    // The frames this pixel column covers (at least one): the loudest of them is shown.
    const auto [from, to] = framesOfPixel(x, width, firstColumn, columnCount);
    std::fill(loudest.begin(), loudest.end(), kNothing);
    for (int c = from; c < to; ++c) {
      const std::vector<float>& column = columns[std::size_t((next_ + c) % n)];
      for (int y = 0; y < height; ++y)
        loudest[std::size_t(y)] = std::max(loudest[std::size_t(y)], column[std::size_t(y)]);
    }
    for (int y = 0; y < height; ++y)
      reinterpret_cast<std::uint32_t*>(out.scanLine(y))[x] =
          colormap_.argb((double(loudest[std::size_t(y)]) - params_.minDb) / range);
  }
  return out;
}

std::optional<float> SpectrogramRenderer::levelAt(QSize size, int x, int y, double firstColumn,
                                                  double columnCount) const
{
  if (x < 0 || y < 0 || x >= size.width() || y >= size.height()) return std::nullopt;
  if (columnCount <= 0) columnCount = params_.columns;
  const auto& columns = pooled(size.height());
  const int n = params_.columns;
  const auto [from, to] = framesOfPixel(x, size.width(), firstColumn, columnCount);
  float loudest = kNothing;
  for (int c = from; c < to; ++c)
    loudest = std::max(loudest, columns[std::size_t((next_ + c) % n)][std::size_t(y)]);
  if (loudest == kNothing) return std::nullopt;
  return loudest;
}

std::optional<double> SpectrogramRenderer::decibelsAt(int column, int row) const
{
  const auto level = levelAt(QSize(params_.columns, params_.rows), column, row);
  if (!level) return std::nullopt;
  return double(*level);
}

std::vector<SegmentMark> SpectrogramRenderer::segmentMarks(int width) const
{
  std::vector<SegmentMark> marks;
  const int n = params_.columns;
  for (int c = 1; c < n; ++c) {
    const Column &before = chronological(c - 1), &column = chronological(c);
    if (!before.filled || !column.filled || before.segment == column.segment) continue;
    const Segment& s = segmentOf(column);
    marks.push_back(
        {int(std::int64_t(c) * width / n),
         QCoreApplication::translate("SpectrogramRenderer", "FFT %1, hop %2").arg(s.fftSize).arg(s.hop)});
  }
  return marks;
}

} // namespace spectrascope::ui
