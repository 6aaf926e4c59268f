#pragma once
// Plays what FilePlaybackSource puts in its output ring through QAudioSink on the default output device.
// Best effort: without an audio server (or when it dies) playback goes on silently, the display is
// unaffected. Lives on its own thread, because QAudioSink::start() can block in Qt 6.4 + PulseAudio just
// as QAudioSource::start() does; a thread stuck there is abandoned by its owner, never waited for.

#include <QObject>

#include <memory>
#include <vector>

class QAudioSink;
class QIODevice;
class QTimer;

namespace spectrascope::audio {
class SampleRingBuffer;
} // namespace spectrascope::audio

namespace spectrascope::ui {

class AudioOutput : public QObject
{
  Q_OBJECT

public:
  explicit AudioOutput(std::shared_ptr<audio::SampleRingBuffer> ring, QObject* parent = nullptr);
  ~AudioOutput() override;

public slots:
  void start(int sampleRate);
  void stop();

private:
  void drain();

  std::shared_ptr<audio::SampleRingBuffer> ring_;
  QAudioSink* sink_ = nullptr;
  QIODevice* io_ = nullptr;
  QTimer* timer_ = nullptr;
  std::vector<float> samples_;
};

} // namespace spectrascope::ui
