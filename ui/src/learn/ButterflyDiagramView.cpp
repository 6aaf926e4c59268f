#include "spectrascope/ui/learn/ButterflyDiagramView.h"

#include "spectrascope/ui/learn/HoverReadout.h"
#include "spectrascope/ui/learn/PainterCanvas.h"
#include "spectrascope/ui/learn/ReadableNumbers.h"
#include "spectrascope/ui/learn/SvgCanvas.h"

#include <QMouseEvent>
#include <QPainter>
#include <QSaveFile>

#include <cmath>

namespace spectrascope::ui {
namespace {

// Exports have a fixed, slide-friendly size, whatever the window's size.
QSizeF exportSize(std::size_t n)
{
  return n > ButterflyDiagram::kMaxDiagramSize ? QSizeF(1000, 700)
                                               : QSizeF(1000, std::max(420.0, 60.0 + 16.0 * n));
}

} // namespace

ButterflyDiagramView::ButterflyDiagramView(QWidget* parent) : QWidget(parent)
{
  setObjectName(QStringLiteral("learnDiagram"));
  setMouseTracking(true);
}

void ButterflyDiagramView::setResult(std::shared_ptr<const spectrascope::learn::StepsResult> result)
{
  parameters_.result = std::move(result);
  parameters_.hover.reset();
  hoverText_.clear();
  update();
}

void ButterflyDiagramView::setStage(int stage)
{
  parameters_.stage = stage;
  update();
}

void ButterflyDiagramView::setValueStyle(ValueStyle style)
{
  parameters_.style = style;
  update();
}

void ButterflyDiagramView::paintEvent(QPaintEvent*)
{
  QPainter painter(this);
  ButterflyDiagramParameters p = parameters_;
  p.size = size();
  PainterCanvas canvas(painter);
  ButterflyDiagram(p).draw(canvas);
}

void ButterflyDiagramView::mouseMoveEvent(QMouseEvent* event)
{
  ButterflyDiagramParameters p = parameters_;
  p.size = size();
  const auto hit = ButterflyDiagram(p).hitTest(event->position());
  if (hit != parameters_.hover) {
    parameters_.hover = hit;
    update();
  }
  hoverText_ = hit && hit->first <= parameters_.stage ? describe(hit->first, hit->second) : QString();
  HoverReadout::showText(this, event->globalPosition(), hoverText_);
}

void ButterflyDiagramView::leaveEvent(QEvent*)
{
  parameters_.hover.reset();
  hoverText_.clear();
  update();
}

QString ButterflyDiagramView::describe(int stage, int position) const
{
  const auto& r = *parameters_.result;
  if (stage >= int(r.stages.size())) return {};
  const auto v = r.stages[stage][position];
  // Rounded for people: single-precision noise such as 8 − 2.9×10⁻⁸ i reads as 8.
  QString text = tr("stage %1, position %2\nx = %3\n|x| = %4, phase %5")
                     .arg(stage)
                     .arg(position)
                     .arg(readableComplex(v), readableReal(std::abs(v)),
                          std::abs(v) > 0 ? readableDegrees(std::arg(v)) : tr("none (x = 0)"));
  const auto& holders = r.schedule.stages[stage].holders;
  if (!holders.empty()) {
    text += tr("\nwork-item %1, register %2").arg(holders[position].workItem).arg(holders[position].slot);
    const auto& moved = r.schedule.stages[stage].viaLocalMemory;
    if (std::find(moved.begin(), moved.end(), std::uint32_t(position)) != moved.end())
      text += tr(" (came through local memory)");
  }
  return text;
}

ButterflyDiagramParameters ButterflyDiagramView::exportParameters() const
{
  ButterflyDiagramParameters p = parameters_;
  p.hover.reset();
  p.size = exportSize(p.result ? p.result->schedule.n : 8);
  return p;
}

QString ButterflyDiagramView::exportPng(const QString& path) const
{
  const ButterflyDiagramParameters p = exportParameters();
  // Twice the drawing size, so the slide stays sharp on a projector.
  QImage image((p.size * 2).toSize(), QImage::Format_ARGB32_Premultiplied);
  image.setDevicePixelRatio(2.0);
  image.fill(Qt::white);
  {
    QPainter painter(&image);
    PainterCanvas canvas(painter);
    ButterflyDiagram(p).draw(canvas);
  }
  if (!image.save(path, "PNG")) return tr("Could not write %1").arg(path);
  return {};
}

QString ButterflyDiagramView::exportSvg(const QString& path) const
{
  const ButterflyDiagramParameters p = exportParameters();
  SvgCanvas canvas(p.size);
  ButterflyDiagram(p).draw(canvas);
  QSaveFile file(path);
  if (!file.open(QIODevice::WriteOnly)) return tr("Could not write %1: %2").arg(path, file.errorString());
  file.write(canvas.document().toUtf8());
  if (!file.commit()) return tr("Could not write %1: %2").arg(path, file.errorString());
  return {};
}

} // namespace spectrascope::ui
