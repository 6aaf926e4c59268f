#pragma once
// The Audio tab's file as a source, from choosing it to playing it: the Open dialog, reading it (through
// the AudioFilePanel: progress, Cancel), handing it to the session's player once read, and play, pause
// and seek. A file is shown first and played only when asked (Play or Space): opened, it waits at its
// start with the spectrum of that moment; a seek while paused shows the spectrum at the new cursor.
// What happens is said in words through notice(); failures through errorMessage(). Whether the file is
// heard is said too: "Playing" never promises sound there is none of, and when the sound output is lost
// (the audio server stopped) playback pauses where the sound stopped and says so; Play plays on once
// the server is back.
//
// Threading: GUI thread only.

#include <QObject>
#include <QString>

#include <cstdint>

class QWidget;

namespace spectrascope::ui {

class AudioFilePanel;
class AudioSession;
struct AudioFileOverview;

class AudioFileSource : public QObject
{
  Q_OBJECT

public:
  // `dialogParent` owns the Open dialog; the panel and session outlive this object.
  AudioFileSource(AudioFilePanel* panel, AudioSession* session, QWidget* dialogParent);

  // Asks for a file and opens it; a dialog cancelled changes nothing.
  void choose(int channel);
  // Starts reading `path` (`channel`: -1 the mono mix); loaded() or errorMessage() follows.
  void open(const QString& path, int channel);
  bool isLoading() const;
  void cancelLoading();
  // The file read last (empty path before the first).
  const AudioFileOverview& file() const;

  // The file becomes the source (shown paused where its cursor is) or stops being it (playback stops).
  void setActive(bool active);
  void setPlaying(bool playing);
  bool isPlaying() const;
  void seek(double seconds);
  double positionSeconds() const;
  // Moves the view's cursor to where playback is (the display timer calls this).
  void showPosition();

signals:
  // A file was read: the tab makes it the source.
  void loaded();
  void notice(const QString& text);
  void errorMessage(const QString& heading, const QString& detail);

private:
  void onLoaded();
  void followSound();
  QString withNote(const QString& text) const;
  QString playingText() const;

  AudioFilePanel* panel_;
  AudioSession* session_;
  QWidget* dialogParent_;
  // What the user asked for, kept here: the player answers on its own thread, and a file just opened
  // must not inherit the previous one's state while its player catches up.
  bool playing_ = false;
  double cursor_ = 0; // seconds; while playing, where playback was last seen
  // Why what plays is not heard, as a note after "Playing …" (empty: heard, or nothing known against it).
  QString unheard_;
  // Seeks asked of the player: while it has not caught up, its position is from before the last one.
  std::uint64_t seeksAsked_ = 0;
};

} // namespace spectrascope::ui
