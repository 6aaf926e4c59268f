#include "SpectrumCommand.h"

#include "CliError.h"
#include "ImageFile.h"
#include "TimingTable.h"
#include "spectrascope/engine/Engine.h"
#include "spectrascope/engine/imaging/FilterPipeline.h"

#include <iostream>

namespace spectrascope::cli {

QString SpectrumCommand::summary() const
{
  return QStringLiteral("2-D spectrum of an image (log magnitude or phase, centred) as a grey PNG.");
}

int SpectrumCommand::run(const QStringList& arguments)
{
  QCommandLineParser parser;
  const QString semantics = QStringLiteral(
      "Writes the 2-D Fourier spectrum of IN as an 8-bit grey image of the same size: the value is\n"
      "log(1+|F|) of the luminance (Y = 0.299R + 0.587G + 0.114B for colour input), fftshift-centred\n"
      "(DC at column W/2, row H/2; u grows to the right, v downward), min-max scaled to 0..255.\n"
      "With --phase: arg F, -pi..pi mapped to 0..255.\n"
      "With --pad, the spectrum of the padded P x Q image (P x Q pixels, DC at P/2, Q/2): the one whose\n"
      "bins `filter --pad` masks.\n");
  parser.setApplicationDescription(semantics + QString::fromLatin1(kPadHelp));
  parser.addOptions({
      QCommandLineOption(QStringLiteral("phase"),
                         QStringLiteral("Write the phase instead of the magnitude.")),
      QCommandLineOption(QStringLiteral("backend"),
                         QStringLiteral("auto (default, or SPECTRASCOPE_BACKEND), fftw, naive-dft, opencl, "
                                        "opencl:<index|name>; see `spectrascope-cli devices`."),
                         QStringLiteral("name")),
      QCommandLineOption(QStringLiteral("timings"), QStringLiteral("Print each step's time to stderr.")),
      padOption(),
  });
  parser.addPositionalArgument(QStringLiteral("IN"),
                               QStringLiteral("Image file (PNG, JPEG, BMP, TIFF, ...)."));
  parser.addPositionalArgument(QStringLiteral("OUT"), QStringLiteral("Output image, e.g. spectrum.png."));
  if (auto done = parse(parser, arguments, QStringLiteral("IN OUT"))) return *done;
  const QStringList files = parser.positionalArguments();
  if (files.size() != 2)
    throw usageError("spectrum needs IN and OUT, got " + std::to_string(files.size()) +
                     " file name(s) (see spectrascope-cli spectrum --help)");

  refuseToOverwriteInput(files[0], files[1]);
  checkOutputPath(files[1]);
  checkOutputImageName(files[1]);
  const imaging::PadMode pad = padMode(parser);
  const QImage image = readImage(files[0]);
  checkPaddedSize(image.size(), pad);
  Engine engine(parser.value(QStringLiteral("backend")).toStdString());
  ExecutionReport report;
  const bool timings = parser.isSet(QStringLiteral("timings"));
  const imaging::FilterPipeline pipeline(engine, toPlanar(image, true), timings ? &report : nullptr, pad);
  const auto bytes =
      parser.isSet(QStringLiteral("phase")) ? pipeline.phaseImage(0) : pipeline.logMagnitudeImage(0);
  if (timings) std::cerr << timingTable(report);
  writeImage(greyImage(bytes.data(), int(pipeline.width()), int(pipeline.height())), files[1]);
  return Success;
}

} // namespace spectrascope::cli
