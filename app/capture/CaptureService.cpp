#include "CaptureService.h"

#include "spectrascope/ui/capture/CaptureProtocol.h"

#include <QAudioSource>
#include <QMediaDevices>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <unistd.h>

namespace spectrascope::capture {

using ui::CaptureInput;
using ui::CaptureMessageKind;
using ui::encodeCaptureMessage;

void writeToSupervisor(const QByteArray& bytes)
{
  const char* data = bytes.constData();
  qsizetype left = bytes.size();
  while (left > 0) {
    const ssize_t written = ::write(STDOUT_FILENO, data, std::size_t(left));
    if (written < 0 && errno == EINTR) continue;
    // The supervisor has gone (or closed the pipe): nobody wants the audio. No teardown: Qt 6.4's
    // PulseAudio backend can abort inside libpulse while it is destroyed.
    if (written <= 0) std::_Exit(0);
    data += written;
    left -= written;
  }
}

CaptureService::CaptureService(QString deviceId, int sampleRate, int channel)
    : deviceId_(std::move(deviceId)), sampleRate_(sampleRate), channel_(channel)
{
}

void CaptureService::sendInputs()
{
  QList<CaptureInput> inputs;
  const QByteArray defaultId = QMediaDevices::defaultAudioInput().id();
  for (const QAudioDevice& device : QMediaDevices::audioInputs())
    inputs.append({QString::fromUtf8(device.id()), device.description(), device.id() == defaultId});
  writeToSupervisor(encodeCaptureMessage(CaptureMessageKind::Inputs, ui::encodeCaptureInputs(inputs)));
}

void CaptureService::fail(const QString& heading, const QString& detail)
{
  writeToSupervisor(encodeCaptureMessage(CaptureMessageKind::Failed, (heading + '\n' + detail).toUtf8()));
  std::_Exit(3);
}

void CaptureService::start()
{
  sendInputs();
  const QList<QAudioDevice> inputs = QMediaDevices::audioInputs();
  if (inputs.isEmpty())
    fail(tr("No audio input"), tr("The audio server lists no input device, or no audio server runs."));
  QAudioDevice device = QMediaDevices::defaultAudioInput();
  if (!deviceId_.isEmpty()) {
    device = {};
    for (const QAudioDevice& candidate : inputs)
      if (QString::fromUtf8(candidate.id()) == deviceId_) device = candidate;
    // Never another device in its place: the user chose this one.
    if (device.isNull())
      fail(tr("Microphone not available"),
           tr("%1 is not among the audio server's inputs now.").arg(deviceId_));
  }
  QAudioFormat format = device.preferredFormat();
  if (sampleRate_ > 0) format.setSampleRate(sampleRate_);
  if (channel_ >= 0) format.setChannelCount(std::max(format.channelCount(), channel_ + 1));
  format.setSampleFormat(QAudioFormat::Float);
  if (!device.isFormatSupported(format)) format.setSampleFormat(QAudioFormat::Int16);
  if (!device.isFormatSupported(format)) format = device.preferredFormat();
  if (channel_ >= format.channelCount()) channel_ = -1; // a mono device has no right channel
  source_ = new QAudioSource(device, format, this);
  // Small blocks (20 ms) keep latency low; without a size Qt 6.4 hands over about 2 s at a time.
  source_->setBufferSize(format.bytesForDuration(20000));
  connect(source_, &QAudioSource::stateChanged, this, [this](QAudio::State state) {
    if (state == QAudio::StoppedState && source_->error() != QAudio::NoError)
      fail(tr("Microphone stopped"), tr("The device was unplugged, or the audio server went away."));
  });
  io_ = source_->start(); // may block in Qt 6.4: the supervisor ends a process that does not start
  if (!io_ || source_->error() != QAudio::NoError)
    fail(tr("Microphone failed to start"), tr("The audio server did not open %1 (Qt audio error %2).")
                                               .arg(device.description())
                                               .arg(int(source_->error())));
  connect(io_, &QIODevice::readyRead, this, &CaptureService::readAvailable);
  const QString description = tr("%1, %2 Hz, %3 channel(s)")
                                  .arg(device.description())
                                  .arg(format.sampleRate())
                                  .arg(format.channelCount());
  writeToSupervisor(encodeCaptureMessage(
      CaptureMessageKind::Started, QByteArray::number(format.sampleRate()) + '\n' + description.toUtf8()));
}

void CaptureService::readAvailable()
{
  const QByteArray bytes = io_->readAll();
  const QAudioFormat format = source_->format();
  const int channels = std::max(1, format.channelCount()), frameBytes = format.bytesPerFrame();
  if (frameBytes <= 0) return;
  const qsizetype frames = bytes.size() / frameBytes;
  if (frames == 0) return;
  mono_.resize(std::size_t(frames));
  for (qsizetype f = 0; f < frames; ++f) {
    const char* frame = bytes.constData() + f * frameBytes;
    float value = 0;
    if (channel_ >= 0) {
      value = format.normalizedSampleValue(frame + channel_ * format.bytesPerSample());
    } else {
      for (int c = 0; c < channels; ++c)
        value += format.normalizedSampleValue(frame + c * format.bytesPerSample());
      value /= float(channels);
    }
    mono_[std::size_t(f)] = value;
  }
  writeToSupervisor(encodeCaptureMessage(CaptureMessageKind::Samples,
                                         QByteArray::fromRawData(reinterpret_cast<const char*>(mono_.data()),
                                                                 qsizetype(frames * sizeof(float)))));
}

} // namespace spectrascope::capture
