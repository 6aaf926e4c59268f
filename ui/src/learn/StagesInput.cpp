#include "spectrascope/ui/learn/StagesInput.h"

#include "spectrascope/engine/learn/Signals.h"

#include <algorithm>

namespace spectrascope::ui {
namespace {

namespace steps = spectrascope::learn;

const char* kSampleImage = ":/samples/coffee.png";

// Nearest-sample resampling, so a drawn shape survives a change of N.
std::vector<steps::Complex> resampled(const std::vector<steps::Complex>& x, std::size_t n)
{
  std::vector<steps::Complex> y(n);
  for (std::size_t i = 0; i < n && !x.empty(); ++i)
    y[i] = x[i * x.size() / n];
  return y;
}

} // namespace

StagesInput::StagesInput()
{
  setImage({}, {});
}

void StagesInput::setImage(const QImage& image, const QString& name)
{
  image_ = image.isNull() ? QImage(QString::fromLatin1(kSampleImage)) : image;
  imageName_ = image.isNull() ? tr("the bundled sample") : name;
}

StagesInput::Made StagesInput::make(const InputChoice& choice)
{
  steps::SignalSpec spec;
  switch (choice.kind) {
  case InputKind::Impulse:
    break;
  case InputKind::Step:
    spec.kind = steps::SignalSpec::Kind::Step;
    break;
  case InputKind::Sine:
    spec.kind = steps::SignalSpec::Kind::Sine;
    break;
  case InputKind::TwoTones:
    spec.kind = steps::SignalSpec::Kind::TwoTones;
    break;
  case InputKind::Random:
    spec.kind = steps::SignalSpec::Kind::Random;
    break;
  case InputKind::Drawn:
    if (drawn_.empty()) drawn_ = steps::generateSignal({steps::SignalSpec::Kind::Sine, 1}, choice.n);
    return {resampled(drawn_, choice.n), {}};
  case InputKind::ImageRow:
    return imageRow(choice);
  case InputKind::AudioFrame:
    return audioFrame(choice.n);
  }
  spec.frequency = choice.frequency;
  spec.secondFrequency = choice.secondFrequency;
  spec.seed = std::uint64_t(choice.frequency);
  return {steps::generateSignal(spec, choice.n), {}};
}

// Row `frequency` of the picture's luminance, resampled to N across the whole width.
StagesInput::Made StagesInput::imageRow(const InputChoice& choice) const
{
  const std::size_t n = choice.n;
  if (image_.isNull()) return {std::vector<steps::Complex>(n), tr("No image: load one in the Image tab")};
  const int y = std::min(choice.frequency, image_.height() - 1);
  const QImage line = image_.copy(0, y, image_.width(), 1)
                          .scaled(int(n), 1, Qt::IgnoreAspectRatio, Qt::SmoothTransformation)
                          .convertToFormat(QImage::Format_RGB32);
  const auto* pixels = reinterpret_cast<const QRgb*>(line.constScanLine(0));
  std::vector<steps::Complex> x(n);
  for (std::size_t i = 0; i < x.size(); ++i)
    x[i] = (0.299 * qRed(pixels[i]) + 0.587 * qGreen(pixels[i]) + 0.114 * qBlue(pixels[i])) / 255.0;
  return {x, tr("Row %1 of %2 (%3 pixels wide), as %4 brightness values")
                 .arg(y)
                 .arg(imageName_)
                 .arg(image_.width())
                 .arg(n)};
}

// The Audio tab's newest N samples (microphone, file or generator, whichever it analyses).
StagesInput::Made StagesInput::audioFrame(std::size_t n) const
{
  const std::vector<float> samples = audioFrames_ ? audioFrames_(n) : std::vector<float>{};
  std::vector<steps::Complex> x(n);
  const auto count = std::ptrdiff_t(std::min(samples.size(), x.size()));
  std::copy(samples.begin(), samples.begin() + count, x.end() - count);
  return {x, samples.empty()
                 ? tr("The Audio tab has no samples yet (silence shown)")
                 : tr("The Audio tab's newest %1 samples; ⟳ takes them again").arg(samples.size())};
}

} // namespace spectrascope::ui
