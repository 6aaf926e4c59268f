#include "PlaybackService.h"

#include "CaptureService.h"
#include "spectrascope/ui/capture/CaptureProtocol.h"

#include <QAudioSink>
#include <QMediaDevices>
#include <QSocketNotifier>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <unistd.h>

namespace spectrascope::capture {
namespace {
// The sink's own buffer: smooth, and close to the picture the GUI draws from the same samples.
constexpr int kBufferUs = 100000;
} // namespace

using ui::CaptureMessageKind;
using ui::encodeCaptureMessage;

PlaybackService::PlaybackService(int sampleRate) : sampleRate_(sampleRate > 0 ? sampleRate : 48000) {}

void PlaybackService::fail(const QString& heading, const QString& detail)
{
  writeToSupervisor(encodeCaptureMessage(CaptureMessageKind::Failed, (heading + '\n' + detail).toUtf8()));
  std::_Exit(3); // no teardown: see CaptureService.h
}

void PlaybackService::start()
{
  const QAudioDevice device = QMediaDevices::defaultAudioOutput();
  if (device.isNull()) fail(tr("No sound output"), tr("there is no audio output device"));
  QAudioFormat format;
  format.setSampleRate(sampleRate_);
  format.setChannelCount(1);
  format.setSampleFormat(QAudioFormat::Float);
  if (!device.isFormatSupported(format))
    fail(tr("No sound output"),
         tr("%1 does not play one channel at %2 Hz").arg(device.description()).arg(sampleRate_));
  sink_ = new QAudioSink(device, format, this);
  sink_->setBufferSize(format.bytesForDuration(kBufferUs));
  // Underruns (the GUI paused, or lagged) leave the sink idle; only a stop with an error is a loss.
  connect(sink_, &QAudioSink::stateChanged, this, [this](QAudio::State state) {
    if (state == QAudio::StoppedState && sink_->error() != QAudio::NoError)
      fail(tr("Sound output lost"), tr("the audio server stopped, or the output device went away"));
  });
  io_ = sink_->start(); // may block in Qt 6.4: the GUI ends a process that does not start in time
  if (!io_ || sink_->error() != QAudio::NoError)
    fail(tr("No sound output"), tr("the audio server did not open %1 (Qt audio error %2)")
                                    .arg(device.description())
                                    .arg(int(sink_->error())));
  writeToSupervisor(encodeCaptureMessage(CaptureMessageKind::Started, QByteArray::number(sampleRate_) + '\n' +
                                                                          device.description().toUtf8()));
  input_ = new QSocketNotifier(STDIN_FILENO, QSocketNotifier::Read, this);
  connect(input_, &QSocketNotifier::activated, this, &PlaybackService::readInput);
}

void PlaybackService::readInput()
{
  char buffer[1 << 16];
  const ssize_t got = ::read(STDIN_FILENO, buffer, sizeof buffer);
  if (got < 0 && (errno == EINTR || errno == EAGAIN)) return;
  if (got <= 0) std::_Exit(0); // the GUI stopped playing, or has gone
  pending_.append(buffer, got);
  const qsizetype whole = pending_.size() - pending_.size() % qsizetype(sizeof(float));
  qint64 fits = std::min<qint64>(whole, sink_->bytesFree());
  fits -= fits % qint64(sizeof(float));
  // What does not fit is dropped: the picture leads, the sound never lags behind it.
  if (fits > 0) io_->write(pending_.constData(), fits);
  pending_.remove(0, whole);
}

} // namespace spectrascope::capture
