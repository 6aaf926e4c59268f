#include "spectrascope/ui/image/MaskInput.h"

#include "spectrascope/engine/imaging/FilterPipeline.h"
#include "spectrascope/engine/imaging/NotchPlacement.h"
#include "spectrascope/ui/image/MaskControls.h"
#include "spectrascope/ui/image/MaskEditor.h"
#include "spectrascope/ui/image/MaskedSpectrumView.h"
#include "spectrascope/ui/image/SpectrumControls.h"

#include <algorithm>

namespace spectrascope::ui::image {
namespace {

using imaging::MaskKind;
using imaging::MaskSpec;

using imaging::isBand;

constexpr double kStep = 1 / MaskControls::kSliderScale;
constexpr double kTop = MaskControls::kTopCutoffStep * kStep;
// A band as wide as the one the tab starts with (0.05 to 0.15 c/px).
constexpr double kFreshBandWidth = 0.1;

// Outside the bands F2 is unseen and keeps its own value, whatever F does. Choosing a band where F2 is not
// above F (F moved past it meanwhile) gives a band of the fresh width from F, or ending at the corner: a
// band one slider step wide passed nothing, a flat grey picture, with nothing on screen to say why.
void makeBandUsable(MaskSpec& s)
{
  if (!isBand(s.kind) || s.cutoff2 > s.cutoff) return;
  s.cutoff2 = std::min(kTop, s.cutoff + kFreshBandWidth);
  s.cutoff = std::max(kStep, std::min(s.cutoff, s.cutoff2 - kFreshBandWidth));
}

} // namespace

MaskInput::MaskInput(MaskEditor* editor, MaskControls* maskControls, SpectrumControls* spectrumControls,
                     MaskedSpectrumView* view,
                     std::function<std::shared_ptr<imaging::FilterPipeline>()> pipeline)
    : QObject(editor), editor_(editor), maskControls_(maskControls), spectrumControls_(spectrumControls),
      view_(view), pipeline_(std::move(pipeline))
{
  connectControls();
  connectView();
}

void MaskInput::connectControls()
{
  const auto editSpec = [this](const QString& text, const std::function<void(MaskSpec&)>& change) {
    editor_->edit(text, [&](MaskState& s) { change(s.spec); });
  };
  connect(maskControls_, &MaskControls::kindChosen, this, [=](MaskKind kind) {
    editSpec(tr("Change mask kind"), [&](MaskSpec& s) {
      s.kind = kind;
      makeBandUsable(s);
    });
  });
  connect(maskControls_, &MaskControls::profileChosen, this, [=](imaging::MaskProfile profile) {
    editSpec(tr("Change mask profile"), [&](MaskSpec& s) { s.profile = profile; });
  });
  connect(maskControls_, &MaskControls::orderChosen, this,
          [=](int order) { editSpec(tr("Change order"), [&](MaskSpec& s) { s.order = order; }); });
  // In a band F stays below F2 by one slider step, whichever moves.
  connect(maskControls_, &MaskControls::cutoffMoved, this, [=](double f) {
    editSpec(tr("Change cutoff"), [&](MaskSpec& s) {
      s.cutoff = f;
      if (isBand(s.kind)) s.cutoff2 = std::max(s.cutoff2, s.cutoff + kStep);
    });
  });
  connect(maskControls_, &MaskControls::cutoff2Moved, this, [=](double f) {
    editSpec(tr("Change cutoff"), [&](MaskSpec& s) {
      s.cutoff2 = f;
      s.cutoff = std::min(s.cutoff, s.cutoff2 - kStep);
    });
  });
  connect(maskControls_, &MaskControls::cutoffDragStarted, editor_, &MaskEditor::beginGesture);
  connect(maskControls_, &MaskControls::cutoffDragFinished, editor_,
          [this] { editor_->endGesture(tr("Change cutoff")); });

  connect(spectrumControls_, &SpectrumControls::notchRadiusEdited, this, [this](double radius) {
    const int index = view_->selectedNotch();
    if (index < 0 || index >= int(editor_->state().spec.notches.size()) || editor_->inGesture()) return;
    editor_->edit(tr("Change notch radius"),
                  [&](MaskState& s) { s.spec.notches[std::size_t(index)].radius = radius; });
  });
  connect(spectrumControls_, &SpectrumControls::invertRequested, editor_, &MaskEditor::invert);
  connect(spectrumControls_, &SpectrumControls::resetRequested, editor_, &MaskEditor::reset);
}

void MaskInput::connectView()
{
  connect(view_, &MaskedSpectrumView::gestureStarted, editor_, &MaskEditor::beginGesture);
  connect(view_, &MaskedSpectrumView::gestureFinished, editor_, &MaskEditor::endGesture);
  connect(view_, &MaskedSpectrumView::notchRequested, this, &MaskInput::addNotchAt);
  connect(view_, &MaskedSpectrumView::notchRemovalRequested, editor_, &MaskEditor::removeNotch);
  connect(view_, &MaskedSpectrumView::notchDragged, this, [this](int index, imaging::Notch n) {
    const QSize size = editor_->size();
    n.radius = std::min(n.radius, imaging::largestNotchRadius(n.u, n.v, std::size_t(size.width()),
                                                              std::size_t(size.height())));
    editor_->updateGesture([&](MaskState& s) { s.spec.notches[std::size_t(index)] = n; });
  });
  connect(view_, &MaskedSpectrumView::cutoffDragged, this, [this](int ring, double f) {
    editor_->updateGesture([&](MaskState& s) {
      // As the sliders: F2 at most the corner, in a band F a step below F2 (outside the bands F2 keeps
      // its value; choosing a band makes it usable).
      if (ring == 0)
        s.spec.cutoff = std::clamp(f, kStep, isBand(s.spec.kind) ? s.spec.cutoff2 - kStep : kTop - kStep);
      else
        s.spec.cutoff2 = std::clamp(f, s.spec.cutoff + kStep, kTop);
    });
  });
  connect(view_, &MaskedSpectrumView::brushStroke, this, [this](QPointF bin) {
    imaging::Brush brush;
    brush.radius = spectrumControls_->brushRadius();
    brush.mode = view_->tool() == MaskedSpectrumView::Tool::PassBrush ? imaging::BrushMode::Pass
                                                                      : imaging::BrushMode::Block;
    editor_->paintAt(bin.x(), bin.y(), brush);
  });
}

void MaskInput::addNotchAt(QPointF bin)
{
  const auto pipeline = pipeline_();
  if (!pipeline) return;
  editor_->addNotch(imaging::notchAtPeakNear(bin.x(), bin.y(), pipeline->width(), pipeline->height(),
                                             [&](long u, long v) { return pipeline->binValue(u, v); }));
  const auto& notches = editor_->state().spec.notches;
  view_->setSelectedNotch(int(notches.size()) - 1);
  if (editor_->state().spec.kind != MaskKind::Notch && notches.size() == 1) emit firstNotchAdded();
}

} // namespace spectrascope::ui::image
