#include "spectrascope/ui/timing/TimelineRenderer.h"

#include <QFontMetrics>
#include <QObject>
#include <QPainter>

#include <algorithm>
#include <array>
#include <vector>

namespace spectrascope::ui {
namespace {

constexpr int kMargin = 6;
constexpr int kBarHeight = 22;

// Okabe-Ito colours: distinguishable for colour-blind readers and on both light and dark backgrounds.
const std::array<QColor, 6> kKernelPalette{QColor(0, 114, 178),   QColor(230, 159, 0),  QColor(0, 158, 115),
                                           QColor(204, 121, 167), QColor(86, 180, 233), QColor(213, 94, 0)};

std::pair<std::uint64_t, std::uint64_t> timeSpan(const ExecutionReport& report)
{
  std::uint64_t first = UINT64_MAX, last = 0;
  for (const KernelRecord& r : report.records) {
    first = std::min(first, r.startNs);
    last = std::max(last, r.endNs);
  }
  return {first, last};
}

// Idle stretches between the records (launch latency, the host preparing the next call) can be a hundred
// times longer than the work: drawn to scale they would leave a bar of slivers. Gaps longer than a tenth
// of the busy time are drawn as a narrow break instead; the rest of the bar is time to scale.
constexpr double kBreakPixels = 9;

class CompressedTime
{
public:
  CompressedTime(const ExecutionReport& report, double left, double width)
  {
    std::vector<std::pair<std::uint64_t, std::uint64_t>> spans;
    for (const KernelRecord& r : report.records)
      spans.emplace_back(r.startNs, std::max(r.endNs, r.startNs));
    std::sort(spans.begin(), spans.end());
    std::uint64_t busy = 0, end = 0;
    std::vector<std::pair<std::uint64_t, std::uint64_t>> gaps;
    for (const auto& [start, stop] : spans) {
      if (end && start > end) gaps.emplace_back(end, start);
      busy += stop > std::max(start, end) ? stop - std::max(start, end) : 0;
      end = std::max(end, stop);
    }
    for (const auto& gap : gaps)
      if (double(gap.second - gap.first) > 0.1 * double(busy)) breaks_.push_back(gap);
    std::uint64_t removed = 0;
    for (const auto& [from, to] : breaks_)
      removed += to - from;
    first_ = spans.front().first;
    left_ = left;
    idleNs_ = removed;
    const double shown = double(end - first_ - removed);
    scale_ = shown > 0 ? std::max(1.0, width - kBreakPixels * double(breaks_.size())) / shown : 0;
  }
  // x of a time that lies outside the breaks (every record's start and end).
  double x(std::uint64_t t) const
  {
    std::uint64_t removed = 0;
    int before = 0;
    for (const auto& [from, to] : breaks_)
      if (t >= to) removed += to - from, ++before;
    return left_ + double(t - first_ - removed) * scale_ + kBreakPixels * before;
  }
  const std::vector<std::pair<std::uint64_t, std::uint64_t>>& breaks() const { return breaks_; }
  double idleMs() const { return double(idleNs_) * 1e-6; }

private:
  std::vector<std::pair<std::uint64_t, std::uint64_t>> breaks_;
  std::uint64_t first_ = 0, idleNs_ = 0;
  double left_ = 0, scale_ = 0;
};

} // namespace

QColor TimelineRenderer::colourFor(const KernelRecord& record, int kernelIndex)
{
  if (record.type == KernelRecord::Type::Upload || record.type == KernelRecord::Type::Download)
    return QColor(120, 130, 150);
  if (record.type == KernelRecord::Type::Host) return QColor(150, 150, 150);
  return kKernelPalette[std::size_t(kernelIndex) % kKernelPalette.size()];
}

QImage TimelineRenderer::render(const ExecutionReport& report, const TimelineParameters& p)
{
  QImage image(p.size * p.devicePixelRatio, QImage::Format_ARGB32_Premultiplied);
  image.setDevicePixelRatio(p.devicePixelRatio);
  image.fill(p.background);
  QPainter painter(&image);
  painter.setRenderHint(QPainter::Antialiasing);
  const QRectF bar(kMargin, kMargin, p.size.width() - 2 * kMargin, kBarHeight);
  painter.setPen(Qt::NoPen);
  painter.setBrush(p.background.darker(108));
  painter.drawRect(bar);
  const auto [first, last] = timeSpan(report);
  painter.setPen(p.text);
  if (report.records.empty() || last <= first) {
    painter.drawText(bar, Qt::AlignCenter, QObject::tr("no device timings yet"));
    return image;
  }
  const CompressedTime time(report, bar.left(), bar.width());
  int kernelIndex = 0;
  for (const KernelRecord& r : report.records) {
    const QColor colour = colourFor(r, r.type == KernelRecord::Type::Kernel ? kernelIndex++ : 0);
    // At least one pixel, so a 2 us launch next to a 50 ms one is still visible.
    const double x = time.x(r.startNs);
    const double width = std::max(1.0, time.x(std::max(r.endNs, r.startNs)) - x);
    const QRectF segment(x, bar.top(), width, bar.height());
    painter.fillRect(segment, colour);
    const QString label = QString::fromStdString(r.name);
    if (painter.fontMetrics().horizontalAdvance(label) + 6 < width) {
      painter.setPen(Qt::white);
      painter.drawText(segment, Qt::AlignCenter, label);
    }
  }
  // A break: two slanted strokes across the bar where idle time was left out.
  painter.setPen(QPen(p.text, 1.2));
  for (const auto& [from, to] : time.breaks()) {
    const double x = time.x(to) - kBreakPixels / 2;
    for (const double dx : {-2.0, 2.0})
      painter.drawLine(QPointF(x + dx - 2, bar.bottom() + 1), QPointF(x + dx + 2, bar.top() - 1));
  }
  // FFTW and other host work are timed with the steady clock, device work with profiling events.
  const bool onHost = std::all_of(report.records.begin(), report.records.end(),
                                  [](const KernelRecord& r) { return r.type == KernelRecord::Type::Host; });
  painter.setPen(p.text);
  const QRectF scaleText(bar.left(), bar.bottom() + 2, bar.width(), p.size.height() - bar.bottom() - 2);
  painter.drawText(scaleText, Qt::AlignLeft | Qt::AlignTop, QStringLiteral("0"));
  painter.drawText(
      scaleText, Qt::AlignRight | Qt::AlignTop,
      QObject::tr("%1 ms %2%3")
          .arg(double(last - first) * 1e-6, 0, 'f', 3)
          .arg(onHost ? QObject::tr("on the host clock") : QObject::tr("on the device clock"))
          .arg(time.breaks().empty()
                   ? QString()
                   : QObject::tr(", %1 ms idle left out at the breaks").arg(time.idleMs(), 0, 'f', 3)));
  return image;
}

} // namespace spectrascope::ui
