#include "CommandLine.h"

#include "spectrascope/engine/BackendRegistry.h"

#include <QCommandLineParser>
#include <QCoreApplication>

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace spectrascope::gui {

CommandLine parseCommandLine(const QCoreApplication& app)
{
  QCommandLineParser parser;
  parser.setApplicationDescription(QCoreApplication::translate(
      "main", "Spectrascope: see and filter the spectra of images and sounds.\n\n"
              "Images open in the Image tab and sounds in the Audio tab, told apart by their content. "
              "Each launch opens a new window."));
  parser.addHelpOption();
  parser.addVersionOption();
  parser.addPositionalArgument(QStringLiteral("files"),
                               QCoreApplication::translate("main", "Images and sounds to open."),
                               QStringLiteral("[FILE...]"));
  const QCommandLineOption backend(
      QStringLiteral("backend"),
      QCoreApplication::translate(
          "main", "FFT backend for this run: auto, fftw, naive-dft, opencl or "
                  "opencl:<index|name>. Overrides SPECTRASCOPE_BACKEND and the saved choice."),
      QStringLiteral("name"));
  const QCommandLineOption tab(
      QStringLiteral("tab"),
      QCoreApplication::translate("main", "Tab to show: image, audio or learn (default: the tab of the last "
                                          "file given)."),
      QStringLiteral("name"));
  const QCommandLineOption screenshot(
      QStringLiteral("screenshot"),
      QCoreApplication::translate("main",
                                  "Show the window, wait until the files given are on screen (the image "
                                  "filtered, the sound's spectrogram drawn; without an image, until the "
                                  "Image tab's sample is filtered; on the Learn tab, until its stages are "
                                  "computed), save the window as a PNG image and quit."),
      QStringLiteral("file.png"));
  parser.addOption(backend);
  parser.addOption(tab);
  parser.addOption(screenshot);
  parser.process(app);

  const QString tabName = parser.value(tab).toLower();
  if (!tabName.isEmpty() && tabName != QLatin1String("image") && tabName != QLatin1String("audio") &&
      tabName != QLatin1String("learn")) {
    std::fprintf(stderr, "spectrascope: --tab takes image, audio or learn, not \"%s\"\n",
                 qPrintable(parser.value(tab)));
    std::exit(1);
  }
  // A misspelt backend is refused here, as a misspelt tab is, rather than left to a status-bar line.
  if (parser.isSet(backend)) {
    try {
      checkBackendName(parser.value(backend).toStdString());
    } catch (const std::exception& e) {
      std::fprintf(stderr, "spectrascope: --backend: %s\n", e.what());
      std::exit(1);
    }
  }
  return {parser.value(backend), parser.value(screenshot), tabName, parser.positionalArguments()};
}

bool asksForHelpOrVersion(int argc, char** argv)
{
  for (int i = 1; i < argc; ++i)
    for (const char* flag : {"-h", "--help", "-?", "--help-all", "-v", "--version"})
      if (std::strcmp(argv[i], flag) == 0) return true;
  return false;
}

} // namespace spectrascope::gui
