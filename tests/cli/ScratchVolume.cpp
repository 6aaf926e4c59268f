#include "ScratchVolume.h"

#include <QDir>
#include <QFile>
#include <QProcess>

namespace spectrascope::test {
namespace {
const QString kFiller = QStringLiteral(".filler");

bool mountCommand(const QStringList& arguments, QString* why)
{
  QProcess process;
  process.start(QStringLiteral("mount"), arguments);
  if (!process.waitForFinished(20000) || process.exitStatus() != QProcess::NormalExit ||
      process.exitCode() != 0) {
    *why = QStringLiteral("mount %1 failed: %2 (needs root)")
               .arg(arguments.join(QLatin1Char(' ')), QString::fromLocal8Bit(process.readAllStandardError()));
    return false;
  }
  return true;
}
} // namespace

ScratchVolume::ScratchVolume(Mode mode) : mode_(mode)
{
  if (!dir_.isValid()) {
    why_ = QStringLiteral("no temporary directory");
    return;
  }
  mounted_ = mountCommand({QStringLiteral("-t"), QStringLiteral("tmpfs"), QStringLiteral("-o"),
                           QStringLiteral("size=256k,mode=0777"), QStringLiteral("tmpfs"), dir_.path()},
                          &why_);
}

ScratchVolume::~ScratchVolume()
{
  if (!mounted_) return;
  QProcess::execute(QStringLiteral("umount"), {dir_.path()});
}

QString ScratchVolume::path(const QString& name) const
{
  return dir_.filePath(name);
}

void ScratchVolume::put(const QString& name, const QByteArray& bytes)
{
  QFile file(path(name));
  if (file.open(QIODevice::WriteOnly)) file.write(bytes);
}

void ScratchVolume::seal()
{
  if (!mounted_) return;
  if (mode_ == Mode::ReadOnly) {
    mountCommand({QStringLiteral("-o"), QStringLiteral("remount,ro"), dir_.path()}, &why_);
    return;
  }
  // Fill every last block: writes of one page, then of single bytes, until the kernel says no.
  QFile filler(path(kFiller));
  if (!filler.open(QIODevice::WriteOnly | QIODevice::Unbuffered)) return;
  const QByteArray page(4096, 'x');
  while (filler.write(page) == page.size()) {
  }
  while (filler.write("x", 1) == 1) {
  }
}

QStringList ScratchVolume::entries() const
{
  QStringList names = QDir(dir_.path()).entryList(QDir::Files | QDir::Hidden | QDir::System);
  names.removeAll(kFiller);
  return names;
}

} // namespace spectrascope::test
