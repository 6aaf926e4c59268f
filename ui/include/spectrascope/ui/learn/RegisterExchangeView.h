#pragma once
// Register exchange at one stage: a row per work-item, a cell per register, each cell naming the array
// position it holds; cells whose value just came through local memory are outlined in orange (as in
// Bainville's figure, where one value per work-item crosses between DFT2 steps).

#include "spectrascope/engine/learn/Schedule.h"

#include <QWidget>

#include <algorithm>

namespace spectrascope::ui {

class RegisterExchangeView : public QWidget
{
  Q_OBJECT

public:
  static constexpr int kMaxRowsShown = 16;
  static constexpr int kMaxColumnsShown = 16;

  explicit RegisterExchangeView(QWidget* parent = nullptr);

  void setStage(const spectrascope::learn::Schedule& schedule, int stage);
  QSize sizeHint() const override { return {260, 220}; }
  QSize minimumSizeHint() const override { return {160, 120}; }
  // The caption over the grid, whole and as drawn: how many values of this stage came through local
  // memory, shortened with "…" to the view's width when it does not fit (the whole caption is then the
  // tooltip over it).
  QString caption() const;
  QString shownCaption() const;
  // The band over the grid where the caption is drawn.
  QRect captionRect() const { return QRect(6, 2, std::max(0, width() - 12), 16); }

protected:
  void paintEvent(QPaintEvent* event) override;
  bool event(QEvent* event) override;

private:
  std::size_t workItems_ = 0, registers_ = 0;
  std::vector<std::uint32_t> positionAt_; // [workItem * registers + register]
  std::vector<bool> arrived_;             // same index: came through local memory before this stage
  int stage_ = 0;
};

} // namespace spectrascope::ui
