#pragma once
// A spin box for N = 2^k that shows "2^10" and takes what people type: "2^10" (what it shows, also typed
// over a selection that left "2^" in place), "10" (the exponent) or "1024" (N itself, a power of two
// larger than any exponent in range). value() is the exponent k.

#include <QSpinBox>

namespace spectrascope::ui {

class PowerOfTwoSpinBox : public QSpinBox
{
  Q_OBJECT

public:
  explicit PowerOfTwoSpinBox(QWidget* parent = nullptr);

  // The exponent that `text` means, or -1 if it means none (for tests and validate).
  int exponentOf(const QString& text) const;

protected:
  QString textFromValue(int value) const override;
  int valueFromText(const QString& text) const override;
  QValidator::State validate(QString& input, int& pos) const override;
  void fixup(QString& input) const override;
};

} // namespace spectrascope::ui
