#pragma once
// A combo box whose closed box shortens a long choice with "…" where QComboBox cuts it off mid-word,
// and then names the whole choice in its tooltip. The list, when open, shows every choice whole. For
// boxes kept narrow so that their row fits a small window.

#include <QComboBox>

namespace spectrascope::ui {

class ElidedComboBox : public QComboBox
{
  Q_OBJECT

public:
  explicit ElidedComboBox(QWidget* parent = nullptr);

  // The box's own description, shown as the tooltip while the choice is whole.
  void setDescription(const QString& description);
  // The choice as the closed box draws it.
  QString shownText() const;

protected:
  void paintEvent(QPaintEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;

private:
  void refreshToolTip();

  QString description_;
};

} // namespace spectrascope::ui
