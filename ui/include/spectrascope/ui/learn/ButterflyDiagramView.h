#pragma once
// The butterfly diagram widget: paints ButterflyDiagram, shows the value under the mouse as a tool tip
// (stage, position, re + im i, |x|, phase, and for register exchange the work-item and register), and
// exports the same drawing as PNG (at twice the size, for slides) or SVG.

#include "spectrascope/ui/learn/ButterflyDiagram.h"

#include <QWidget>

namespace spectrascope::ui {

class ButterflyDiagramView : public QWidget
{
  Q_OBJECT

public:
  explicit ButterflyDiagramView(QWidget* parent = nullptr);

  void setResult(std::shared_ptr<const spectrascope::learn::StepsResult> result);
  void setStage(int stage);
  void setValueStyle(ValueStyle style);
  const ButterflyDiagramParameters& parameters() const { return parameters_; }
  // The numbers of the value under the mouse, as its tool tip shows them; empty when none is.
  const QString& hoverText() const { return hoverText_; }

  // Return an error message, empty on success.
  QString exportPng(const QString& path) const;
  QString exportSvg(const QString& path) const;

  QSize sizeHint() const override { return {640, 480}; }
  QSize minimumSizeHint() const override { return {300, 240}; }

protected:
  void paintEvent(QPaintEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void leaveEvent(QEvent* event) override;

private:
  QString describe(int stage, int position) const;
  ButterflyDiagramParameters exportParameters() const;

  ButterflyDiagramParameters parameters_;
  QString hoverText_;
};

} // namespace spectrascope::ui
