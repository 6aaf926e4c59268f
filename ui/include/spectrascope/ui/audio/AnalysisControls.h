#pragma once
// The Audio tab's "Analysis" page: FFT size, overlap or hop, zero padding, window and its parameter,
// spectrum averaging and peak hold. It turns its widgets into AnalysisSettings and AveragingSettings
// and keeps its own keys in QSettings; the tab applies the values when a signal says they changed.
//
// Threading: GUI thread only.

#include "spectrascope/engine/audio/SpectrumAverager.h"
#include "spectrascope/ui/audio/AnalysisSettings.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QSettings;
class QSpinBox;

namespace spectrascope::ui {

class AnalysisControls : public QWidget
{
  Q_OBJECT

public:
  explicit AnalysisControls(QWidget* parent = nullptr);

  void restoreSettings(const QSettings& s);
  void saveSettings(QSettings& s) const;

  // The analysis as chosen now; the hop box and the window's parameter rows follow it.
  AnalysisSettings analysisSettings();
  void setFftSize(int size);
  // An explicit hop in samples: the overlap box says "Custom hop".
  void setHop(int hop);
  audio::AveragingSettings averagingSettings();
  void setAveraging(const audio::AveragingSettings& settings);

signals:
  void analysisChanged();
  void averagingChanged();

private:
  void createAveragingControls(QFormLayout* form);
  void connectControls();
  void updateWindowParameterRows(const AnalysisSettings& settings);

  QComboBox* fftBox_ = nullptr;
  QComboBox* overlapBox_ = nullptr;
  QSpinBox* hopBox_ = nullptr;
  QComboBox* paddingBox_ = nullptr;
  QComboBox* windowBox_ = nullptr;
  QFormLayout* analysisForm_ = nullptr;
  QDoubleSpinBox* kaiserBetaBox_ = nullptr;
  QDoubleSpinBox* gaussianSigmaBox_ = nullptr;
  QComboBox* averagingBox_ = nullptr;
  QDoubleSpinBox* averageSecondsBox_ = nullptr;
  QCheckBox* peakHoldBox_ = nullptr;
  QDoubleSpinBox* peakDecayBox_ = nullptr;
};

} // namespace spectrascope::ui
