#include "spectrascope/ui/audio/AudioOutput.h"

#include "spectrascope/engine/audio/SampleRingBuffer.h"
#include "spectrascope/ui/capture/CaptureSupervisor.h"
#include "spectrascope/ui/capture/HelperProcess.h"

#include <QProcess>
#include <QTimer>

#include <utility>

namespace spectrascope::ui {
namespace {
constexpr int kDrainMs = 10;
// Sound the process has not taken yet beyond this (a stalled process) is dropped rather than queued:
// the picture leads, the sound never lags behind it.
constexpr qint64 kMaxQueuedBytes = 1 << 16;
// While a file plays unheard, a new output process tries again this often: soon enough that a server
// started meanwhile is heard within seconds, rarely enough that the tries cost nothing worth noticing
// (each is a process that finds no server and ends within moments).
constexpr int kRetryMs = 2000;
} // namespace

AudioOutput::AudioOutput(std::shared_ptr<audio::SampleRingBuffer> ring, QObject* parent)
    : QObject(parent), ring_(std::move(ring))
{
  timer_ = new QTimer(this);
  timer_->setInterval(kDrainMs);
  connect(timer_, &QTimer::timeout, this, &AudioOutput::drain);
  retry_ = new QTimer(this);
  retry_->setSingleShot(true);
  retry_->setInterval(kRetryMs);
  connect(retry_, &QTimer::timeout, this, &AudioOutput::launch);
}

AudioOutput::~AudioOutput()
{
  stop();
  // Retired processes may still be ending: killed, they end at once, and are reaped here rather than
  // left to QProcess's destructor, which complains about running processes.
  for (QProcess* process : findChildren<QProcess*>()) {
    process->disconnect(this);
    if (process->state() == QProcess::NotRunning) continue;
    process->kill();
    process->waitForFinished(1000);
  }
}

void AudioOutput::start(int sampleRate)
{
  sampleRate_ = sampleRate;
  unavailableReason_.clear();
  launch();
}

// A new output process (each finds the audio server as it is now), for start() and for each try again.
void AudioOutput::launch()
{
  retry_->stop();
  retire();
  reader_ = {};
  heard_ = false;
  canRetry_ = true;
  process_ = new QProcess(this);
  // Its warnings (Qt's audio backend) go where ours go.
  process_->setProcessChannelMode(QProcess::ForwardedErrorChannel);
  connect(process_, &QProcess::readyReadStandardOutput, this, &AudioOutput::onOutput);
  connect(process_, &QProcess::finished, this, [this](int exitCode) { onProcessEnded(exitCode); });
  connect(process_, &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
    if (error == QProcess::FailedToStart) {
      canRetry_ = false; // a program that cannot be run will not run on the next try either
      fail(tr("No sound output"), tr("the playback program %1 could not be run (%2)")
                                      .arg(CaptureSupervisor::programPath(), process_->errorString()));
    }
  });
  QTimer::singleShot(kStartTimeoutMs, process_, [this, process = process_] {
    if (process == process_ && !heard_)
      fail(tr("No sound output"),
           tr("the audio system did not open the output within %1 s").arg(kStartTimeoutMs / 1000));
  });
  process_->start(CaptureSupervisor::programPath(),
                  {QStringLiteral("--play"), QStringLiteral("--rate"), QString::number(sampleRate_)});
  timer_->start();
}

void AudioOutput::stop()
{
  retry_->stop();
  timer_->stop();
  retire();
  heard_ = false;
}

// Ends the current process at once (endHelperProcessNow).
void AudioOutput::retire()
{
  endHelperProcessNow(std::exchange(process_, nullptr), this);
}

void AudioOutput::drain()
{
  samples_.clear();
  ring_->readAll(samples_); // taken even while the output opens: sound from before it opened is stale
  if (!process_ || !heard_ || samples_.empty() || process_->bytesToWrite() > kMaxQueuedBytes) return;
  process_->write(reinterpret_cast<const char*>(samples_.data()), qint64(samples_.size() * sizeof(float)));
}

void AudioOutput::onOutput()
{
  if (!process_) return;
  reader_.append(process_->readAllStandardOutput());
  while (process_) {
    const std::optional<CaptureMessage> message = reader_.next();
    if (!message) break;
    const qsizetype split = message->payload.indexOf('\n');
    if (message->kind == CaptureMessageKind::Started) {
      heard_ = true;
      emit opened(QString::fromUtf8(message->payload.mid(split + 1)));
    } else if (message->kind == CaptureMessageKind::Failed) {
      fail(QString::fromUtf8(message->payload.left(split)),
           QString::fromUtf8(message->payload.mid(split + 1)));
    }
  }
  if (process_ && reader_.corrupt())
    fail(tr("Sound output lost"), tr("the playback program sent data that makes no sense"));
}

void AudioOutput::onProcessEnded(int exitCode)
{
  onOutput(); // what it wrote before ending (its Failed message) explains the end best
  if (!process_) return;
  fail(heard_ ? tr("Sound output lost") : tr("No sound output"),
       tr("the playback program ended unexpectedly (exit code %1)").arg(exitCode));
}

// A loss ends the output: the session pauses the player. Without any output yet, the file plays on
// unheard and a new process tries again a little later; the status line hears of each new reason once,
// not of every try.
void AudioOutput::fail(const QString& heading, const QString& reason)
{
  if (!process_) return;
  const bool wasHeard = heard_;
  stop();
  if (wasHeard) {
    emit lost(heading, reason);
    return;
  }
  if (canRetry_) retry_->start();
  if (reason == unavailableReason_) return;
  unavailableReason_ = reason;
  emit unavailable(heading, reason);
}

} // namespace spectrascope::ui
