#pragma once
// The two lines under the Audio tab's views: the latest event or error in words (kept until the next),
// and, fainter, the figures of the running analysis (backend, cost, latency, frame rate) once a second.
// Both wrap rather than widen the tab past a small screen.

#include <QWidget>

class QLabel;

namespace spectrascope::ui {

class AudioStatusLine : public QWidget
{
  Q_OBJECT

public:
  explicit AudioStatusLine(QWidget* parent = nullptr);

  void showNotice(const QString& text);
  // "Heading: detail" (the heading says what failed, the detail why).
  void showError(const QString& heading, const QString& detail);
  QString text() const;
  // An empty text keeps the figures shown last.
  void showFigures(const QString& figures);

private:
  QLabel* status_ = nullptr;
  QLabel* figures_ = nullptr;
};

} // namespace spectrascope::ui
