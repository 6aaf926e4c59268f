#pragma once
// The Audio tab's file bar: reading a file's overview in the background (progress, Cancel), feeding
// the whole-file view it is given with that overview and its zoomed detail (FileDetailLoader: tiles of a
// multi-resolution cache, for the stretch in view once a zoom or scroll settles), and the play button. The
// view itself lives where the tab lays it out (AudioViewArea); playback runs in the AudioSession. This panel
// says what the user asked for (play, seek) and shows where it is.
//
// Threading: GUI thread only. The destructor waits for the reading in progress (it stops between
// chunks); the detail loader stops between chunks.

#include "spectrascope/ui/audio/AudioFileOverview.h"

#include <QFutureWatcher>
#include <QWidget>

#include <memory>

class QCheckBox;
class QProgressBar;
class QPushButton;
class QTimer;

namespace spectrascope {
class Engine;
}

namespace spectrascope::ui {

class ElidedLabel;
class EngineService;
class FileDetailLoader;
class FileOverviewView;

class AudioFilePanel : public QWidget
{
  Q_OBJECT

public:
  explicit AudioFilePanel(FileOverviewView* view, QWidget* parent = nullptr);
  ~AudioFilePanel() override;

  // Reading and detail use the service's engine; without one, FFTW.
  void setEngineService(EngineService* service) { service_ = service; }
  // Starts reading `path` (a reading in progress is cancelled); loaded() or failed() follows.
  void open(const QString& path, int channel);
  bool isLoading() const { return loading_.isRunning(); }
  void cancelLoading();
  // The file shown (empty path before the first one is read).
  const AudioFileOverview& file() const { return file_; }
  const FileDetailLoader& details() const { return *details_; }

  // Whether the user wants the live spectrogram below the file's picture (remembered).
  bool wantsLiveSpectrogram() const;
  // Shows the play button and the live-spectrogram choice (both only make sense with a file as the
  // input); without them the loaded file's description is greyed and says it is not the input.
  void showPlayButton(bool visible);
  void showPlaying(bool playing);
  void setPosition(double seconds);

signals:
  void loaded();
  void failed(const QString& heading, const QString& detail);
  void cancelled();
  void playToggled();
  void liveSpectrogramToggled(bool shown);
  void seekRequested(double seconds);

private:
  void onLoaded();
  void requestDetail();
  std::shared_ptr<Engine> engine() const;

  EngineService* service_ = nullptr;
  AudioFileOverview file_;
  QString description_; // the loaded file's, as shown while it is the input
  QFutureWatcher<AudioFileOverview> loading_;
  FileDetailLoader* details_ = nullptr;
  QTimer* detailTimer_ = nullptr;
  static constexpr int kDetailDelayMs = 150; // a zoom or scroll settles before its detail is read

  FileOverviewView* overview_ = nullptr;
  ElidedLabel* fileLabel_ = nullptr;
  QPushButton* playButton_ = nullptr;
  QCheckBox* liveToggle_ = nullptr;
  static constexpr const char* kLiveSetting = "audio/liveSpectrogramWithFile";
  QProgressBar* progress_ = nullptr;
  QPushButton* cancelButton_ = nullptr;
};

} // namespace spectrascope::ui
