#pragma once
// Microphone capture through QAudioSource into the ring buffer (mono mix of the device's channels).
//
// Threading: lives on its own capture thread (moveToThread); start()/stop() are invoked queued. Qt 6.4's
// PulseAudio backend can block forever inside QAudioSource::start() when a stream fails, so the owner
// runs a watchdog on the GUI thread: if started() does not arrive in time it reports the failure and
// abandons this thread rather than waiting on it.

#include <QAudioDevice>
#include <QIODevice>
#include <QObject>
#include <QPointer>

#include <memory>
#include <vector>

class QAudioSource;

namespace spectrascope::ui {

class SampleRingBuffer;

class MicrophoneCapture : public QObject
{
  Q_OBJECT

public:
  explicit MicrophoneCapture(std::shared_ptr<SampleRingBuffer> ring, QObject* parent = nullptr);
  ~MicrophoneCapture() override;

public slots:
  // sampleRate 0: the device's preferred rate. channel -1: mono mix, else that channel (0 = left).
  void start(const QAudioDevice& device, int sampleRate = 0, int channel = -1);
  void stop();
  // Stops delivering samples but leaves the source open (see AudioTab::silenceMicrophone for why).
  void silence();

signals:
  void started(const QString& description);
  void failed(const QString& heading, const QString& detail);
  void levelChanged(float peakDbfs);

private:
  void readAvailable();

  std::shared_ptr<SampleRingBuffer> ring_;
  QAudioSource* source_ = nullptr;
  QPointer<QIODevice> io_; // the source's device: Qt may delete it when the stream fails
  std::vector<float> mono_;
  int channel_ = -1;
};

} // namespace spectrascope::ui
