#pragma once
// Takes one sound file dropped anywhere on a widget (as the Image tab's PictureDrops takes pictures):
// a local file whose name says it is audio. Several files, remote links and other kinds of file are
// refused while they are dragged, so the cursor says so before the drop.

#include "spectrascope/ui/DropFilter.h"

namespace spectrascope::ui {

class AudioDrops : public DropFilter
{
  Q_OBJECT

public:
  explicit AudioDrops(QWidget* target);
  // By the name's suffix: the formats the file reader knows.
  static bool isAudioFileName(const QString& path);

signals:
  void fileDropped(const QString& path);

protected:
  bool accepts(const QMimeData& data) const override;
  void take(const QMimeData& data) override;
};

} // namespace spectrascope::ui
