// spectrascope: the GUI. Sets up the application, the engine service and the main window.

#include "CommandLine.h"
#include "ScreenshotTaker.h"
#include "spectrascope/ui/EngineService.h"
#include "spectrascope/ui/MainWindow.h"

#include <QApplication>

#include <memory>

int main(int argc, char** argv)
{
  // Fractional scale factors (150 %) as the desktop asks, instead of rounding them to whole numbers.
  QGuiApplication::setHighDpiScaleFactorRoundingPolicy(Qt::HighDpiScaleFactorRoundingPolicy::PassThrough);
  QApplication app(argc, argv);
  // QSettings stores under these names.
  QApplication::setOrganizationName(QStringLiteral("Spectrascope"));
  QApplication::setApplicationName(QStringLiteral("spectrascope"));
  QApplication::setApplicationDisplayName(QStringLiteral("Spectrascope"));
  QApplication::setApplicationVersion(QStringLiteral(SPECTRASCOPE_VERSION));

  const spectrascope::gui::CommandLine options = spectrascope::gui::parseCommandLine(app);

  spectrascope::ui::EngineService engine;
  spectrascope::ui::MainWindow window(engine);
  std::unique_ptr<spectrascope::gui::ScreenshotTaker> screenshot;
  if (!options.screenshot.isEmpty())
    screenshot = std::make_unique<spectrascope::gui::ScreenshotTaker>(window, engine, options.screenshot);
  window.show();
  engine.start(options.backend);
  return app.exec();
}
