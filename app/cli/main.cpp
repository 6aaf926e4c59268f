// spectrascope-cli: the engine from the command line. `spectrascope-cli COMMAND [options]`; see --help.
// Exit codes: 0 success, 2 usage errors (arguments, files), 1 runtime failures (engine, devices).

#include "CliError.h"
#include "CommandList.h"
#include "spectrascope/engine/Errors.h"

#include <QCoreApplication>
#include <QStringDecoder>

#include <algorithm>
#include <iostream>
#include <new>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>

using namespace spectrascope::cli;

namespace {

void printUsage(std::ostream& out, const std::vector<std::unique_ptr<Command>>& commands)
{
  out << "Usage: spectrascope-cli COMMAND [options] [arguments]\n\n"
         "The Spectrascope FFT engine from the command line.\n\nCommands:\n";
  qsizetype width = 0;
  for (const auto& command : commands)
    width = std::max(width, command->name().size());
  for (const auto& command : commands)
    out << "  " << command->name().leftJustified(width + 2).toStdString() << command->summary().toStdString()
        << "\n";
  out << "\nspectrascope-cli COMMAND --help describes a command.\n"
         "Options: -h, --help (this text), -v, --version.\n";
}

Command* find(const std::vector<std::unique_ptr<Command>>& commands, const QString& name)
{
  for (const auto& command : commands)
    if (command->name() == name) return command.get();
  return nullptr;
}

int dispatch(const QStringList& arguments)
{
  const auto commands = allCommands();
  if (arguments.isEmpty()) {
    std::cerr << "spectrascope-cli: no command given\n\n";
    printUsage(std::cerr, commands);
    return UsageError;
  }
  const QString first = arguments.first();
  if (first == QLatin1String("--help") || first == QLatin1String("-h")) {
    printUsage(std::cout, commands);
    return Success;
  }
  if (first == QLatin1String("--version") || first == QLatin1String("-v")) {
    std::cout << "spectrascope-cli " << SPECTRASCOPE_VERSION << "\n";
    return Success;
  }
  Command* command = find(commands, first);
  if (!command) {
    const char* what = first.startsWith(QLatin1Char('-')) ? "unknown option '" : "unknown command '";
    throw usageError(what + first.toStdString() + "' (see spectrascope-cli --help)");
  }
  return command->run(arguments.mid(1));
}

// The arguments as QStrings. A file name that is not UTF-8 (an old Latin-1 name, say) has no QString that
// maps back to its bytes, so an existing file of such a name is opened here and passed on as
// /proc/self/fd/N, which every reader opens like the file itself.
QStringList argumentsOf(const std::vector<QByteArray>& raw)
{
  QStringList arguments;
  for (const QByteArray& bytes : raw) {
    QStringDecoder utf8(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    const QString text = utf8(bytes);
    struct stat status
    {
    };
    if (utf8.hasError() && ::stat(bytes.constData(), &status) == 0) {
      const int fd = ::open(bytes.constData(), O_RDONLY);
      if (fd >= 0) {
        arguments << QStringLiteral("/proc/self/fd/%1").arg(fd);
        continue;
      }
    }
    arguments << text;
  }
  return arguments;
}

// The one place where failures become messages and exit codes.
int report(const std::string& message, int code)
{
  std::cerr << "spectrascope-cli: " << message << "\n";
  return code;
}

} // namespace

int main(int argc, char** argv)
{
  // The bytes as given, before QCoreApplication reads them as text.
  const std::vector<QByteArray> raw(argv + 1, argv + argc);
  QCoreApplication app(argc, argv);
  QCoreApplication::setOrganizationName(QStringLiteral("Spectrascope"));
  QCoreApplication::setApplicationName(QStringLiteral("spectrascope-cli"));
  QCoreApplication::setApplicationVersion(QStringLiteral(SPECTRASCOPE_VERSION));
  try {
    return dispatch(argumentsOf(raw));
  } catch (const CliError& e) {
    return report(e.what(), e.code());
  } catch (const spectrascope::EngineError& e) {
    // A descriptor or backend name the engine rejects is the caller's to fix; anything else is a failure.
    const bool callersFault = e.kind() == spectrascope::EngineError::Kind::InvalidArgument;
    return report(e.what(), callersFault ? UsageError : RuntimeFailure);
  } catch (const std::bad_alloc&) {
    return report("out of memory", RuntimeFailure);
  } catch (const std::exception& e) {
    return report(e.what(), RuntimeFailure);
  }
}
