#pragma once
// --screenshot: waits until the engine is ready (or a time limit passes, so a slow driver cannot hang
// an automated run), saves the window to a PNG file and quits with 0, or 1 if the file cannot be written.

#include <QObject>
#include <QString>
#include <QTimer>

class QWidget;

namespace spectrascope::ui {
class EngineService;
}

namespace spectrascope::gui {

class ScreenshotTaker : public QObject
{
  Q_OBJECT

public:
  static constexpr int kMaxWaitMs = 3000;

  ScreenshotTaker(QWidget& window, ui::EngineService& engine, QString file, QObject* parent = nullptr);

private:
  void onEngineReady();
  void capture();

  QWidget& window_;
  QString file_;
  QTimer deadline_;
  bool scheduled_ = false;
};

} // namespace spectrascope::gui
