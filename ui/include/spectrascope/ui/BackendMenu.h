#pragma once
// The "Engine" menu: one exclusive, checkable action per backend of this machine (from the engine's
// registry, listed by EngineService in the background). Triggering one asks for that backend.

#include "spectrascope/ui/BackendOption.h"

#include <QMenu>

class QActionGroup;

namespace spectrascope::ui {

class BackendMenu : public QMenu
{
  Q_OBJECT

public:
  explicit BackendMenu(QWidget* parent = nullptr);

  void setOptions(const BackendOptions& options);
  // Checks the action of `requested` ("auto" stays checked when it resolves to FFTW); if the request is
  // not one of the actions (say "opencl:pocl"), checks the backend actually in use.
  void setCurrent(const QString& requested, const QString& inUse);
  // The action for a registry name, or null.
  QAction* actionFor(const QString& name) const;

signals:
  void backendRequested(const QString& name);

private:
  void showSearching();

  QActionGroup* group_;
  QString requested_;
  QString inUse_;
};

} // namespace spectrascope::ui
