#pragma once
// A picture chooser for the phase lesson's second image: a thumbnail, its name, an Open… button, and a
// drop target for image files. Files are read off the GUI thread; a file that cannot be read leaves the
// current picture in place and says why in words.

#include <QFutureWatcher>
#include <QImage>
#include <QWidget>

class QLabel;
class QPushButton;

namespace spectrascope::ui {

class ImagePicker : public QWidget
{
  Q_OBJECT

public:
  explicit ImagePicker(QWidget* parent = nullptr);

  void setImage(const QImage& image, const QString& name);
  const QImage& image() const { return image_; }
  QString name() const { return name_; }
  // Reads `path` in the background; imageChosen or the error text follows.
  void open(const QString& path);
  bool isLoading() const { return loading_.isRunning(); }
  QString errorText() const;

signals:
  void imageChosen();

protected:
  void dragEnterEvent(QDragEnterEvent* event) override;
  void dropEvent(QDropEvent* event) override;

private:
  struct Loaded
  {
    QString path;
    QImage image;
    QString error;
  };
  void chooseFile();
  void onLoaded();
  void showThumbnail();

  QLabel* thumbnail_ = nullptr;
  QLabel* nameLabel_ = nullptr;
  QLabel* errorLabel_ = nullptr;
  QPushButton* openButton_ = nullptr;
  QImage image_;
  QString name_;
  QFutureWatcher<Loaded> loading_;
};

} // namespace spectrascope::ui
