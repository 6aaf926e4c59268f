#pragma once
// When a mask edit gets a quick preview and when the full-size result. Edits within a gesture (a drag), or
// closer together than the idle interval without one (keys, the wheel), get previews; the full result
// follows once the gesture ends or, without one, once the input has been still that long. Within a
// gesture a pause is only a slow hand: a full-resolution update then would hold the worker (seconds for
// a large photo) while the mask moves on, so the previews go on until the gesture ends.

#include <QElapsedTimer>
#include <QObject>

class QTimer;

namespace spectrascope::ui::image {

class MaskEditor;

class UpdatePacing : public QObject
{
  Q_OBJECT

public:
  static constexpr int kIdleMs = 150;

  UpdatePacing(const MaskEditor* editor, QObject* parent);

  // The mask changed: decides whether the update it asks for is a preview.
  void maskChanged();
  bool previewing() const { return previewing_; }

signals:
  // The input has paused or the gesture ended: the next update is full size.
  void fullUpdateDue();

private:
  void onIdle();
  void onGestureFinished();

  const MaskEditor* editor_;
  QTimer* idle_;
  QElapsedTimer lastChange_;
  bool previewing_ = false;
};

} // namespace spectrascope::ui::image
