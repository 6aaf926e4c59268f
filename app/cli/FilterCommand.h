#pragma once
// `spectrascope-cli filter IN OUT.png --mask KIND [options]`: frequency-domain filtering of an image with
// the masks of spectrascope/engine/imaging/FrequencyMask.h; see --help for the exact semantics.

#include "Command.h"

#include "spectrascope/engine/imaging/FrequencyMask.h"
#include "spectrascope/engine/imaging/Padding.h"
#include "spectrascope/engine/imaging/PixelRange.h"

#include <QImage>

namespace spectrascope::imaging {
class FilterPipeline;
}

namespace spectrascope::cli {

class FilterCommand : public Command
{
public:
  QString name() const override { return QStringLiteral("filter"); }
  QString summary() const override;
  int run(const QStringList& arguments) override;

private:
  struct Request
  {
    imaging::MaskSpec mask;
    QString maskImage; // --mask-image, then mask.kind == Custom
    imaging::PixelRange range = imaging::PixelRange::Clamp;
    imaging::PadMode pad = imaging::PadMode::None;
    bool gray = false, timings = false;
    int repeat = 0; // --repeat: benchmark that many mask updates
    QSize resize;   // --resize
    std::string backend;
    QString input, output;
  };

  static void describeOptions(QCommandLineParser& parser);
  static Request requestFrom(const QCommandLineParser& parser);
  static void checkNotches(const Request& request, QSize image);
  static std::vector<float> halfMask(const Request& request, const QImage& image);
  static void benchmarkUpdates(imaging::FilterPipeline& pipeline, const Request& request,
                               const QImage& image);
};

} // namespace spectrascope::cli
