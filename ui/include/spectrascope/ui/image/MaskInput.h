#pragma once
// Turns what the user does to the mask into MaskEditor edits: the controls of both rows (kind, profile,
// order, cutoffs, the selected notch's radius, invert, reset) and the spectrum view's clicks, drags and
// brush strokes. Continuous input (a slider or ring drag, a stroke) is one gesture, hence one undo step.
// A click adds a notch on the interference peak near it; no notch grows over DC. GUI thread only.

#include <QObject>
#include <QPointF>

#include <functional>
#include <memory>

namespace spectrascope::imaging {
class FilterPipeline;
}

namespace spectrascope::ui::image {

class MaskControls;
class MaskEditor;
class MaskedSpectrumView;
class SpectrumControls;

class MaskInput : public QObject
{
  Q_OBJECT

public:
  // `pipeline` gives the loaded picture's spectrum (null before one is loaded), for snapping notches.
  MaskInput(MaskEditor* editor, MaskControls* maskControls, SpectrumControls* spectrumControls,
            MaskedSpectrumView* view, std::function<std::shared_ptr<imaging::FilterPipeline>()> pipeline);

signals:
  void firstNotchAdded(); // the mask kind may still stop most of the picture: worth a tip

private:
  void connectControls();
  void connectView();
  void addNotchAt(QPointF bin);

  MaskEditor* editor_;
  MaskControls* maskControls_;
  SpectrumControls* spectrumControls_;
  MaskedSpectrumView* view_;
  std::function<std::shared_ptr<imaging::FilterPipeline>()> pipeline_;
};

} // namespace spectrascope::ui::image
