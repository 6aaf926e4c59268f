#include "CommandLine.h"

#include <QApplication>
#include <QCommandLineParser>

namespace spectrascope::gui {

CommandLine parseCommandLine(const QApplication& app)
{
  QCommandLineParser parser;
  parser.setApplicationDescription(
      QApplication::translate("main", "Spectrascope: see and filter the spectra of images and sounds."));
  parser.addHelpOption();
  parser.addVersionOption();
  const QCommandLineOption backend(
      QStringLiteral("backend"),
      QApplication::translate("main",
                              "FFT backend for this run: auto, fftw, naive-dft, opencl or "
                              "opencl:<index|name>. Overrides SPECTRASCOPE_BACKEND and the saved choice."),
      QStringLiteral("name"));
  const QCommandLineOption screenshot(
      QStringLiteral("screenshot"),
      QApplication::translate("main",
                              "Show the window, wait until the engine is ready (at most 3 s), save the "
                              "window as a PNG image and quit."),
      QStringLiteral("file.png"));
  parser.addOption(backend);
  parser.addOption(screenshot);
  parser.process(app);
  return {parser.value(backend), parser.value(screenshot)};
}

} // namespace spectrascope::gui
