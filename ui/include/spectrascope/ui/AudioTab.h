#pragma once
// The "Audio" tab of the main window. For now a placeholder that says what it will show.

#include <QWidget>

namespace spectrascope::ui {

class AudioTab : public QWidget
{
  Q_OBJECT

public:
  explicit AudioTab(QWidget* parent = nullptr);
};

} // namespace spectrascope::ui
