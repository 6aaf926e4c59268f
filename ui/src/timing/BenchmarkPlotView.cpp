#include "spectrascope/ui/timing/BenchmarkPlotView.h"

#include <QPainter>

namespace spectrascope::ui {

BenchmarkPlotView::BenchmarkPlotView(QWidget* parent) : QWidget(parent)
{
  setObjectName(QStringLiteral("benchmarkPlot"));
  setMinimumSize(360, 240);
}

void BenchmarkPlotView::setData(PlotData data)
{
  data_ = std::move(data);
  update();
}

void BenchmarkPlotView::paintEvent(QPaintEvent*)
{
  QPainter painter(this);
  BenchmarkPlot::paint(painter, rect(), data_, palette());
}

} // namespace spectrascope::ui
