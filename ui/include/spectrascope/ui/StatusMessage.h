#pragma once
// The status bar's message, fitted to the room left of the bar's permanent widget (the backend label):
// QStatusBar cuts a long message off under that widget with no sign that there was more. The message is
// elided with "…" and given whole as the bar's tooltip, and fitted again whenever that room changes: the
// window resized, the label's text replaced (a device's name after "starting…"), or the window shown for
// the first time (a message from the command line's files comes before the window has its width).

#include <QElapsedTimer>
#include <QObject>
#include <QString>

class QStatusBar;
class QWidget;

namespace spectrascope::ui {

class StatusMessage : public QObject
{
  Q_OBJECT

public:
  // `neighbour`: the permanent widget the message must end before. The message stays for `timeoutMs`.
  StatusMessage(QStatusBar* bar, QWidget* neighbour, int timeoutMs);

  void show(const QString& text);

protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

private:
  void fit();

  QStatusBar* bar_;
  QWidget* neighbour_;
  int timeoutMs_;
  QString text_;  // the whole message, while it is the bar's
  QString shown_; // what the bar shows of it (null until the bar could show it)
  QElapsedTimer age_;
};

} // namespace spectrascope::ui
