#pragma once
// Paints BenchmarkPlot for the Benchmark window's points.

#include "spectrascope/ui/timing/BenchmarkPlot.h"

#include <QWidget>

namespace spectrascope::ui {

// Paints BenchmarkPlot for the window's points.
class BenchmarkPlotView : public QWidget
{
  Q_OBJECT

public:
  explicit BenchmarkPlotView(QWidget* parent = nullptr);
  void setData(PlotData data);
  const PlotData& data() const { return data_; }
  QSize sizeHint() const override { return {720, 460}; }

protected:
  void paintEvent(QPaintEvent* event) override;

private:
  PlotData data_;
};

} // namespace spectrascope::ui
