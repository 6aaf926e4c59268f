#pragma once
// The phase lesson: the loaded picture (or the bundled sample) rebuilt from its spectrum's magnitude
// alone and from its phase alone, and two pictures with their magnitudes and phases swapped, all
// computed by the engine (imaging::PhaseLesson) in the background. The second picture is chosen with a
// file dialog or dropped on the page; until then it is a lettering drawn here.
//
// Computed only while the page is shown, again when either picture or the engine changes.

#include <QImage>
#include <QWidget>

#include <memory>

class QLabel;

namespace spectrascope {
class Engine;
}

namespace spectrascope::ui {

class ImagePicker;
class LessonGuide;
class PhaseLessonComputation;
class PictureTile;
struct PhaseLessonOutcome;

class PhaseLessonPage : public QWidget
{
  Q_OBJECT

public:
  explicit PhaseLessonPage(QWidget* parent = nullptr);

  void setImage(const QImage& image, const QString& name); // null: the bundled sample
  void setEngine(std::shared_ptr<Engine> engine);
  ImagePicker* secondImagePicker() const { return picker_; }
  bool isComputing() const;
  // The tiles: picture A, magnitude only, phase only, picture B, |A| with arg B, |B| with arg A.
  QList<PictureTile*> tiles() const;

  // The default second picture: dark lettering in a frame on a light ground, edges a swap makes easy to
  // see. Drawn at picture A's working size until another picture is chosen.
  static QImage lettering(QSize size);

signals:
  void resultShown();

protected:
  void showEvent(QShowEvent* event) override;
  void dragEnterEvent(QDragEnterEvent* event) override;
  void dropEvent(QDropEvent* event) override;

private:
  void recompute();
  void showOutcome(const PhaseLessonOutcome& outcome);

  bool letteringIsB_ = true; // until a second picture is chosen
  LessonGuide* guide_ = nullptr;
  ImagePicker* picker_ = nullptr;
  QLabel* statusLabel_ = nullptr;
  PictureTile* pictureA_ = nullptr;
  PictureTile* magnitudeOnly_ = nullptr;
  PictureTile* phaseOnly_ = nullptr;
  PictureTile* pictureB_ = nullptr;
  PictureTile* magnitudeAPhaseB_ = nullptr;
  PictureTile* magnitudeBPhaseA_ = nullptr;
  PhaseLessonComputation* computation_ = nullptr;
  std::shared_ptr<Engine> engine_;
  QImage image_;
  QString imageName_;
  bool dirty_ = true;
};

} // namespace spectrascope::ui
