#pragma once
// The files named on the command line: each opens in the tab for its kind, as File > Open would (same
// messages for files that cannot be read), and this tells when all of them are on screen -- the image's
// filtered result shown, the sound's overview spectrogram drawn -- or have failed with their message
// shown, and without an image file the Image tab's sample filtered. --screenshot waits for that.

#include <QObject>
#include <QString>
#include <QStringList>
#include <QTimer>

namespace spectrascope::ui {
class AudioTab;
class ImageTab;
class MainWindow;
} // namespace spectrascope::ui

namespace spectrascope::gui {

class StartupFiles : public QObject
{
  Q_OBJECT

public:
  explicit StartupFiles(ui::MainWindow& window, QObject* parent = nullptr);

  // Opens the files and shows the tab of the last one, or `tab` ("image", "audio", "learn") if given.
  // Of several images (or sounds) the last is opened; the others are named as not opened, in the status
  // bar and on stderr.
  void open(const QStringList& paths, const QString& tab);
  // True once every file opened is on screen or has failed; without an image file, once the Image tab's
  // sample is.
  bool isSettled() const { return !imagePending_ && !soundPending_; }
  // The files that failed to open, for the screenshot's exit status.
  const QStringList& failed() const { return failed_; }
  // What is still awaited, in words.
  QString pendingDescription() const;

signals:
  void settled();

private:
  void showTab(const QString& tab);
  void checkSound();
  void finishImage(bool shown);
  void finishSound(bool shown);

  ui::MainWindow& window_;
  ui::ImageTab* imageTab_ = nullptr;
  ui::AudioTab* audioTab_ = nullptr;
  QString imagePath_, soundPath_; // the last of each kind (or the sample): what the tab will show
  bool imagePending_ = false, soundPending_ = false, imageLoaded_ = false;
  QStringList failed_;
  // The Audio tab has no signal for a file shown; its state is read until it shows the file.
  QTimer soundPoll_;
};

} // namespace spectrascope::gui
