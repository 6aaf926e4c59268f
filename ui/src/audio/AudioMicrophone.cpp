#include "spectrascope/ui/audio/AudioMicrophone.h"

#include "spectrascope/ui/audio/AudioControls.h"
#include "spectrascope/ui/audio/AudioSession.h"
#include "spectrascope/ui/audio/CaptureBanner.h"
#include "spectrascope/ui/capture/CaptureSupervisor.h"

#include <QAudioDevice>
#include <QMediaDevices>

namespace spectrascope::ui {

AudioMicrophone::AudioMicrophone(AudioSession* session, AudioControls* controls, CaptureBanner* banner,
                                 QObject* parent)
    : QObject(parent), session_(session), controls_(controls), banner_(banner), capture_(session->capture())
{
  connectSupervisor();
  auto* devices = new QMediaDevices(this);
  connect(devices, &QMediaDevices::audioInputsChanged, this, &AudioMicrophone::refreshDevices);
  refreshDevices();
  showCaptureButton();
}

void AudioMicrophone::refreshDevices()
{
  // The newest capture process's list where there is one: this process's own view of the audio server
  // is fixed at its start.
  QList<CaptureInput> inputs = capture_->inputs();
  if (inputs.isEmpty())
    for (const QAudioDevice& device : QMediaDevices::audioInputs())
      inputs.append({QString::fromUtf8(device.id()), device.description(), false});
  controls_->setInputs(inputs);
}

bool AudioMicrophone::selectInput(const QString& text)
{
  refreshDevices();
  return controls_->selectInput(text);
}

bool AudioMicrophone::hasFault() const
{
  return !capture_->faultHeading().isEmpty();
}

void AudioMicrophone::select(bool selected)
{
  selected_ = selected;
  paused_ = false;
  if (selected)
    start();
  else
    capture_->stop();
  showCaptureButton();
}

void AudioMicrophone::setPaused(bool paused)
{
  if (paused == paused_) return;
  paused_ = paused;
  showCaptureButton();
  if (!selected_) return;
  if (paused) {
    capture_->stop(); // and its retries
    emit notice(tr("Microphone paused: capture stopped and the device released."));
  } else {
    emit notice(tr("Starting the microphone…"));
    start(); // in the capture process: the GUI does not wait
  }
}

void AudioMicrophone::restartWithChoice()
{
  // A paused microphone stays paused: the new choice is used when capture starts again.
  if (selected_ && !paused_) start();
}

void AudioMicrophone::showCaptureButton()
{
  controls_->showCaptureButton(selected_, paused_);
}

void AudioMicrophone::start()
{
  CaptureRequest request;
  request.deviceId = controls_->inputDeviceId();
  request.sampleRate = controls_->microphoneRate();
  request.channel = controls_->channel();
  capture_->start(request);
}

// The supervisor feeds the ring buffer and keeps the microphone running; the banner says what it does
// when it cannot.
void AudioMicrophone::connectSupervisor()
{
  connect(capture_, &CaptureSupervisor::started, this, [this](const QString& description, int sampleRate) {
    session_->resetStream(sampleRate); // a new stream: the analysis starts again at its rate
    banner_->clear();
    emit notice(tr("Capturing from %1").arg(description));
  });
  connect(capture_, &CaptureSupervisor::faulted, banner_, &CaptureBanner::showProblem);
  connect(capture_, &CaptureSupervisor::faulted, this,
          [this](const QString& heading) { emit notice(tr("%1: trying again…").arg(heading)); });
  // A try to come is counted down to in the banner (the supervisor says it once, as the CLI's log wants).
  connect(capture_, &CaptureSupervisor::retrying, this, [this](const QString& what) {
    const int waitMs = capture_->msUntilRetry();
    if (waitMs > 0)
      banner_->countDownToRetry(waitMs);
    else
      banner_->showAttempt(what);
  });
  connect(capture_, &CaptureSupervisor::stateChanged, this, [this](CaptureSupervisor::State state) {
    if (state == CaptureSupervisor::State::Stopped) banner_->clear();
  });
  connect(capture_, &CaptureSupervisor::silenceChanged, this, [this](bool silent) {
    emit notice(silent ? tr("Capturing from %1: silent (no sound above %2 dBFS)")
                             .arg(capture_->description())
                             .arg(double(CaptureSupervisor::kSilenceDbfs))
                       : tr("Capturing from %1").arg(capture_->description()));
  });
  // The capture process sees the audio server as it is now (a server that started after this
  // application, or a restarted one); the device list follows what it reports.
  connect(capture_, &CaptureSupervisor::inputsChanged, this, &AudioMicrophone::refreshDevices);
}

} // namespace spectrascope::ui
