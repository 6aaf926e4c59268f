#pragma once
// Keys a widget handles itself (in keyPressEvent, while it has the focus) rather than through a QAction or
// QShortcut, which Help > Keyboard Shortcuts finds on its own. Such a widget publishes them here, so the
// list names every key the window answers to.

#include <QList>
#include <QString>
#include <QWidget>

namespace spectrascope::ui::keyboard_help {

struct Entry
{
  QString what;
  QString keys; // as the user reads them: "+ / −", "Home, End"
};

// Stored in a dynamic property of the widget: one "what<TAB>keys" line an entry.
void publish(QWidget* widget, const QList<Entry>& entries);
QList<Entry> of(const QWidget* widget);

} // namespace spectrascope::ui::keyboard_help
