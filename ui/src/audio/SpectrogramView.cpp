#include "spectrascope/ui/audio/SpectrogramView.h"

#include <QPainter>

namespace spectrascope::ui {

SpectrogramView::SpectrogramView(QWidget* parent) : QWidget(parent)
{
  setObjectName(QStringLiteral("spectrogramView"));
  setMinimumSize(300, 120);
}

void SpectrogramView::paintEvent(QPaintEvent*)
{
  QPainter painter(this);
  painter.setRenderHint(QPainter::SmoothPixmapTransform);
  painter.drawImage(rect(), renderer_.image());
  painter.setPen(Qt::white);
  const auto& p = renderer_.parameters();
  painter.drawText(rect().adjusted(6, 4, -6, -4), Qt::AlignTop | Qt::AlignRight,
                   tr("%1 Hz").arg(p.sampleRate / 2, 0, 'f', 0));
  painter.drawText(rect().adjusted(6, 4, -6, -4), Qt::AlignBottom | Qt::AlignRight,
                   p.logFrequency ? tr("%1 Hz").arg(p.minFrequencyHz) : tr("0 Hz"));
}

} // namespace spectrascope::ui
