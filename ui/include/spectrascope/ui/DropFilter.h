#pragma once
// Drops anywhere on a widget, as an event filter: while something is dragged over it the cursor says at
// once whether it would be taken (accepts()), and a drop that is accepted is handed to take(). What is
// taken and what becomes of it is the subclass's (AudioDrops: one sound file; PictureDrops: a picture
// file or image data).

#include <QObject>

class QMimeData;
class QWidget;

namespace spectrascope::ui {

class DropFilter : public QObject
{
  Q_OBJECT

public:
  // Installs itself on `target` and lets it accept drops; owned by `target`.
  explicit DropFilter(QWidget* target);

protected:
  virtual bool accepts(const QMimeData& data) const = 0;
  virtual void take(const QMimeData& data) = 0;
  bool eventFilter(QObject* watched, QEvent* event) override;
};

} // namespace spectrascope::ui
