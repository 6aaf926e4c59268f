#pragma once
// Image files for the Image tab: decoding with the checks that turn bad input into a message (folders,
// missing or empty files, truncated or corrupt data, decompression bombs whose header claims more
// pixels than we take), writing, the recent-files menu and the last folder used (both in QSettings).
// decodeImage and writeImage are thread-safe and meant for worker threads.

#include <QImage>
#include <QObject>
#include <QString>
#include <QStringList>

class QMenu;

namespace spectrascope::ui::image {

// 2^28 pixels, as the CLI: 16384 x 16384, or 12000 x 9000 with room to spare.
constexpr qint64 kMaxImagePixels = qint64(1) << 28;

// The decoded image, or a null one and `error` saying what is wrong in words a person can act on.
QImage decodeImage(const QString& path, QString* error);
// Empty on success, otherwise the reason. The format follows the suffix (PNG when there is none).
QString writeImage(const QImage& image, const QString& path);

QString lastDirectory();
void rememberDirectory(const QString& fileInFolder);

class RecentFiles : public QObject
{
  Q_OBJECT

public:
  static constexpr int kMaxFiles = 8;
  explicit RecentFiles(const QString& settingsKey, QObject* parent = nullptr);

  QMenu* menu() const { return menu_; }
  QStringList files() const;
  void add(const QString& path);
  void remove(const QString& path);

signals:
  void fileChosen(const QString& path);

private:
  void rebuildMenu();
  void store(const QStringList& files);

  QString key_;
  QMenu* menu_;
};

} // namespace spectrascope::ui::image
