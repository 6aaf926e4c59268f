#pragma once
// A whole audio file at a glance: its facts and an overview spectrogram of bounded size, computed while
// the file is read in chunks by the engine's audio::OverviewBuilder (never a full-resolution matrix of
// the whole file: at most 2 * kMaxColumns max-pooled columns, however long the file).
//
// loadAudioFileOverview() runs on a QtConcurrent thread with a QPromise: progress 0..1000 follows the
// header's frame count (a hint only), cancel stops it between chunks, and every failure comes back as
// `error` in the result rather than as an exception across threads.

#include "spectrascope/engine/audio/SoundFileReader.h"

#include <QMetaType>
#include <QPromise>
#include <QString>

#include <cstdint>
#include <memory>
#include <vector>

namespace spectrascope {
class Engine;
}

namespace spectrascope::ui {

struct AudioFileOverview
{
  static constexpr int kMaxColumns = 1024;
  static constexpr int kFftSize = 2048;
  static constexpr double kMaxSeconds = audio::SoundFileReader::kMaxSeconds; // longer is refused as absurd

  QString path;
  QString error; // empty on success
  QString note;  // what the reader worked around (a cut-off file read up to its end), else empty
  QString formatName;
  int sampleRate = 0;
  int channels = 0;
  int channel = -1;        // what was analysed: -1 the mono mix, else that channel
  std::int64_t frames = 0; // as read, not as the header claims
  double startSeconds =
      0; // where the analysed stretch starts (a zoomed detail's tiles; 0 for the whole file)
  int bins = kFftSize / 2 + 1;
  int samplesPerColumn = 0;
  int columns = 0;
  std::vector<float> db; // columns * bins, amplitude-corrected dBFS, column after column

  double seconds() const { return sampleRate > 0 ? double(frames) / sampleRate : 0; }
  // Shorter than one overview frame: the whole file is one column, its samples centred between zeros.
  // The spectrum pane shows that column too (the player's frame would hold the few samples at its edge,
  // where the window is almost 0), so that both views show one analysis.
  bool isShorterThanOneFrame() const { return columns == 1 && frames > 0 && frames < kFftSize; }
};

// What both views say of a file shorter than one frame (empty for any other file).
QString shortFileNote(const AudioFileOverview& file);
// The same in a line that fits a narrow spectrum pane (the file view, larger, says it in full).
QString shortFileCaption(const AudioFileOverview& file);

// channel: -1 for the mono mix, else 0-based; a channel the file lacks falls back to the mix (a mono
// file has no right channel). engine: the one to run the STFT on (null: FFTW).
void loadAudioFileOverview(QPromise<AudioFileOverview>& promise, const QString& path, int channel,
                           std::shared_ptr<Engine> engine);

} // namespace spectrascope::ui
