#include "spectrascope/ui/timing/TimelineRenderer.h"

#include <QFontMetrics>
#include <QObject>
#include <QPainter>

#include <algorithm>
#include <array>

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
  const double scale = bar.width() / double(last - first);
  int kernelIndex = 0;
  for (const KernelRecord& r : report.records) {
    const QColor colour = colourFor(r, r.type == KernelRecord::Type::Kernel ? kernelIndex++ : 0);
    // At least one pixel, so a 2 us launch next to a 50 ms one is still visible.
    const double x = bar.left() + double(r.startNs - first) * scale;
    const double width = std::max(1.0, double(r.endNs - r.startNs) * scale);
    const QRectF segment(x, bar.top(), width, bar.height());
    painter.fillRect(segment, colour);
    const QString label = QString::fromStdString(r.name);
    if (painter.fontMetrics().horizontalAdvance(label) + 6 < width) {
      painter.setPen(Qt::white);
      painter.drawText(segment, Qt::AlignCenter, label);
    }
  }
  // FFTW and other host work are timed with the steady clock, device work with profiling events.
  const bool onHost = std::all_of(report.records.begin(), report.records.end(),
                                  [](const KernelRecord& r) { return r.type == KernelRecord::Type::Host; });
  painter.setPen(p.text);
  const QRectF scaleText(bar.left(), bar.bottom() + 2, bar.width(), p.size.height() - bar.bottom() - 2);
  painter.drawText(scaleText, Qt::AlignLeft | Qt::AlignTop, QStringLiteral("0"));
  painter.drawText(scaleText, Qt::AlignRight | Qt::AlignTop,
                   QObject::tr("%1 ms %2")
                       .arg(double(last - first) * 1e-6, 0, 'f', 3)
                       .arg(onHost ? QObject::tr("on the host clock") : QObject::tr("on the device clock")));
  return image;
}

} // namespace spectrascope::ui
