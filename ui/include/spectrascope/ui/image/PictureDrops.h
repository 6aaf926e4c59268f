#pragma once
// Takes pictures dropped anywhere on a widget: a local file (whatever its format; one that cannot be read
// gets a message from whoever opens it) or image data. Links to remote files are refused, as nothing
// would open.

#include "spectrascope/ui/DropFilter.h"

#include <QImage>

namespace spectrascope::ui::image {

class PictureDrops : public DropFilter
{
  Q_OBJECT

public:
  explicit PictureDrops(QWidget* target);

signals:
  void fileDropped(const QString& path);
  void imageDropped(const QImage& image);

protected:
  bool accepts(const QMimeData& data) const override;
  void take(const QMimeData& data) override;
};

} // namespace spectrascope::ui::image
