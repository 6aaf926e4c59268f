#pragma once
// The Audio tab's microphone as a source: the input devices offered in the controls (as the capture
// process sees the audio server now, else as this process saw it at start), starting capture with the
// chosen device, rate and channel, and saying what the CaptureSupervisor does: a banner while it is in
// trouble and retrying, a line of text for the status (capturing, silent, trying again). The microphone
// stays the source through all of it; nothing here switches to another.
//
// Threading: GUI thread only.

#include <QObject>

namespace spectrascope::ui {

class AudioControls;
class AudioSession;
class CaptureBanner;
class CaptureSupervisor;

class AudioMicrophone : public QObject
{
  Q_OBJECT

public:
  // The session, controls and banner outlive this object (the tab owns them all).
  AudioMicrophone(AudioSession* session, AudioControls* controls, CaptureBanner* banner, QObject* parent);

  // The microphone becomes the source (capture starts; choosing it anew also ends a pause) or stops
  // being it (capture stops and the device is released).
  void select(bool selected);
  // Paused, capture stops and the device is released while the microphone stays the source; resumed,
  // the capture process starts again (the GUI never waits for it).
  void setPaused(bool paused);
  bool isPaused() const { return paused_; }
  // Another device, rate or channel was chosen: a running capture starts again with it.
  void restartWithChoice();
  // Offers the devices known now; selectInput() picks the one whose description or id contains `text`.
  void refreshDevices();
  bool selectInput(const QString& text);
  // A fault was reported and audio has not flowed since.
  bool hasFault() const;
  CaptureSupervisor* supervisor() const { return capture_; }

signals:
  void notice(const QString& text);

private:
  void connectSupervisor();
  void start();
  void showCaptureButton();

  AudioSession* session_;
  AudioControls* controls_;
  CaptureBanner* banner_;
  CaptureSupervisor* capture_;
  bool selected_ = false, paused_ = false;
};

} // namespace spectrascope::ui
