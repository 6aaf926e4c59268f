// spectrascope: the GUI. Sets up the application, the engine service and the main window, and opens the
// files named on the command line. Each launch is its own process with its own window.

#include "CommandLine.h"
#include "ScreenshotTaker.h"
#include "StartupFiles.h"
#include "spectrascope/ui/BackgroundWork.h"
#include "spectrascope/ui/EngineService.h"
#include "spectrascope/ui/MainWindow.h"

#include <QApplication>

#include <memory>

#include <malloc.h>

int main(int argc, char** argv)
{
  // Buffers of 1 MiB and more (image planes, spectra, previews) are mapped and unmapped by themselves.
  // glibc otherwise raises its mmap threshold to 32 MiB after the first large free, and from then on the
  // worker threads' 16 MiB planes come from their malloc arenas, which fragment: resident memory grew in
  // steps while a slider was dragged (475 -> 498 MiB in 10 min here; flat at 415 MiB with this).
  mallopt(M_MMAP_THRESHOLD, 1 << 20);
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
  // The installed .desktop file's name: Wayland compositors and docks match the window to its icon by it.
  QGuiApplication::setDesktopFileName(QStringLiteral(SPECTRASCOPE_APP_ID));
  const spectrascope::gui::CommandLine options = spectrascope::gui::parseCommandLine(app);

  spectrascope::ui::EngineService engine;
  spectrascope::ui::MainWindow window(engine);
  spectrascope::gui::StartupFiles files(window);
  files.open(options.files, options.tab);
  std::unique_ptr<spectrascope::gui::ScreenshotTaker> screenshot;
  if (!options.screenshot.isEmpty())
    screenshot =
        std::make_unique<spectrascope::gui::ScreenshotTaker>(window, engine, files, options.screenshot);
  window.show();
  engine.start(options.backend);
  const int code = app.exec();
  // A kernel build still running (the first start on a device) must not keep the process alive for a
  // minute after its window closed.
  spectrascope::ui::leavePromptlyIfBusy(code);
  return code;
}
