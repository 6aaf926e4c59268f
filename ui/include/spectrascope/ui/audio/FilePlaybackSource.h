#pragma once
// Plays an audio file into the ring buffer in real time (a timer on its own thread writes as many
// samples as the wall clock says have elapsed, like GeneratorSource), so the live spectrum and the
// scrolling spectrogram follow the play position. The same samples go to an optional second ring that
// AudioOutput drains into the loudspeakers: a stuck or missing audio server never stalls the display.
//
// Threading: construct on the GUI thread, moveToThread(), then open()/play()/pause()/seek() queued.
// positionFrames() and isPlaying() are thread-safe.

#include <QElapsedTimer>
#include <QObject>
#include <QString>

#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

class QTimer;

namespace spectrascope::audio {
class SoundFileReader;
}

namespace spectrascope::audio {
class SampleRingBuffer;
} // namespace spectrascope::audio

namespace spectrascope::ui {

class FilePlaybackSource : public QObject
{
  Q_OBJECT

public:
  FilePlaybackSource(std::shared_ptr<audio::SampleRingBuffer> analysis,
                     std::shared_ptr<audio::SampleRingBuffer> output, QObject* parent = nullptr);
  ~FilePlaybackSource() override;

  std::int64_t positionFrames() const { return position_; }
  bool isPlaying() const { return playing_; }
  // Seeks carried out so far: until a seek asked for has been, positionFrames() is from before it.
  std::uint64_t seeksDone() const { return seeksDone_; }

public slots:
  void open(const QString& path, int channel);
  void play();
  void pause();
  void seek(qint64 frame);
  // The analysis' window length: a seek while paused hands the analysis samples whose last frame is
  // centred on the new position, so the spectrum shows the sound at the cursor.
  void setFrameLength(int samples);

signals:
  void finished();
  void failed(const QString& heading, const QString& detail);

private:
  void produce();
  void preview();
  void restartClock();

  std::shared_ptr<audio::SampleRingBuffer> analysis_, output_;
  std::unique_ptr<audio::SoundFileReader> reader_;
  QTimer* timer_ = nullptr;
  QElapsedTimer clock_;
  std::int64_t clockStartFrame_ = 0;
  std::atomic<std::int64_t> position_{0};
  std::atomic<bool> playing_{false};
  std::atomic<std::uint64_t> seeksDone_{0};
  int sampleRate_ = 48000;
  int frameLength_ = 4096;
  std::vector<float> block_;
};

} // namespace spectrascope::ui
