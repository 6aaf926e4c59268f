#pragma once
// A centred title and one sentence: what a tab will show once its real view exists.

#include <QWidget>

namespace spectrascope::ui {

class PlaceholderPage : public QWidget
{
  Q_OBJECT

public:
  PlaceholderPage(const QString& title, const QString& sentence, QWidget* parent = nullptr);
};

} // namespace spectrascope::ui
