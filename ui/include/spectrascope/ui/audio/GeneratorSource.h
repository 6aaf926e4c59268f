#pragma once
// Feeds the ring buffer with the signal generator in real time: a timer on its own thread writes as many
// samples as the wall clock says have elapsed, so the analysis sees a live stream like a microphone's.
//
// Threading: construct on the GUI thread, moveToThread(), then start()/stop() queued; setSettings() is
// thread-safe.

#include "spectrascope/engine/audio/SignalGenerator.h"

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include <memory>
#include <mutex>

namespace spectrascope::audio {
class SampleRingBuffer;
} // namespace spectrascope::audio

namespace spectrascope::ui {

class GeneratorSource : public QObject
{
  Q_OBJECT

public:
  explicit GeneratorSource(std::shared_ptr<audio::SampleRingBuffer> ring, QObject* parent = nullptr);
  void setSettings(const audio::GeneratorSettings& settings);

public slots:
  void start();
  void stop();

private:
  void produce();

  std::shared_ptr<audio::SampleRingBuffer> ring_;
  std::mutex mutex_;
  audio::GeneratorSettings settings_;
  bool settingsChanged_ = false;
  audio::SignalGenerator generator_;
  QTimer* timer_ = nullptr;
  QElapsedTimer clock_;
  std::int64_t produced_ = 0;
  std::vector<float> block_;
};

} // namespace spectrascope::ui
