#pragma once
// The butterfly diagram of a step-by-step FFT, as geometry plus drawing onto any DiagramCanvas (widget,
// PNG, SVG). Columns are stages 0..S, rows are array positions. The butterflies of the current stage are
// highlighted; earlier ones are grey, later ones faint, and values are shown up to the current stage as
// bars (length |x| on each stage's own scale, colour = phase) or phasors. For register exchange each node
// takes its work-item's colour and an orange ring marks values that arrived through local memory.
// Above kMaxDiagramSize positions the same columns become a heat map of 20 log10 |x|. Under the plot a
// legend says what length and colour mean, with a colour key (phase hues, or the heat map's decibels).

#include "spectrascope/engine/learn/StepRunner.h"
#include "spectrascope/ui/learn/DiagramCanvas.h"

#include <QSizeF>

#include <memory>
#include <optional>

namespace spectrascope::ui {

enum class ValueStyle { Bars, Phasors };

struct ButterflyDiagramParameters
{
  std::shared_ptr<const spectrascope::learn::StepsResult> result;
  int stage = 0; // the stage being explained: its butterflies produce column `stage`
  ValueStyle style = ValueStyle::Bars;
  QSizeF size;
  std::optional<std::pair<int, int>> hover; // (stage, position) under the mouse
};

class ButterflyDiagram
{
public:
  static constexpr std::size_t kMaxDiagramSize = 64;

  explicit ButterflyDiagram(ButterflyDiagramParameters parameters);

  bool isHeatMap() const;
  void draw(DiagramCanvas& canvas) const;
  // (stage, position) of the node or heat-map cell at a point, if any.
  std::optional<std::pair<int, int>> hitTest(QPointF point) const;
  // Centre of the node of `position` in column `stage`.
  QPointF node(int stage, int position) const;
  // The heading of column `stage` as drawn at this size, its title where it fits its column in bold (the
  // current stage's weight), else its number; and where that bold text lies.
  QString header(int stage) const;
  QRectF headerRect(int stage) const;

  // The current stage's W_m^k labels as drawn: the text, its baseline point, and its box (the text and a
  // pixel of air), which is cleared to white first so the butterflies' lines do not run through it.
  struct TwiddleLabel
  {
    QString text;
    QPointF baseline;
    QRectF box;
  };
  std::vector<TwiddleLabel> twiddleLabels() const;

  static QColor phaseColour(double radians);
  static QColor workItemColour(std::uint32_t workItem);
  static QString stageTitle(const spectrascope::learn::Schedule& schedule, int stage);
  // The twiddle factor exp(-2 pi i k / m) as it is written, W with subscript m and superscript k:
  // "W₈³" (Unicode sub- and superscript digits, so it reads the same on screen, in PNG and in SVG).
  static QString twiddleSymbol(std::size_t m, std::size_t k);

private:
  int columns() const;
  double columnWidth() const;
  double rowHeight() const;
  double glyphWidth() const;
  double nodeRadius() const;
  double headerPixelSize() const;
  QRectF plotArea() const;
  void drawHeaders(DiagramCanvas& canvas) const;
  void drawEdges(DiagramCanvas& canvas) const;
  void drawTwiddleLabels(DiagramCanvas& canvas) const;
  void drawNodes(DiagramCanvas& canvas) const;
  void drawValue(DiagramCanvas& canvas, int stage, int position, double scale) const;
  void drawHeatMap(DiagramCanvas& canvas) const;
  void drawLegend(DiagramCanvas& canvas) const;

  ButterflyDiagramParameters p_;
};

} // namespace spectrascope::ui
