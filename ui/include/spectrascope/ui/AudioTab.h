#pragma once
// The "Audio" tab: a live spectrum and a scrolling spectrogram of the built-in signal generator (the
// default, so the tab moves on first start) or a microphone.
//
// Data flow (STYLE.md): source (generator thread or microphone capture thread) -> SampleRingBuffer ->
// AudioAnalysisWorker on its own thread (batched STFT through the engine) -> SpectrumColumns by queued
// signal -> views, painted on a display timer. The ring buffer overwrites, the worker drops results the
// GUI has not consumed: nothing queues without bound.
//
// Threading: create, use and destroy on the GUI thread. The destructor stops and joins the worker and
// generator threads; a capture thread stuck in the audio server is abandoned, not waited for.

#include "spectrascope/ui/audio/AnalysisSettings.h"
#include "spectrascope/ui/audio/SpectrumColumns.h"

#include <QAudioDevice>
#include <QWidget>

#include <cstdint>
#include <memory>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QThread;
class QTimer;

namespace spectrascope::ui {

class AudioAnalysisWorker;
class GeneratorSource;
class MicrophoneCapture;
class SampleRingBuffer;
class SpectrogramView;
class SpectrumView;

class AudioTab : public QWidget
{
  Q_OBJECT

public:
  explicit AudioTab(QWidget* parent = nullptr);
  ~AudioTab() override;

  enum class Source { Generator, Microphone };
  void setSource(Source source);
  Source source() const { return source_; }
  void setFftSize(int size);
  int fftSize() const { return settings_.fftSize; }
  // Spectrogram columns shown since the start (for tests and the status line).
  std::uint64_t spectrogramColumns() const;
  std::uint64_t droppedResults() const;
  // Freeze keeps what is shown and ignores new results until unfrozen; capture and analysis go on.
  void setFrozen(bool frozen);
  bool isFrozen() const;
  QString statusText() const;
  // Exports: the spectrogram as a PNG with frequency labels, the latest spectrum as CSV (frequency_hz,
  // db). False, with the reason in statusText(), when the file cannot be written.
  bool exportSpectrogram(const QString& pngPath);
  bool exportSpectrum(const QString& csvPath);

  // Watchdog for QAudioSource::start() (Qt 6.4 + PulseAudio can block in it).
  static constexpr int kCaptureStartTimeoutMs = 4000;

signals:
  void errorMessage(const QString& heading, const QString& detail);

private:
  QWidget* createControls();
  void startThreads();
  void applyAnalysisSettings();
  void applyGeneratorSettings();
  void applyDisplaySettings();
  void onColumns(const SpectrumColumns& columns);
  void onDisplayTick();
  void startMicrophone();
  void stopMicrophone();
  void refreshDevices();
  void showError(const QString& heading, const QString& detail);

  std::shared_ptr<SampleRingBuffer> ring_;
  AnalysisSettings settings_;
  Source source_ = Source::Generator;
  QThread* analysisThread_ = nullptr;
  QThread* generatorThread_ = nullptr;
  QThread* captureThread_ = nullptr;
  AudioAnalysisWorker* worker_ = nullptr;
  GeneratorSource* generator_ = nullptr;
  MicrophoneCapture* capture_ = nullptr;
  QTimer* displayTimer_ = nullptr;
  QTimer* captureWatchdog_ = nullptr;
  bool captureStarted_ = false;

  SpectrumView* spectrum_ = nullptr;
  SpectrogramView* spectrogram_ = nullptr;
  QComboBox* sourceBox_ = nullptr;
  QComboBox* deviceBox_ = nullptr;
  QComboBox* waveformBox_ = nullptr;
  QDoubleSpinBox* frequencyBox_ = nullptr;
  QDoubleSpinBox* secondFrequencyBox_ = nullptr;
  QDoubleSpinBox* levelBox_ = nullptr;
  QComboBox* fftBox_ = nullptr;
  QComboBox* overlapBox_ = nullptr;
  QComboBox* windowBox_ = nullptr;
  QDoubleSpinBox* rangeBox_ = nullptr;
  QCheckBox* logAxisBox_ = nullptr;
  QCheckBox* peakHoldBox_ = nullptr;
  QCheckBox* freezeBox_ = nullptr;
  QLabel* status_ = nullptr;
  double lastAnalysisMs_ = 0, lastAudioMs_ = 0;
  bool frameDirty_ = false;
  std::vector<float> latestFrame_;
  double latestRate_ = 48000;
};

} // namespace spectrascope::ui
