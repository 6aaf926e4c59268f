#include "CommandLine.h"

#include <QCommandLineParser>
#include <QCoreApplication>

#include <cstring>

namespace spectrascope::gui {

CommandLine parseCommandLine(const QCoreApplication& app)
{
  QCommandLineParser parser;
  parser.setApplicationDescription(
      QCoreApplication::translate("main", "Spectrascope: see and filter the spectra of images and sounds."));
  parser.addHelpOption();
  parser.addVersionOption();
  const QCommandLineOption backend(
      QStringLiteral("backend"),
      QCoreApplication::translate(
          "main", "FFT backend for this run: auto, fftw, naive-dft, opencl or "
                  "opencl:<index|name>. Overrides SPECTRASCOPE_BACKEND and the saved choice."),
      QStringLiteral("name"));
  const QCommandLineOption screenshot(
      QStringLiteral("screenshot"),
      QCoreApplication::translate("main",
                                  "Show the window, wait until the engine is ready (at most 3 s), save the "
                                  "window as a PNG image and quit."),
      QStringLiteral("file.png"));
  parser.addOption(backend);
  parser.addOption(screenshot);
  parser.process(app);
  return {parser.value(backend), parser.value(screenshot)};
}

bool asksForHelpOrVersion(int argc, char** argv)
{
  for (int i = 1; i < argc; ++i)
    for (const char* flag : {"-h", "--help", "-?", "--help-all", "-v", "--version"})
      if (std::strcmp(argv[i], flag) == 0) return true;
  return false;
}

} // namespace spectrascope::gui
