#include "Command.h"

#include "CliError.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <cstdio>

#include <sys/stat.h>

namespace spectrascope::cli {

void refuseToOverwriteInput(const QString& input, const QString& output)
{
  // The same file is the same inode on the same device, whatever the names: a hard link, a symbolic
  // link, "..", /proc/self/fd/N, a bind mount. stat() follows links to what would be written.
  struct stat in
  {
  }, out{};
  const bool same = ::stat(QFile::encodeName(input).constData(), &in) == 0 &&
                    ::stat(QFile::encodeName(output).constData(), &out) == 0 && in.st_dev == out.st_dev &&
                    in.st_ino == out.st_ino;
  if (same)
    throw usageError("OUT '" + output.toStdString() + "' is the input file '" + input.toStdString() +
                     "': write the result to another file (the input would be lost)");
}

void checkOutputPath(const QString& output)
{
  const QFileInfo info(output);
  const std::string quoted = "'" + output.toStdString() + "'";
  if (info.isDir()) throw usageError("cannot write " + quoted + ": it is a directory");
  const QFileInfo folder(info.absolutePath());
  if (!folder.exists())
    throw usageError("cannot write " + quoted + ": the folder '" +
                     QDir::toNativeSeparators(folder.filePath()).toStdString() + "' does not exist");
  if (!folder.isDir())
    throw usageError("cannot write " + quoted + ": '" + folder.filePath().toStdString() +
                     "' is not a folder");
}

std::optional<int> Command::parse(QCommandLineParser& parser, const QStringList& arguments,
                                  const QString& positionalSyntax) const
{
  const QCommandLineOption help(QStringList{QStringLiteral("h"), QStringLiteral("help")},
                                QStringLiteral("Show this help."));
  parser.addOption(help);
  // The first element stands for the program name; QCommandLineParser skips it.
  if (!parser.parse(QStringList{name()} + arguments))
    throw usageError(parser.errorText().toStdString() + " (see spectrascope-cli " + name().toStdString() +
                     " --help)");
  if (parser.isSet(help)) {
    // Qt's first line names the executable's path; ours names the command as it is typed.
    QString text = parser.helpText();
    text.replace(
        0, text.indexOf(QLatin1Char('\n')),
        QStringLiteral("Usage: spectrascope-cli %1 [options] %2").arg(name(), positionalSyntax).trimmed() +
            QLatin1Char('\n'));
    std::fputs(qPrintable(text), stdout);
    return Success;
  }
  return std::nullopt;
}

} // namespace spectrascope::cli
