#pragma once
// The accuracy panel: for each transform the app runs, the selected engine's relative L2 error against
// FFTW in double precision on seeded random input, measured here in the background (AccuracySweep),
// beside the reference libraries' figures measured on the GPU machine. Measured when the page is first
// shown and again when the engine changes.

#include <QWidget>

#include <memory>

class QLabel;
class QPushButton;
class QTableWidget;

namespace spectrascope {
class Engine;
}

namespace spectrascope::ui {

class AccuracySweep;
class LessonGuide;
struct AccuracyOutcome;

class AccuracyPage : public QWidget
{
  Q_OBJECT

public:
  enum Column { Transform, UsedBy, ThisEngine, FirstPeer };

  explicit AccuracyPage(QWidget* parent = nullptr);

  void setEngine(std::shared_ptr<Engine> engine);
  bool isMeasuring() const;
  QTableWidget* table() const { return table_; }
  // The row of the app's transform `index`; the last row is N = 2²⁴, measured on the GPU machine only.
  int rowOf(std::size_t index) const { return int(index); }

public slots:
  void measure();

signals:
  void measurementsDone();

protected:
  void showEvent(QShowEvent* event) override;
  bool eventFilter(QObject* watched, QEvent* event) override;

private:
  void fillTable();
  void fitTextColumns();
  void showMeasurement(const AccuracyOutcome& outcome);

  LessonGuide* guide_ = nullptr;
  QLabel* statusLabel_ = nullptr;
  QPushButton* measureButton_ = nullptr;
  QTableWidget* table_ = nullptr;
  AccuracySweep* sweep_ = nullptr;
  std::shared_ptr<Engine> engine_;
  bool measured_ = false;
  QString device_;
};

} // namespace spectrascope::ui
