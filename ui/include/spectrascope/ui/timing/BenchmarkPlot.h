#pragma once
// The benchmark plot: one line per subject (a gallery variant or FFTW) of time, GFLOP/s or bandwidth
// against N, both axes logarithmic, with a marker where each GPU subject starts beating FFTW. Painted
// with QPainter from plain data, so the view, the PNG export and the tests draw the same picture.

#include "spectrascope/engine/gallery/GallerySweep.h"

#include <QColor>
#include <QImage>
#include <QPainter>
#include <QString>

#include <vector>

namespace spectrascope::ui {

enum class BenchmarkMetric { TimeMs, Gflops, Bandwidth };

QString metricLabel(BenchmarkMetric m);
double metricValue(const gallery::SweepPoint& p, BenchmarkMetric m);

struct PlotSeries
{
  QString name;
  QColor colour;
  std::vector<std::pair<double, double>> points; // (N, value), N ascending
};

struct PlotData
{
  BenchmarkMetric metric = BenchmarkMetric::TimeMs;
  std::vector<PlotSeries> series;
  std::vector<std::pair<QString, double>> crossovers; // subject, first N from which it stays faster than FFTW
};

// Series and crossovers of the measured points (skipped points left out). FFTW is the subject "fftw".
// When the points come from several OpenCL devices, each device's variants are series of their own,
// named "variant · device", each with its own crossover.
PlotData plotData(const std::vector<gallery::SweepPoint>& points, BenchmarkMetric metric);
// First N from which `subject` (on `device`, or on any device when empty) is faster than FFTW at every
// larger measured N, or 0.
double crossoverN(const std::vector<gallery::SweepPoint>& points, const std::string& subject,
                  const std::string& device = {});

class BenchmarkPlot
{
public:
  static void paint(QPainter& painter, const QRectF& area, const PlotData& data, const QPalette& palette);
  static QImage render(const PlotData& data, QSize size, qreal devicePixelRatio, const QPalette& palette);
};

} // namespace spectrascope::ui
