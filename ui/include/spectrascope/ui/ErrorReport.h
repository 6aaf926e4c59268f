#pragma once
// The window's one non-modal box for failures. Every error also reaches the status bar; the box makes sure
// a real failure is not missed while the user looks elsewhere. While it is open, a later error joins it
// rather than replacing one not yet read (several bad files on the command line, or a file and the
// device), and an error whose cause has gone leaves it: the next picture opened takes a picture's failure
// away, so an old "Cannot open" box does not stay over a good image.

#include <QMessageBox>
#include <QObject>
#include <QPointer>
#include <QString>

class QWidget;

namespace spectrascope::ui {

class ErrorReport : public QObject
{
  Q_OBJECT

public:
  // Where an error came from: what can later show that it has gone.
  enum class Origin { Engine, Image, Audio };

  explicit ErrorReport(QWidget* window);

  void report(Origin origin, const QString& heading, const QString& detail);
  // The origin works again: its errors leave the box, which closes once it holds none.
  void withdraw(Origin origin);

private:
  struct Entry
  {
    Origin origin;
    QString heading;
    QString detail;
  };

  void refresh();

  QWidget* window_;
  QPointer<QMessageBox> box_;
  QList<Entry> entries_;
};

} // namespace spectrascope::ui
