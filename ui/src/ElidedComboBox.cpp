#include "spectrascope/ui/ElidedComboBox.h"

#include <QStyleOptionComboBox>
#include <QStylePainter>

namespace spectrascope::ui {

ElidedComboBox::ElidedComboBox(QWidget* parent) : QComboBox(parent)
{
  connect(this, &QComboBox::currentIndexChanged, this, &ElidedComboBox::refreshToolTip);
}

void ElidedComboBox::setDescription(const QString& description)
{
  description_ = description;
  refreshToolTip();
}

QString ElidedComboBox::shownText() const
{
  QStyleOptionComboBox option;
  initStyleOption(&option);
  QRect room = style()->subControlRect(QStyle::CC_ComboBox, &option, QStyle::SC_ComboBoxEditField, this);
  if (!option.currentIcon.isNull()) room.setLeft(room.left() + option.iconSize.width() + 4);
  // The style draws the label one pixel in from each side of the field.
  return fontMetrics().elidedText(currentText(), Qt::ElideRight, room.width() - 2);
}

void ElidedComboBox::paintEvent(QPaintEvent*)
{
  QStylePainter painter(this);
  QStyleOptionComboBox option;
  initStyleOption(&option);
  painter.drawComplexControl(QStyle::CC_ComboBox, option);
  option.currentText = shownText();
  painter.drawControl(QStyle::CE_ComboBoxLabel, option);
}

void ElidedComboBox::resizeEvent(QResizeEvent* event)
{
  QComboBox::resizeEvent(event);
  refreshToolTip();
}

void ElidedComboBox::refreshToolTip()
{
  const bool elided = shownText() != currentText();
  setToolTip(
      elided ? (description_.isEmpty() ? currentText() : currentText() + QStringLiteral("\n") + description_)
             : description_);
}

} // namespace spectrascope::ui
