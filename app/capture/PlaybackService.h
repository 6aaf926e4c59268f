#pragma once
// The work of the capture program's playback mode (--play): plays the 32-bit float samples (one channel,
// native byte order) that arrive on standard input through Qt Multimedia (QAudioSink) on the default
// output. It reports Started once the output is open, Failed when it cannot open it or loses it (the
// audio server stopped, the device went away), and then the process exits; so does end of input (the
// GUI stopped playing, or has gone).
//
// A process of its own for the reason CaptureService gives: Qt 6.4's PulseAudio backend connects to the
// audio server once per process and, once the server has been gone for more than about 3 s, never plays
// in that process again; a new process finds the server as it is now. So this class never retries.
// Failed's detail is a phrase the GUI puts inside its own sentences (lower case, no full stop).

#include <QByteArray>
#include <QObject>
#include <QString>

class QAudioSink;
class QIODevice;
class QSocketNotifier;

namespace spectrascope::capture {

class PlaybackService : public QObject
{
  Q_OBJECT

public:
  explicit PlaybackService(int sampleRate);

  // Opens the default output and starts taking standard input; a failure is sent and ends the process.
  void start();

private:
  void readInput();
  [[noreturn]] void fail(const QString& heading, const QString& detail);

  int sampleRate_ = 48000;
  QAudioSink* sink_ = nullptr;
  QIODevice* io_ = nullptr;
  QSocketNotifier* input_ = nullptr;
  QByteArray pending_; // the start of a sample the pipe cut in two
};

} // namespace spectrascope::capture
