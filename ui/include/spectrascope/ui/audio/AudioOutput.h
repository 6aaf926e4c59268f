#pragma once
// Plays what FilePlaybackSource puts in its output ring on the default output device, through the
// capture program's playback mode (spectrascope-capture --play, see app/capture/PlaybackService.h), and
// says how that goes: opened() once the sound is heard, unavailable() when there is no output to open
// (the file then plays for the pictures only), lost() when an output that was heard goes away (the
// audio server stopped): the session then pauses playback.
//
// Why a process: Qt 6.4's PulseAudio backend connects to the audio server once per process; once the
// server has been gone for more than about 3 s no QAudioSink ever plays in that process again, and a
// server started after the application is never found. Each start() runs a new process, which finds
// the server as it is now: Play after a lost server plays again once the server is back. While no output
// could be opened, a new process tries again every 2 s until stop(): a server that starts while a file
// plays unheard is heard within moments, and opened() says so.
//
// Threading: lives on its own thread, so that a busy GUI thread does not starve the sound; nothing here
// blocks (the process starts and reports asynchronously; one that does not open in time is ended).

#include "spectrascope/ui/capture/CaptureProtocol.h"

#include <QObject>
#include <QString>

#include <memory>
#include <vector>

class QProcess;
class QTimer;

namespace spectrascope::audio {
class SampleRingBuffer;
} // namespace spectrascope::audio

namespace spectrascope::ui {

class AudioOutput : public QObject
{
  Q_OBJECT

public:
  // An output process that has not opened the device by then is stuck (QAudioSink::start() can block).
  static constexpr int kStartTimeoutMs = 5000;

  explicit AudioOutput(std::shared_ptr<audio::SampleRingBuffer> ring, QObject* parent = nullptr);
  ~AudioOutput() override;

public slots:
  void start(int sampleRate);
  void stop();

signals:
  // The sound is heard on `device`.
  void opened(const QString& device);
  // No output could be opened: what, and why (a phrase: "there is no audio output device"); said again
  // only when a later try fails for another reason.
  void unavailable(const QString& heading, const QString& reason);
  // The output that was heard went away: what, and why (a phrase).
  void lost(const QString& heading, const QString& reason);

private:
  void launch();
  void drain();
  void onOutput();
  void onProcessEnded(int exitCode);
  void fail(const QString& heading, const QString& reason);
  void retire();

  std::shared_ptr<audio::SampleRingBuffer> ring_;
  QProcess* process_ = nullptr;
  CaptureMessageReader reader_;
  bool heard_ = false; // the process has opened the output
  QTimer* timer_ = nullptr;
  QTimer* retry_ = nullptr; // the next try while no output could be opened
  int sampleRate_ = 48000;
  bool canRetry_ = true;      // false when the playback program cannot be run at all
  QString unavailableReason_; // the last reason given by unavailable() since start()
  std::vector<float> samples_;
};

} // namespace spectrascope::ui
