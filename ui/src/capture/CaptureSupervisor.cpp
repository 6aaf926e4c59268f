#include "spectrascope/ui/capture/CaptureSupervisor.h"
#include "spectrascope/ui/capture/HelperProcess.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QProcess>
#include <QTimer>

#include <algorithm>
#include <cmath>
#include <utility>

namespace spectrascope::ui {
namespace {

// How often delivery and silence are judged.
constexpr int kTickMs = 250;
// A tick this much later than due means this thread was held up (a loaded machine, a long paint): the
// pipe was not read meanwhile either, so missing frames are no evidence against the device.
constexpr int kLateTickMs = 1000;

} // namespace

CaptureSupervisor::CaptureSupervisor(QObject* parent) : QObject(parent)
{
  clock_.start();
  tick_ = new QTimer(this);
  tick_->setInterval(kTickMs);
  connect(tick_, &QTimer::timeout, this, &CaptureSupervisor::checkDelivery);
  retryTimer_ = new QTimer(this);
  retryTimer_->setSingleShot(true);
  connect(retryTimer_, &QTimer::timeout, this, [this] {
    if (state_ != State::Recovering) return;
    ++retries_;
    emit retrying(tr("Opening the microphone again (try %1)…").arg(retries_));
    launch();
  });
}

CaptureSupervisor::~CaptureSupervisor()
{
  retire();
  // Retired processes and a lister may still be ending: killed, they end at once, and are reaped here
  // rather than left to QProcess's destructor, which complains about running processes.
  for (QProcess* process : findChildren<QProcess*>()) {
    process->disconnect(this);
    if (process->state() == QProcess::NotRunning) continue;
    process->kill();
    process->waitForFinished(1000);
  }
}

QString CaptureSupervisor::programPath()
{
  const QString fromEnvironment = qEnvironmentVariable("SPECTRASCOPE_CAPTURE_PROGRAM");
  if (!fromEnvironment.isEmpty()) return fromEnvironment;
  const QString beside = QCoreApplication::applicationDirPath() + QStringLiteral("/spectrascope-capture");
  if (QFileInfo(beside).isExecutable()) return beside;
#ifdef SPECTRASCOPE_CAPTURE_BUILD_PATH
  if (QFileInfo(QStringLiteral(SPECTRASCOPE_CAPTURE_BUILD_PATH)).isExecutable())
    return QStringLiteral(SPECTRASCOPE_CAPTURE_BUILD_PATH);
#endif
  return QStringLiteral("spectrascope-capture"); // from PATH
}

void CaptureSupervisor::start(const CaptureRequest& request)
{
  retire();
  retryTimer_->stop();
  request_ = request;
  retries_ = 0;
  faultHeading_.clear();
  faultDetail_.clear();
  launch();
}

void CaptureSupervisor::stop()
{
  retire();
  retryTimer_->stop();
  tick_->stop();
  silent_ = false;
  faultHeading_.clear();
  faultDetail_.clear();
  setState(State::Stopped);
}

void CaptureSupervisor::launch()
{
  retire();
  reader_ = {};
  processFailure_.clear();
  process_ = new QProcess(this);
  QStringList arguments;
  if (!request_.deviceId.isEmpty()) arguments << QStringLiteral("--device") << request_.deviceId;
  arguments << QStringLiteral("--rate") << QString::number(request_.sampleRate) << QStringLiteral("--channel")
            << QString::number(request_.channel);
  // Its warnings (Qt's audio backend) go where ours go.
  process_->setProcessChannelMode(QProcess::ForwardedErrorChannel);
  connect(process_, &QProcess::readyReadStandardOutput, this, &CaptureSupervisor::onOutput);
  connect(process_, &QProcess::finished, this, [this](int exitCode) { onProcessEnded(exitCode); });
  connect(process_, &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
    if (error == QProcess::FailedToStart)
      fault(tr("Capture cannot start"),
            tr("The capture program %1 could not be run (%2). Reinstalling Spectrascope may help.")
                .arg(programPath(), process_->errorString()));
  });
  setState(State::Starting);
  stateSince_ = clock_.elapsed();
  lastTick_ = stateSince_;
  tick_->start();
  // Standard input stays open (and unused) for the process's life: it ends when we have gone.
  process_->start(programPath(), arguments);
}

// Ends the current process at once (endHelperProcessNow).
void CaptureSupervisor::retire()
{
  endHelperProcessNow(std::exchange(process_, nullptr), this);
}

void CaptureSupervisor::onOutput()
{
  if (!process_) return;
  reader_.append(process_->readAllStandardOutput());
  while (process_) {
    const std::optional<CaptureMessage> message = reader_.next();
    if (!message) break;
    handle(*message);
  }
  if (process_ && reader_.corrupt())
    fault(tr("Capture failed"), tr("The capture program sent data that makes no sense."));
}

void CaptureSupervisor::handle(const CaptureMessage& message)
{
  switch (message.kind) {
  case CaptureMessageKind::Started: {
    const qsizetype split = message.payload.indexOf('\n');
    sampleRate_ = message.payload.left(split).toInt();
    description_ = QString::fromUtf8(message.payload.mid(split + 1));
    deliveries_.clear();
    framesAtLastSound_ = framesTotal_;
    faultHeading_.clear();
    faultDetail_.clear();
    setState(State::Capturing);
    stateSince_ = clock_.elapsed();
    emit started(description_, sampleRate_);
    break;
  }
  case CaptureMessageKind::Samples:
    takeSamples(message.payload);
    break;
  case CaptureMessageKind::Failed: {
    // The process exits next; its words explain the end better than an exit code.
    const qsizetype split = message.payload.indexOf('\n');
    const QString heading = QString::fromUtf8(message.payload.left(split));
    const QString detail = QString::fromUtf8(message.payload.mid(split + 1));
    fault(heading, detail);
    break;
  }
  case CaptureMessageKind::Inputs:
    setInputs(decodeCaptureInputs(message.payload));
    break;
  }
}

void CaptureSupervisor::takeSamples(const QByteArray& payload)
{
  if (state_ != State::Capturing) return;
  const auto* samples = reinterpret_cast<const float*>(payload.constData());
  const std::size_t count = std::size_t(payload.size()) / sizeof(float);
  if (count == 0) return;
  framesTotal_ += count;
  float peak = 0;
  for (std::size_t i = 0; i < count; ++i)
    peak = std::max(peak, std::abs(samples[i]));
  const float peakDbfs = peak > 0 ? 20.0f * std::log10(peak) : -240.0f;
  // Silence is judged in frames that arrived: frames that do not arrive are a fault, not silence.
  if (peakDbfs > kSilenceDbfs) {
    framesAtLastSound_ = framesTotal_;
    if (silent_) {
      silent_ = false;
      emit silenceChanged(false);
    }
  } else if (!silent_ &&
             framesTotal_ - framesAtLastSound_ >= std::uint64_t(sampleRate_) * kSilenceMs / 1000) {
    silent_ = true;
    emit silenceChanged(true);
  }
  if (sink_) sink_(samples, count);
  emit levelChanged(peakDbfs);
}

void CaptureSupervisor::checkDelivery()
{
  const qint64 now = clock_.elapsed();
  const bool heldUp = now - lastTick_ > kTickMs + kLateTickMs;
  lastTick_ = now;
  if (state_ == State::Starting) {
    // A held-up thread may not have read the process's report yet: give it one more tick.
    if (!heldUp && now - stateSince_ > kStartTimeoutMs)
      fault(tr("Microphone did not start"),
            tr("The audio system did not open the device within %1 s.").arg(kStartTimeoutMs / 1000));
    return;
  }
  if (state_ != State::Capturing) return;
  if (heldUp) {
    // Missing frames are no evidence now: the window starts again.
    deliveries_.clear();
  }
  deliveries_.emplace_back(now, framesTotal_);
  // Keep the newest entry that is at least a window old, and everything after it.
  while (deliveries_.size() > 2 && deliveries_[1].first <= now - kDeliveryWindowMs)
    deliveries_.pop_front();
  const auto [since, framesThen] = deliveries_.front();
  const qint64 spanMs = now - since;
  if (spanMs < kDeliveryWindowMs) return;
  const double due = double(sampleRate_) * double(spanMs) / 1000.0;
  const auto delivered = double(framesTotal_ - framesThen);
  if (delivered >= kMinDeliveredShare * due) return;
  fault(tr("No audio data"),
        tr("The microphone delivered %1 of the %2 frames due in the last %3 s: the device stopped, or "
           "the audio server went away.")
            .arg(qulonglong(delivered))
            .arg(qulonglong(due))
            .arg(double(spanMs) / 1000.0, 0, 'f', 1));
}

void CaptureSupervisor::onProcessEnded(int exitCode)
{
  // What it wrote before ending (its Failed message) is read first.
  onOutput();
  if (!process_) return; // already handled as a fault
  fault(tr("Capture stopped"), tr("The capture program ended unexpectedly (exit code %1).").arg(exitCode));
}

void CaptureSupervisor::fault(const QString& heading, const QString& detail)
{
  if (state_ == State::Stopped) return;
  retire();
  ++faults_;
  faultHeading_ = heading;
  faultDetail_ = detail;
  if (silent_) {
    silent_ = false;
    emit silenceChanged(false);
  }
  const bool wasCapturing = state_ == State::Capturing;
  setState(State::Recovering);
  emit faulted(heading, detail);
  scheduleRetry(wasCapturing ? kFirstRetryMs : kRetryMs);
}

void CaptureSupervisor::scheduleRetry(int delayMs)
{
  tick_->stop();
  retryTimer_->start(delayMs);
  emit retrying(tr("Trying again in %1 s…").arg(double(delayMs) / 1000.0, 0, 'f', delayMs % 1000 ? 1 : 0));
}

int CaptureSupervisor::msUntilRetry() const
{
  return retryTimer_->isActive() ? retryTimer_->remainingTime() : -1;
}

void CaptureSupervisor::setState(State state)
{
  if (state == state_) return;
  state_ = state;
  emit stateChanged(state);
}

void CaptureSupervisor::setInputs(const QList<CaptureInput>& inputs)
{
  if (inputs == inputs_) return;
  inputs_ = inputs;
  emit inputsChanged(inputs_);
}

void CaptureSupervisor::refreshInputs()
{
  if (lister_) return; // one asks already
  lister_ = new QProcess(this);
  lister_->setProcessChannelMode(QProcess::ForwardedErrorChannel);
  connect(lister_, &QProcess::finished, this, [this] {
    CaptureMessageReader reader;
    reader.append(lister_->readAllStandardOutput());
    while (const auto message = reader.next())
      if (message->kind == CaptureMessageKind::Inputs) setInputs(decodeCaptureInputs(message->payload));
    lister_->deleteLater();
    lister_ = nullptr;
    emit inputsListed();
  });
  connect(lister_, &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
    if (error != QProcess::FailedToStart) return;
    lister_->deleteLater();
    lister_ = nullptr;
    emit inputsListed();
  });
  // Qt 6.4 can block while it asks the audio server; an answer this late is no answer.
  QTimer::singleShot(kStartTimeoutMs, lister_, [lister = lister_] { lister->kill(); });
  lister_->start(programPath(), {QStringLiteral("--list")});
}

} // namespace spectrascope::ui
