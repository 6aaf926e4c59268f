#pragma once
// The Image tab's second row of controls, for working on the spectrum: the editing tool, brush size, the
// selected notch's radius, invert and reset, undo and redo, how results become pixels, what the spectrum
// picture shows (magnitude or phase, contrast) and its zoom. It reports what the user asks for; the tab
// does it. Its items wrap onto more lines on a narrow window.

#include "spectrascope/engine/imaging/FrequencyMask.h"
#include "spectrascope/engine/imaging/PixelRange.h"
#include "spectrascope/ui/image/MaskedSpectrumView.h"
#include "spectrascope/ui/image/SpectrumPicture.h"

#include <QWidget>

#include <optional>

class QAction;
class QComboBox;
class QDoubleSpinBox;
class QSpinBox;
class QUndoStack;

namespace spectrascope::ui::image {

class SpectrumContrastButton;

class SpectrumControls : public QWidget
{
  Q_OBJECT

public:
  SpectrumControls(QUndoStack* history, const QList<QAction*>& zoomActions, QWidget* parent = nullptr);

  // The selected notch's radius, editable up to `largestRadius`; none: the box is off and shows a dash.
  void showNotch(const imaging::Notch* selected, double largestRadius);
  int brushRadius() const;
  // The user's choice of pixel range; none for Auto (the tab picks by mask kind).
  std::optional<imaging::PixelRange> rangeChoice() const;
  bool showsPhase() const;
  SpectrumContrast contrast() const;

  QComboBox* spectrumModeBox() const { return spectrumMode_; }
  SpectrumContrastButton* contrastButton() const { return contrast_; }

signals:
  void toolChosen(MaskedSpectrumView::Tool tool);
  void brushRadiusChanged(int radius);
  void notchRadiusEdited(double radius);
  void invertRequested();
  void resetRequested();
  void rangeChanged();
  void pictureOptionsChanged(); // magnitude or phase, colormap, gamma, clipping

private:
  void addTools();
  QDoubleSpinBox* createNotchRadiusBox();
  void addUndoButtons(QUndoStack* history);
  void addButton(QAction* action);

  QSpinBox* brushSize_ = nullptr;
  QDoubleSpinBox* notchRadius_ = nullptr;
  QComboBox* range_ = nullptr;
  QComboBox* spectrumMode_ = nullptr;
  SpectrumContrastButton* contrast_ = nullptr;
};

} // namespace spectrascope::ui::image
