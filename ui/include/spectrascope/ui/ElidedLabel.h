#pragma once
// A one-line label that never makes its layout wider than the room it is given: its text is shortened
// with "…" to the width it has, and the whole text stays in fullText(). For status lines whose length
// depends on the data (timings, backend names, file names) on any tab. Plain text only.

#include <QLabel>

namespace spectrascope::ui {

class ElidedLabel : public QLabel
{
  Q_OBJECT

public:
  explicit ElidedLabel(QWidget* parent = nullptr);

  void setFullText(const QString& text);
  QString fullText() const { return fullText_; }
  // Whether the text shown is shortened.
  bool isElided() const { return text() != fullText_; }

  // As wide as the whole text if there is room, as narrow as a few characters if not.
  QSize sizeHint() const override;
  QSize minimumSizeHint() const override;

protected:
  void resizeEvent(QResizeEvent* event) override;
  void changeEvent(QEvent* event) override;

private:
  void elide();

  QString fullText_;
};

} // namespace spectrascope::ui
