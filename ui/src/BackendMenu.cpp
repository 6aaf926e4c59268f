#include "spectrascope/ui/BackendMenu.h"

#include <QActionGroup>

namespace spectrascope::ui {

BackendMenu::BackendMenu(QWidget* parent) : QMenu(tr("&Engine"), parent), group_(new QActionGroup(this))
{
  setObjectName(QStringLiteral("backendMenu"));
  group_->setExclusive(true);
  connect(group_, &QActionGroup::triggered, this,
          [this](QAction* action) { emit backendRequested(action->data().toString()); });
  showSearching();
}

void BackendMenu::showSearching()
{
  QAction* searching = addAction(tr("Looking for devices…"));
  searching->setEnabled(false);
}

void BackendMenu::setOptions(const BackendOptions& options)
{
  clear(); // deletes the old actions, which also removes them from the group
  for (const BackendOption& option : options) {
    // The registry name goes in the shortcut column: it is what --backend and the CLI take.
    QAction* action = addAction(option.description + QLatin1Char('\t') + option.name);
    action->setData(option.name);
    action->setCheckable(true);
    group_->addAction(action);
  }
  setCurrent(requested_, inUse_);
}

void BackendMenu::setCurrent(const QString& requested, const QString& inUse)
{
  requested_ = requested;
  inUse_ = inUse;
  QAction* current = actionFor(requested);
  if (!current) current = actionFor(inUse);
  if (current) current->setChecked(true);
}

QAction* BackendMenu::actionFor(const QString& name) const
{
  if (name.isEmpty()) return nullptr;
  for (QAction* action : group_->actions())
    if (action->data().toString() == name) return action;
  return nullptr;
}

} // namespace spectrascope::ui
