#include "spectrascope/ui/learn/ButterflyDiagram.h"

#include "spectrascope/ui/Colormap.h"
#include "spectrascope/ui/learn/ColourKey.h"

#include <QFontMetricsF>

#include <cmath>
#include <numbers>

namespace spectrascope::ui {
namespace {

using spectrascope::learn::Algorithm;
using spectrascope::learn::Butterfly;
using spectrascope::learn::Complex;

constexpr double kLeft = 44, kRight = 16, kTop = 40, kBottom = 50;
constexpr double kNodeRadius = 3.2; // where rows are tall enough
constexpr int kTwiddlePixelSize = 10;
const QColor kInk(0x22, 0x22, 0x22);
const QColor kActive(0xd9, 0x48, 0x0f); // the butterflies of the current stage
const QColor kDone(0x9a, 0xa0, 0xa6);   // earlier stages
const QColor kFuture(0xe3, 0xe6, 0xe9); // later stages
const QColor kLocalMemory(0xf0, 0x8c, 0x00);

double maxMagnitude(const std::vector<Complex>& values)
{
  double m = 0;
  for (const Complex& v : values)
    m = std::max(m, std::abs(v));
  return m;
}

} // namespace

ButterflyDiagram::ButterflyDiagram(ButterflyDiagramParameters parameters) : p_(std::move(parameters)) {}

QString ButterflyDiagram::twiddleSymbol(std::size_t m, std::size_t k)
{
  static const char16_t subscripts[] = u"₀₁₂₃₄₅₆₇₈₉";
  static const char16_t superscripts[] = u"⁰¹²³⁴⁵⁶⁷⁸⁹";
  QString symbol = QStringLiteral("W");
  for (const QChar digit : QString::number(m))
    symbol += QChar(subscripts[digit.digitValue()]);
  for (const QChar digit : QString::number(k))
    symbol += QChar(superscripts[digit.digitValue()]);
  return symbol;
}

bool ButterflyDiagram::isHeatMap() const
{
  return p_.result && p_.result->schedule.n > kMaxDiagramSize;
}

int ButterflyDiagram::columns() const
{
  return p_.result ? int(p_.result->schedule.stages.size()) : 1;
}

QRectF ButterflyDiagram::plotArea() const
{
  return {kLeft, kTop, std::max(10.0, p_.size.width() - kLeft - kRight),
          std::max(10.0, p_.size.height() - kTop - kBottom)};
}

double ButterflyDiagram::columnWidth() const
{
  return plotArea().width() / columns();
}

double ButterflyDiagram::rowHeight() const
{
  return plotArea().height() / double(p_.result->schedule.n);
}

// Room right of each node for its value: a third of the column, at most 44 px.
double ButterflyDiagram::glyphWidth() const
{
  return std::min(44.0, columnWidth() * 0.34);
}

// At N = 64 in a short diagram the rows are about 5 pixels apart and full-size nodes ran into each other.
double ButterflyDiagram::nodeRadius() const
{
  return std::min(kNodeRadius, rowHeight() * 0.45);
}

QPointF ButterflyDiagram::node(int stage, int position) const
{
  const QRectF area = plotArea();
  return {area.left() + stage * columnWidth() + 6, area.top() + (position + 0.5) * rowHeight()};
}

QColor ButterflyDiagram::phaseColour(double radians)
{
  double hue = std::fmod(radians / (2 * std::numbers::pi) + 1.0, 1.0);
  return QColor::fromHsvF(float(hue), 0.75f, 0.85f);
}

QColor ButterflyDiagram::workItemColour(std::uint32_t workItem)
{
  // Golden-ratio steps around the hue circle keep neighbouring work-items far apart.
  const double hue = std::fmod(0.58 + workItem * 0.6180339887, 1.0);
  return QColor::fromHsvF(float(hue), 0.55f, 0.92f);
}

QString ButterflyDiagram::stageTitle(const spectrascope::learn::Schedule& schedule, int stage)
{
  if (stage == 0) {
    switch (schedule.algorithm) {
    case Algorithm::Radix2Dit:
      return QStringLiteral("0: bit reversal");
    case Algorithm::Radix4:
      return QStringLiteral("0: digit reversal");
    case Algorithm::RegisterExchange:
      return QStringLiteral("0: load");
    default:
      return QStringLiteral("0: input");
    }
  }
  const auto& butterflies = schedule.stages[stage].butterflies;
  const int radix = butterflies.empty() ? 2 : butterflies.front().radix;
  return QStringLiteral("%1: radix %2").arg(stage).arg(radix);
}

void ButterflyDiagram::draw(DiagramCanvas& canvas) const
{
  canvas.rect(QRectF(QPointF(0, 0), p_.size), Qt::white);
  if (!p_.result) {
    canvas.text({p_.size.width() / 2, p_.size.height() / 2}, QStringLiteral("Computing the stages…"), kDone,
                14, DiagramCanvas::Align::Center);
    return;
  }
  drawHeaders(canvas);
  if (isHeatMap()) {
    drawHeatMap(canvas);
  } else {
    drawEdges(canvas);
    drawTwiddleLabels(canvas);
    drawNodes(canvas);
  }
  drawLegend(canvas);
}

double ButterflyDiagram::headerPixelSize() const
{
  return columnWidth() < 70 ? 10 : 12;
}

namespace {
QFontMetricsF boldMetrics(double pixelSize)
{
  QFont font;
  font.setPixelSize(int(pixelSize));
  font.setBold(true);
  return QFontMetricsF(font);
}
} // namespace

// "0: bit reversal" in bold was wider than a column of 70 to 100 pixels and ran into "1: radix 2".
QString ButterflyDiagram::header(int stage) const
{
  const QString title = stageTitle(p_.result->schedule, stage);
  const double room = columnWidth() - 8;
  return boldMetrics(headerPixelSize()).horizontalAdvance(title) <= room ? title : QString::number(stage);
}

QRectF ButterflyDiagram::headerRect(int stage) const
{
  const QFontMetricsF metrics = boldMetrics(headerPixelSize());
  const QPointF at(node(stage, 0).x() - 4, kTop - 14);
  return QRectF(at.x(), at.y() - metrics.ascent(), metrics.horizontalAdvance(header(stage)),
                metrics.height());
}

void ButterflyDiagram::drawHeaders(DiagramCanvas& canvas) const
{
  const auto& schedule = p_.result->schedule;
  const double fontSize = headerPixelSize();
  for (int s = 0; s < columns(); ++s) {
    const bool current = s == p_.stage;
    canvas.text({node(s, 0).x() - 4, kTop - 14}, header(s), current ? kActive : kInk, fontSize,
                DiagramCanvas::Align::Left, current);
  }
  canvas.text({kLeft - 6, kTop - 14}, QStringLiteral("stage"), kDone, 10, DiagramCanvas::Align::Right);
  // Position labels, where rows are tall enough to read them.
  if (!isHeatMap() && rowHeight() >= 9) {
    const double size = std::min(11.0, rowHeight() * 0.8);
    for (int pos = 0; pos < int(schedule.n); ++pos)
      canvas.text({kLeft - 6, node(0, pos).y() + size * 0.35}, QString::number(pos), kDone, size,
                  DiagramCanvas::Align::Right);
  }
}

void ButterflyDiagram::drawEdges(DiagramCanvas& canvas) const
{
  const auto& stages = p_.result->schedule.stages;
  const double gap = glyphWidth() + 10;
  // Current stage last, so its lines lie on top.
  for (int pass = 0; pass < 2; ++pass)
    for (int s = 1; s < columns(); ++s) {
      const bool current = s == p_.stage;
      if (current != (pass == 1)) continue;
      const QColor colour = current ? kActive : s < p_.stage ? kDone : kFuture;
      const double width = current ? 1.4 : 0.8;
      for (const Butterfly& b : stages[s].butterflies)
        for (int j = 0; j < b.radix; ++j)
          for (int q = 0; q < b.radix; ++q) {
            const QPointF from = node(s - 1, int(b.inputs[j])) + QPointF(gap, 0);
            const QPointF to = node(s, int(b.outputs[q])) - QPointF(nodeRadius() + 1, 0);
            canvas.line(from, to, colour, width);
          }
    }
}

// W_m^k beside each butterfly of the current stage that turns a value, where there is room to read it.
std::vector<ButterflyDiagram::TwiddleLabel> ButterflyDiagram::twiddleLabels() const
{
  if (!p_.result || isHeatMap() || p_.stage < 1 || rowHeight() < 13 || columnWidth() < 90) return {};
  QFont font;
  font.setPixelSize(kTwiddlePixelSize);
  const QFontMetricsF metrics(font);
  const auto& stage = p_.result->schedule.stages[p_.stage];
  const double gap = glyphWidth() + 10;
  std::vector<TwiddleLabel> labels;
  for (const Butterfly& b : stage.butterflies)
    for (int j = 0; j < b.radix; ++j) {
      const auto& t = b.twiddles[j];
      if (t.k % t.m == 0) continue;
      const int row = int(b.twiddleAfter ? b.outputs[j] : b.inputs[j]);
      const double x = b.twiddleAfter ? node(p_.stage, row).x() - 30 : node(p_.stage - 1, row).x() + gap + 4;
      const QPointF baseline(x, node(p_.stage, row).y() - 3);
      const QString text = twiddleSymbol(t.m, t.k);
      const QRectF box(x - 1, baseline.y() - metrics.ascent() - 1, metrics.horizontalAdvance(text) + 2,
                       metrics.ascent() + metrics.descent() + 2);
      labels.push_back({text, baseline, box});
    }
  return labels;
}

void ButterflyDiagram::drawTwiddleLabels(DiagramCanvas& canvas) const
{
  for (const TwiddleLabel& label : twiddleLabels()) {
    canvas.rect(label.box, Qt::white);
    canvas.text(label.baseline, label.text, kActive.darker(130), kTwiddlePixelSize);
  }
}

void ButterflyDiagram::drawNodes(DiagramCanvas& canvas) const
{
  const auto& r = *p_.result;
  const bool exchange = r.schedule.algorithm == Algorithm::RegisterExchange;
  for (int s = 0; s < columns(); ++s) {
    const bool shown = s <= p_.stage && s < int(r.stages.size());
    const double scale = shown ? maxMagnitude(r.stages[s]) : 0;
    const auto& stage = r.schedule.stages[s];
    for (int pos = 0; pos < int(r.schedule.n); ++pos) {
      QColor fill = shown ? kInk : Qt::white;
      if (exchange && shown) fill = workItemColour(stage.holders[pos].workItem).darker(115);
      canvas.circle(node(s, pos), nodeRadius(), fill, shown ? fill.darker(130) : kFuture);
      if (shown) drawValue(canvas, s, pos, scale);
    }
    if (exchange && shown)
      for (std::uint32_t pos : stage.viaLocalMemory)
        canvas.circle(node(s, int(pos)), nodeRadius() + std::min(2.5, nodeRadius() * 0.6), Qt::transparent,
                      kLocalMemory, 1.6);
  }
  if (p_.hover) {
    const auto [s, pos] = *p_.hover;
    canvas.circle(node(s, pos), nodeRadius() + 4, Qt::transparent, kInk, 1.2);
  }
}

void ButterflyDiagram::drawValue(DiagramCanvas& canvas, int stage, int position, double scale) const
{
  const Complex v = p_.result->stages[stage][position];
  const double magnitude = scale > 0 ? std::abs(v) / scale : 0;
  const QColor colour = phaseColour(std::arg(v));
  const QPointF c = node(stage, position);
  const double h = std::max(1.5, rowHeight() * 0.6);
  if (p_.style == ValueStyle::Bars) {
    const QRectF track(c.x() + nodeRadius() + 3, c.y() - h / 2, glyphWidth(), h);
    canvas.rect(track, QColor(0xf1, 0xf3, 0xf5));
    if (magnitude > 1e-9) canvas.rect(QRectF(track.topLeft(), QSizeF(track.width() * magnitude, h)), colour);
    return;
  }
  const double radius = std::min(h / 2 + 1, glyphWidth() / 2);
  const QPointF centre(c.x() + nodeRadius() + 3 + radius, c.y());
  canvas.circle(centre, radius, Qt::transparent, kFuture, 0.8);
  const double angle = std::arg(v);
  // Screen y points down: the imaginary part goes up.
  canvas.line(centre, centre + QPointF(std::cos(angle), -std::sin(angle)) * radius * magnitude, colour, 1.4);
}

void ButterflyDiagram::drawHeatMap(DiagramCanvas& canvas) const
{
  const auto& r = *p_.result;
  static const auto viridis = spectrascope::ui::Colormap::byName("viridis");
  QImage image(columns(), int(r.schedule.n), QImage::Format_RGB32);
  image.fill(QColor(0xf1, 0xf3, 0xf5));
  for (int s = 0; s <= p_.stage && s < int(r.stages.size()); ++s) {
    const double scale = maxMagnitude(r.stages[s]);
    for (int pos = 0; pos < int(r.schedule.n); ++pos) {
      // 60 dB below the stage's largest value is black enough to read a structure.
      const double db =
          scale > 0 ? 20 * std::log10(std::max(std::abs(r.stages[s][pos]) / scale, 1e-6)) : -120;
      image.setPixel(s, pos, viridis->argb((db + 60) / 60));
    }
  }
  const QRectF area = plotArea();
  canvas.image(area, image);
  for (int s = 1; s < columns(); ++s)
    canvas.line({area.left() + s * columnWidth(), area.top()},
                {area.left() + s * columnWidth(), area.bottom()}, Qt::white, 1.0);
  const QRectF current(area.left() + p_.stage * columnWidth(), area.top(), columnWidth(), area.height());
  canvas.rect(current, Qt::transparent, kActive);
  for (int pos = 0; pos < int(r.schedule.n); pos += int(r.schedule.n / 8))
    canvas.text({kLeft - 6, area.top() + (pos + 0.5) * rowHeight() + 4}, QString::number(pos), kDone, 10,
                DiagramCanvas::Align::Right);
}

// Two lines under the plot: what size and colour mean, and a colour key (ColourKey.h).
void ButterflyDiagram::drawLegend(DiagramCanvas& canvas) const
{
  const double y = p_.size.height() - 30;
  // Short enough for the narrowest diagram (about 420 pixels at scale 2 on a 1920 x 1080 screen).
  const bool exchange = p_.result->schedule.algorithm == Algorithm::RegisterExchange;
  QString legend;
  if (isHeatMap())
    legend = QStringLiteral("colour: 20·log₁₀|x| per stage, from its largest value down");
  else if (exchange)
    legend = p_.style == ValueStyle::Bars
                 ? QStringLiteral("bars: |x| · node colour: work-item · ring: via local memory")
                 : QStringLiteral("arrows: x · node colour: work-item · ring: via local memory");
  else
    legend = p_.style == ValueStyle::Bars ? QStringLiteral("bar length: |x|, each stage on its own scale")
                                          : QStringLiteral("arrow: x as a phasor, length |x|, angle = phase");
  // Elided to the diagram's width, which is about 300 pixels at an 800-pixel window.
  QFont font;
  font.setPixelSize(11);
  const double right = p_.size.width() - 4;
  canvas.text({kLeft, y}, QFontMetricsF(font).elidedText(legend, Qt::ElideRight, right - kLeft), kDone, 11);
  drawColourKey(canvas, {kLeft, y + 8}, right, isHeatMap(), kDone);
}

std::optional<std::pair<int, int>> ButterflyDiagram::hitTest(QPointF point) const
{
  if (!p_.result) return std::nullopt;
  const QRectF area = plotArea();
  const int pos = int(std::floor((point.y() - area.top()) / rowHeight()));
  if (pos < 0 || pos >= int(p_.result->schedule.n)) return std::nullopt;
  int stage = int(std::floor((point.x() - area.left()) / columnWidth()));
  if (!isHeatMap()) {
    // Node plus its value glyph.
    stage = int(std::floor((point.x() - area.left() + 6) / columnWidth()));
    if (stage < 0 || stage >= columns()) return std::nullopt;
    const double dx = point.x() - node(stage, pos).x();
    if (dx < -nodeRadius() - 3 || dx > glyphWidth() + nodeRadius() + 6) return std::nullopt;
  }
  if (stage < 0 || stage >= columns()) return std::nullopt;
  return std::pair{stage, pos};
}

} // namespace spectrascope::ui
