#include "OutputFile.h"

#include "CliError.h"

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

// QImageWriter's encoders treat a short write as a failure without asking why (libpng: "Write Error",
// and Qt's error string "Unknown error"), while a write that stops short on a full disk or at a file size
// limit leaves errno unset until the next call. This device writes until everything is out or the
// system refuses, so the failure carries the system's reason.
class CompleteWrites : public QIODevice
{
public:
  explicit CompleteWrites(QFileDevice& file) : file_(file)
  {
    open(QIODevice::WriteOnly | QIODevice::Unbuffered);
  }

  // Random access, as the file has it: the TIFF writer goes back to fill in offsets.
  bool seek(qint64 position) override { return QIODevice::seek(position) && file_.seek(position); }
  qint64 size() const override { return file_.size(); }

protected:
  qint64 readData(char*, qint64) override { return -1; }
  qint64 writeData(const char* data, qint64 size) override
  {
    qint64 done = 0;
    while (done < size) {
      const qint64 written = file_.write(data + done, size - done);
      if (written <= 0) {
        setErrorString(file_.errorString());
        return -1;
      }
      done += written;
    }
    return done;
  }

private:
  QFileDevice& file_;
};

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
  CompleteWrites device(file_);
  QImageWriter writer(&device, format);
  if (!writer.write(image)) {
    // The device's reason first: an encoder that met a write error often only says "Unknown error".
    if (file_.error() != QFileDevice::NoError) fail(file_.errorString());
    fail(QStringLiteral("the %1 encoder failed (%2)").arg(QString::fromLatin1(format), writer.errorString()));
  }
  if (file_.error() != QFileDevice::NoError) fail(file_.errorString());
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
