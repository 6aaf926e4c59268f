#pragma once
// A small tmpfs mounted for one test: a disk that really fills up (ENOSPC) or a read-only one (EROFS),
// so output failures are the kernel's own. Mounting needs root (CI runs as root); elsewhere the tests
// that need one skip, saying why.

#include <QString>
#include <QTemporaryDir>

namespace spectrascope::test {

class ScratchVolume
{
public:
  enum class Mode { Full, ReadOnly };
  // Full: a 256 KiB tmpfs, then filled to the last byte after `prepare` has put its files there.
  // ReadOnly: remounted read-only after `prepare`.
  explicit ScratchVolume(Mode mode);
  ~ScratchVolume();
  ScratchVolume(const ScratchVolume&) = delete;
  ScratchVolume& operator=(const ScratchVolume&) = delete;

  bool mounted() const { return mounted_; }
  QString why() const { return why_; } // why not, when not mounted
  QString path(const QString& name) const;
  // Writes `bytes` to `name` (the files a test expects to survive), then fills or freezes the volume.
  void put(const QString& name, const QByteArray& bytes);
  void seal();
  // File names in the volume (the filler excluded).
  QStringList entries() const;

private:
  Mode mode_;
  QTemporaryDir dir_;
  bool mounted_ = false;
  QString why_;
};

} // namespace spectrascope::test
