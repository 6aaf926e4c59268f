#pragma once
// The "Learn" tab of the main window. For now a placeholder that says what it will show.

#include <QWidget>

namespace spectrascope::ui {

class LearnTab : public QWidget
{
  Q_OBJECT

public:
  explicit LearnTab(QWidget* parent = nullptr);
};

} // namespace spectrascope::ui
