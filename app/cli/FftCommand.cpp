#include "FftCommand.h"

#include "ByteCount.h"
#include "CliError.h"
#include "MemoryBudget.h"
#include "RawComplexFile.h"
#include "TimingTable.h"
#include "spectrascope/engine/Engine.h"

#include <iostream>

namespace spectrascope::cli {
namespace {

constexpr std::uint64_t kBytesPerComplex = 2 * sizeof(float);

std::uint64_t parseCount(const QCommandLineParser& parser, const QString& option)
{
  const QString text = parser.value(option);
  bool ok = false;
  const qulonglong value = text.toULongLong(&ok);
  if (!ok || value == 0)
    throw usageError("--" + option.toStdString() + " needs a whole number of at least 1, got '" +
                     text.toStdString() + "'");
  return value;
}

// A reason can carry a whole kernel build log; the note on stderr stays one line.
std::string firstLine(const std::string& text)
{
  return text.substr(0, text.find('\n'));
}

} // namespace

QString FftCommand::summary() const
{
  return QStringLiteral("Complex FFT of a raw float32 file (1-D, or 2-D with --n2), batched.");
}

int FftCommand::run(const QStringList& arguments)
{
  QCommandLineParser parser;
  describeOptions(parser);
  if (auto done = parse(parser, arguments, QStringLiteral("IN OUT"))) return *done;
  Request request = requestFrom(parser);
  checkSizes(request);
  checkInputFile(request);
  transform(request);
  return Success;
}

void FftCommand::describeOptions(QCommandLineParser& parser)
{
  parser.setApplicationDescription(QStringLiteral(
      "Complex-to-complex FFT. IN and OUT hold interleaved little-endian float32 (re, im) values:\n"
      "B transforms one after another, each N values (1-D) or M rows of N values (2-D, N fastest).\n"
      "The forward transform is unscaled; --inverse scales by 1/(N*M), so inverse(forward(x)) = x."));
  parser.addOptions({
      QCommandLineOption(QStringLiteral("n"),
                         QStringLiteral("Length N of the fastest dimension (required). "
                                        "Written --n N or -n N."),
                         QStringLiteral("N")),
      QCommandLineOption(QStringLiteral("n2"), QStringLiteral("Number of rows M: makes the transform 2-D."),
                         QStringLiteral("M")),
      QCommandLineOption(QStringLiteral("batch"),
                         QStringLiteral("Number of transforms B in the file (default 1)."),
                         QStringLiteral("B")),
      QCommandLineOption(QStringLiteral("inverse"), QStringLiteral("Inverse transform, scaled by 1/(N*M).")),
      QCommandLineOption(QStringLiteral("backend"),
                         QStringLiteral("auto (default, or SPECTRASCOPE_BACKEND), fftw, naive-dft, opencl, "
                                        "opencl:<index|name>; see `spectrascope-cli devices`."),
                         QStringLiteral("name")),
      QCommandLineOption(QStringLiteral("timings"),
                         QStringLiteral("Print each kernel's time and bandwidth to stderr.")),
  });
  parser.addPositionalArgument(QStringLiteral("IN"), QStringLiteral("Input file."));
  parser.addPositionalArgument(QStringLiteral("OUT"), QStringLiteral("Output file (replaced)."));
}

FftCommand::Request FftCommand::requestFrom(const QCommandLineParser& parser)
{
  const QStringList files = parser.positionalArguments();
  if (files.size() != 2)
    throw usageError("fft needs IN and OUT, got " + std::to_string(files.size()) +
                     " file name(s) (see spectrascope-cli fft --help)");
  if (!parser.isSet(QStringLiteral("n")))
    throw usageError("fft needs --n N (see spectrascope-cli fft --help)");

  Request r;
  r.n = parseCount(parser, QStringLiteral("n"));
  if (parser.isSet(QStringLiteral("n2"))) r.n2 = parseCount(parser, QStringLiteral("n2"));
  if (parser.isSet(QStringLiteral("batch"))) r.batch = parseCount(parser, QStringLiteral("batch"));
  r.inverse = parser.isSet(QStringLiteral("inverse"));
  r.timings = parser.isSet(QStringLiteral("timings"));
  r.backend = parser.value(QStringLiteral("backend")).toStdString();
  r.input = files[0].toStdString();
  r.output = files[1].toStdString();
  refuseToOverwriteInput(files[0], files[1]);
  checkOutputPath(files[1]);
  return r;
}

std::string FftCommand::shapeText(const Request& r)
{
  std::string text = "--n " + std::to_string(r.n);
  if (r.n2) text += " --n2 " + std::to_string(r.n2);
  if (r.batch != 1) text += " --batch " + std::to_string(r.batch);
  return text;
}

// Before anything is allocated: the byte count must fit in 64 bits, and IN plus OUT must fit in memory.
void FftCommand::checkSizes(Request& r)
{
  const auto bytes = checkedProduct({r.n, r.n2 ? r.n2 : 1, r.batch, kBytesPerComplex});
  const auto both = bytes ? checkedProduct({*bytes, 2}) : std::nullopt;
  if (!both) throw usageError(shapeText(r) + " is too large: its size in bytes does not fit in 64 bits");
  const auto available = availableMemoryBytes();
  if (available && *both > *available)
    throw usageError(shapeText(r) + " needs " + formatBytes(*both) + " of memory for input and output; " +
                     formatBytes(*available) + " is available");
  r.bytes = *bytes;
}

void FftCommand::checkInputFile(const Request& r)
{
  const std::uint64_t size = inputFileSize(r.input);
  if (size != r.bytes)
    throw usageError(r.input + " holds " + std::to_string(size) + " bytes; " + shapeText(r) + " needs " +
                     std::to_string(r.bytes));
}

void FftCommand::transform(const Request& r)
{
  const Direction direction = r.inverse ? Direction::Inverse : Direction::Forward;
  const TransformDescriptor descriptor = r.n2 ? TransformDescriptor::complex2d(r.n, r.n2, r.batch, direction)
                                              : TransformDescriptor::complex1d(r.n, r.batch, direction);
  Engine engine(r.backend);
  // "auto" landing on FFTW is the designed default on a machine without a GPU; an explicit request that
  // could not be honoured deserves a line.
  if (!engine.fallbackReason().empty() && requestedBackendName(r.backend) != "auto")
    std::cerr << "spectrascope-cli: " << firstLine(engine.fallbackReason()) << "\n";
  const std::shared_ptr<const Plan> plan = engine.plan(descriptor);
  if (!plan->fallbackReason().empty())
    std::cerr << "spectrascope-cli: " << firstLine(plan->fallbackReason()) << "\n";

  const std::vector<float> input = readFloats(r.input, descriptor.inputFloats());
  std::vector<float> output(descriptor.outputFloats());
  ExecutionReport report;
  plan->execute(input, output, r.timings ? &report : nullptr);
  if (r.timings) std::cerr << timingTable(report);
  writeFloats(r.output, output);
}

} // namespace spectrascope::cli
