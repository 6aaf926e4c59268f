#include "spectrascope/ui/learn/ReadableNumbers.h"

#include <cmath>
#include <numbers>

namespace spectrascope::ui {
namespace {

const QChar kMinus(0x2212);
// Below this share of a complex value's magnitude a part is float rounding noise.
constexpr double kNoise = 1e-4;

QString superscript(int exponent)
{
  static const char16_t digits[] = u"⁰¹²³⁴⁵⁶⁷⁸⁹";
  QString text = exponent < 0 ? QStringLiteral("⁻") : QString();
  for (const QChar digit : QString::number(std::abs(exponent)))
    text += QChar(digits[digit.digitValue()]);
  return text;
}

QString withMinus(QString text)
{
  return text.replace(QLatin1Char('-'), kMinus);
}

// |value| only; the caller writes the sign.
QString magnitudeText(double magnitude)
{
  if (magnitude == 0) return QStringLiteral("0");
  if (magnitude >= 1e6 || magnitude < 1e-3) return scientific(magnitude, 3);
  if (magnitude >= 100) return QString::number(std::llround(magnitude));
  QString text = QString::number(magnitude, 'g', 3);
  // 'g' writes 99.96 as "100" (fine) but never uses an exponent in this range; keep it so.
  return text;
}

} // namespace

QString scientific(double value, int significant)
{
  if (value == 0) return QStringLiteral("0");
  if (!std::isfinite(value)) return std::isnan(value) ? QStringLiteral("not a number") : QStringLiteral("∞");
  int exponent = int(std::floor(std::log10(std::abs(value))));
  double mantissa = value / std::pow(10.0, exponent);
  // Rounding can carry the mantissa to 10 (9.96 at two digits).
  if (std::abs(QString::number(mantissa, 'f', significant - 1).toDouble()) >= 10) {
    exponent += 1;
    mantissa /= 10;
  }
  const QString digits = withMinus(QString::number(mantissa, 'f', std::max(0, significant - 1)));
  if (exponent == 0) return digits;
  return QStringLiteral("%1 × 10%2").arg(digits, superscript(exponent));
}

QString scientificRange(double low, double high)
{
  if (low <= 0 || high <= 0 || !std::isfinite(low) || !std::isfinite(high))
    return QStringLiteral("%1 – %2").arg(scientific(low), scientific(high));
  const int exponent = int(std::floor(std::log10(std::max(low, high))));
  const double scale = std::pow(10.0, exponent);
  return QStringLiteral("%1–%2 × 10%3")
      .arg(QString::number(low / scale, 'f', 1), QString::number(high / scale, 'f', 1),
           superscript(exponent));
}

QString readableReal(double value)
{
  const QString text = magnitudeText(std::abs(value));
  return value < 0 && text != QLatin1String("0") ? kMinus + text : text;
}

QString readableComplex(std::complex<double> value)
{
  const double magnitude = std::abs(value);
  double re = value.real(), im = value.imag();
  if (std::abs(re) < kNoise * magnitude) re = 0;
  if (std::abs(im) < kNoise * magnitude) im = 0;
  if (magnitude == 0 || (re == 0 && im == 0)) return QStringLiteral("0");
  const QString imText = magnitudeText(std::abs(im));
  const QString imPart = imText == QLatin1String("1") ? QStringLiteral("i") : imText + QStringLiteral("i");
  if (im == 0) return readableReal(re);
  if (re == 0) return im < 0 ? kMinus + imPart : imPart;
  return QStringLiteral("%1 %2 %3")
      .arg(readableReal(re), im < 0 ? QString(kMinus) : QStringLiteral("+"), imPart);
}

QString readableDegrees(double radians)
{
  const long degrees = std::lround(radians * 180 / std::numbers::pi);
  return (degrees < 0 ? kMinus + QString::number(-degrees) : QString::number(degrees)) + QStringLiteral("°");
}

} // namespace spectrascope::ui
