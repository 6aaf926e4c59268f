#pragma once
// MaskedSpectrumView: the centred spectrum with the mask drawn over it and edited there.
//  - Edit tool: click a peak to add a notch (its conjugate twin at (-u, -v) is drawn and applied with it);
//    drag a notch's centre (or its twin's) to move it, its ring to resize it, right-click it to remove
//    it; drag a cutoff ring (F, F2) to change the cutoff.
//  - Block / Pass brushes: paint the mask towards stop or back towards pass with a soft round brush.
//  - Pan tool, the middle button in any tool, and the wheel zoom and pan as in every image view.
// The view only reports intentions (as bins and cycles per pixel); MaskEditor changes the mask, and a
// drag's signals are bracketed by gestureStarted / gestureFinished so it becomes one undo step.

#include "spectrascope/ui/image/MaskEditor.h"
#include "spectrascope/ui/image/ZoomableImageView.h"

namespace spectrascope::ui::image {

class MaskedSpectrumView : public ZoomableImageView
{
  Q_OBJECT

public:
  enum class Tool { Edit, BlockBrush, PassBrush, Pan };

  explicit MaskedSpectrumView(QWidget* parent = nullptr);

  void setTool(Tool tool);
  Tool tool() const { return tool_; }
  void setBrushRadius(double bins);
  double brushRadius() const { return brushRadius_; }
  void setMaskState(const MaskState& state);
  void setMaskTint(const QImage& tint);
  // The notch whose radius the tab's spin box edits (-1: none); a press on a notch or its ring selects it.
  void setSelectedNotch(int index);
  int selectedNotch() const { return selectedNotch_; }
  // Which rings the mask kind has: 0 (notches only), 1 (F) or 2 (F and F2).
  void setCutoffRings(int count);

  // Centred bin (u, v) of an image position and back.
  QPointF binAt(QPointF imagePos) const;
  QPointF imagePosOf(QPointF bin) const;

signals:
  void notchRequested(QPointF bin);
  void notchRemovalRequested(int index);
  void notchSelected(int index); // -1 when the selection goes (its notch was removed)
  void notchDragged(int index, const spectrascope::imaging::Notch& notch);
  void cutoffDragged(int ring, double cyclesPerPixel);
  void brushStroke(QPointF bin); // inside a gesture
  void gestureStarted();
  void gestureFinished(const QString& undoText);

protected:
  void paintOverlay(QPainter& painter) override;
  bool leftButtonPans() const override { return tool_ == Tool::Pan; }
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;

private:
  enum class DragKind { None, Click, NotchCentre, NotchTwin, NotchRing, CutoffRing, Brush };
  struct Hit
  {
    DragKind kind = DragKind::None;
    int index = -1; // notch index or ring number
  };

  Hit hitTest(QPointF widgetPos) const;
  double cyclesPerPixelAt(QPointF imagePos) const;
  void dragTo(QPointF widgetPos);
  void updateHoverCursor(QPointF widgetPos);
  void paintRings(QPainter& painter) const;
  void paintNotches(QPainter& painter) const;
  void paintBrushCursor(QPainter& painter) const;

  Tool tool_ = Tool::Edit;
  double brushRadius_ = 6;
  MaskState state_;
  QImage tint_;
  int rings_ = 1;
  int selectedNotch_ = -1;
  Hit drag_;
  QPointF pressPos_;
  QPointF hoverImagePos_{-1, -1};
};

} // namespace spectrascope::ui::image
