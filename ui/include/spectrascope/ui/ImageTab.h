#pragma once
// The "Image" tab of the main window. For now a placeholder that says what it will show.

#include <QWidget>

namespace spectrascope::ui {

class ImageTab : public QWidget
{
  Q_OBJECT

public:
  explicit ImageTab(QWidget* parent = nullptr);
};

} // namespace spectrascope::ui
