#pragma once
// Saving the Image tab's pictures: asks for a file name (suggested from the picture's name, in the last
// folder used) and writes in the background, one file at a time and in order; a large PNG takes a while.
// Reports the outcome in words. Destroying it waits for a write in progress: a file half written is worse
// than a short wait.

#include <QFutureWatcher>
#include <QImage>
#include <QObject>

class QWidget;

namespace spectrascope::ui::image {

class ResultSaver : public QObject
{
  Q_OBJECT

public:
  explicit ResultSaver(QWidget* dialogParent);
  ~ResultSaver() override;

  // The file name chosen for `what` ("filtered", "spectrum", "mask") of the picture `baseName`; empty if
  // the user cancelled.
  QString chooseFile(const QString& what, const QString& baseName);
  void save(const QImage& picture, const QString& path);

signals:
  void saved(const QString& path);
  void failed(const QString& heading, const QString& detail);

private:
  void onFinished();

  QWidget* dialogParent_;
  QFutureWatcher<QString> writing_; // the error, empty on success
  QString path_;
};

} // namespace spectrascope::ui::image
