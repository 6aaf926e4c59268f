#include "spectrascope/ui/learn/ColourKey.h"

#include "spectrascope/ui/Colormap.h"
#include "spectrascope/ui/learn/ButterflyDiagram.h"

#include <QFont>
#include <QFontMetricsF>

#include <algorithm>
#include <numbers>

namespace spectrascope::ui {
namespace {

constexpr int kSteps = 36;
constexpr double kHeight = 8, kNamePixels = 11, kLabelPixels = 10;

double advance(const QString& text, double pixelSize)
{
  QFont font;
  font.setPixelSize(int(pixelSize));
  return QFontMetricsF(font).horizontalAdvance(text);
}

} // namespace

void drawColourKey(DiagramCanvas& canvas, QPointF at, double right, bool heatMap, const QColor& ink)
{
  const QString name = heatMap ? QStringLiteral("colour key:") : QStringLiteral("colour = phase:");
  const QStringList labels =
      heatMap ? QStringList{QStringLiteral("−60 dB"), QStringLiteral("0 dB")}
              : QStringList{QStringLiteral("−180°"), QStringLiteral("−90°"), QStringLiteral("0°"),
                            QStringLiteral("+90°"), QStringLiteral("±180°")};
  canvas.text({at.x(), at.y() + kHeight}, name, ink, kNamePixels);
  // The end labels are centred on the key's ends: half of each must fit too.
  const double firstHalf = advance(labels.front(), kLabelPixels) / 2,
               lastHalf = advance(labels.back(), kLabelPixels) / 2;
  const double left = std::max(at.x() + advance(name, kNamePixels) + 6, firstHalf);
  const double stepWidth = std::clamp((right - lastHalf - left) / kSteps, 1.0, 5.0);
  const double width = kSteps * stepWidth;
  static const auto viridis = spectrascope::ui::Colormap::byName("viridis");
  for (int i = 0; i < kSteps; ++i) {
    const QRectF step(left + i * stepWidth, at.y(), stepWidth, kHeight);
    if (heatMap)
      canvas.rect(step, QColor::fromRgba(viridis->argb(double(i) / (kSteps - 1))));
    else
      canvas.rect(
          step, ButterflyDiagram::phaseColour(-std::numbers::pi + (i + 0.5) * 2 * std::numbers::pi / kSteps));
  }
  // Every label where they have room apart, else the ends and the middle, else the ends.
  const double labelY = at.y() + kHeight + 11;
  double widest = 0;
  for (const QString& label : labels)
    widest = std::max(widest, advance(label, kLabelPixels));
  int every = 1;
  while (every < labels.size() - 1 && width / (labels.size() - 1) * every < widest + 4)
    every *= 2;
  for (int i = 0; i < labels.size(); i += every)
    canvas.text({left + width * i / (labels.size() - 1), labelY}, labels[i], ink, kLabelPixels,
                DiagramCanvas::Align::Center);
}

} // namespace spectrascope::ui
