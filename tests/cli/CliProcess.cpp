#include "CliProcess.h"

#include <QFile>
#include <QProcess>

#include <cstring>

#include <gtest/gtest.h>

namespace spectrascope::test {

// Generous: a first OpenCL plan on PoCL compiles kernels with LLVM on a 2-core machine.
constexpr int kTimeoutMs = 240000;

CliResult runCli(const QStringList& arguments, const QProcessEnvironment& environment)
{
  return runProgram(QStringLiteral(SPECTRASCOPE_CLI), arguments, environment);
}

CliResult runProgram(const QString& program, const QStringList& arguments,
                     const QProcessEnvironment& environment)
{
  QProcess process;
  process.setProcessEnvironment(environment);
  process.start(program, arguments);
  CliResult result;
  if (!process.waitForStarted() || !process.waitForFinished(kTimeoutMs)) {
    process.kill();
    process.waitForFinished();
    result.crashed = true;
  }
  result.crashed = result.crashed || process.exitStatus() == QProcess::CrashExit;
  result.exitCode = process.exitCode();
  result.out = process.readAllStandardOutput().toStdString();
  result.err = process.readAllStandardError().toStdString();
  return result;
}

void writeFloatFile(const QString& path, std::span<const float> values)
{
  QFile file(path);
  ASSERT_TRUE(file.open(QIODevice::WriteOnly)) << path.toStdString();
  ASSERT_EQ(file.write(reinterpret_cast<const char*>(values.data()), qint64(values.size_bytes())),
            qint64(values.size_bytes()));
}

std::vector<float> readFloatFile(const QString& path)
{
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) return {};
  const QByteArray bytes = file.readAll();
  std::vector<float> values(std::size_t(bytes.size()) / sizeof(float));
  std::memcpy(values.data(), bytes.data(), values.size() * sizeof(float));
  return values;
}

} // namespace spectrascope::test
