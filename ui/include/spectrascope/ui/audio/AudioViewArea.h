#pragma once
// The Audio tab's main area, one pane above the other. With a file as the source the whole-file view is
// the main view (as Sonic Visualiser and Spek open a file: one large picture to zoom and scroll in) and
// the live spectrum below it shows the sound at the play cursor; the live spectrogram rests hidden, as
// it mostly repeats the file's picture, unless asked for (showLiveSpectrogramWithFile: to watch playback
// scroll by at the analysis settings chosen, as a live input would). With the generator or a microphone
// the live spectrum and spectrogram are the whole area, as before a file was opened.
//
// Display choices (axis, range, gain, colormap) go to every view at once, so a file and the live views
// always read alike.
//
// Threading: GUI thread only.

#include "spectrascope/ui/audio/FrequencyAxis.h"

#include <QSplitter>

#include <string>

namespace spectrascope::ui {

class AudioLiveViews;
class FileOverviewView;

class AudioViewArea : public QSplitter
{
  Q_OBJECT

public:
  explicit AudioViewArea(QWidget* parent = nullptr);

  FileOverviewView* fileView() const { return fileView_; }
  AudioLiveViews* liveViews() const { return live_; }

  void showFile(bool file);
  bool showsFile() const { return showsFile_; }
  // With a file shown, the live spectrogram too, below its picture (remembered when no file is shown).
  void showLiveSpectrogramWithFile(bool shown);
  // The live spectrogram's columns are `transformSize` bins wide from now on (a new, marked segment).
  void setTransformSize(int transformSize);
  // A level L is drawn as L + gainDb within [-rangeDb, 0] on every view.
  void setDisplay(FrequencyScale scale, double rangeDb, double gainDb, const std::string& colormap);

private:
  void layOut();

  FileOverviewView* fileView_ = nullptr;
  AudioLiveViews* live_ = nullptr;
  bool showsFile_ = false, liveWithFile_ = false;
  // A file's picture gets this share of the height, the spectrum at the cursor (and the live
  // spectrogram, when shown) the rest.
  static constexpr int kFileShare = 3, kSpectrumShare = 1, kLiveShare = 3;
};

} // namespace spectrascope::ui
