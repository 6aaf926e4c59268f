#pragma once
// The choices of the stage-by-stage page in one row: N, the input (and its k, k₂, seed or row), the
// algorithm (and register exchange's work-items), and how values are drawn. Remembers them in QSettings
// ("learn/..."); says when they change.

#include "spectrascope/engine/learn/Algorithm.h"
#include "spectrascope/ui/learn/ButterflyDiagram.h"
#include "spectrascope/ui/learn/StagesInput.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QSpinBox;
class QToolButton;

namespace spectrascope::ui {

class StagesControls : public QWidget
{
  Q_OBJECT

public:
  explicit StagesControls(QWidget* parent = nullptr);

  std::size_t n() const;
  spectrascope::learn::Algorithm algorithm() const;
  std::size_t workItems() const; // register exchange only; 0 otherwise
  InputChoice inputChoice() const;
  ValueStyle valueStyle() const;
  // "Values as [Bars]": not in this row; the page places it.
  QWidget* valueStyleControls() const { return styleControls_; }

  void restoreSettings();
  void saveSettings() const;

signals:
  // N, the input or the algorithm changed: the stages must be computed again.
  void choicesChanged();
  // The Audio tab's samples should be taken again.
  void refreshRequested();
  void valueStyleChanged(spectrascope::ui::ValueStyle style);

private:
  void updateInputControls();
  void fillWorkItems();

  QComboBox* sizeBox_ = nullptr;
  QComboBox* inputBox_ = nullptr;
  QSpinBox* frequencyBox_ = nullptr;
  QSpinBox* secondFrequencyBox_ = nullptr;
  QToolButton* refreshInput_ = nullptr;
  QComboBox* algorithmBox_ = nullptr;
  QComboBox* workItemsBox_ = nullptr;
  QWidget* styleControls_ = nullptr;
  QComboBox* styleBox_ = nullptr;
  bool restoring_ = false;
  // What the user set in the k (or seed, row) and k₂ boxes: a small N limits the boxes, not the choice,
  // which comes back with a larger N.
  int chosenFrequency_ = 1, chosenSecondFrequency_ = 3;
};

} // namespace spectrascope::ui
