#pragma once
// What the Image tab waits for while a picture loads: a sentence naming the file and the work (decoding,
// transforming, on which backend, and why a first use on a device takes longer), a busy bar and Cancel.
// Quick loads show nothing: it appears only once a load has taken longer than half a second.

#include <QWidget>

class QProgressBar;
class QPushButton;
class QTimer;

namespace spectrascope::ui {
class ElidedLabel;
}

namespace spectrascope::ui::image {

class LoadProgress : public QWidget
{
  Q_OBJECT

public:
  explicit LoadProgress(QWidget* parent = nullptr);

  void start(const QString& what);
  // A picture `name` decoded and transformed on `backend` (a registry name), or transformed again.
  void startLoading(const QString& name, const QString& backend, bool again);
  void finish();
  // Started and not finished: shown, or about to be.
  bool isActive() const;
  QString text() const;

signals:
  void cancelRequested();

private:
  ElidedLabel* label_ = nullptr;
  QProgressBar* bar_ = nullptr;
  QPushButton* cancel_ = nullptr;
  QTimer* delay_ = nullptr;
};

} // namespace spectrascope::ui::image
