#include "spectrascope/ui/image/UpdatePacing.h"

#include "spectrascope/ui/image/MaskEditor.h"

#include <QTimer>

namespace spectrascope::ui::image {

UpdatePacing::UpdatePacing(const MaskEditor* editor, QObject* parent)
    : QObject(parent), editor_(editor), idle_(new QTimer(this))
{
  idle_->setSingleShot(true);
  idle_->setInterval(kIdleMs);
  connect(idle_, &QTimer::timeout, this, &UpdatePacing::onIdle);
  connect(editor_, &MaskEditor::gestureFinished, this, &UpdatePacing::onGestureFinished);
}

void UpdatePacing::maskChanged()
{
  const bool rapid = lastChange_.isValid() && lastChange_.elapsed() < kIdleMs;
  lastChange_.restart();
  previewing_ = editor_->inGesture() || rapid;
  if (previewing_ && !editor_->inGesture()) idle_->start();
}

void UpdatePacing::onIdle()
{
  if (editor_->inGesture()) return;
  previewing_ = false;
  emit fullUpdateDue();
}

void UpdatePacing::onGestureFinished()
{
  idle_->stop();
  previewing_ = false;
  emit fullUpdateDue(); // the worker takes the newest mask when it starts: one full update
}

} // namespace spectrascope::ui::image
