#include "spectrascope/ui/audio/MicrophoneCapture.h"

#include "spectrascope/ui/audio/SampleRingBuffer.h"

#include <QAudioSource>

#include <cmath>

namespace spectrascope::ui {

MicrophoneCapture::MicrophoneCapture(std::shared_ptr<SampleRingBuffer> ring, QObject* parent)
    : QObject(parent), ring_(std::move(ring))
{
}

MicrophoneCapture::~MicrophoneCapture()
{
  stop();
}

void MicrophoneCapture::start(const QAudioDevice& device, int sampleRate, int channel)
{
  stop();
  if (device.isNull()) {
    emit failed(tr("No microphone"), tr("This machine has no audio input device."));
    return;
  }
  QAudioFormat format = device.preferredFormat();
  if (sampleRate > 0) format.setSampleRate(sampleRate);
  if (channel >= 0) format.setChannelCount(std::max(format.channelCount(), channel + 1));
  format.setSampleFormat(QAudioFormat::Float);
  if (!device.isFormatSupported(format)) format.setSampleFormat(QAudioFormat::Int16);
  if (!device.isFormatSupported(format)) format = device.preferredFormat();
  channel_ = channel < format.channelCount() ? channel : -1; // a mono device has no right channel
  source_ = new QAudioSource(device, format, this);
  // About 10 ms blocks: small enough for the latency budget, large enough for PulseAudio.
  source_->setBufferSize(format.bytesForDuration(20000));
  connect(source_, &QAudioSource::stateChanged, this, [this](QAudio::State state) {
    if (state == QAudio::StoppedState && source_ && source_->error() != QAudio::NoError)
      emit failed(tr("Microphone stopped"), tr("The audio device reported error %1 (unplugged, or the audio "
                                               "server went away).")
                                                .arg(int(source_->error())));
  });
  ring_->reset(format.sampleRate());
  io_ = source_->start(); // may block on Qt 6.4 + PulseAudio: the watchdog on the GUI thread covers it
  if (!io_ || source_->error() != QAudio::NoError) {
    emit failed(
        tr("Microphone failed to start"),
        tr("%1 could not be opened (error %2).").arg(device.description()).arg(int(source_->error())));
    stop();
    return;
  }
  connect(io_.data(), &QIODevice::readyRead, this, &MicrophoneCapture::readAvailable);
  emit started(tr("%1, %2 Hz, %3 channel(s)")
                   .arg(device.description())
                   .arg(format.sampleRate())
                   .arg(format.channelCount()));
}

void MicrophoneCapture::stop()
{
  if (source_) {
    source_->stop();
    delete source_;
  }
  source_ = nullptr;
  io_ = nullptr;
}

void MicrophoneCapture::silence()
{
  if (io_) disconnect(io_.data(), nullptr, this, nullptr);
  io_ = nullptr;
}

void MicrophoneCapture::readAvailable()
{
  if (!io_ || !source_) return;
  const QByteArray bytes = io_->readAll();
  const QAudioFormat format = source_->format();
  const int channels = std::max(1, format.channelCount());
  const int frameBytes = format.bytesPerFrame();
  if (frameBytes <= 0) return;
  const qsizetype frames = bytes.size() / frameBytes;
  mono_.resize(std::size_t(frames));
  float peak = 0;
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
    peak = std::max(peak, std::abs(mono_[std::size_t(f)]));
  }
  ring_->write(mono_.data(), mono_.size());
  emit levelChanged(peak > 0 ? 20.0f * std::log10(peak) : -120.0f);
}

} // namespace spectrascope::ui
