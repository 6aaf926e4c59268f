#include "spectrascope/ui/learn/RegisterExchangeView.h"

#include "spectrascope/ui/learn/ButterflyDiagram.h"

#include <QFontMetricsF>
#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>

namespace spectrascope::ui {

RegisterExchangeView::RegisterExchangeView(QWidget* parent) : QWidget(parent)
{
  setObjectName(QStringLiteral("learnRegisterExchange"));
}

void RegisterExchangeView::setStage(const spectrascope::learn::Schedule& schedule, int stage)
{
  workItems_ = schedule.workItems;
  registers_ = schedule.valuesPerItem;
  stage_ = stage;
  positionAt_.assign(workItems_ * registers_, 0);
  arrived_.assign(workItems_ * registers_, false);
  if (stage >= 0 && std::size_t(stage) < schedule.stages.size()) {
    const auto& s = schedule.stages[std::size_t(stage)];
    for (std::uint32_t p = 0; p < s.holders.size(); ++p)
      positionAt_[s.holders[p].workItem * registers_ + s.holders[p].slot] = p;
    for (std::uint32_t p : s.viaLocalMemory)
      arrived_[s.holders[p].workItem * registers_ + s.holders[p].slot] = true;
  }
  update();
}

QString RegisterExchangeView::caption() const
{
  std::size_t moved = 0;
  for (bool a : arrived_)
    moved += a;
  // A count in words: "0 came" read like value number 0.
  const QString count = moved == 0   ? tr("none came")
                        : moved == 1 ? tr("1 value came")
                                     : tr("%1 values came").arg(moved);
  return tr("after stage %1: %2 via local memory").arg(stage_).arg(count);
}

// Elided to the view: the caption ran past the panel's edge.
QString RegisterExchangeView::shownCaption() const
{
  return QFontMetricsF(font()).elidedText(caption(), Qt::ElideRight, captionRect().width());
}

// Over a shortened caption, the tooltip has the whole of it.
bool RegisterExchangeView::event(QEvent* event)
{
  if (event->type() == QEvent::ToolTip) {
    const auto* help = static_cast<QHelpEvent*>(event);
    if (captionRect().contains(help->pos()) && shownCaption() != caption()) {
      QToolTip::showText(help->globalPos(), caption(), this, captionRect());
      return true;
    }
  }
  return QWidget::event(event);
}

void RegisterExchangeView::paintEvent(QPaintEvent*)
{
  QPainter painter(this);
  painter.setRenderHint(QPainter::Antialiasing);
  painter.fillRect(rect(), Qt::white);
  const QColor caption = palette().color(QPalette::PlaceholderText);
  painter.setPen(caption);
  painter.drawText(captionRect(), Qt::AlignLeft | Qt::AlignVCenter, shownCaption());
  if (!workItems_) return;
  const int rows = int(std::min<std::size_t>(workItems_, kMaxRowsShown));
  const int columns = int(std::min<std::size_t>(registers_, kMaxColumnsShown));
  const QRectF area = QRectF(rect()).adjusted(34, 22, -6, -6);
  const double cellW = area.width() / columns, cellH = std::min(22.0, area.height() / rows);
  QFont small = font();
  small.setPixelSize(int(std::clamp(cellH * 0.55, 8.0, 11.0)));
  painter.setFont(small);
  for (int t = 0; t < rows; ++t) {
    painter.setPen(caption);
    painter.drawText(QRectF(0, area.top() + t * cellH, 30, cellH), Qt::AlignRight | Qt::AlignVCenter,
                     QStringLiteral("t%1").arg(t));
    for (int m = 0; m < columns; ++m) {
      const std::size_t index = std::size_t(t) * registers_ + std::size_t(m);
      const QRectF cell(area.left() + m * cellW + 1, area.top() + t * cellH + 1, cellW - 2, cellH - 2);
      painter.setPen(arrived_[index] ? QPen(QColor(0xf0, 0x8c, 0x00), 2) : QPen(Qt::white, 1));
      painter.setBrush(ButterflyDiagram::workItemColour(std::uint32_t(t)));
      painter.drawRoundedRect(cell, 3, 3);
      painter.setPen(Qt::black);
      painter.drawText(cell, Qt::AlignCenter, QString::number(positionAt_[index]));
    }
  }
  if (workItems_ > std::size_t(rows) || registers_ > std::size_t(columns)) {
    painter.setPen(caption);
    painter.drawText(QRectF(area.left(), area.top() + rows * cellH, area.width(), 16), Qt::AlignLeft,
                     tr("… %1 work-items × %2 registers in all").arg(workItems_).arg(registers_));
  }
}

} // namespace spectrascope::ui
