#include "spectrascope/ui/timing/PowerOfTwoSpinBox.h"

#include <QRegularExpression>

#include <bit>

namespace spectrascope::ui {
namespace {

// Everything after the last "2^" (one may be left of the selection the user typed over), no spaces.
QString afterPrefix(QString text)
{
  text.remove(QLatin1Char(' '));
  const qsizetype caret = text.lastIndexOf(QLatin1Char('^'));
  if (caret >= 0) text = text.mid(caret + 1);
  return text;
}

} // namespace

PowerOfTwoSpinBox::PowerOfTwoSpinBox(QWidget* parent) : QSpinBox(parent)
{
  setToolTip(tr("N as a power of two: type 2^10, 10 or 1024"));
}

int PowerOfTwoSpinBox::exponentOf(const QString& text) const
{
  const QString digits = afterPrefix(text);
  static const QRegularExpression number(QStringLiteral("^\\d{1,10}$"));
  if (!number.match(digits).hasMatch()) return -1;
  const qulonglong n = digits.toULongLong();
  const bool hadCaret = text.contains(QLatin1Char('^'));
  // A bare number beyond the exponents is N itself when it is a power of two.
  if (!hadCaret && n > qulonglong(maximum()) && std::has_single_bit(n)) return std::countr_zero(n);
  return n >= qulonglong(minimum()) && n <= qulonglong(maximum()) ? int(n) : -1;
}

QString PowerOfTwoSpinBox::textFromValue(int value) const
{
  return QStringLiteral("2^%1").arg(value);
}

int PowerOfTwoSpinBox::valueFromText(const QString& text) const
{
  const int exponent = exponentOf(text);
  return exponent >= 0 ? exponent : value();
}

QValidator::State PowerOfTwoSpinBox::validate(QString& input, int&) const
{
  if (exponentOf(input) >= 0) return QValidator::Acceptable;
  // Half typed: "", "2", "2^", "2^1" on the way to "2^12", digits on the way to a power of two.
  static const QRegularExpression partial(
      QStringLiteral("^\\s*(2\\s*\\^\\s*)*\\d{0,10}\\s*(\\^\\s*\\d{0,2})?\\s*$"));
  return partial.match(input).hasMatch() ? QValidator::Intermediate : QValidator::Invalid;
}

void PowerOfTwoSpinBox::fixup(QString& input) const
{
  input = textFromValue(value());
}

} // namespace spectrascope::ui
