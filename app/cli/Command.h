#pragma once
// One subcommand of spectrascope-cli ("devices", "fft", later "spectrum", "filter", ...). Each lives in
// its own file and is listed in CommandList.cpp.

#include <QCommandLineParser>
#include <QString>
#include <QStringList>

#include <optional>

namespace spectrascope::cli {

// A usage error if writing `output` would replace the file `input` (the same file by any name): a
// result written over its own input leaves nothing to compare it with, or to start again from.
void refuseToOverwriteInput(const QString& input, const QString& output);
// A usage error, before any work, if `output` is a directory or its folder does not exist. (What the
// system refuses later -- a full disk, a read-only folder -- is a runtime failure, see OutputFile.)
void checkOutputPath(const QString& output);

class Command
{
public:
  virtual ~Command() = default;

  virtual QString name() const = 0;
  // One line for the top-level --help.
  virtual QString summary() const = 0;
  // arguments: what follows the command name on the command line. Returns the exit code; throws
  // CliError (or an engine error, which main() maps to an exit code).
  virtual int run(const QStringList& arguments) = 0;

protected:
  // Adds --help, parses, and turns parse errors into a usage error. Returns an exit code when the
  // command is done already (--help), nothing when it should go on.
  std::optional<int> parse(QCommandLineParser& parser, const QStringList& arguments,
                           const QString& positionalSyntax) const;
};

} // namespace spectrascope::cli
