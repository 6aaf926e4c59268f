#include "spectrascope/ui/audio/AudioFileSource.h"

#include "spectrascope/ui/audio/AudioFileOverview.h"
#include "spectrascope/ui/audio/AudioFilePanel.h"
#include "spectrascope/ui/audio/AudioSession.h"

#include <QAudioDevice>
#include <QFileDialog>
#include <QFileInfo>
#include <QMediaDevices>
#include <QWidget>

#include <algorithm>

namespace spectrascope::ui {
namespace {
QString fileFilter()
{
  return QObject::tr("Audio files (*.wav *.flac *.ogg *.oga *.mp3 *.aiff *.aif *.au);;All files (*)");
}

QString nameOf(const AudioFileOverview& file)
{
  return QFileInfo(file.path).fileName();
}

// Without an output (no sound server) a file still plays, through the pictures only: the status line
// says it is not heard rather than let "Playing" promise sound.
QString notHeard(const QString& reason)
{
  return QObject::tr(" (not heard: %1)").arg(reason);
}

// Until the output process answers, this process's own view of the devices is the best guess: when it
// sees none there was no server when it started. The answer, moments later, corrects it either way.
QString firstGuessAtSound()
{
  return QMediaDevices::defaultAudioOutput().isNull()
             ? notHeard(QObject::tr("there is no audio output device"))
             : QString();
}

// "0:12": where playback stopped, as a player shows it.
QString clockText(double seconds)
{
  const int whole = int(seconds);
  return QStringLiteral("%1:%2").arg(whole / 60).arg(whole % 60, 2, 10, QLatin1Char('0'));
}
} // namespace

AudioFileSource::AudioFileSource(AudioFilePanel* panel, AudioSession* session, QWidget* dialogParent)
    : QObject(dialogParent), panel_(panel), session_(session), dialogParent_(dialogParent)
{
  connect(panel_, &AudioFilePanel::playToggled, this, [this] { setPlaying(!isPlaying()); });
  connect(panel_, &AudioFilePanel::seekRequested, this, &AudioFileSource::seek);
  connect(panel_, &AudioFilePanel::loaded, this, &AudioFileSource::onLoaded);
  connect(panel_, &AudioFilePanel::failed, this, &AudioFileSource::errorMessage);
  connect(panel_, &AudioFilePanel::cancelled, this, [this] { emit notice(tr("Opening cancelled.")); });
  // The player stops by itself at the end; the bar and the status line say so rather than "Playing".
  connect(session_, &AudioSession::fileFinished, this, [this] {
    showPosition();
    playing_ = false;
    panel_->showPlaying(false);
    emit notice(tr("Played %1 to the end").arg(nameOf(file())) + unheard_);
  });
  followSound();
}

// Whether the file is heard, as the output finds out: the status line says so while it plays, and a lost
// output stops playback where the sound stopped, saying why (the player has paused already).
void AudioFileSource::followSound()
{
  connect(session_, &AudioSession::soundHeard, this, [this] {
    if (unheard_.isEmpty()) return;
    unheard_.clear();
    if (playing_) emit notice(playingText());
  });
  connect(session_, &AudioSession::soundUnavailable, this, [this](const QString&, const QString& reason) {
    unheard_ = notHeard(reason);
    if (playing_) emit notice(playingText());
  });
  connect(session_, &AudioSession::soundLost, this, [this](const QString& heading, const QString& reason) {
    if (!playing_) return; // paused meanwhile: nothing was cut short
    showPosition();
    playing_ = false;
    panel_->showPlaying(false);
    emit errorMessage(heading, tr("%1. Paused %2 at %3; Play plays on from there once sound output is back.")
                                   .arg(reason, nameOf(file()), clockText(cursor_)));
  });
}

QString AudioFileSource::playingText() const
{
  return withNote(tr("Playing %1").arg(nameOf(file())) + unheard_);
}

void AudioFileSource::choose(int channel)
{
  const QString path = QFileDialog::getOpenFileName(dialogParent_, tr("Open audio file"), {}, fileFilter());
  if (!path.isEmpty()) open(path, channel);
}

void AudioFileSource::open(const QString& path, int channel)
{
  panel_->open(path, channel);
}

bool AudioFileSource::isLoading() const
{
  return panel_->isLoading();
}

void AudioFileSource::cancelLoading()
{
  panel_->cancelLoading();
}

const AudioFileOverview& AudioFileSource::file() const
{
  return panel_->file();
}

QString AudioFileSource::withNote(const QString& text) const
{
  return file().note.isEmpty() ? text : tr("%1. Note: %2").arg(text, file().note);
}

// The file was read: the player gets it and the tab makes it the source, which shows it at its start.
void AudioFileSource::onLoaded()
{
  session_->stopFile(); // the previous file, if it was playing
  session_->openFile(file().path, file().channel);
  playing_ = false;
  panel_->showPlaying(false);
  cursor_ = 0;
  emit loaded();
}

void AudioFileSource::setActive(bool active)
{
  panel_->showPlayButton(active);
  if (!active) {
    session_->stopFile();
    playing_ = false;
    panel_->showPlaying(false);
    return;
  }
  if (playing_) return; // it is the source already, and heard
  // Shown, not played: the analysis gets the moment under the cursor, playback waits for Play.
  seek(cursor_);
  emit notice(withNote(tr("%1: Play or Space plays it; click, wheel and drag in the picture to move, zoom "
                          "and scroll")
                           .arg(nameOf(file()))));
}

void AudioFileSource::setPlaying(bool playing)
{
  const AudioFileOverview& f = file();
  if (f.path.isEmpty()) return;
  if (playing && positionSeconds() >= f.seconds() - 1e-3) seek(0); // at the end: again
  if (!playing) showPosition();                                    // the cursor stays where playback stopped
  playing_ = playing;
  if (playing) unheard_ = firstGuessAtSound();
  session_->playFile(playing, f.sampleRate);
  panel_->showPlaying(playing);
  emit notice(playing ? playingText() : withNote(tr("Paused %1").arg(nameOf(f))));
}

bool AudioFileSource::isPlaying() const
{
  return playing_;
}

void AudioFileSource::seek(double seconds)
{
  const AudioFileOverview& f = file();
  if (f.path.isEmpty()) return;
  const qint64 frame = qint64(std::clamp(seconds, 0.0, f.seconds()) * f.sampleRate);
  session_->seekFile(frame); // paused, the player hands the analysis the moment at the cursor
  ++seeksAsked_;
  cursor_ = double(frame) / f.sampleRate;
  panel_->setPosition(cursor_);
}

double AudioFileSource::positionSeconds() const
{
  if (!playing_ || file().sampleRate <= 0 || session_->fileSeeksDone() < seeksAsked_) return cursor_;
  return double(session_->filePositionFrames()) / file().sampleRate;
}

void AudioFileSource::showPosition()
{
  cursor_ = positionSeconds();
  panel_->setPosition(cursor_);
}

} // namespace spectrascope::ui
