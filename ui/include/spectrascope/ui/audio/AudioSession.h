#pragma once
// The Audio tab's machinery without its widgets: the ring buffers, the generator, file playback and
// audio output threads, the analysis worker on its own thread, and the microphone's capture supervisor.
// Calls here go to each object on its own thread (queued); results come back as signals on the GUI
// thread. Nothing queues without bound: the ring buffer overwrites, the worker drops results the GUI
// has not consumed (resultConsumed()).
//
// Threading: create, use and destroy on the GUI thread. The destructor stops capture, then destroys
// each object on its own thread and joins the threads (the sound output runs in a process of its own,
// so nothing waits on the audio server).

#include "spectrascope/engine/audio/SignalGenerator.h"
#include "spectrascope/ui/audio/AnalysisSettings.h"
#include "spectrascope/ui/audio/SpectrumColumns.h"

#include <QObject>

#include <cstdint>
#include <memory>
#include <vector>

class QThread;

namespace spectrascope {
class Engine;
}

namespace spectrascope::audio {
class SampleRingBuffer;
} // namespace spectrascope::audio

namespace spectrascope::ui {

class AudioAnalysisWorker;
class AudioOutput;
class EngineService;
class CaptureSupervisor;
class FilePlaybackSource;
class GeneratorSource;

class AudioSession : public QObject
{
  Q_OBJECT

public:
  explicit AudioSession(QObject* parent = nullptr);
  ~AudioSession() override;

  // Starts the analysis (configure() it first) and the generator.
  void start();
  void configure(const AnalysisSettings& settings);
  void setGeneratorSettings(const audio::GeneratorSettings& settings);
  void useEngine(std::shared_ptr<Engine> engine);
  // The analysis follows the service's engine (the Engine menu's backend) from now on; until the service
  // has one, it keeps the engine it has (FFTW).
  void followEngine(EngineService* service);
  void runGenerator(bool on);
  // While nobody sees the results the analysis stops polling the ring buffer.
  void setPolling(bool on);
  // The GUI took the last result: the worker may send the next.
  void resultConsumed();

  // File playback: the samples go to the analysis and, at `sampleRate`, to the audio output.
  void openFile(const QString& path, int channel);
  void playFile(bool playing, int sampleRate);
  void stopFile();
  void seekFile(std::int64_t frame);
  std::int64_t filePositionFrames() const;
  // Seeks the player has carried out (seekFile() asks for one; until it is done the position is older).
  std::uint64_t fileSeeksDone() const;
  bool isFilePlaying() const;

  CaptureSupervisor* capture() const { return capture_; }
  // Starts a new stream in the analysis' ring buffer (a new microphone stream, at its rate).
  void resetStream(double sampleRate);
  std::vector<float> newestSamples(std::size_t count) const;
  std::uint64_t droppedResults() const;
  std::uint64_t droppedSamples() const;

signals:
  void columnsReady(const spectrascope::ui::SpectrumColumns& columns);
  void errorMessage(const QString& heading, const QString& detail);
  void fileFinished();
  // The file's sound: heard on `device`; not heard (no output to open: the file plays for the pictures
  // only); or lost while heard, when the player has paused already (so its position is where the sound
  // stopped). `reason` is a phrase ("the audio server stopped, or the output device went away").
  void soundHeard(const QString& device);
  void soundUnavailable(const QString& heading, const QString& reason);
  void soundLost(const QString& heading, const QString& reason);

private:
  void startPlaybackThreads();
  void connectSoundOutput();

  std::shared_ptr<audio::SampleRingBuffer> ring_, outputRing_;
  QThread* analysisThread_ = nullptr;
  QThread* generatorThread_ = nullptr;
  QThread* playbackThread_ = nullptr;
  QThread* outputThread_ = nullptr;
  AudioAnalysisWorker* worker_ = nullptr;
  GeneratorSource* generator_ = nullptr;
  CaptureSupervisor* capture_ = nullptr;
  FilePlaybackSource* player_ = nullptr;
  AudioOutput* output_ = nullptr;
};

} // namespace spectrascope::ui
