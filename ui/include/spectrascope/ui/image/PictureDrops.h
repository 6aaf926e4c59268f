#pragma once
// Takes pictures dropped anywhere on a widget: a local file (whatever its format; one that cannot be read
// gets a message from whoever opens it) or image data. Links to remote files are refused, as nothing
// would open.

#include <QImage>
#include <QObject>

class QMimeData;
class QWidget;

namespace spectrascope::ui::image {

class PictureDrops : public QObject
{
  Q_OBJECT

public:
  explicit PictureDrops(QWidget* target);

signals:
  void fileDropped(const QString& path);
  void imageDropped(const QImage& image);

protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

private:
  static bool isDroppable(const QMimeData* data);
};

} // namespace spectrascope::ui::image
