#include "spectrascope/ui/image/ImageActions.h"

#include <QAction>
#include <QKeySequence>
#include <QUndoStack>
#include <QWidget>

namespace spectrascope::ui::image {
namespace {

// The platform's bindings for `key`, then `extra` where the platform lacks it: Ctrl+Y redoes on every
// desktop people come from, but X11's standard Redo is Ctrl+Shift+Z alone. No sequence twice: Qt
// triggers nothing for a sequence that two shortcuts share.
QList<QKeySequence> bindings(QKeySequence::StandardKey key, const QList<QKeySequence>& extra = {})
{
  QList<QKeySequence> keys = QKeySequence::keyBindings(key);
  for (const QKeySequence& sequence : extra)
    if (!keys.contains(sequence)) keys << sequence;
  return keys;
}

} // namespace

ImageActions::ImageActions(QWidget* owner, QUndoStack* history) : QObject(owner)
{
  const auto make = [owner](const QString& text, const QString& name, const QList<QKeySequence>& keys) {
    auto* action = new QAction(text, owner);
    action->setObjectName(name);
    action->setShortcuts(keys);
    action->setShortcutContext(Qt::WindowShortcut);
    owner->addAction(action);
    return action;
  };
  open = make(tr("&Open Image…"), QStringLiteral("openImageAction"), bindings(QKeySequence::Open));
  saveResult =
      make(tr("&Save Filtered Image…"), QStringLiteral("saveResultAction"), bindings(QKeySequence::Save));
  saveSpectrum = make(tr("Save Spectrum &Picture…"), QStringLiteral("saveSpectrumAction"), {});
  saveMask = make(tr("Save &Mask…"), QStringLiteral("saveMaskAction"), {});
  copy = make(tr("&Copy Filtered Image"), QStringLiteral("copyResultAction"), bindings(QKeySequence::Copy));
  zoomIn = make(tr("Zoom &In"), QStringLiteral("zoomInAction"), bindings(QKeySequence::ZoomIn));
  zoomOut = make(tr("Zoom &Out"), QStringLiteral("zoomOutAction"), bindings(QKeySequence::ZoomOut));
  fit = make(tr("&Fit to Window"), QStringLiteral("fitAction"), {QKeySequence(Qt::CTRL | Qt::Key_0)});
  actualSize = make(tr("&Actual Pixels (100 %)"), QStringLiteral("actualSizeAction"),
                    {QKeySequence(Qt::CTRL | Qt::Key_1)});
  // The undo stack's own actions name the step ("Undo Add notch") and follow canUndo/canRedo.
  undo = history->createUndoAction(owner, tr("&Undo"));
  undo->setObjectName(QStringLiteral("undoAction"));
  undo->setShortcuts(bindings(QKeySequence::Undo));
  redo = history->createRedoAction(owner, tr("&Redo"));
  redo->setObjectName(QStringLiteral("redoAction"));
  redo->setShortcuts(bindings(QKeySequence::Redo, {QKeySequence(Qt::CTRL | Qt::Key_Y)}));
  for (QAction* action : {undo, redo}) {
    action->setShortcutContext(Qt::WindowShortcut);
    owner->addAction(action);
  }
  // The toolbars show these shorter names (the menus the full ones).
  open->setIconText(tr("Open…"));
  fit->setIconText(tr("Fit"));
  actualSize->setIconText(tr("100 %"));
}

} // namespace spectrascope::ui::image
