#include "RawComplexFile.h"

#include "CliError.h"
#include "OutputFile.h"

#include <QFile>
#include <QFileInfo>
#include <QtEndian>

#include <bit>

namespace spectrascope::cli {
namespace {

// The files are little-endian by definition; only a big-endian host has anything to do.
void fromLittleEndian(std::span<float> values)
{
  if constexpr (std::endian::native == std::endian::big)
    for (float& v : values)
      v = qFromLittleEndian(v);
}

QString qPath(const std::string& path)
{
  return QString::fromStdString(path);
}

} // namespace

std::uint64_t inputFileSize(const std::string& path)
{
  const QFileInfo info(qPath(path));
  if (!info.exists()) throw usageError(path + ": no such file");
  if (!info.isFile() || !info.isReadable()) throw usageError(path + ": not a readable file");
  return std::uint64_t(info.size());
}

std::vector<float> readFloats(const std::string& path, std::size_t floats)
{
  QFile file(qPath(path));
  if (!file.open(QIODevice::ReadOnly))
    throw usageError(path + ": cannot open (" + file.errorString().toStdString() + ")");
  std::vector<float> values(floats);
  const qint64 bytes = qint64(floats * sizeof(float));
  if (file.read(reinterpret_cast<char*>(values.data()), bytes) != bytes)
    throw usageError(path + ": cannot read " + std::to_string(bytes) + " bytes (" +
                     file.errorString().toStdString() + ")");
  fromLittleEndian(values);
  return values;
}

void writeFloats(const std::string& path, std::span<const float> values)
{
  OutputFile file(qPath(path));
  if constexpr (std::endian::native == std::endian::big) {
    for (float v : values) {
      const float little = qToLittleEndian(v);
      file.write(reinterpret_cast<const char*>(&little), sizeof little);
    }
  } else {
    file.write(reinterpret_cast<const char*>(values.data()), qint64(values.size_bytes()));
  }
  file.commit();
}

} // namespace spectrascope::cli
