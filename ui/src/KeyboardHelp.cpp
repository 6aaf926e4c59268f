#include "spectrascope/ui/KeyboardHelp.h"

#include <QStringList>
#include <QVariant>

namespace spectrascope::ui::keyboard_help {
namespace {
const char* const kProperty = "spectrascopeKeyboardHelp";
} // namespace

void publish(QWidget* widget, const QList<Entry>& entries)
{
  QStringList lines;
  for (const Entry& e : entries)
    lines << e.what + QLatin1Char('\t') + e.keys;
  widget->setProperty(kProperty, lines);
}

QList<Entry> of(const QWidget* widget)
{
  QList<Entry> entries;
  for (const QString& line : widget->property(kProperty).toStringList())
    entries.append({line.section(QLatin1Char('\t'), 0, 0), line.section(QLatin1Char('\t'), 1)});
  return entries;
}

} // namespace spectrascope::ui::keyboard_help
