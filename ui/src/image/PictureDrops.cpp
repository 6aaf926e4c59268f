#include "spectrascope/ui/image/PictureDrops.h"

#include <QMimeData>
#include <QUrl>

namespace spectrascope::ui::image {

PictureDrops::PictureDrops(QWidget* target) : DropFilter(target) {}

bool PictureDrops::accepts(const QMimeData& data) const
{
  return (data.hasUrls() && !data.urls().isEmpty() && data.urls().first().isLocalFile()) || data.hasImage();
}

void PictureDrops::take(const QMimeData& data)
{
  if (data.hasUrls() && !data.urls().isEmpty() && data.urls().first().isLocalFile())
    emit fileDropped(data.urls().first().toLocalFile());
  else
    emit imageDropped(qvariant_cast<QImage>(data.imageData()));
}

} // namespace spectrascope::ui::image
