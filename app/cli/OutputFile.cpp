#include "OutputFile.h"

#include "CliError.h"

#include <QBuffer>
#include <QFile>
#include <QFileInfo>
#include <QImageWriter>

#include <cerrno>
#include <cstring>
#include <optional>
#include <vector>

#include <unistd.h>

namespace spectrascope::cli {

namespace {

// The system's reason why `path` cannot be created or replaced, if there is one to find: QSaveFile words
// some refusals itself ("Existing file ... is not writable") where the kernel's word is more telling
// ("Read-only file system").
QString systemReason(const QString& path, const QString& qtReason)
{
  const QFileInfo info(path);
  for (const QString& candidate : {path, info.absolutePath()}) {
    errno = 0;
    if (::access(QFile::encodeName(candidate).constData(), W_OK) != 0 && errno != ENOENT)
      return QString::fromLocal8Bit(std::strerror(errno));
  }
  return qtReason;
}

} // namespace

OutputFile::OutputFile(const QString& path) : path_(path), file_(path)
{
  // Unbuffered: each write reaches the system at once, so a failure is reported by the write that met it.
  if (!file_.open(QIODevice::WriteOnly | QIODevice::Unbuffered))
    fail(systemReason(path, file_.errorString()));
}

void OutputFile::fail(const QString& reason) const
{
  throw runtimeFailure("cannot write '" + path_.toStdString() + "': " + reason.toStdString());
}

void OutputFile::write(const char* data, qint64 size)
{
  // A write may stop short (a full disk, a file size limit); the next one then says why.
  while (size > 0) {
    const qint64 written = file_.write(data, size);
    if (written <= 0) fail(file_.errorString());
    data += written;
    size -= written;
  }
  // QSaveFile remembers a failed write and refuses to commit; this says why as soon as it happens.
  if (file_.error() != QFileDevice::NoError) fail(file_.errorString());
}

void OutputFile::writeImage(const QImage& image, const QByteArray& format)
{
  // Encoded in memory first, then written like any other bytes. An encoder that meets a write error
  // says only "Unknown error" (libpng: "Write Error"), and libpng's error exit skips Qt's own clean-up
  // of its row buffer; in memory the encoder cannot meet one, and write() reports the system's reason.
  // The buffer keeps random access, which the TIFF writer needs to fill in offsets.
  QBuffer encoded;
  encoded.open(QIODevice::WriteOnly);
  QImageWriter writer(&encoded, format);
  if (!writer.write(image))
    fail(QStringLiteral("the %1 encoder failed (%2)").arg(QString::fromLatin1(format), writer.errorString()));
  write(encoded.data());
}

void OutputFile::flush()
{
  // QSaveFile buffers; a full disk may only show when the buffer goes out.
  if (!file_.flush() || file_.error() != QFileDevice::NoError) fail(file_.errorString());
}

void OutputFile::commit()
{
  flush();
  if (!file_.commit()) fail(file_.errorString());
}

namespace {
// A second name for a target about to be replaced, so a later failure can put it back.
std::optional<QByteArray> keepPrevious(const QString& target)
{
  const QByteArray name = QFile::encodeName(target);
  if (::access(name.constData(), F_OK) != 0) return std::nullopt;
  const QFileInfo info(target);
  const QByteArray kept = QFile::encodeName(info.absolutePath() + QStringLiteral("/.") + info.fileName() +
                                            QStringLiteral(".previous-%1").arg(::getpid()));
  ::unlink(kept.constData());
  if (::link(name.constData(), kept.constData()) != 0) return std::nullopt;
  return kept;
}
} // namespace

void OutputFile::commitTogether(std::initializer_list<OutputFile*> outputs)
{
  for (OutputFile* output : outputs)
    output->flush();
  struct Replaced
  {
    QByteArray target;
    std::optional<QByteArray> previous;
  };
  std::vector<Replaced> replaced;
  auto undo = [&] {
    for (const Replaced& r : replaced) {
      if (r.previous)
        ::rename(r.previous->constData(), r.target.constData());
      else
        ::unlink(r.target.constData());
    }
  };
  std::vector<std::optional<QByteArray>> previous;
  for (OutputFile* output : outputs)
    previous.push_back(outputs.size() > 1 ? keepPrevious(output->path_) : std::nullopt);
  std::size_t i = 0;
  for (OutputFile* output : outputs) {
    if (!output->file_.commit()) {
      const QString reason = output->file_.errorString();
      undo();
      for (std::size_t j = i; j < previous.size(); ++j)
        if (previous[j]) ::unlink(previous[j]->constData());
      output->fail(reason);
    }
    replaced.push_back({QFile::encodeName(output->path_), previous[i]});
    ++i;
  }
  for (const auto& kept : previous)
    if (kept) ::unlink(kept->constData());
}

} // namespace spectrascope::cli
