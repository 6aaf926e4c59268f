#pragma once
// The scrolling spectrogram: shows SpectrogramRenderer's image scaled into the widget. The owner appends
// columns as results arrive and calls update() from its display timer.

#include "spectrascope/ui/audio/SpectrogramRenderer.h"

#include <QWidget>

namespace spectrascope::ui {

class SpectrogramView : public QWidget
{
  Q_OBJECT

public:
  explicit SpectrogramView(QWidget* parent = nullptr);
  SpectrogramRenderer& renderer() { return renderer_; }
  const SpectrogramRenderer& renderer() const { return renderer_; }

protected:
  void paintEvent(QPaintEvent* event) override;

private:
  SpectrogramRenderer renderer_;
};

} // namespace spectrascope::ui
