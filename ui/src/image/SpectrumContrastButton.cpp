#include "spectrascope/ui/image/SpectrumContrastButton.h"

#include "spectrascope/ui/Colormap.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QMenu>
#include <QWidgetAction>

namespace spectrascope::ui::image {

SpectrumContrastButton::SpectrumContrastButton(QWidget* parent) : QToolButton(parent)
{
  setObjectName(QStringLiteral("contrastButton"));
  setText(tr("Contrast"));
  setToolTip(tr("Colormap, gamma and clipping of the spectrum picture"));
  setPopupMode(QToolButton::InstantPopup);
  setAutoRaise(true);
  auto* panel = new QWidget(this);
  auto* form = new QFormLayout(panel);
  colormap_ = new QComboBox(panel);
  colormap_->setObjectName(QStringLiteral("colormap"));
  for (const std::string& name : ui::Colormap::names())
    colormap_->addItem(QString::fromStdString(name));
  colormap_->setCurrentText(QStringLiteral("grayscale"));
  gamma_ = new QDoubleSpinBox(panel);
  gamma_->setObjectName(QStringLiteral("gamma"));
  gamma_->setRange(0.2, 5.0);
  gamma_->setSingleStep(0.1);
  gamma_->setValue(1.0);
  clip_ = new QDoubleSpinBox(panel);
  clip_->setObjectName(QStringLiteral("clip"));
  clip_->setRange(0.0, 20.0);
  clip_->setSingleStep(0.5);
  clip_->setValue(0.5);
  clip_->setSuffix(tr(" %"));
  clip_->setToolTip(tr("Percent of the darkest bins shown black (and a tenth of it of the brightest white)"));
  form->addRow(tr("Colormap"), colormap_);
  form->addRow(tr("Gamma"), gamma_);
  form->addRow(tr("Clip"), clip_);
  auto* menu = new QMenu(this);
  auto* holder = new QWidgetAction(menu);
  holder->setDefaultWidget(panel);
  menu->addAction(holder);
  setMenu(menu);
  connect(colormap_, &QComboBox::currentIndexChanged, this, &SpectrumContrastButton::changed);
  for (QDoubleSpinBox* box : {gamma_, clip_})
    connect(box, &QDoubleSpinBox::valueChanged, this, &SpectrumContrastButton::changed);
}

SpectrumContrast SpectrumContrastButton::contrast() const
{
  SpectrumContrast contrast;
  contrast.colormap = colormap_->currentText();
  contrast.gamma = gamma_->value();
  contrast.clipLowPercent = clip_->value();
  contrast.clipHighPercent = clip_->value() / 10;
  return contrast;
}

void SpectrumContrastButton::setMagnitudeOptionsEnabled(bool enabled)
{
  gamma_->setEnabled(enabled);
  clip_->setEnabled(enabled);
}

} // namespace spectrascope::ui::image
