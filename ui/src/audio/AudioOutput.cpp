#include "spectrascope/ui/audio/AudioOutput.h"

#include "spectrascope/engine/audio/SampleRingBuffer.h"

#include <QAudioSink>
#include <QMediaDevices>
#include <QTimer>

namespace spectrascope::ui {

AudioOutput::AudioOutput(std::shared_ptr<audio::SampleRingBuffer> ring, QObject* parent)
    : QObject(parent), ring_(std::move(ring))
{
}

AudioOutput::~AudioOutput()
{
  stop();
}

void AudioOutput::start(int sampleRate)
{
  stop();
  const QAudioDevice device = QMediaDevices::defaultAudioOutput();
  if (device.isNull()) return; // silent playback
  QAudioFormat format;
  format.setSampleRate(sampleRate);
  format.setChannelCount(1);
  format.setSampleFormat(QAudioFormat::Float);
  if (!device.isFormatSupported(format)) return;
  sink_ = new QAudioSink(device, format, this);
  sink_->setBufferSize(format.bytesForDuration(100000)); // 100 ms: smooth, and close to the picture
  io_ = sink_->start();
  if (!io_) {
    stop();
    return;
  }
  timer_ = new QTimer(this);
  connect(timer_, &QTimer::timeout, this, &AudioOutput::drain);
  timer_->start(10);
}

void AudioOutput::stop()
{
  delete timer_;
  timer_ = nullptr;
  if (sink_) sink_->stop();
  delete sink_;
  sink_ = nullptr;
  io_ = nullptr;
}

void AudioOutput::drain()
{
  samples_.clear();
  ring_->readAll(samples_);
  if (!io_ || sink_->error() != QAudio::NoError) return;
  // What does not fit is dropped: the picture leads, the sound never lags behind it.
  const qint64 bytes = std::min<qint64>(qint64(samples_.size() * sizeof(float)), sink_->bytesFree());
  io_->write(reinterpret_cast<const char*>(samples_.data()), bytes - bytes % qint64(sizeof(float)));
}

} // namespace spectrascope::ui
