#pragma once
// The Learn tab's 2D page: the loaded image (or the bundled sample) through a row pass and then a column
// pass of 1D transforms on the Learn tab's device, stepped like the 1D stages (input, after the rows,
// after the columns), with a check mark against the full 2D transform in double precision.
//
// The image is cut to its centred square and scaled to S x S (S a power of two the user picks) so every
// row and column is one radix-2 transform; the passes run on StepsComputation's thread, and only while
// the page is shown (the 1D stages share that thread and should not wait for a page nobody looks at).

#include "spectrascope/engine/learn/RowColumnPasses.h"

#include <QImage>
#include <QWidget>

#include <memory>

class QComboBox;
class QLabel;
class QPushButton;
class QToolButton;

namespace spectrascope::ui {

class ElidedLabel;
class RowColumnView;
class StepsComputation;
struct RowColumnOutcome;

class RowColumnPage : public QWidget
{
  Q_OBJECT

public:
  // `computation` is shared with the 1D stages (one device, one thread) and must outlive the page.
  explicit RowColumnPage(StepsComputation* computation, QWidget* parent = nullptr);

  // The picture whose rows and columns are transformed; a null image means the bundled sample.
  void setImage(const QImage& image, const QString& name);
  // The backend the passes run on ("auto", "opencl:0", "fftw"...); recomputes when it changes.
  void setBackend(const QString& backend);

  int pass() const { return pass_; }
  std::shared_ptr<const spectrascope::learn::RowColumnPasses> result() const { return result_; }
  bool isComputing() const;
  std::size_t side() const;
  QString imageName() const { return name_; }
  // The three pictures as shown, for slides; twice the on-screen size. False if the file cannot be written.
  bool exportPng(const QString& path) const;

public slots:
  void stepForward() { setPass(pass_ + 1); }
  void stepBack() { setPass(pass_ - 1); }
  void setPass(int pass);
  void recompute();
  void chooseExportFile();

signals:
  void resultShown();

protected:
  void showEvent(QShowEvent* event) override;

private:
  void showOutcome(const RowColumnOutcome& outcome);
  void showPass();

  StepsComputation* computation_;
  QImage image_;
  QString name_;
  QString backend_ = QStringLiteral("auto");
  QComboBox* sizeBox_ = nullptr;
  ElidedLabel* imageLabel_ = nullptr;
  QToolButton* backButton_ = nullptr;
  QToolButton* forwardButton_ = nullptr;
  ElidedLabel* passLabel_ = nullptr;
  QPushButton* exportButton_ = nullptr;
  QLabel* checkLabel_ = nullptr;
  QLabel* explanation_ = nullptr;
  QLabel* deviceLabel_ = nullptr;
  RowColumnView* view_ = nullptr;
  std::shared_ptr<const spectrascope::learn::RowColumnPasses> result_;
  int pass_ = 1;
  bool stale_ = true; // the image, size or backend changed while the page was hidden
};

} // namespace spectrascope::ui
