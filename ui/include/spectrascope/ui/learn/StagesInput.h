#pragma once
// The input signal of the stage-by-stage page, made from the user's choice: a generated signal, a drawn
// one (kept across changes of N), a row of the Image tab's picture or the Audio tab's newest samples.
// It also says, in words, where an image row or audio frame came from.

#include "spectrascope/engine/learn/StageMath.h"

#include <QCoreApplication>
#include <QImage>
#include <QString>

#include <functional>
#include <vector>

namespace spectrascope::ui {

enum class InputKind { Impulse, Step, Sine, TwoTones, Random, Drawn, ImageRow, AudioFrame };

struct InputChoice
{
  InputKind kind = InputKind::TwoTones;
  std::size_t n = 16;
  int frequency = 1;       // k of a tone, the random seed, or the image row
  int secondFrequency = 3; // k₂ of two tones
};

class StagesInput
{
  Q_DECLARE_TR_FUNCTIONS(StagesInput)

public:
  // Returns the newest `n` samples the Audio tab analysed (fewer, or none, before it has that many).
  using AudioFrameSource = std::function<std::vector<float>(std::size_t n)>;

  StagesInput();
  void setImage(const QImage& image, const QString& name); // null: the bundled sample
  void setAudioFrameSource(AudioFrameSource source) { audioFrames_ = std::move(source); }
  void setDrawn(std::vector<spectrascope::learn::Complex> drawn) { drawn_ = std::move(drawn); }

  struct Made
  {
    std::vector<spectrascope::learn::Complex> values;
    QString note; // where an image row or audio frame came from; empty for the other kinds
  };
  Made make(const InputChoice& choice);

private:
  Made imageRow(const InputChoice& choice) const;
  Made audioFrame(std::size_t n) const;

  QImage image_;
  QString imageName_;
  AudioFrameSource audioFrames_;
  std::vector<spectrascope::learn::Complex> drawn_;
};

} // namespace spectrascope::ui
