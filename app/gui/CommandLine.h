#pragma once
// The GUI's command line: files to open, --tab NAME, --backend NAME and --screenshot FILE.png, plus Qt's
// --help and --version.

#include <QString>
#include <QStringList>

class QCoreApplication;

namespace spectrascope::gui {

struct CommandLine
{
  QString backend;    // empty: SPECTRASCOPE_BACKEND, else the saved choice, else auto
  QString screenshot; // empty: run normally
  QString tab;        // "image", "audio", "learn" or empty: the tab of the last file, else the usual one
  QStringList files;  // images and sounds to open, in the order given
};

// Exits the process for --help, --version and bad arguments, as QCommandLineParser::process does.
CommandLine parseCommandLine(const QCoreApplication& app);

// True if the arguments ask for --help or --version, which must be answered without a display.
bool asksForHelpOrVersion(int argc, char** argv);

} // namespace spectrascope::gui
