#pragma once
// The "Audio" tab: a live spectrum, a scrolling spectrogram and a level meter of the built-in signal
// generator (the default, so the tab moves on first start), a microphone, or an audio file played in
// real time with a whole-file overview to click and seek in.
//
// Data flow (STYLE.md): source (generator, microphone capture or file playback, each on its own thread)
// -> SampleRingBuffer -> AudioAnalysisWorker on its own thread (batched STFT through the engine the
// Engine menu chose) -> SpectrumColumns by queued signal -> views, painted on a display timer. The ring
// buffer overwrites, the worker drops results the GUI has not consumed: nothing queues without bound.
// Files are read for the overview on a QtConcurrent thread with progress and cancel.
//
// Faults: the microphone is kept running by a CaptureSupervisor (capture in a process of its own). When it
// fails, a banner above the views says what happened and what is being tried; the microphone stays the
// source and resumes by itself. Silence is no fault.
// A file that cannot be read is reported and the previous source keeps running.
//
// Parts, one job each: AudioSession (ring buffers, source, analysis and output threads, capture
// supervisor), AudioControls (the choices and their settings), AudioFilePanel (reading a file, its
// overview, the play button). The tab lays them out, wires them together and applies the choices.
//
// Threading: create, use and destroy on the GUI thread. The destructor waits for a file being read, then
// the session stops and joins its threads; an output thread stuck in the audio server is abandoned.

#include "spectrascope/engine/audio/SpectrumAverager.h"
#include "spectrascope/ui/audio/AnalysisSettings.h"
#include "spectrascope/ui/audio/AudioFileOverview.h"
#include "spectrascope/ui/audio/FrequencyAxis.h"
#include "spectrascope/ui/audio/SpectrogramView.h"
#include "spectrascope/ui/audio/SpectrumColumns.h"

#include <QAudioDevice>
#include <QElapsedTimer>
#include <QWidget>

#include <cstdint>
#include <memory>

class QAction;
class QLabel;
class QPainter;
class QTimer;

namespace spectrascope::ui {

class AudioControls;
class AudioSession;
class EngineService;
class AudioFilePanel;
class AudioLiveViews;
class LevelMeter;
class CaptureBanner;
class CaptureSupervisor;
class SpectrumView;
class TimingFeed;

class AudioTab : public QWidget
{
  Q_OBJECT

public:
  explicit AudioTab(QWidget* parent = nullptr);
  ~AudioTab() override;

  // The analysis follows the service's engine (the Engine menu's backend); without one it uses FFTW.
  void setEngineService(EngineService* service);
  // The analysis publishes its engine calls' per-kernel records there, about once a second.
  void setTimingFeed(TimingFeed* feed) { timingFeed_ = feed; }

  enum class Source { Generator, Microphone, File };
  void setSource(Source source);
  Source source() const { return source_; }
  // True from a fault of the microphone until its audio flows again (it is tried meanwhile; nothing
  // stands in for it).
  bool isMicrophoneLost() const;
  // Picks the input device whose description or id contains `text`; false if there is none.
  bool selectInputDevice(const QString& text);
  // Pausing the microphone stops capture and releases the device (the views keep what they show);
  // resuming starts the capture process again (the GUI never waits for it). Choosing the microphone as
  // the source again also resumes it.
  void setMicrophonePaused(bool paused);
  bool isMicrophonePaused() const { return microphonePaused_; }
  // True while audio flows from the microphone.
  bool isCapturing() const;
  const CaptureSupervisor* captureSupervisor() const { return capture_; }

  // Reads the file's overview in the background, then plays it. A bad file leaves the source as it was.
  void openFile(const QString& path);
  bool isLoading() const;
  void cancelLoading();
  QString loadedFile() const;
  double fileSeconds() const;
  double playPositionSeconds() const;
  void seekFile(double seconds);
  void setPlaying(bool playing);
  QAction* openAction() const { return openAction_; }

  void setFftSize(int size);
  int fftSize() const { return settings_.fftSize; }
  // The transform's length: the window's length times the zero-padding factor.
  int transformSize() const { return settings_.fftSize * settings_.zeroPadding; }
  void setFrequencyScale(FrequencyScale scale);
  // Spectrogram columns shown since the start (for tests and the status line).
  std::uint64_t spectrogramColumns() const;
  std::uint64_t droppedResults() const;
  // Samples the analysis could not take in time (the ring buffer overflowed): dropped audio.
  std::uint64_t droppedSamples() const;
  // An explicit hop in samples (the overlap box then says "Custom hop"), e.g. 64 at FFT 8192, 750
  // columns/s at 48 kHz; it stays when the FFT size changes, until an overlap percentage is chosen.
  void setHop(int hop);
  int hop() const { return settings_.hop; }
  // The analysis as configured now (window and its parameter, hop, sizes).
  const AnalysisSettings& analysisSettings() const { return settings_; }
  // Spectrum averaging and peak hold (remembered), and what the spectrum view shows.
  void setAveraging(const audio::AveragingSettings& settings);
  audio::AveragingSettings averaging() const;
  const SpectrumView* spectrumView() const { return spectrum_; }
  // Spectrogram gain: added to every level before the dB range maps it to colours (remembered).
  void setSpectrogramGain(double db);
  double spectrogramGain() const;
  // The strongest frequency of the latest spectrum (parabolic interpolation), 0 before the first.
  double peakFrequencyHz() const;
  // The newest `count` samples of the current source (fewer before that many arrived), for the Learn tab.
  std::vector<float> newestSamples(std::size_t count) const;
  QString backendName() const { return backend_; }
  QString levelText() const;
  // Freeze keeps what is shown and ignores new results until unfrozen; capture and analysis go on.
  void setFrozen(bool frozen);
  bool isFrozen() const;
  QString statusText() const;
  // Latency from samples entering the application to their painted column, and paints per second.
  PaintStatistics paintStatistics() const;
  void resetPaintStatistics();
  // Exports: the spectrogram as a PNG with frequency labels, the latest spectrum as CSV (frequency_hz,
  // db). False, with the reason in statusText(), when the file cannot be written.
  bool exportSpectrogram(const QString& pngPath);
  bool exportSpectrum(const QString& csvPath);

  // Attempts to bring a lost microphone back since it was chosen (for tests).
  int microphoneRetries() const;
  static bool isAudioFileName(const QString& path);

signals:
  void errorMessage(const QString& heading, const QString& detail);

protected:
  void dragEnterEvent(QDragEnterEvent* event) override;
  void hideEvent(QHideEvent* event) override;
  void showEvent(QShowEvent* event) override;
  void dropEvent(QDropEvent* event) override;

private:
  void updateCaptureButton();
  void applyAveragingSettings();
  void connectControls();
  void startAnalysis();
  void activate(Source source);
  void runGenerator(bool on);
  void runPlayback(bool on);
  void applyAnalysisSettings();
  void applyGeneratorSettings();
  void applyDisplaySettings();
  void pushEngine();
  void onColumns(const SpectrumColumns& columns);
  void onDisplayTick();
  void onFileLoaded();
  const AudioFileOverview& file() const;
  void chooseFile();
  void startMicrophone();
  void stopMicrophone();
  void connectCapture();
  void onInputsChanged();
  void refreshDevices();
  void showError(const QString& heading, const QString& detail);

  EngineService* service_ = nullptr;
  TimingFeed* timingFeed_ = nullptr;
  AudioSession* session_ = nullptr;
  bool started_ = false; // settings are saved from then on
  AnalysisSettings settings_;
  Source source_ = Source::Generator;
  bool restingHidden_ = false; // hidden behind another tab: generator, analysis and display rest
  bool microphonePaused_ = false;
  CaptureSupervisor* capture_ = nullptr; // the session's
  CaptureBanner* captureBanner_ = nullptr;
  QTimer* displayTimer_ = nullptr;

  AudioFilePanel* filePanel_ = nullptr;

  AudioLiveViews* views_ = nullptr;
  SpectrumView* spectrum_ = nullptr; // the views'
  SpectrogramView* spectrogram_ = nullptr;
  AudioControls* controls_ = nullptr;
  LevelMeter* level_ = nullptr; // on the controls' source page
  QAction* openAction_ = nullptr;
  QLabel* status_ = nullptr;  // the latest event or error, kept until the next
  QLabel* figures_ = nullptr; // backend, cost, latency and frame rate, once a second
  QString backend_;
};

} // namespace spectrascope::ui
