#pragma once
// The Audio tab's choices: source, device and generator; FFT size, hop, window, averaging; frequency
// axis, range, gain and colours. It owns their widgets, turns them into settings values, and keeps them
// in QSettings. It knows nothing of threads or sources: the tab reads the values when a signal says a
// choice changed, and applies them.
//
// Threading: GUI thread only.

#include "spectrascope/engine/audio/SignalGenerator.h"
#include "spectrascope/engine/audio/SpectrumAverager.h"
#include "spectrascope/ui/audio/AnalysisSettings.h"
#include "spectrascope/ui/audio/FrequencyAxis.h"
#include "spectrascope/ui/capture/CaptureProtocol.h"

#include <QTabWidget>

#include <string>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QPushButton;

namespace spectrascope::ui {

class AnalysisControls;
class LevelMeter;

class AudioControls : public QTabWidget
{
  Q_OBJECT

public:
  explicit AudioControls(QWidget* parent = nullptr);

  // Every choice except the source comes back at the next start (the source does not: a microphone may
  // be gone, and the tab must move on first start).
  void restoreSettings();
  void saveSettings() const;

  // ---- source
  void showSource(int index);
  LevelMeter* levelMeter() const { return level_; }
  // Fills the device list (keeping the current choice); an empty list shows a placeholder.
  void setInputs(const QList<CaptureInput>& inputs);
  bool hasInputs() const;
  // Picks the first device whose description or id contains `text`; false if there is none.
  bool selectInput(const QString& text);
  // The device to capture from: the chosen one, or, with no list yet, the one chosen last time.
  QString inputDeviceId() const;
  int microphoneRate() const;
  int channel() const;
  void showCaptureButton(bool visible, bool paused);
  // The generator's settings at `sampleRate`; a frequency above half of it is brought down (the box
  // shows it) and notice() says why.
  audio::GeneratorSettings generatorSettings(double sampleRate = 48000);

  // ---- analysis
  // The analysis as chosen now; the hop box and the window's parameter rows follow it.
  AnalysisSettings analysisSettings();
  void setFftSize(int size);
  void setHop(int hop);
  audio::AveragingSettings averagingSettings();
  void setAveraging(const audio::AveragingSettings& settings);

  // ---- display
  FrequencyScale frequencyScale() const;
  void setFrequencyScale(FrequencyScale scale);
  double dbRange() const;
  double gainDb() const;
  void setGainDb(double db);
  std::string colormap() const;
  bool isFrozen() const;
  void setFrozen(bool frozen);

signals:
  void sourceActivated(int index);
  void openRequested();
  void microphoneChoiceChanged();
  void captureToggled();
  void generatorChanged();
  void analysisChanged();
  void averagingChanged();
  void displayChanged();
  void exportSpectrogramChosen(const QString& pngPath);
  void exportSpectrumChosen(const QString& csvPath);
  void notice(const QString& text);

private:
  QWidget* createSourceControls();
  QWidget* createDisplayControls();
  void addPage(QWidget* content, const QString& title);
  void connectControls();
  double generatorFrequency(QDoubleSpinBox* box, double sampleRate);

  LevelMeter* level_ = nullptr;
  QComboBox* sourceBox_ = nullptr;
  QComboBox* deviceBox_ = nullptr;
  QPushButton* captureButton_ = nullptr;
  QComboBox* micRateBox_ = nullptr;
  QComboBox* channelBox_ = nullptr;
  QComboBox* waveformBox_ = nullptr;
  QDoubleSpinBox* frequencyBox_ = nullptr;
  QDoubleSpinBox* secondFrequencyBox_ = nullptr;
  QDoubleSpinBox* levelBox_ = nullptr;
  AnalysisControls* analysis_ = nullptr;
  QDoubleSpinBox* rangeBox_ = nullptr;
  QDoubleSpinBox* gainBox_ = nullptr;
  QComboBox* axisBox_ = nullptr;
  QComboBox* colormapBox_ = nullptr;
  QCheckBox* freezeBox_ = nullptr;
};

} // namespace spectrascope::ui
