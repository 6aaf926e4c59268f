#pragma once
// A file a command writes, so that a failure never costs the user what OUT held: the bytes go to a
// temporary beside OUT (QSaveFile), every write is checked, and only a complete, flushed file is renamed
// over OUT. A write that fails (a full disk, a read-only or vanished folder) is a runtime failure, exit
// code 1, with the system's reason; the temporary is removed. Outputs that belong together commit
// together: all of them or none.

#include <QImage>
#include <QSaveFile>
#include <QString>

#include <initializer_list>

namespace spectrascope::cli {

class OutputFile
{
public:
  // Opens the temporary; throws a runtime failure with the reason if it cannot be created.
  explicit OutputFile(const QString& path);

  const QString& path() const { return path_; }
  // Appends bytes; throws at the first short or failed write.
  void write(const char* data, qint64 size);
  void write(const QByteArray& bytes) { write(bytes.constData(), bytes.size()); }
  // Encodes `image` as `format` ("png", "jpg", ...) into the file.
  void writeImage(const QImage& image, const QByteArray& format);
  // Flushes and renames over the target: the file is complete on disk or the call throws.
  void commit();

  // Every output written and flushed first; then each renamed over its target. If a rename fails, the
  // targets already replaced get their previous content back (or are removed if they did not exist).
  static void commitTogether(std::initializer_list<OutputFile*> outputs);

private:
  [[noreturn]] void fail(const QString& reason) const;
  void flush();

  QString path_;
  QSaveFile file_;
};

} // namespace spectrascope::cli
