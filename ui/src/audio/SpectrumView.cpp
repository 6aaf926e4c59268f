#include "spectrascope/ui/audio/SpectrumView.h"

#include "spectrascope/engine/audio/PeakInterpolation.h"

#include <QMouseEvent>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace spectrascope::ui {
namespace {
// Peak hold falls 0.3 dB per frame update: a held peak fades over a few seconds at 60 Hz.
constexpr float kPeakDecayDb = 0.3f;
// Exponential average: each new frame weighs 10 %, a time constant of about ten results.
constexpr float kAverageWeight = 0.1f;

QString noteText(double hz)
{
  const auto note = spectrascope::audio::noteFor(hz);
  return QStringLiteral("%1 %2%3 ct")
      .arg(QString::fromLatin1(note.name))
      .arg(note.cents >= 0 ? "+" : "")
      .arg(note.cents, 0, 'f', 0);
}
} // namespace

SpectrumView::SpectrumView(QWidget* parent) : QWidget(parent)
{
  setObjectName(QStringLiteral("spectrumView"));
  setMouseTracking(true);
  setMinimumSize(300, 120);
}

void SpectrumView::setFrame(std::span<const float> db, double sampleRate, int fftSize)
{
  if (db.size() != db_.size() || params_.fftSize != fftSize) second_.assign(db.begin(), db.end());
  params_.sampleRate = sampleRate;
  params_.fftSize = fftSize;
  db_.assign(db.begin(), db.end());
  for (std::size_t k = 0; k < db_.size(); ++k) {
    if (averaging_ == Averaging::PeakHold)
      second_[k] = std::max(second_[k] - kPeakDecayDb, db_[k]);
    else if (averaging_ == Averaging::Exponential) // averaged as power, shown in dB
      second_[k] = 10.0f * std::log10((1 - kAverageWeight) * std::pow(10.0f, second_[k] / 10.0f) +
                                      kAverageWeight * std::pow(10.0f, db_[k] / 10.0f) + 1e-30f);
  }
}

void SpectrumView::setScale(FrequencyScale scale)
{
  params_.scale = scale;
  update();
}

void SpectrumView::setDbRange(double range)
{
  params_.minDb = params_.maxDb - range;
  update();
}

void SpectrumView::setAveraging(Averaging mode)
{
  averaging_ = mode;
  second_ = db_;
  update();
}

QString SpectrumView::readoutText() const
{
  if (db_.empty()) return {};
  const std::size_t best = audio::strongestBin(db_, 1);
  const auto peak = audio::interpolatePeak(db_, best);
  const double binHz = params_.sampleRate / params_.fftSize;
  QString text = tr("peak %1 Hz  %2 dB  %3")
                     .arg(peak.bin * binHz, 0, 'f', 1)
                     .arg(peak.value, 0, 'f', 1)
                     .arg(noteText(peak.bin * binHz));
  if (cursorX_ >= 0) {
    SpectrumParameters p = params_;
    p.size = size();
    const double f = std::max(0.0, SpectrumRenderer::frequencyAt(p, cursorX_));
    const std::size_t k = std::min(db_.size() - 1, std::size_t(std::lround(f / binHz)));
    text += tr("   cursor %1 Hz  %2 dB  %3").arg(f, 0, 'f', 1).arg(db_[k], 0, 'f', 1).arg(noteText(f));
  }
  return text;
}

void SpectrumView::paintEvent(QPaintEvent*)
{
  SpectrumParameters p = params_;
  p.size = size();
  const bool second = averaging_ != Averaging::None;
  const QImage image =
      SpectrumRenderer::render(p, averaging_ == Averaging::Exponential ? second_ : db_,
                               second && averaging_ == Averaging::PeakHold ? std::span<const float>(second_)
                                                                           : std::span<const float>(),
                               devicePixelRatioF());
  QPainter painter(this);
  painter.drawImage(0, 0, image);
  const QRectF plot = SpectrumRenderer::plotRect(p);
  painter.setPen(QColor(235, 238, 245));
  painter.drawText(plot.adjusted(8, 4, -8, -4), Qt::AlignTop | Qt::AlignLeft, readoutText());
  if (cursorX_ >= plot.left()) {
    painter.setPen(QColor(255, 255, 255, 90));
    painter.drawLine(QPointF(cursorX_, plot.top()), QPointF(cursorX_, plot.bottom()));
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
