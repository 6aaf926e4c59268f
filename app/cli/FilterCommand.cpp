#include "FilterCommand.h"

#include "CliError.h"
#include "ImageFile.h"
#include "TimingTable.h"
#include "spectrascope/engine/Engine.h"
#include "spectrascope/engine/imaging/FilterPipeline.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>

namespace spectrascope::cli {
namespace {

using imaging::MaskKind;
using imaging::MaskProfile;
using imaging::PixelRange;

double parseNumber(const QCommandLineParser& parser, const QString& option)
{
  bool ok = false;
  const double value = parser.value(option).toDouble(&ok);
  if (!ok || !std::isfinite(value))
    throw usageError("--" + option.toStdString() + " needs a number, got '" +
                     parser.value(option).toStdString() + "'");
  return value;
}

template <typename Enum>
Enum parseChoice(const QCommandLineParser& parser, const QString& option,
                 std::initializer_list<std::pair<const char*, Enum>> choices)
{
  const QString text = parser.value(option);
  std::string names;
  for (const auto& [name, value] : choices) {
    if (text == QLatin1String(name)) return value;
    names += (names.empty() ? "" : ", ") + std::string(name);
  }
  throw usageError("--" + option.toStdString() + " must be one of " + names + ", got '" + text.toStdString() +
                   "'");
}

imaging::Notch parseNotch(const QString& text)
{
  const QStringList parts = text.split(QLatin1Char(','));
  imaging::Notch notch;
  bool ok = parts.size() == 2 || parts.size() == 3;
  bool okU = false, okV = false, okR = true;
  if (ok) {
    notch.u = parts[0].toDouble(&okU);
    notch.v = parts[1].toDouble(&okV);
    if (parts.size() == 3) notch.radius = parts[2].toDouble(&okR);
  }
  const bool finite = std::isfinite(notch.u) && std::isfinite(notch.v) && std::isfinite(notch.radius);
  if (!ok || !okU || !okV || !okR || !finite || notch.radius < 0)
    throw usageError("--notch needs u,v or u,v,r (bins, r >= 0), got '" + text.toStdString() + "'");
  return notch;
}

PixelRange defaultRange(MaskKind kind)
{
  return kind == MaskKind::HighPass || kind == MaskKind::BandPass ? PixelRange::Normalize : PixelRange::Clamp;
}

} // namespace

QString FilterCommand::summary() const
{
  return QStringLiteral("Filter an image through a frequency mask (low/high/band-pass, band-stop, notch).");
}

void FilterCommand::describeOptions(QCommandLineParser& parser)
{
  const QString semantics = QStringLiteral(
      "Filters IN in the frequency domain and writes the result to OUT (format from its suffix).\n"
      "Bin (u, v) of the centred spectrum (the layout `spectrascope-cli spectrum` draws), u in [-W/2, W/2)\n"
      "growing to the right and v in [-H/2, H/2) growing downward, has frequency\n"
      "f = sqrt((u/W)^2 + (v/H)^2) cycles per pixel. With cutoff F (and F2 > F for band kinds):\n"
      "  ideal low-pass passes f <= F; gaussian low-pass exp(-f^2 / (2 F^2));\n"
      "  butterworth low-pass 1 / (1 + (f/F)^(2n));\n"
      "  highpass = 1 - lowpass(F); bandpass = lowpass(F2) x highpass(F); bandstop = 1 - bandpass.\n"
      "--notch u,v[,r] zeroes the disks of radius r bins (default 3) around (u, v) and (-u, -v); it is\n"
      "repeatable and applies on top of any kind (the only effect of --mask notch). (u, v) must lie on\n"
      "the spectrum, |u| <= W/2 and |v| <= H/2, and r <= max(W, H).\n"
      "--mask-image MASK.png replaces --mask: white passes, black stops, grey scales; same size as IN, in\n"
      "the centred layout; m(u,v) and m(-u,-v) are averaged so that the result stays real.\n"
      "Each colour channel is filtered on its own (alpha is kept), or the luminance with --gray. The\n"
      "output is the real part of the inverse transform, turned into 8 bits by --range: clamp (round\n"
      "and clamp to 0..255; the default for lowpass, bandstop, notch and mask images), normalize\n"
      "(min-max to 0..255; the default for highpass and bandpass) or abs (|value|, clamped).\n"
      "With --pad, W and H above are the padded P and Q: cutoffs keep their meaning in cycles per pixel,\n"
      "while --notch bins and --mask-image (P x Q) refer to the padded spectrum that\n"
      "`spectrascope-cli spectrum --pad` draws; normalize looks at the cropped W x H result only.\n"
      "Options that would change nothing (--cutoff2 without a band kind, --order without butterworth,\n"
      "--cutoff or --profile with notch or --mask-image, ideal cutoffs above 0.707, the spectrum's corner)\n"
      "are refused, as are notches off the spectrum.\n");
  parser.setApplicationDescription(semantics + QString::fromLatin1(kPadHelp));
  parser.addOptions({
      QCommandLineOption(QStringLiteral("mask"),
                         QStringLiteral("lowpass, highpass, bandpass, bandstop or notch."),
                         QStringLiteral("KIND")),
      QCommandLineOption(QStringLiteral("cutoff"),
                         QStringLiteral("F in cycles per pixel (0 < F; 0.5 is the Nyquist frequency of an "
                                        "axis). Required for all kinds but notch."),
                         QStringLiteral("F")),
      QCommandLineOption(QStringLiteral("cutoff2"),
                         QStringLiteral("F2 > F in cycles per pixel; required for bandpass and bandstop."),
                         QStringLiteral("F2")),
      QCommandLineOption(QStringLiteral("profile"),
                         QStringLiteral("ideal (default), gaussian or butterworth."), QStringLiteral("name")),
      QCommandLineOption(QStringLiteral("order"), QStringLiteral("Butterworth order n, 1 to 10 (default 2)."),
                         QStringLiteral("n")),
      QCommandLineOption(QStringLiteral("notch"),
                         QStringLiteral("Notch pair at bins (u, v), (-u, -v), radius r."),
                         QStringLiteral("u,v[,r]")),
      QCommandLineOption(QStringLiteral("mask-image"),
                         QStringLiteral("Grey mask image in the centred spectrum layout."),
                         QStringLiteral("MASK")),
      QCommandLineOption(QStringLiteral("gray"),
                         QStringLiteral("Filter the luminance only; write a grey image.")),
      QCommandLineOption(QStringLiteral("range"),
                         QStringLiteral("clamp, normalize or abs (default: see above)."),
                         QStringLiteral("mode")),
      padOption(),
      QCommandLineOption(QStringLiteral("backend"),
                         QStringLiteral("auto (default, or SPECTRASCOPE_BACKEND), fftw, naive-dft, opencl, "
                                        "opencl:<index|name>; see `spectrascope-cli devices`."),
                         QStringLiteral("name")),
      QCommandLineOption(QStringLiteral("resize"),
                         QStringLiteral("Smoothly scale IN to WxH first (for benchmarks at chosen sizes)."),
                         QStringLiteral("WxH")),
      QCommandLineOption(QStringLiteral("repeat"),
                         QStringLiteral("Benchmark: time N more mask updates (mask + multiply + inverse + "
                                        "8 bits + image) as the GUI's slider does, print min and median."),
                         QStringLiteral("N")),
      QCommandLineOption(
          QStringLiteral("timings"),
          QStringLiteral("Print the forward transform's and the mask update's steps to stderr.")),
  });
  parser.addPositionalArgument(QStringLiteral("IN"),
                               QStringLiteral("Image file (PNG, JPEG, BMP, TIFF, ...)."));
  parser.addPositionalArgument(QStringLiteral("OUT"), QStringLiteral("Output image, e.g. filtered.png."));
}

FilterCommand::Request FilterCommand::requestFrom(const QCommandLineParser& parser)
{
  const QStringList files = parser.positionalArguments();
  if (files.size() != 2)
    throw usageError("filter needs IN and OUT, got " + std::to_string(files.size()) +
                     " file name(s) (see spectrascope-cli filter --help)");
  Request r;
  r.input = files[0];
  r.output = files[1];
  refuseToOverwriteInput(r.input, r.output);
  checkOutputPath(r.output);
  checkOutputImageName(r.output);
  const bool hasKind = parser.isSet(QStringLiteral("mask")),
             hasImage = parser.isSet(QStringLiteral("mask-image"));
  if (hasKind == hasImage)
    throw usageError("filter needs exactly one of --mask KIND and --mask-image MASK (see spectrascope-cli "
                     "filter --help)");
  if (hasImage) {
    r.mask.kind = MaskKind::Custom;
    r.maskImage = parser.value(QStringLiteral("mask-image"));
    refuseToOverwriteInput(r.maskImage, r.output);
  } else {
    r.mask.kind = parseChoice<MaskKind>(parser, QStringLiteral("mask"),
                                        {{"lowpass", MaskKind::LowPass},
                                         {"highpass", MaskKind::HighPass},
                                         {"bandpass", MaskKind::BandPass},
                                         {"bandstop", MaskKind::BandStop},
                                         {"notch", MaskKind::Notch}});
  }
  const bool radial = r.mask.kind != MaskKind::Notch && r.mask.kind != MaskKind::Custom;
  const bool band = r.mask.kind == MaskKind::BandPass || r.mask.kind == MaskKind::BandStop;
  const std::string kindName =
      r.mask.kind == MaskKind::Custom ? "--mask-image" : "--mask " + toString(r.mask.kind);
  if (radial && !parser.isSet(QStringLiteral("cutoff")))
    throw usageError(kindName + " needs --cutoff F (cycles per pixel)");
  if (band && !parser.isSet(QStringLiteral("cutoff2")))
    throw usageError(kindName + " needs --cutoff2 F2 (cycles per pixel, F2 > F)");
  // An option that would change nothing is a mistake in the command (a band meant, another profile):
  // say so rather than ignore it.
  for (const char* option : {"cutoff", "profile", "order"})
    if (!radial && parser.isSet(QLatin1String(option)))
      throw usageError("--" + std::string(option) + " does not apply to " + kindName +
                       " (only to lowpass, highpass, bandpass and bandstop)");
  if (!band && parser.isSet(QStringLiteral("cutoff2")))
    throw usageError("--cutoff2 does not apply to " + kindName + " (only to bandpass and bandstop)");
  if (parser.isSet(QStringLiteral("cutoff"))) r.mask.cutoff = parseNumber(parser, QStringLiteral("cutoff"));
  if (parser.isSet(QStringLiteral("cutoff2")))
    r.mask.cutoff2 = parseNumber(parser, QStringLiteral("cutoff2"));
  if (parser.isSet(QStringLiteral("profile")))
    r.mask.profile = parseChoice<MaskProfile>(parser, QStringLiteral("profile"),
                                              {{"ideal", MaskProfile::Ideal},
                                               {"gaussian", MaskProfile::Gaussian},
                                               {"butterworth", MaskProfile::Butterworth}});
  if (parser.isSet(QStringLiteral("order"))) {
    const double order = parseNumber(parser, QStringLiteral("order"));
    if (order != std::floor(order) || order < 1 || order > 10)
      throw usageError("--order must be a whole number from 1 to 10, got '" +
                       parser.value(QStringLiteral("order")).toStdString() + "'");
    if (r.mask.profile != MaskProfile::Butterworth)
      throw usageError("--order applies to --profile butterworth only (the profile is " +
                       toString(r.mask.profile) + ")");
    r.mask.order = int(order);
  }
  for (const QString& notch : parser.values(QStringLiteral("notch")))
    r.mask.notches.push_back(parseNotch(notch));
  if (r.mask.kind == MaskKind::Notch && r.mask.notches.empty())
    throw usageError("--mask notch needs at least one --notch u,v[,r]");
  r.range = parser.isSet(QStringLiteral("range"))
                ? parseChoice<PixelRange>(parser, QStringLiteral("range"),
                                          {{"clamp", PixelRange::Clamp},
                                           {"normalize", PixelRange::Normalize},
                                           {"abs", PixelRange::Abs}})
                : defaultRange(r.mask.kind);
  r.gray = parser.isSet(QStringLiteral("gray"));
  r.pad = padMode(parser);
  r.timings = parser.isSet(QStringLiteral("timings"));
  if (parser.isSet(QStringLiteral("repeat"))) {
    const double repeat = parseNumber(parser, QStringLiteral("repeat"));
    if (repeat != std::floor(repeat) || repeat < 1 || repeat > 1e6)
      throw usageError("--repeat needs a whole number of updates from 1 to 1000000, got '" +
                       parser.value(QStringLiteral("repeat")).toStdString() + "'");
    r.repeat = int(repeat);
  }
  if (parser.isSet(QStringLiteral("resize"))) {
    const QStringList parts = parser.value(QStringLiteral("resize")).split(QLatin1Char('x'));
    r.resize = parts.size() == 2 ? QSize(parts[0].toInt(), parts[1].toInt()) : QSize();
    if (r.resize.isEmpty()) throw usageError("--resize needs WxH, e.g. 2048x2048");
    if (qint64(r.resize.width()) * r.resize.height() > kMaxImagePixels)
      throw usageError("--resize " + parser.value(QStringLiteral("resize")).toStdString() +
                       " is more than the " + std::to_string(kMaxImagePixels) +
                       " pixels this command accepts");
  }
  r.backend = parser.value(QStringLiteral("backend")).toStdString();
  try {
    imaging::validate(r.mask);
  } catch (const std::exception& e) {
    throw usageError(e.what());
  }
  return r;
}

// Notches are in bins of the (padded) spectrum, which is known once the image is: one off the spectrum
// would silently do nothing.
void FilterCommand::checkNotches(const Request& r, QSize image)
{
  const auto [w, h] = imaging::paddedExtent(r.pad, std::size_t(image.width()), std::size_t(image.height()));
  try {
    imaging::validate(r.mask, w, h);
  } catch (const std::exception& e) {
    throw usageError(std::string("--notch: ") + e.what() +
                     (r.pad == imaging::PadMode::None ? "" : "; with --pad the spectrum is the padded one"));
  }
}

std::vector<float> FilterCommand::halfMask(const Request& r, const QImage& image)
{
  const auto [w, h] = imaging::paddedExtent(r.pad, std::size_t(image.width()), std::size_t(image.height()));
  if (r.mask.kind != MaskKind::Custom) return imaging::halfPlaneMask(r.mask, w, h);
  const QImage mask = readImage(r.maskImage);
  if (mask.size() != QSize(int(w), int(h)))
    throw usageError("the mask image is " + std::to_string(mask.width()) + "x" +
                     std::to_string(mask.height()) + ", the " +
                     (r.pad == imaging::PadMode::None ? "image " : "padded spectrum ") + std::to_string(w) +
                     "x" + std::to_string(h) + "; they must be the same size");
  const imaging::PlanarImage grey = toPlanar(mask, true);
  std::vector<float> centred(grey.values.size());
  for (std::size_t i = 0; i < centred.size(); ++i)
    centred[i] = grey.values[i] / 255.0f;
  return imaging::halfPlaneFromCentred(centred, w, h, r.mask.notches);
}

int FilterCommand::run(const QStringList& arguments)
{
  QCommandLineParser parser;
  describeOptions(parser);
  if (auto done = parse(parser, arguments, QStringLiteral("IN OUT"))) return *done;
  const Request r = requestFrom(parser);
  QImage image = readImage(r.input);
  if (r.resize.isValid()) image = image.scaled(r.resize, Qt::IgnoreAspectRatio, Qt::SmoothTransformation);
  checkPaddedSize(image.size(), r.pad);
  checkNotches(r, image.size());
  // Mask images are read and checked before the (slow) transform; formula masks need no host mask.
  const std::vector<float> mask = r.mask.kind == MaskKind::Custom ? halfMask(r, image) : std::vector<float>();

  Engine engine(r.backend);
  if (!engine.fallbackReason().empty() && requestedBackendName(r.backend) != "auto")
    std::cerr << "spectrascope-cli: " << engine.fallbackReason().substr(0, engine.fallbackReason().find('\n'))
              << "\n";
  ExecutionReport forward, update;
  imaging::FilterPipeline pipeline(engine, toPlanar(image, r.gray), r.timings ? &forward : nullptr, r.pad);
  if (!pipeline.fallbackReason().empty())
    std::cerr << "spectrascope-cli: "
              << pipeline.fallbackReason().substr(0, pipeline.fallbackReason().find('\n')) << "\n";
  // Formula masks go through applyParametric: on a device it evaluates them there.
  const imaging::PlanarBytes bytes =
      r.mask.kind == MaskKind::Custom
          ? pipeline.apply(mask, r.range, r.timings ? &update : nullptr)
          : pipeline.applyParametric(r.mask, false, r.range, r.timings ? &update : nullptr);
  if (r.timings) {
    std::cerr << "forward spectrum (once per image), " << image.width() << "x" << image.height() << "x"
              << pipeline.channels() << ":\n"
              << timingTable(forward) << "mask update (mask multiply + inverse + 8 bits):\n"
              << timingTable(update);
  }
  writeImage(fromPlanar(bytes, r.gray ? QImage() : image), r.output); // before the benchmark, which may fail
  if (r.repeat > 0) benchmarkUpdates(pipeline, r, image);
  return Success;
}

// One slider step of the GUI, N times with a slightly different cutoff each time: mask, multiply,
// inverse, 8 bits, QImage, the bytes handed back for the next step as the Image tab does. Reports the
// median and the fastest, and the median of each step.
void FilterCommand::benchmarkUpdates(imaging::FilterPipeline& pipeline, const Request& r, const QImage& image)
{
  using Clock = std::chrono::steady_clock;
  auto ms = [](Clock::duration d) { return std::chrono::duration<double, std::milli>(d).count(); };
  std::vector<double> total, maskMs, multiplyMs, inverseMs, bytesMs, imageMs;
  imaging::MaskSpec spec = r.mask;
  for (int i = 0; i < r.repeat; ++i) {
    if (spec.kind != MaskKind::Notch && spec.kind != MaskKind::Custom)
      spec.cutoff = r.mask.cutoff * (1 - 0.001 * (i % 7)); // downwards: stays below any cutoff2
    ExecutionReport report;
    const auto start = Clock::now();
    // As the Image tab does: formula masks on the device when there is one, composed here otherwise.
    const bool parametric = spec.kind != MaskKind::Custom && pipeline.onDevice();
    const std::vector<float> mask =
        parametric ? std::vector<float>() : imaging::halfPlaneMask(spec, pipeline.width(), pipeline.height());
    const auto masked = Clock::now();
    imaging::PlanarBytes bytes = parametric ? pipeline.applyParametric(spec, false, r.range, &report)
                                            : pipeline.apply(mask, r.range, &report);
    const auto applied = Clock::now();
    const QImage out = fromPlanar(bytes, r.gray ? QImage() : image);
    pipeline.recycle(std::move(bytes));
    const auto done = Clock::now();
    total.push_back(ms(done - start));
    maskMs.push_back(ms(masked - start));
    imageMs.push_back(ms(done - applied));
    double multiply = 0, inverse = 0, toBytes = 0;
    for (const KernelRecord& k : report.records) {
      const bool isInverse = k.name.rfind("inverse", 0) == 0, isMultiply = k.name.rfind("mask", 0) == 0;
      (isInverse ? inverse : isMultiply ? multiply : toBytes) += k.milliseconds();
    }
    multiplyMs.push_back(multiply);
    inverseMs.push_back(inverse);
    bytesMs.push_back(toBytes);
  }
  auto median = [](std::vector<double> v) {
    std::nth_element(v.begin(), v.begin() + long(v.size() / 2), v.end());
    return v[v.size() / 2];
  };
  std::fprintf(
      stderr,
      "update %dx%dx%zu, %d runs: median %.2f ms, min %.2f ms (%.1f updates/s); median steps: mask %.2f, "
      "multiply %.2f, inverse %.2f, 8 bits %.2f, image %.2f ms\n",
      image.width(), image.height(), pipeline.channels(), r.repeat, median(total),
      *std::min_element(total.begin(), total.end()), 1000 / median(total), median(maskMs), median(multiplyMs),
      median(inverseMs), median(bytesMs), median(imageMs));
}

} // namespace spectrascope::cli
