#include "spectrascope/ui/audio/SpectrogramRenderer.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace spectrascope::ui {

SpectrogramRenderer::SpectrogramRenderer() : colormap_(*audio::Colormap::byName("viridis"))
{
  setParameters(params_);
}

void SpectrogramRenderer::setParameters(const SpectrogramParameters& p)
{
  const bool geometry = p.rows != params_.rows || p.columns != params_.columns ||
                        p.fftSize != params_.fftSize || p.sampleRate != params_.sampleRate ||
                        p.scale != params_.scale || p.minFrequencyHz != params_.minFrequencyHz ||
                        history_.isNull();
  params_ = p;
  params_.rows = std::max(2, params_.rows);
  params_.columns = std::max(2, params_.columns);
  if (auto map = audio::Colormap::byName(p.colormap)) colormap_ = *map;
  colourIndex_.clear();
  for (int i = 255; i >= 0; --i)
    colourIndex_[colormap_.argbAt(std::uint8_t(i))] = i;
  mapping_.minDb = params_.minDb;
  mapping_.maxDb = params_.maxDb;
  mapping_.colormap = colormap_.name();
  if (geometry) {
    history_ = QImage(params_.columns, params_.rows, QImage::Format_RGB32);
    history_.fill(colormap_.argb(0));
    next_ = 0;
    buildRowMap();
  }
}

void SpectrogramRenderer::buildRowMap()
{
  const int bins = params_.fftSize / 2 + 1;
  const double binHz = params_.sampleRate / params_.fftSize;
  const FrequencyAxis axis = params_.axis();
  auto frequencyOfEdge = [&](double u) { return axis.frequencyAt(u); }; // u = 0 bottom .. 1 top
  mapping_.rowBins.resize(std::size_t(params_.rows));
  for (int row = 0; row < params_.rows; ++row) {
    const int fromBottom = params_.rows - 1 - row;
    const double low = frequencyOfEdge(double(fromBottom) / params_.rows);
    const double high = frequencyOfEdge(double(fromBottom + 1) / params_.rows);
    int first = std::clamp(int(std::lround(low / binHz)), 0, bins - 1);
    int last = std::clamp(int(std::lround(high / binHz)), 0, bins - 1);
    mapping_.rowBins[std::size_t(row)] = {std::uint32_t(first),
                                          std::uint32_t(std::max(first, last - (last > first ? 1 : 0)))};
  }
}

void SpectrogramRenderer::appendColumn(std::span<const float> db)
{
  if (db.size() != std::size_t(params_.fftSize / 2 + 1)) return; // from before a size change
  column_.resize(std::size_t(params_.rows));
  audio::SpectrogramPipeline::mapColumn(db, mapping_, colormap_, column_.data());
  appendPixels(column_);
}

void SpectrogramRenderer::appendPixels(std::span<const std::uint32_t> column)
{
  if (column.size() != std::size_t(params_.rows)) return; // made for another geometry
  for (int row = 0; row < params_.rows; ++row)
    reinterpret_cast<std::uint32_t*>(history_.scanLine(row))[next_] = column[std::size_t(row)];
  next_ = (next_ + 1) % params_.columns;
  ++appended_;
}

QImage SpectrogramRenderer::image() const
{
  // Unroll the circular history: columns [next_, end) are the oldest.
  QImage out(history_.size(), QImage::Format_RGB32);
  const int w = params_.columns, older = w - next_;
  for (int row = 0; row < params_.rows; ++row) {
    const auto* in = reinterpret_cast<const std::uint32_t*>(history_.constScanLine(row));
    auto* line = reinterpret_cast<std::uint32_t*>(out.scanLine(row));
    std::memcpy(line, in + next_, std::size_t(older) * 4);
    std::memcpy(line + older, in, std::size_t(next_) * 4);
  }
  return out;
}

std::optional<double> SpectrogramRenderer::decibelsAt(int column, int row) const
{
  if (column < 0 || row < 0 || column >= params_.columns || row >= params_.rows) return std::nullopt;
  const int stored = (next_ + column) % params_.columns; // image() starts at the oldest column
  const auto argb = reinterpret_cast<const std::uint32_t*>(history_.constScanLine(row))[stored] | 0xff000000u;
  const auto found = colourIndex_.find(argb);
  if (found == colourIndex_.end()) return std::nullopt;
  return params_.minDb + (params_.maxDb - params_.minDb) * found->second / 255.0;
}

} // namespace spectrascope::ui
