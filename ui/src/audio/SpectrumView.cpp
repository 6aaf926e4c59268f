#include "spectrascope/ui/audio/SpectrumView.h"

#include "spectrascope/engine/audio/PeakInterpolation.h"

#include <QMouseEvent>
#include <QPainter>

#include <algorithm>

namespace spectrascope::ui {
namespace {
// Peak hold falls 0.3 dB per frame update: a held peak fades over a few seconds at 60 Hz.
constexpr float kPeakDecayDb = 0.3f;
} // namespace

SpectrumView::SpectrumView(QWidget* parent) : QWidget(parent)
{
  setObjectName(QStringLiteral("spectrumView"));
  setMouseTracking(true);
  setMinimumSize(300, 120);
}

void SpectrumView::setFrame(std::span<const float> db, double sampleRate, int fftSize)
{
  if (db.size() != db_.size() || params_.fftSize != fftSize) peak_.assign(db.begin(), db.end());
  params_.sampleRate = sampleRate;
  params_.fftSize = fftSize;
  db_.assign(db.begin(), db.end());
  for (std::size_t k = 0; k < db_.size(); ++k)
    peak_[k] = std::max(peak_[k] - kPeakDecayDb, db_[k]);
}

void SpectrumView::setLogFrequency(bool on)
{
  params_.logFrequency = on;
  update();
}

void SpectrumView::setDbRange(double range)
{
  params_.minDb = params_.maxDb - range;
  update();
}

void SpectrumView::setPeakHold(bool on)
{
  peakHold_ = on;
  peak_ = db_;
}

QString SpectrumView::readoutText() const
{
  if (db_.empty()) return {};
  QString text;
  // The strongest peak, interpolated.
  const std::size_t best = audio::strongestBin(db_, 1);
  const auto peak = audio::interpolatePeak(db_, best);
  const double binHz = params_.sampleRate / params_.fftSize;
  const auto note = audio::noteFor(peak.bin * binHz);
  text = tr("peak %1 Hz  %2 dB  %3 %4%5 ct")
             .arg(peak.bin * binHz, 0, 'f', 1)
             .arg(peak.value, 0, 'f', 1)
             .arg(QString::fromLatin1(note.name))
             .arg(note.cents >= 0 ? "+" : "")
             .arg(note.cents, 0, 'f', 0);
  if (cursorX_ >= 0) {
    SpectrumParameters p = params_;
    p.size = size();
    const double f = SpectrumRenderer::frequencyAt(p, cursorX_);
    const std::size_t k = std::min(db_.size() - 1, std::size_t(std::lround(f / binHz)));
    const auto cursorNote = audio::noteFor(f);
    text += tr("   cursor %1 Hz  %2 dB  %3 %4%5 ct")
                .arg(f, 0, 'f', 1)
                .arg(db_[k], 0, 'f', 1)
                .arg(QString::fromLatin1(cursorNote.name))
                .arg(cursorNote.cents >= 0 ? "+" : "")
                .arg(cursorNote.cents, 0, 'f', 0);
  }
  return text;
}

void SpectrumView::paintEvent(QPaintEvent*)
{
  SpectrumParameters p = params_;
  p.size = size() * devicePixelRatioF();
  QImage image =
      SpectrumRenderer::render(p, db_, peakHold_ ? std::span<const float>(peak_) : std::span<const float>());
  image.setDevicePixelRatio(devicePixelRatioF());
  QPainter painter(this);
  painter.drawImage(0, 0, image);
  painter.setPen(Qt::white);
  painter.drawText(rect().adjusted(6, 4, -6, -4), Qt::AlignTop | Qt::AlignLeft, readoutText());
  if (cursorX_ >= 0) {
    painter.setPen(QColor(255, 255, 255, 90));
    painter.drawLine(QPointF(cursorX_, 0), QPointF(cursorX_, height()));
  }
}

void SpectrumView::mouseMoveEvent(QMouseEvent* event)
{
  cursorX_ = event->position().x();
  update();
}

void SpectrumView::leaveEvent(QEvent*)
{
  cursorX_ = -1;
  update();
}

} // namespace spectrascope::ui
