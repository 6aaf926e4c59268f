#pragma once
// The work of the capture process: opens one input through Qt Multimedia (QAudioSource), mixes it to
// one channel (or takes one channel) and writes it to standard output as CaptureProtocol messages.
//
// It runs in a process of its own because Qt 6.4's PulseAudio backend connects to the audio server once
// per process: it reconnects only within 3 s of losing the server, never finds a server that started
// after it, and libpulse can abort while that backend is torn down. A process can simply be ended and
// started again; the CaptureSupervisor does that. So this class never retries: on any failure it
// reports once and the process exits.

#include <QAudioDevice>
#include <QObject>
#include <QString>

#include <vector>

class QAudioSource;
class QIODevice;

namespace spectrascope::capture {

class CaptureService : public QObject
{
  Q_OBJECT

public:
  // deviceId empty: the system's default input. sampleRate 0: the device's preferred rate. channel -1:
  // the mix of all channels, else that channel (0 = left).
  CaptureService(QString deviceId, int sampleRate, int channel);

  // Sends the input list, then opens the device; a failure is sent and ends the process.
  void start();
  // Sends the input list (for `--list`).
  static void sendInputs();

private:
  void readAvailable();
  [[noreturn]] void fail(const QString& heading, const QString& detail);

  QString deviceId_;
  int sampleRate_ = 0, channel_ = -1;
  QAudioSource* source_ = nullptr;
  QIODevice* io_ = nullptr;
  std::vector<float> mono_;
};

// Writes all of `bytes` to standard output; when the reader has gone, the process ends.
void writeToSupervisor(const QByteArray& bytes);

} // namespace spectrascope::capture
