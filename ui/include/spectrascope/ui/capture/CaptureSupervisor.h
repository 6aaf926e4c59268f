#pragma once
// Keeps a microphone capture running: starts the capture process (spectrascope-capture, Qt Multimedia
// inside), reads its audio from a pipe into a sample sink, watches that audio keeps arriving, and when
// it does not, says what happened and starts the process again until audio flows. The GUI's Audio tab
// and `spectrascope-cli listen` share it. QtCore only (no widgets).
//
// What counts as a fault: the process failed or ended, did not open the device in time, or delivered
// (almost) no frames in the last several seconds, judged in frames of audio against elapsed time.
// Silence is not a fault: a quiet room delivers frames of zeros, reported through silenceChanged.
// The device is never changed behind the user's back: retries open the same device.
//
// Why a process: Qt 6.4's in-process PulseAudio backend connects to the server once; after the server
// dies it reconnects only if the server is back within 3 s, a server started after the application is
// never found, and libpulse can abort while that backend is torn down. A process is ended (SIGKILL, no
// teardown to go wrong) and started afresh, and each new one finds the server as it is now.
//
// Threading: create, use and destroy on one thread with an event loop (the GUI thread in the GUI). The
// sink is called there. Nothing here blocks: the process starts and reports asynchronously.

#include "spectrascope/ui/capture/CaptureProtocol.h"

#include <QElapsedTimer>
#include <QObject>
#include <QString>

#include <cstdint>
#include <deque>
#include <functional>
#include <utility>

class QProcess;
class QTimer;

namespace spectrascope::ui {

struct CaptureRequest
{
  QString deviceId;   // empty: the system's default input (whichever it is when the process starts)
  int sampleRate = 0; // 0: the device's preferred rate
  int channel = -1;   // -1: the mix of all channels, else that channel (0 = left)
};

class CaptureSupervisor : public QObject
{
  Q_OBJECT

public:
  enum class State {
    Stopped,    // not wanted
    Starting,   // a capture process is opening the device
    Capturing,  // audio flows
    Recovering, // a fault happened; waiting for the next try or trying
  };
  Q_ENUM(State)

  // A process that has not opened the device by then is stuck (Qt 6.4 can block in QAudioSource::start).
  static constexpr int kStartTimeoutMs = 5000;
  // Audio must keep arriving: over this window at least kMinDeliveredShare of the frames due must come.
  // Sources deliver in blocks (PulseAudio's module-sine-source: 2 s at a time), so the window spans
  // more than two such blocks; a supervisor held up by a loaded machine does not judge (checkDelivery).
  // A lost server is usually reported at once, by the stream's error, long before this.
  static constexpr int kDeliveryWindowMs = 5000;
  static constexpr double kMinDeliveredShare = 0.05;
  // Pause before the first try after a fault, and between later tries.
  static constexpr int kFirstRetryMs = 300;
  static constexpr int kRetryMs = 1500;
  // Audio whose peak stays below this level for kSilenceMs of delivered frames is silent (a signal, not a
  // fault).
  static constexpr float kSilenceDbfs = -100.0f;
  static constexpr int kSilenceMs = 2000;

  using SampleSink = std::function<void(const float* samples, std::size_t count)>;

  explicit CaptureSupervisor(QObject* parent = nullptr);
  ~CaptureSupervisor() override;

  // Receives every sample, in order, on this object's thread. A new stream (the first, or after a fault)
  // is announced by started() before its first samples.
  void setSampleSink(SampleSink sink) { sink_ = std::move(sink); }

  // Starts capture (ending any running one) and keeps it running until stop().
  void start(const CaptureRequest& request);
  void stop();

  State state() const { return state_; }
  bool isSilent() const { return silent_; }
  // Of the stream now or last running.
  int sampleRate() const { return sampleRate_; }
  QString description() const { return description_; }
  // Capture processes started after the first since start(): each one is a retry.
  int retries() const { return retries_; }
  // Faults since construction (for tests and reports).
  int faults() const { return faults_; }
  std::uint64_t framesReceived() const { return framesTotal_; }
  // How long until the next try while one waits, else -1 (a try under way, or none wanted).
  int msUntilRetry() const;
  // The last fault in words while recovering, else empty.
  QString faultHeading() const { return faultHeading_; }
  QString faultDetail() const { return faultDetail_; }

  // The input devices the newest capture process saw; refreshInputs() asks a short-lived one.
  const QList<CaptureInput>& inputs() const { return inputs_; }
  void refreshInputs();

  // The capture program: $SPECTRASCOPE_CAPTURE_PROGRAM, else spectrascope-capture beside this
  // executable, else the one of this build tree.
  static QString programPath();

signals:
  // Audio flows from a newly opened stream (at start and after each recovery).
  void started(const QString& description, int sampleRate);
  // Something went wrong: what happened, in words. Capture is tried again by itself (see retrying).
  void faulted(const QString& heading, const QString& detail);
  // What is being tried now, in words ("Trying again in 2 s…", "Opening the microphone (try 3)…").
  void retrying(const QString& what);
  void stateChanged(CaptureSupervisor::State state);
  void silenceChanged(bool silent);
  // The peak of each block of audio, in dBFS.
  void levelChanged(float peakDbfs);
  void inputsChanged(const QList<CaptureInput>& inputs);
  // refreshInputs() has its answer (inputs() may be empty: no server, or no input on it).
  void inputsListed();

private:
  void launch();
  void retire();
  void onOutput();
  void onProcessEnded(int exitCode);
  void handle(const CaptureMessage& message);
  void takeSamples(const QByteArray& payload);
  void checkDelivery();
  void fault(const QString& heading, const QString& detail);
  void scheduleRetry(int delayMs);
  void setState(State state);
  void setInputs(const QList<CaptureInput>& inputs);

  SampleSink sink_;
  CaptureRequest request_;
  State state_ = State::Stopped;
  QProcess* process_ = nullptr;
  QProcess* lister_ = nullptr;
  CaptureMessageReader reader_;
  QTimer* tick_ = nullptr;
  QTimer* retryTimer_ = nullptr;
  QElapsedTimer clock_;
  qint64 stateSince_ = 0, lastTick_ = 0;
  // (time in ms, frames received by then), one entry per tick, covering the delivery window.
  std::deque<std::pair<qint64, std::uint64_t>> deliveries_;
  std::uint64_t framesTotal_ = 0, framesAtLastSound_ = 0;
  int sampleRate_ = 0;
  QString description_;
  QString faultHeading_, faultDetail_;
  QString processFailure_; // what the process itself said before it ended
  int retries_ = 0, faults_ = 0;
  bool silent_ = false;
  QList<CaptureInput> inputs_;
};

} // namespace spectrascope::ui
