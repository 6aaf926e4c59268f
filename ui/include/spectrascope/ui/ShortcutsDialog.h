#pragma once
// Help > Keyboard Shortcuts: every shortcut the window answers to, read from the actions and shortcuts
// themselves when the dialog opens, so the list cannot drift from what the keys do.

#include <QDialog>
#include <QList>
#include <QString>

class QMenuBar;
class QTabWidget;

namespace spectrascope::ui {

class ShortcutsDialog : public QDialog
{
  Q_OBJECT

public:
  struct Row
  {
    QString place; // "File", "Edit", … for menu actions; the tab's name for a tab's own keys
    QString what;
    QString keys; // native text, alternatives joined by ", "
  };

  ShortcutsDialog(const QList<Row>& rows, QWidget* parent = nullptr);

  // Menu actions with a shortcut (in menu order), then each tab's own shortcuts (QShortcut objects and
  // buttons with a shortcut), described by their whatsThis text.
  static QList<Row> rowsOf(const QMenuBar* menuBar, const QTabWidget* tabs);
};

} // namespace spectrascope::ui
