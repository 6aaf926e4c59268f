#include "Command.h"

#include "CliError.h"

#include <QFileInfo>

#include <cstdio>

namespace spectrascope::cli {

void refuseToOverwriteInput(const QString& input, const QString& output)
{
  const QString in = QFileInfo(input).canonicalFilePath(), out = QFileInfo(output).canonicalFilePath();
  if (!in.isEmpty() && in == out)
    throw usageError("OUT '" + output.toStdString() + "' is the input file '" + input.toStdString() +
                     "': write the result to another file (the input would be lost)");
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
