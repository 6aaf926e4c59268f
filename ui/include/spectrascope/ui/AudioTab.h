#pragma once
// The "Audio" tab: a live spectrum, a scrolling spectrogram and a level meter of the built-in signal
// generator (the default, so the tab moves on first start) or a microphone; or an audio file, shown as
// one large zoomable whole-file picture with the spectrum at its play cursor below, and played on request.
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
// supervisor), AudioControls (the choices and their settings), AudioViewArea (the file's picture or the
// live views), AudioFileSource with its AudioFilePanel (a file from Open to playing it), AudioMicrophone
// (devices, capture and what it says), AudioDrops (files dropped on the tab), AudioStatusLine (events,
// errors and figures). The tab lays them out, switches sources and routes results and choices.
//
// Threading: create, use and destroy on the GUI thread. The destructor waits for a file being read, then
// the session stops and joins its threads; an output thread stuck in the audio server is abandoned.

#include "spectrascope/engine/audio/SpectrumAverager.h"
#include "spectrascope/ui/audio/AnalysisSettings.h"
#include "spectrascope/ui/audio/AudioFileOverview.h"
#include "spectrascope/ui/audio/AudioFileSource.h"
#include "spectrascope/ui/audio/FrequencyAxis.h"
#include "spectrascope/ui/audio/SpectrogramView.h"
#include "spectrascope/ui/audio/SpectrumColumns.h"

#include <QWidget>

#include <cstdint>
#include <memory>

class QAction;

namespace spectrascope::ui {

class AudioControls;
class AudioFilePanel;
class AudioLiveViews;
class AudioMicrophone;
class AudioResultsRouter;
class AudioSession;
class AudioStatusLine;
class AudioViewArea;
class CaptureSupervisor;
class EngineService;
class LevelMeter;
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
  void setTimingFeed(TimingFeed* feed);

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
  bool isMicrophonePaused() const;
  // True while audio flows from the microphone.
  bool isCapturing() const;
  const CaptureSupervisor* captureSupervisor() const;

  // Reads the file's overview in the background, then shows it as the main view, paused at its start.
  // A bad file leaves the source as it was.
  void openFile(const QString& path);
  bool isLoading() const { return files_->isLoading(); }
  void cancelLoading() { files_->cancelLoading(); }
  QString loadedFile() const { return files_->file().path; }
  double fileSeconds() const { return files_->file().seconds(); }
  double playPositionSeconds() const { return files_->positionSeconds(); }
  void seekFile(double seconds) { files_->seek(seconds); }
  void setPlaying(bool playing) { files_->setPlaying(playing); }
  bool isPlaying() const { return files_->isPlaying(); }
  // True while the file's picture is the main view (the source is a file).
  bool showsFileView() const;
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
  QString backendName() const;
  QString levelText() const;
  // Freeze keeps what is shown and ignores new results until unfrozen; capture and analysis go on.
  void setFrozen(bool frozen);
  bool isFrozen() const;
  QString statusText() const;
  // Latency from samples entering the application to their painted column, and paints per second.
  PaintStatistics paintStatistics() const;
  void resetPaintStatistics();
  // Exports: the main view's spectrogram as a PNG with its axes, colour bar and settings (with a file,
  // its visible span as zoomed, pixel for pixel; else the live history), the spectrum shown as CSV
  // (frequency_hz, db; with a file, at the play cursor). False, with the reason in statusText(), when the
  // file cannot be written.
  bool exportSpectrogram(const QString& pngPath);
  bool exportSpectrum(const QString& csvPath);

  // Attempts to bring a lost microphone back since it was chosen (for tests).
  int microphoneRetries() const;
  static bool isAudioFileName(const QString& path);

signals:
  void errorMessage(const QString& heading, const QString& detail);
  // Another input is analysed (the generator, the microphone or a file, or another file).
  void inputChanged();

protected:
  void hideEvent(QHideEvent* event) override;
  void showEvent(QShowEvent* event) override;

private:
  void layOut();
  void connectParts();
  void connectControls();
  void startAnalysis();
  void applyAveragingSettings();
  void applyAnalysisSettings();
  void applyGeneratorSettings();
  void applyDisplaySettings();

  AudioSession* session_ = nullptr;
  bool started_ = false; // settings are saved from then on
  AnalysisSettings settings_;
  Source source_ = Source::Generator;
  bool restingHidden_ = false; // hidden behind another tab: generator, analysis and display rest
  AudioResultsRouter* results_ = nullptr;

  AudioViewArea* views_ = nullptr;
  AudioLiveViews* live_ = nullptr;   // the area's
  SpectrumView* spectrum_ = nullptr; // the live views'
  SpectrogramView* spectrogram_ = nullptr;
  AudioFilePanel* filePanel_ = nullptr;
  AudioFileSource* files_ = nullptr;
  AudioMicrophone* microphone_ = nullptr;
  AudioControls* controls_ = nullptr;
  LevelMeter* level_ = nullptr; // on the controls' source page
  QAction* openAction_ = nullptr;
  AudioStatusLine* status_ = nullptr;
};

} // namespace spectrascope::ui
