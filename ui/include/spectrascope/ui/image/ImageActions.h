#pragma once
// The Image tab's actions, for its toolbars and the main window's menus: File (open, save three ways,
// copy), Edit (undo, redo of the mask's history) and View (zoom). Each key sequence is given once, from
// Qt's standard bindings where there is one, so that the platform's keys work and none is ambiguous.
// The owner widget gets the actions (window-wide shortcuts) and connects their triggered() signals.

#include <QList>
#include <QObject>

class QAction;
class QUndoStack;
class QWidget;

namespace spectrascope::ui::image {

class ImageActions : public QObject
{
  Q_OBJECT

public:
  ImageActions(QWidget* owner, QUndoStack* history);

  QAction* open = nullptr;
  QAction* saveResult = nullptr;
  QAction* saveSpectrum = nullptr;
  QAction* saveMask = nullptr;
  QAction* copy = nullptr;
  QAction* undo = nullptr;
  QAction* redo = nullptr;
  QAction* zoomIn = nullptr;
  QAction* zoomOut = nullptr;
  QAction* fit = nullptr;
  QAction* actualSize = nullptr;

  QList<QAction*> saveActions() const { return {saveResult, saveSpectrum, saveMask}; }
  QList<QAction*> viewActions() const { return {zoomIn, zoomOut, fit, actualSize}; }
};

} // namespace spectrascope::ui::image
