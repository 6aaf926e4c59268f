#include "spectrascope/ui/timing/BenchmarkPlot.h"

#include <QFontMetrics>
#include <QObject>
#include <QPainterPath>
#include <QPalette>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <set>

namespace spectrascope::ui {
namespace {

// Told apart by people with the common colour-vision deficiencies too, and from each other and from FFTW's
// dark grey by a CIE76 distance of at least 30 (the two yellows of an earlier palette were 20 apart).
const std::array<QColor, 8> kPalette{QColor(0, 114, 178),   QColor(213, 94, 0),    QColor(0, 158, 115),
                                     QColor(204, 121, 167), QColor(100, 200, 240), QColor(230, 159, 0),
                                     QColor(117, 68, 170),  QColor(150, 110, 60)};

struct Range
{
  double lo = 1, hi = 10; // in log10
};

Range logRange(const PlotData& data, bool xAxis)
{
  double lo = INFINITY, hi = -INFINITY;
  for (const PlotSeries& s : data.series)
    for (const auto& [x, y] : s.points) {
      const double v = std::log10(xAxis ? x : y);
      lo = std::min(lo, v);
      hi = std::max(hi, v);
    }
  if (!std::isfinite(lo)) return {};
  // Whole decades on the value axis so every gridline has a label; N keeps its own ends.
  if (!xAxis) return {std::floor(lo), std::max(std::ceil(hi), std::floor(lo) + 1)};
  return {lo, std::max(hi, lo + std::log10(2.0))}; // at least one doubling wide
}

QString decadeLabel(int exponent)
{
  if (exponent >= 0 && exponent <= 4) return QString::number(std::pow(10.0, exponent), 'f', 0);
  if (exponent < 0 && exponent >= -3) return QString::number(std::pow(10.0, exponent), 'f', -exponent);
  return QStringLiteral("1e%1").arg(exponent);
}

QString powerOfTwoLabel(int exponent)
{
  return QStringLiteral("2^%1").arg(exponent);
}

class Axes
{
public:
  Axes(const QRectF& plot, Range x, Range y) : plot_(plot), x_(x), y_(y) {}
  QPointF map(double n, double value) const
  {
    const double fx = (std::log10(n) - x_.lo) / (x_.hi - x_.lo);
    const double fy = (std::log10(value) - y_.lo) / (y_.hi - y_.lo);
    return {plot_.left() + fx * plot_.width(), plot_.bottom() - fy * plot_.height()};
  }
  const QRectF& plot() const { return plot_; }
  Range x() const { return x_; }
  Range y() const { return y_; }

private:
  QRectF plot_;
  Range x_, y_;
};

void paintGrid(QPainter& p, const Axes& axes, const QPalette& palette, BenchmarkMetric metric)
{
  const QRectF& plot = axes.plot();
  const QColor grid = palette.color(QPalette::Mid);
  const QColor text = palette.color(QPalette::Text);
  const QFontMetrics fm = p.fontMetrics();
  for (int e = int(std::ceil(axes.y().lo)); e <= int(std::floor(axes.y().hi)); ++e) {
    const double y = axes.map(std::pow(10.0, axes.x().lo), std::pow(10.0, e)).y();
    p.setPen(QPen(grid, 0, Qt::DotLine));
    p.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
    p.setPen(text);
    const QString label = decadeLabel(e);
    p.drawText(QPointF(plot.left() - fm.horizontalAdvance(label) - 6, y + fm.ascent() / 2.0 - 1), label);
  }
  const int firstLog2 = int(std::ceil(axes.x().lo / std::log10(2.0) - 1e-9));
  const int lastLog2 = int(std::floor(axes.x().hi / std::log10(2.0) + 1e-9));
  const int step = lastLog2 - firstLog2 > 12 ? 2 : 1;
  for (int e = firstLog2; e <= lastLog2; e += step) {
    const double x = axes.map(std::ldexp(1.0, e), std::pow(10.0, axes.y().lo)).x();
    p.setPen(QPen(grid, 0, Qt::DotLine));
    p.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
    p.setPen(text);
    const QString label = powerOfTwoLabel(e);
    p.drawText(QPointF(x - fm.horizontalAdvance(label) / 2.0, plot.bottom() + fm.ascent() + 4), label);
  }
  p.setPen(QPen(text, 1));
  p.setBrush(Qt::NoBrush);
  p.drawRect(plot);
  p.drawText(QRectF(plot.left(), plot.bottom() + fm.height() + 6, plot.width(), fm.height()), Qt::AlignCenter,
             QObject::tr("transform length N (complex values, log scale)"));
  p.save();
  p.translate(plot.left() - fm.horizontalAdvance(QStringLiteral("00000")) - 14, plot.center().y());
  p.rotate(-90);
  p.drawText(QRectF(-plot.height() / 2, -fm.height(), plot.height(), fm.height()), Qt::AlignCenter,
             metricLabel(metric) + QObject::tr(" (log scale)"));
  p.restore();
}

void paintSeries(QPainter& p, const Axes& axes, const PlotSeries& s)
{
  QPainterPath path;
  for (std::size_t i = 0; i < s.points.size(); ++i) {
    const QPointF at = axes.map(s.points[i].first, s.points[i].second);
    i == 0 ? path.moveTo(at) : path.lineTo(at);
  }
  p.setPen(QPen(s.colour, 2));
  p.setBrush(Qt::NoBrush);
  p.drawPath(path);
  p.setBrush(s.colour);
  for (const auto& [n, v] : s.points)
    p.drawEllipse(axes.map(n, v), 2.5, 2.5);
}

void paintCrossovers(QPainter& p, const Axes& axes, const PlotData& data)
{
  const QFontMetrics fm = p.fontMetrics();
  int row = 0;
  for (const auto& [name, n] : data.crossovers) {
    const auto s =
        std::find_if(data.series.begin(), data.series.end(), [&](auto& x) { return x.name == name; });
    const QColor colour = s != data.series.end() ? s->colour : Qt::gray;
    const double x = axes.map(n, std::pow(10.0, axes.y().lo)).x();
    p.setPen(QPen(colour, 1.5, Qt::DashLine));
    p.drawLine(QPointF(x, axes.plot().top()), QPointF(x, axes.plot().bottom()));
    const QString label =
        QObject::tr("%1 beats FFTW from 2^%2").arg(name).arg(int(std::lround(std::log2(n))));
    p.setPen(colour);
    p.drawText(QPointF(std::min(x + 4, axes.plot().right() - fm.horizontalAdvance(label) - 4),
                       axes.plot().top() + fm.height() * (row++ + 1)),
               label);
  }
}

// Legend entries flow left to right and wrap, so a sweep over several devices keeps every name visible.
std::vector<QPointF> legendPositions(const QFontMetrics& fm, const QRectF& area, const PlotData& data)
{
  std::vector<QPointF> at;
  double x = area.left(), y = area.top();
  for (const PlotSeries& s : data.series) {
    const double width = 22 + fm.horizontalAdvance(s.name) + 16;
    if (x > area.left() && x + width > area.right()) {
      x = area.left();
      y += fm.height() + 4;
    }
    at.emplace_back(x, y);
    x += width;
  }
  return at;
}

double legendHeight(const QFontMetrics& fm, const QRectF& area, const PlotData& data)
{
  const std::vector<QPointF> at = legendPositions(fm, area, data);
  return (at.empty() ? 0 : at.back().y() - area.top()) + fm.height() + 6;
}

void paintLegend(QPainter& p, const QRectF& area, const PlotData& data, const QPalette& palette)
{
  const QFontMetrics fm = p.fontMetrics();
  const std::vector<QPointF> at = legendPositions(fm, area, data);
  for (std::size_t i = 0; i < data.series.size(); ++i) {
    const PlotSeries& s = data.series[i];
    const double middle = at[i].y() + fm.height() / 2.0 + 3;
    p.setPen(QPen(s.colour, 3));
    p.drawLine(QPointF(at[i].x(), middle), QPointF(at[i].x() + 16, middle));
    p.setPen(palette.color(QPalette::Text));
    p.drawText(QPointF(at[i].x() + 22, middle + fm.ascent() / 2.0 - 1), s.name);
  }
}

} // namespace

QString metricLabel(BenchmarkMetric m)
{
  switch (m) {
  case BenchmarkMetric::TimeMs:
    return QObject::tr("time per transform (ms)");
  case BenchmarkMetric::Gflops:
    return QObject::tr("GFLOP/s (5 N log2 N)");
  case BenchmarkMetric::Bandwidth:
    return QObject::tr("effective bandwidth (GB/s)");
  }
  return {};
}

double metricValue(const gallery::SweepPoint& p, BenchmarkMetric m)
{
  switch (m) {
  case BenchmarkMetric::TimeMs:
    return p.timeMs();
  case BenchmarkMetric::Gflops:
    return p.gigaflops();
  case BenchmarkMetric::Bandwidth:
    return p.gigabytesPerSecond();
  }
  return 0;
}

double crossoverN(const std::vector<gallery::SweepPoint>& points, const std::string& subject,
                  const std::string& device)
{
  std::map<std::size_t, double> fftw, mine;
  for (const gallery::SweepPoint& p : points) {
    if (!p.skipped.empty() || p.timeMs() <= 0) continue;
    if (p.subject == "fftw")
      fftw[p.n] = p.timeMs();
    else if (p.subject == subject && (device.empty() || p.device == device))
      mine[p.n] = p.timeMs();
  }
  double from = 0;
  for (const auto& [n, ms] : mine) {
    const auto f = fftw.find(n);
    if (f == fftw.end()) continue;
    if (ms < f->second)
      from = from ? from : double(n);
    else
      from = 0;
  }
  return from;
}

namespace {

// A device as a legend can hold it: the name up to its first parenthesis, at most 24 characters.
std::string shortDevice(const std::string& device)
{
  std::string name = device.substr(0, device.find(" ("));
  return name.size() > 24 ? name.substr(0, 23) + "…" : name;
}

bool severalDevices(const std::vector<gallery::SweepPoint>& points)
{
  std::set<std::string> devices;
  for (const gallery::SweepPoint& p : points)
    if (p.subject != "fftw") devices.insert(p.device);
  return devices.size() > 1;
}

} // namespace

PlotData plotData(const std::vector<gallery::SweepPoint>& points, BenchmarkMetric metric)
{
  PlotData data;
  data.metric = metric;
  const bool perDevice = severalDevices(points);
  // (subject, device) in the order first measured; the device is left empty when there is only one.
  std::vector<std::pair<std::string, std::string>> order;
  std::map<std::pair<std::string, std::string>, std::map<std::size_t, double>> values;
  for (const gallery::SweepPoint& p : points) {
    const double v = metricValue(p, metric);
    if (!p.skipped.empty() || v <= 0) continue;
    const std::pair<std::string, std::string> key{p.subject,
                                                  perDevice && p.subject != "fftw" ? p.device : ""};
    if (!values.count(key)) order.push_back(key);
    values[key][p.n] = v;
  }
  std::size_t coloured = 0; // FFTW, the reference, is grey and takes no colour from the others
  for (std::size_t i = 0; i < order.size(); ++i) {
    const auto& [subject, device] = order[i];
    const std::string name = device.empty() ? subject : subject + " · " + shortDevice(device);
    PlotSeries s{QString::fromStdString(name), QColor(60, 60, 60), {}};
    if (subject != "fftw") s.colour = kPalette[coloured++ % kPalette.size()];
    for (const auto& [n, v] : values[order[i]])
      s.points.emplace_back(double(n), v);
    data.series.push_back(std::move(s));
    if (subject != "fftw")
      if (const double n = crossoverN(points, subject, device))
        data.crossovers.emplace_back(data.series.back().name, n);
  }
  return data;
}

void BenchmarkPlot::paint(QPainter& p, const QRectF& area, const PlotData& data, const QPalette& palette)
{
  p.save();
  p.setRenderHint(QPainter::Antialiasing);
  p.fillRect(area, palette.color(QPalette::Base));
  const QFontMetrics fm = p.fontMetrics();
  QRectF legend(area.left() + 8, area.top() + 4, area.width() - 16, 0);
  legend.setHeight(legendHeight(fm, legend, data));
  const double left = fm.horizontalAdvance(QStringLiteral("00000")) + fm.height() + 24;
  const QRectF plot(area.left() + left, legend.bottom() + 8, area.width() - left - 16,
                    area.height() - legend.height() - 2 * fm.height() - 30);
  if (data.series.empty() || plot.width() < 40 || plot.height() < 40) {
    p.setPen(palette.color(QPalette::Text));
    p.drawText(area, Qt::AlignCenter,
               QObject::tr("Run a sweep to see %1 against N.").arg(metricLabel(data.metric)));
    p.restore();
    return;
  }
  const Axes axes(plot, logRange(data, true), logRange(data, false));
  paintGrid(p, axes, palette, data.metric);
  p.setClipRect(plot.adjusted(-4, -4, 4, 4));
  for (const PlotSeries& s : data.series)
    paintSeries(p, axes, s);
  paintCrossovers(p, axes, data);
  p.setClipping(false);
  paintLegend(p, legend, data, palette);
  p.restore();
}

QImage BenchmarkPlot::render(const PlotData& data, QSize size, qreal devicePixelRatio,
                             const QPalette& palette)
{
  QImage image(size * devicePixelRatio, QImage::Format_ARGB32_Premultiplied);
  image.setDevicePixelRatio(devicePixelRatio);
  image.fill(palette.color(QPalette::Base));
  QPainter painter(&image);
  paint(painter, QRectF(QPointF(0, 0), QSizeF(size)), data, palette);
  return image;
}

} // namespace spectrascope::ui
