#pragma once
// MaskEditor: the Image tab's editable frequency mask and its undo history.
//
// The mask is a MaskState: the parametric spec (kind, profile, cutoffs, notches), a painted layer and an
// invert flag. Every change is one QUndoStack command holding the state before and after (the painted
// layer is shared, never copied, between states that did not paint). Continuous gestures (a slider or
// handle drag, a brush stroke) update the mask live and become a single undo step when they end.
//
// GUI thread only. workerSnapshot() hands a worker an immutable copy, so strokes in progress can paint
// in place while a filter job reads the previous snapshot.

#include "spectrascope/engine/imaging/FrequencyMask.h"
#include "spectrascope/engine/imaging/MaskBrush.h"

#include <QObject>
#include <QPointF>
#include <QSize>

#include <functional>
#include <memory>
#include <vector>

class QUndoStack;

namespace spectrascope::ui::image {

struct MaskState
{
  imaging::MaskSpec spec;
  // Painted factors, centred W x H (1 passes); null while nothing is painted.
  std::shared_ptr<const std::vector<float>> paint;
  bool inverted = false;
  bool operator==(const MaskState&) const = default;
};

class MaskEditor : public QObject
{
  Q_OBJECT

public:
  explicit MaskEditor(QObject* parent = nullptr);
  ~MaskEditor() override;

  const MaskState& state() const { return state_; }
  QSize size() const { return size_; }
  QUndoStack* undoStack() const { return undo_; }
  // A new image: notches and paint belong to the old spectrum and go, with the history; the radial
  // settings stay.
  void setSize(QSize size);

  // One undo step each.
  void edit(const QString& text, const std::function<void(MaskState&)>& change);
  void addNotch(const imaging::Notch& notch);
  void removeNotch(int index);
  void invert();
  void reset(); // back to an all-pass mask: no notches, no paint, not inverted

  // A gesture: live changes, one undo step when it ends (named `text`); nothing if nothing changed.
  void beginGesture();
  void updateGesture(const std::function<void(MaskState&)>& change);
  void paintAt(double u, double v, const imaging::Brush& brush); // inside a gesture
  void endGesture(const QString& text);
  bool inGesture() const { return gesture_; }

  // The state with an immutable painted layer, for a worker thread.
  MaskState workerSnapshot();

  // For the undo commands.
  void restore(const MaskState& state);

signals:
  void changed();
  // A gesture ended (with or without a change): what followed it live may now be done in full.
  void gestureFinished();

private:
  MaskState state_;
  MaskState gestureStart_;
  bool gesture_ = false;
  // A stroke paints in place here (owned by the GUI thread alone); workerSnapshot() copies it.
  std::shared_ptr<std::vector<float>> livePaint_;
  std::shared_ptr<const std::vector<float>> liveSnapshot_;
  bool liveDirty_ = false;
  bool strokeStarted_ = false;
  QPointF lastStamp_;
  QSize size_;
  QUndoStack* undo_;
};

} // namespace spectrascope::ui::image
