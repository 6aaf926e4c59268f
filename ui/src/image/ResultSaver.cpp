#include "spectrascope/ui/image/ResultSaver.h"

#include "spectrascope/ui/BackgroundWork.h"
#include "spectrascope/ui/image/ImageFiles.h"
#include "spectrascope/ui/image/ImageFormats.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QtConcurrent>

namespace spectrascope::ui::image {

ResultSaver::ResultSaver(QWidget* dialogParent) : QObject(dialogParent), dialogParent_(dialogParent)
{
  connect(&writing_, &QFutureWatcher<QString>::finished, this, &ResultSaver::onFinished);
}

ResultSaver::~ResultSaver()
{
  writing_.waitForFinished();
}

QString ResultSaver::chooseFile(const QString& what, const QString& baseName)
{
  const QString base = QFileInfo(baseName).completeBaseName();
  const QString suggested =
      QDir(lastDirectory()).filePath(base + QLatin1Char('-') + what + QStringLiteral(".png"));
  const QString path =
      QFileDialog::getSaveFileName(dialogParent_, tr("Save %1").arg(what), suggested, saveDialogFilter());
  if (!path.isEmpty()) rememberDirectory(path);
  return path;
}

void ResultSaver::save(const QImage& picture, const QString& path)
{
  writing_.waitForFinished(); // one save at a time, in order
  path_ = path;
  writing_.setFuture(
      QtConcurrent::run(&fileWritingPool(), [picture, path] { return writeImage(picture, path); }));
}

void ResultSaver::onFinished()
{
  if (const QString error = writing_.result(); !error.isEmpty())
    return emit failed(tr("Cannot save %1").arg(QFileInfo(path_).fileName()), error);
  emit saved(path_);
}

} // namespace spectrascope::ui::image
