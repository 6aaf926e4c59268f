#include "spectrascope/ui/ShortcutsDialog.h"

#include "spectrascope/ui/KeyboardHelp.h"

#include <QAbstractButton>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QScreen>
#include <QScrollBar>
#include <QShortcut>
#include <QTabWidget>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace spectrascope::ui {
namespace {

// "&Open Image…" -> "Open Image": the menu's mnemonic and its "opens a dialog" mark mean nothing here.
QString plainText(QString text)
{
  text.remove(QRegularExpression(QStringLiteral("&(?!&)")));
  if (text.endsWith(QChar(0x2026))) text.chop(1);
  return text;
}

QString keysText(const QList<QKeySequence>& keys)
{
  QStringList parts;
  for (const QKeySequence& key : keys)
    if (!key.isEmpty()) parts << key.toString(QKeySequence::NativeText);
  return parts.join(QStringLiteral(", "));
}

void addMenuRows(const QMenu* menu, const QString& place, QList<ShortcutsDialog::Row>& rows)
{
  for (const QAction* action : menu->actions()) {
    if (action->menu()) {
      addMenuRows(action->menu(), place, rows);
      continue;
    }
    const QString keys = keysText(action->shortcuts());
    if (!keys.isEmpty()) rows.append({place, plainText(action->text()), keys});
  }
}

} // namespace

ShortcutsDialog::ShortcutsDialog(const QList<Row>& rows, QWidget* parent) : QDialog(parent)
{
  setObjectName(QStringLiteral("shortcutsDialog"));
  setWindowTitle(tr("Keyboard Shortcuts"));

  auto* list = new QTreeWidget(this);
  list->setObjectName(QStringLiteral("shortcutsList"));
  list->setColumnCount(2);
  list->setHeaderLabels({tr("Action"), tr("Keys")});
  list->setRootIsDecorated(false);
  list->setSelectionMode(QAbstractItemView::NoSelection);
  QTreeWidgetItem* group = nullptr;
  for (const Row& row : rows) {
    if (!group || group->text(0) != row.place) {
      group = new QTreeWidgetItem(list, {row.place});
      QFont bold = group->font(0);
      bold.setBold(true);
      group->setFont(0, bold);
      group->setFirstColumnSpanned(true);
    }
    new QTreeWidgetItem(group, {row.what, row.keys});
  }
  list->expandAll();
  // Wide enough for every row's words and keys, so nothing is cut or needs scrolling sideways.
  list->resizeColumnToContents(0);
  list->resizeColumnToContents(1);
  list->header()->setStretchLastSection(true);
  const int room = list->columnWidth(0) + list->columnWidth(1) + 2 * list->frameWidth() +
                   list->verticalScrollBar()->sizeHint().width() + list->fontMetrics().averageCharWidth() * 4;
  const int lines = list->topLevelItemCount() + int(rows.size()) + 2;
  int tall = std::min(lines, 24) * (list->fontMetrics().height() + 6);
  // On a short screen (1366 x 768 at 150 %: 512 points) 24 lines were taller than the screen, Close
  // below its edge; the list scrolls instead, leaving room for the buttons and the title bar.
  if (const QScreen* shown = screen()) tall = std::min(tall, shown->availableGeometry().height() * 3 / 5);
  list->setMinimumSize(room, tall);

  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(list);
  layout->addWidget(buttons);
}

QList<ShortcutsDialog::Row> ShortcutsDialog::rowsOf(const QMenuBar* menuBar, const QTabWidget* tabs)
{
  QList<Row> rows;
  for (const QAction* top : menuBar->actions())
    if (top->menu()) addMenuRows(top->menu(), plainText(top->text()), rows);
  for (int i = 0; i < tabs->count(); ++i) {
    const QString place = tr("%1 tab").arg(plainText(tabs->tabText(i)));
    const QWidget* tab = tabs->widget(i);
    for (const QShortcut* shortcut : tab->findChildren<QShortcut*>())
      if (!shortcut->whatsThis().isEmpty())
        rows.append({place, shortcut->whatsThis(), keysText({shortcut->key()})});
    for (const QAbstractButton* button : tab->findChildren<QAbstractButton*>())
      if (!button->shortcut().isEmpty() && !button->whatsThis().isEmpty())
        rows.append({place, button->whatsThis(), keysText({button->shortcut()})});
    for (const QWidget* widget : tab->findChildren<QWidget*>())
      for (const keyboard_help::Entry& entry : keyboard_help::of(widget))
        rows.append({place, entry.what, entry.keys});
  }
  return rows;
}

} // namespace spectrascope::ui
