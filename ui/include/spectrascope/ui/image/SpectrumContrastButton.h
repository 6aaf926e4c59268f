#pragma once
// "Contrast": colormap, gamma and percentile clipping of the spectrum picture, set now and then, so they
// sit in a menu behind one button rather than taking a third of a row.

#include "spectrascope/ui/image/SpectrumPicture.h"

#include <QToolButton>

class QComboBox;
class QDoubleSpinBox;

namespace spectrascope::ui::image {

class SpectrumContrastButton : public QToolButton
{
  Q_OBJECT

public:
  explicit SpectrumContrastButton(QWidget* parent = nullptr);

  SpectrumContrast contrast() const;
  // Gamma and clipping shape magnitudes; the phase picture has no use for them.
  void setMagnitudeOptionsEnabled(bool enabled);

  QComboBox* colormapBox() const { return colormap_; }
  QDoubleSpinBox* gammaBox() const { return gamma_; }

signals:
  void changed();

private:
  QComboBox* colormap_ = nullptr;
  QDoubleSpinBox* gamma_ = nullptr;
  QDoubleSpinBox* clip_ = nullptr;
};

} // namespace spectrascope::ui::image
