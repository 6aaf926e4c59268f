#include "spectrascope/ui/image/MaskEditor.h"

#include <QUndoCommand>
#include <QUndoStack>

#include <cmath>

namespace spectrascope::ui::image {
namespace {

// Most edits share their painted layer with the previous state, so the history costs little; a
// stroke's layer is W x H floats, which the limit bounds.
constexpr int kUndoLimit = 200;

class MaskEditCommand : public QUndoCommand
{
public:
  MaskEditCommand(MaskEditor* editor, MaskState before, MaskState after, const QString& text)
      : QUndoCommand(text), editor_(editor), before_(std::move(before)), after_(std::move(after))
  {
  }
  void undo() override { editor_->restore(before_); }
  void redo() override { editor_->restore(after_); }

private:
  MaskEditor* editor_;
  MaskState before_, after_;
};

} // namespace

MaskEditor::MaskEditor(QObject* parent) : QObject(parent), undo_(new QUndoStack(this))
{
  undo_->setUndoLimit(kUndoLimit);
}

MaskEditor::~MaskEditor() = default;

void MaskEditor::setSize(QSize size)
{
  size_ = size;
  gesture_ = false;
  livePaint_.reset();
  liveSnapshot_.reset();
  undo_->clear();
  state_.spec.notches.clear();
  state_.paint.reset();
  emit changed();
}

void MaskEditor::restore(const MaskState& state)
{
  if (state == state_) return;
  if (livePaint_) { // undo in the middle of a stroke: the stroke is dropped
    livePaint_.reset();
    liveSnapshot_.reset();
    gesture_ = false;
  }
  state_ = state;
  emit changed();
}

void MaskEditor::edit(const QString& text, const std::function<void(MaskState&)>& change)
{
  if (gesture_) return updateGesture(change);
  MaskState after = state_;
  change(after);
  if (after == state_) return;
  undo_->push(new MaskEditCommand(this, state_, std::move(after), text));
}

void MaskEditor::addNotch(const imaging::Notch& notch)
{
  edit(tr("Add notch"), [&](MaskState& s) { s.spec.notches.push_back(notch); });
}

void MaskEditor::removeNotch(int index)
{
  edit(tr("Remove notch"), [&](MaskState& s) {
    if (index >= 0 && index < int(s.spec.notches.size()))
      s.spec.notches.erase(s.spec.notches.begin() + index);
  });
}

void MaskEditor::invert()
{
  edit(tr("Invert mask"), [](MaskState& s) { s.inverted = !s.inverted; });
}

void MaskEditor::reset()
{
  edit(tr("Reset mask"), [](MaskState& s) {
    s.spec.kind = imaging::MaskKind::Notch; // all-pass apart from notches, and there are none
    s.spec.notches.clear();
    s.paint.reset();
    s.inverted = false;
  });
}

void MaskEditor::beginGesture()
{
  if (gesture_) return;
  gesture_ = true;
  strokeStarted_ = false;
  gestureStart_ = state_;
}

void MaskEditor::updateGesture(const std::function<void(MaskState&)>& change)
{
  MaskState next = state_;
  change(next);
  if (next == state_) return;
  state_ = std::move(next);
  emit changed();
}

void MaskEditor::paintAt(double u, double v, const imaging::Brush& brush)
{
  if (size_.isEmpty()) return;
  const std::size_t w = std::size_t(size_.width()), h = std::size_t(size_.height());
  if (!livePaint_) {
    // Copy once per stroke; the previous layer stays untouched for undo and running jobs.
    livePaint_ = state_.paint ? std::make_shared<std::vector<float>>(*state_.paint)
                              : std::make_shared<std::vector<float>>(w * h, 1.0f);
    state_.paint = livePaint_;
  }
  // Stamps every quarter radius along the way from the last point, so a fast stroke leaves no gaps.
  const double spacing = std::max(0.5, brush.radius / 4);
  const double dx = u - lastStamp_.x(), dy = v - lastStamp_.y();
  const int steps = strokeStarted_ ? std::max(1, int(std::ceil(std::hypot(dx, dy) / spacing))) : 1;
  for (int i = 1; i <= steps; ++i) {
    const double t = strokeStarted_ ? double(i) / steps : 1.0;
    imaging::stamp(*livePaint_, w, h, lastStamp_.x() + t * dx, lastStamp_.y() + t * dy, brush);
  }
  strokeStarted_ = true;
  lastStamp_ = QPointF(u, v);
  liveDirty_ = true;
  emit changed();
}

void MaskEditor::endGesture(const QString& text)
{
  if (!gesture_) return;
  gesture_ = false;
  if (livePaint_) {
    // The stroke's layer becomes immutable: from now on it is shared like any other.
    state_.paint = std::make_shared<const std::vector<float>>(std::move(*livePaint_));
    livePaint_.reset();
    liveSnapshot_.reset();
    liveDirty_ = false;
  }
  // push() calls redo(), which restores the state we are already in: no second update.
  if (state_ != gestureStart_) undo_->push(new MaskEditCommand(this, gestureStart_, state_, text));
  emit gestureFinished();
}

MaskState MaskEditor::workerSnapshot()
{
  if (!livePaint_) return state_;
  if (liveDirty_ || !liveSnapshot_) {
    liveSnapshot_ = std::make_shared<const std::vector<float>>(*livePaint_);
    liveDirty_ = false;
  }
  MaskState snapshot = state_;
  snapshot.paint = liveSnapshot_;
  return snapshot;
}

} // namespace spectrascope::ui::image
