// spectrascope: the GUI. Sets up the application, the engine service and the main window.

#include "CommandLine.h"
#include "ScreenshotTaker.h"
#include "spectrascope/ui/BackgroundWork.h"
#include "spectrascope/ui/EngineService.h"
#include "spectrascope/ui/MainWindow.h"

#include <QApplication>

#include <memory>

int main(int argc, char** argv)
{
  // Fractional scale factors (150 %) as the desktop asks, instead of rounding them to whole numbers.
  QGuiApplication::setHighDpiScaleFactorRoundingPolicy(Qt::HighDpiScaleFactorRoundingPolicy::PassThrough);
  // QSettings stores under these names.
  QCoreApplication::setOrganizationName(QStringLiteral("Spectrascope"));
  QCoreApplication::setApplicationName(QStringLiteral("spectrascope"));
  QCoreApplication::setApplicationVersion(QStringLiteral(SPECTRASCOPE_VERSION));
  if (spectrascope::gui::asksForHelpOrVersion(argc, argv)) {
    // Answered without connecting to a display, so scripts and CI can ask; process() exits.
    QCoreApplication console(argc, argv);
    spectrascope::gui::parseCommandLine(console);
  }

  QApplication app(argc, argv);
  QApplication::setApplicationDisplayName(QStringLiteral("Spectrascope"));
  const spectrascope::gui::CommandLine options = spectrascope::gui::parseCommandLine(app);

  spectrascope::ui::EngineService engine;
  spectrascope::ui::MainWindow window(engine);
  std::unique_ptr<spectrascope::gui::ScreenshotTaker> screenshot;
  if (!options.screenshot.isEmpty())
    screenshot = std::make_unique<spectrascope::gui::ScreenshotTaker>(window, engine, options.screenshot);
  window.show();
  engine.start(options.backend);
  const int code = app.exec();
  // A kernel build still running (the first start on a device) must not keep the process alive for a
  // minute after its window closed.
  spectrascope::ui::leavePromptlyIfBusy(code);
  return code;
}
