#pragma once
// --screenshot: waits until what was asked for is on screen -- the files given on the command line shown,
// or without an image file the Image tab's sample (StartupFiles), the engine ready, and on the Learn tab
// its stages computed -- then saves the
// window to a PNG file and quits. Time limits keep a slow driver or a stuck file from hanging an automated
// run: the window is saved as it is then, and the exit status says so. Exit status: 0 saved with everything
// shown, 1 the file cannot be written, 2 a file given (or the sample) failed to open or was not on screen in
// time (the picture is still saved, showing why).

#include <QObject>
#include <QString>
#include <QTimer>

class QWidget;

namespace spectrascope::ui {
class EngineService;
}

namespace spectrascope::gui {

class StartupFiles;

class ScreenshotTaker : public QObject
{
  Q_OBJECT

public:
  // How long the engine may take to report ready.
  static constexpr int kMaxEngineWaitMs = 3000;
  // How long the files (or the sample) may take to be shown (a cold OpenCL kernel cache compiles on the
  // CPU).
  static constexpr int kMaxFileWaitMs = 120000;

  ScreenshotTaker(QWidget& window, ui::EngineService& engine, const StartupFiles& files, QString file,
                  QObject* parent = nullptr);

private:
  void update();
  // On the Learn tab, whether its stages are still being computed (they build kernels on a first start).
  bool learnStagesPending() const;
  void giveUp();
  void capture();

  QWidget& window_;
  const StartupFiles& files_;
  QString file_;
  QTimer engineDeadline_, fileDeadline_, learnPoll_;
  bool engineReady_ = false, scheduled_ = false, timedOut_ = false;
};

} // namespace spectrascope::gui
