#include "spectrascope/ui/audio/FrequencyAxis.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>

namespace spectrascope::ui {
namespace {
double melOf(double hz)
{
  return 2595.0 * std::log10(1.0 + hz / 700.0);
}
double hzOfMel(double mel)
{
  return 700.0 * (std::pow(10.0, mel / 2595.0) - 1.0);
}
// 1-2-5 steps: about eight lines on a linear axis whatever the sample rate.
double niceStep(double span)
{
  const double raw = span / 8, decade = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 5.0})
    if (m * decade >= raw) return m * decade;
  return 10 * decade;
}
} // namespace

double FrequencyAxis::lowHz() const
{
  const bool logarithmic = scale == FrequencyScale::Log || scale == FrequencyScale::Octave;
  return logarithmic ? std::min(minLogHz, maxHz / 2) : 0.0;
}

double FrequencyAxis::unitOf(double hz) const
{
  const double low = lowHz();
  switch (scale) {
  case FrequencyScale::Linear:
    return hz / maxHz;
  case FrequencyScale::Mel:
    return melOf(hz) / melOf(maxHz);
  case FrequencyScale::Log:
  case FrequencyScale::Octave:
    return std::log(std::max(hz, 1e-9) / low) / std::log(maxHz / low);
  }
  return 0;
}

double FrequencyAxis::frequencyAt(double unit) const
{
  const double low = lowHz();
  switch (scale) {
  case FrequencyScale::Linear:
    return unit * maxHz;
  case FrequencyScale::Mel:
    return hzOfMel(unit * melOf(maxHz));
  case FrequencyScale::Log:
  case FrequencyScale::Octave:
    return low * std::pow(maxHz / low, unit);
  }
  return 0;
}

std::vector<double> FrequencyAxis::ticks() const
{
  std::vector<double> all;
  switch (scale) {
  case FrequencyScale::Linear: {
    const double step = niceStep(maxHz);
    for (double f = step; f < maxHz; f += step)
      all.push_back(f);
    break;
  }
  case FrequencyScale::Octave:
    for (int octave = 1; octave <= 9; ++octave)
      all.push_back(cHz(octave));
    break;
  case FrequencyScale::Mel:
    all = {100, 250, 500, 1000, 2000, 4000, 8000, 16000};
    break;
  case FrequencyScale::Log:
    all = {20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 20000};
    break;
  }
  std::erase_if(all, [&](double f) { return f <= lowHz() || f >= maxHz; });
  return all;
}

QString FrequencyAxis::tickLabel(double hz)
{
  if (hz >= 1000) return QStringLiteral("%1k").arg(hz / 1000, 0, 'g', 3);
  return QString::number(hz, 'g', 3);
}

double FrequencyAxis::cHz(int octave)
{
  // MIDI note 12 (octave + 1) is C of that octave; note 69 is A4 = 440 Hz, 12 notes per octave.
  return 440.0 * std::pow(2.0, (12.0 * (octave + 1) - 69.0) / 12.0);
}

QString FrequencyAxis::label(double hz, QChar separator) const
{
  if (scale != FrequencyScale::Octave) return tickLabel(hz);
  const double octave = std::log2(hz / cHz(0));
  const long whole = std::lround(octave);
  if (std::abs(octave - double(whole)) > 1e-6) return tickLabel(hz); // not a C
  return QStringLiteral("C%1").arg(whole) + separator + tickLabel(hz);
}

QString FrequencyAxis::scaleName(FrequencyScale scale)
{
  switch (scale) {
  case FrequencyScale::Linear:
    return QCoreApplication::translate("FrequencyAxis", "Linear");
  case FrequencyScale::Log:
    return QCoreApplication::translate("FrequencyAxis", "Logarithmic");
  case FrequencyScale::Mel:
    return QCoreApplication::translate("FrequencyAxis", "Mel");
  case FrequencyScale::Octave:
    return QCoreApplication::translate("FrequencyAxis", "Octaves (notes)");
  }
  return {};
}

} // namespace spectrascope::ui
