#pragma once
// The Image tab's first row of controls: the picture (open, padding, luminance only) and the mask's
// formula (kind, profile, Butterworth order, cutoffs F and F2 with their value). It shows a MaskSpec
// (showSpec, which edits nothing) and reports what the user changes; it keeps no mask of its own.
// The padding choice is remembered in QSettings. Its items wrap onto more lines on a narrow window.

#include "spectrascope/engine/imaging/FrequencyMask.h"
#include "spectrascope/engine/imaging/Padding.h"

#include <QWidget>

class QAction;
class QCheckBox;
class QComboBox;
class QLabel;
class QSlider;
class QSpinBox;

namespace spectrascope::ui::image {

class MaskControls : public QWidget
{
  Q_OBJECT

public:
  // Slider steps per cycle/pixel: 1..500 covers 0.001..0.5 (the Nyquist frequency of an axis).
  static constexpr double kSliderScale = 1000.0;
  // The highest cutoff a slider or ring sets, in slider steps: the spectrum's corner (0.707 cycles per
  // pixel) for F2, a step below it for F, which stays a step below F2 so that a band is never empty.
  static constexpr int kTopCutoffStep = int(imaging::kHighestFrequency * kSliderScale);

  MaskControls(QAction* open, QWidget* parent = nullptr);

  void showSpec(const imaging::MaskSpec& spec);
  imaging::PadMode padding() const;
  // The padding chosen last time (QSettings; any thread).
  static imaging::PadMode rememberedPadding();
  bool luminanceOnly() const;
  // "0.050 c/px · 20.0 px" (the cutoff and its period) or, for bands, "0.050–0.150 c/px".
  static QString cutoffText(const imaging::MaskSpec& spec);

  QComboBox* kindBox() const { return kind_; }
  QSlider* cutoffSlider() const { return cutoff_; }
  QSlider* cutoff2Slider() const { return cutoff2_; }

signals:
  void kindChosen(imaging::MaskKind kind);
  void profileChosen(imaging::MaskProfile profile);
  void orderChosen(int order);
  void cutoffMoved(double cutoff); // cycles per pixel, while a slider moves
  void cutoff2Moved(double cutoff2);
  void cutoffDragStarted();
  void cutoffDragFinished();
  void pictureSettingsChanged(); // padding or luminance only: the picture must be transformed again

private:
  QComboBox* createPaddingChoice();
  void addLabelled(const QString& text, QWidget* widget, QLabel** label = nullptr, QWidget* after = nullptr);

  bool syncing_ = false; // controls being set from the mask: no edits of their own
  QComboBox* padding_ = nullptr;
  QCheckBox* luminance_ = nullptr;
  QComboBox* kind_ = nullptr;
  QComboBox* profile_ = nullptr;
  QSpinBox* order_ = nullptr;
  QSlider* cutoff_ = nullptr;
  QSlider* cutoff2_ = nullptr;
  QLabel* cutoffLabel_ = nullptr;
  QLabel* cutoff2Label_ = nullptr;
  QLabel* cutoffValue_ = nullptr;
};

} // namespace spectrascope::ui::image
