#include "spectrascope/ui/audio/AudioSession.h"

#include "spectrascope/engine/audio/SampleRingBuffer.h"
#include "spectrascope/ui/EngineService.h"
#include "spectrascope/ui/audio/AudioAnalysisWorker.h"
#include "spectrascope/ui/audio/AudioOutput.h"
#include "spectrascope/ui/audio/FilePlaybackSource.h"
#include "spectrascope/ui/audio/GeneratorSource.h"
#include "spectrascope/ui/capture/CaptureSupervisor.h"

#include <QThread>

namespace spectrascope::ui {

AudioSession::AudioSession(QObject* parent)
    : QObject(parent), ring_(std::make_shared<audio::SampleRingBuffer>()),
      outputRing_(std::make_shared<audio::SampleRingBuffer>(1 << 15))
{
  qRegisterMetaType<SpectrumColumns>();
  qRegisterMetaType<AnalysisSettings>();
  // The supervisor feeds the ring buffer from the capture process's samples.
  capture_ = new CaptureSupervisor(this);
  capture_->setSampleSink(
      [ring = ring_](const float* samples, std::size_t count) { ring->write(samples, count); });

  analysisThread_ = new QThread(this);
  analysisThread_->setObjectName(QStringLiteral("audio analysis"));
  worker_ = new AudioAnalysisWorker(ring_);
  worker_->moveToThread(analysisThread_);
  connect(worker_, &AudioAnalysisWorker::columnsReady, this, &AudioSession::columnsReady,
          Qt::QueuedConnection);
  connect(worker_, &AudioAnalysisWorker::errorMessage, this, &AudioSession::errorMessage,
          Qt::QueuedConnection);
  analysisThread_->start();

  generatorThread_ = new QThread(this);
  generatorThread_->setObjectName(QStringLiteral("signal generator"));
  generator_ = new GeneratorSource(ring_);
  generator_->moveToThread(generatorThread_);
  generatorThread_->start();
  startPlaybackThreads();
}

void AudioSession::startPlaybackThreads()
{
  playbackThread_ = new QThread(this);
  playbackThread_->setObjectName(QStringLiteral("file playback"));
  player_ = new FilePlaybackSource(ring_, outputRing_);
  player_->moveToThread(playbackThread_);
  connect(player_, &FilePlaybackSource::failed, this, &AudioSession::errorMessage, Qt::QueuedConnection);
  connect(player_, &FilePlaybackSource::finished, this, &AudioSession::fileFinished, Qt::QueuedConnection);
  playbackThread_->start();

  outputThread_ = new QThread(this);
  outputThread_->setObjectName(QStringLiteral("audio output"));
  output_ = new AudioOutput(outputRing_);
  output_->moveToThread(outputThread_);
  connectSoundOutput();
  outputThread_->start();
}

// What the output says reaches the tab on the GUI thread. A loss first pauses the player, on its own
// thread: the tab, told afterwards, finds the position where the sound stopped, not one that ran on.
void AudioSession::connectSoundOutput()
{
  connect(output_, &AudioOutput::opened, this, &AudioSession::soundHeard, Qt::QueuedConnection);
  connect(output_, &AudioOutput::unavailable, this, &AudioSession::soundUnavailable, Qt::QueuedConnection);
  connect(output_, &AudioOutput::lost, player_, [this](const QString& heading, const QString& reason) {
    player_->pause();
    QMetaObject::invokeMethod(
        this, [this, heading, reason] { emit soundLost(heading, reason); }, Qt::QueuedConnection);
  });
  // At the file's end nothing more is played: the output process ends rather than idle on the server.
  connect(player_, &FilePlaybackSource::finished, output_, &AudioOutput::stop, Qt::QueuedConnection);
}

AudioSession::~AudioSession()
{
  capture_->stop();
  // Each object is destroyed on its own thread, where its timers live, before that thread ends.
  QMetaObject::invokeMethod(
      generator_, [g = generator_] { delete g; }, Qt::BlockingQueuedConnection);
  QMetaObject::invokeMethod(
      worker_, [w = worker_] { delete w; }, Qt::BlockingQueuedConnection);
  QMetaObject::invokeMethod(
      player_, [p = player_] { delete p; }, Qt::BlockingQueuedConnection);
  QMetaObject::invokeMethod(
      output_, [o = output_] { delete o; }, Qt::BlockingQueuedConnection);
  for (QThread* thread : {generatorThread_, analysisThread_, playbackThread_, outputThread_}) {
    thread->quit();
    thread->wait();
  }
}

void AudioSession::start()
{
  QMetaObject::invokeMethod(worker_, &AudioAnalysisWorker::start, Qt::QueuedConnection);
  runGenerator(true);
}

void AudioSession::configure(const AnalysisSettings& settings)
{
  QMetaObject::invokeMethod(worker_, "configure", Qt::QueuedConnection,
                            Q_ARG(spectrascope::ui::AnalysisSettings, settings));
  QMetaObject::invokeMethod(
      player_, [p = player_, length = settings.fftSize] { p->setFrameLength(length); }, Qt::QueuedConnection);
}

void AudioSession::setGeneratorSettings(const audio::GeneratorSettings& settings)
{
  generator_->setSettings(settings);
}

void AudioSession::useEngine(std::shared_ptr<Engine> engine)
{
  QMetaObject::invokeMethod(
      worker_, [w = worker_, engine] { w->useEngine(engine); }, Qt::QueuedConnection);
}

void AudioSession::followEngine(EngineService* service)
{
  if (!service) return;
  auto push = [this, service] {
    if (std::shared_ptr<Engine> engine = service->engine()) useEngine(engine);
  };
  connect(service, &EngineService::backendChanged, this, push);
  push();
}

void AudioSession::runGenerator(bool on)
{
  QMetaObject::invokeMethod(generator_, on ? &GeneratorSource::start : &GeneratorSource::stop,
                            Qt::QueuedConnection);
}

void AudioSession::setPolling(bool on)
{
  QMetaObject::invokeMethod(
      worker_, [w = worker_, on] { w->setPolling(on); }, Qt::QueuedConnection);
}

void AudioSession::resultConsumed()
{
  worker_->resultConsumed();
}

void AudioSession::openFile(const QString& path, int channel)
{
  QMetaObject::invokeMethod(
      player_, [p = player_, path, channel] { p->open(path, channel); }, Qt::QueuedConnection);
}

void AudioSession::playFile(bool playing, int sampleRate)
{
  QMetaObject::invokeMethod(player_, playing ? &FilePlaybackSource::play : &FilePlaybackSource::pause,
                            Qt::QueuedConnection);
  if (playing)
    QMetaObject::invokeMethod(
        output_, [o = output_, sampleRate] { o->start(sampleRate); }, Qt::QueuedConnection);
  else
    QMetaObject::invokeMethod(output_, &AudioOutput::stop, Qt::QueuedConnection);
}

void AudioSession::stopFile()
{
  QMetaObject::invokeMethod(player_, &FilePlaybackSource::pause, Qt::QueuedConnection);
  QMetaObject::invokeMethod(output_, &AudioOutput::stop, Qt::QueuedConnection);
}

void AudioSession::seekFile(std::int64_t frame)
{
  QMetaObject::invokeMethod(
      player_, [p = player_, frame] { p->seek(frame); }, Qt::QueuedConnection);
}

std::int64_t AudioSession::filePositionFrames() const
{
  return player_->positionFrames();
}

std::uint64_t AudioSession::fileSeeksDone() const
{
  return player_->seeksDone();
}

bool AudioSession::isFilePlaying() const
{
  return player_->isPlaying();
}

void AudioSession::resetStream(double sampleRate)
{
  ring_->reset(sampleRate);
}

std::vector<float> AudioSession::newestSamples(std::size_t count) const
{
  return ring_->newest(count);
}

std::uint64_t AudioSession::droppedResults() const
{
  return worker_->droppedResults();
}

std::uint64_t AudioSession::droppedSamples() const
{
  return ring_->droppedSamples();
}

} // namespace spectrascope::ui
