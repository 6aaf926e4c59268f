#include "spectrascope/ui/audio/LevelMeter.h"

#include <QPainter>

#include <algorithm>

namespace spectrascope::ui {
namespace {
constexpr float kFloorDb = -60;
// Falls 1.5 dB per update: a meter readable by eye, as broadcast meters release slowly.
constexpr float kReleaseDb = 1.5f;

double unitOf(float db)
{
  return std::clamp((db - kFloorDb) / -kFloorDb, 0.0f, 1.0f);
}
} // namespace

LevelMeter::LevelMeter(QWidget* parent) : QWidget(parent)
{
  setObjectName(QStringLiteral("levelMeter"));
  // Wide enough for its longest text, so the reading is never cut off.
  const int textWidth = fontMetrics().horizontalAdvance(tr("RMS %1  peak %2 dBFS").arg(-99.9).arg(-99.9));
  setMinimumSize(std::max(120, textWidth + 14), std::max(18, fontMetrics().height() + 4));
  setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

void LevelMeter::setLevel(float rmsDbfs, float peakDbfs)
{
  if (idle_) rms_ = peak_ = -200; // a new start, not a release from before the pause
  idle_ = false;
  rms_ = std::max(rmsDbfs, rms_ - kReleaseDb);
  peak_ = std::max(peakDbfs, peak_ - kReleaseDb);
  update();
}

void LevelMeter::setIdle()
{
  idle_ = true;
  rms_ = peak_ = -200;
  update();
}

QString LevelMeter::text() const
{
  if (idle_) return tr("no audio arriving");
  auto show = [](float db) { return db <= -199 ? QStringLiteral("-∞") : QString::number(db, 'f', 1); };
  return tr("RMS %1  peak %2 dBFS").arg(show(rms_), show(peak_));
}

void LevelMeter::paintEvent(QPaintEvent*)
{
  QPainter painter(this);
  const QRectF bar = QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5);
  painter.fillRect(bar, QColor(20, 22, 28));
  QLinearGradient gradient(bar.topLeft(), bar.topRight());
  gradient.setColorAt(0, QColor(60, 170, 90));
  gradient.setColorAt(0.8, QColor(220, 200, 60));
  gradient.setColorAt(1, QColor(230, 70, 60));
  painter.fillRect(QRectF(bar.left(), bar.top(), bar.width() * unitOf(rms_), bar.height()), gradient);
  const double x = bar.left() + bar.width() * unitOf(peak_);
  painter.setPen(QPen(Qt::white, 2));
  painter.drawLine(QPointF(x, bar.top()), QPointF(x, bar.bottom()));
  painter.setPen(idle_ ? QColor(150, 158, 172) : QColor(235, 238, 245));
  painter.drawText(bar.adjusted(6, 0, -6, 0), Qt::AlignVCenter | Qt::AlignLeft, text());
}

} // namespace spectrascope::ui
