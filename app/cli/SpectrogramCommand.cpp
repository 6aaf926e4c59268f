#include "SpectrogramCommand.h"

#include "CliError.h"
#include "MemoryBudget.h"
#include "OutputFile.h"
#include "spectrascope/engine/Engine.h"
#include "spectrascope/engine/Errors.h"
#include "spectrascope/engine/audio/SoundFileReader.h"
#include "spectrascope/engine/audio/Stft.h"
#include "spectrascope/ui/Colormap.h"

#include <QFileInfo>
#include <QImage>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>

namespace spectrascope::cli {
namespace {

constexpr std::size_t kReadChunkFrames = 1 << 16;
// QImage addresses its bytes with an int.
constexpr std::uint64_t kMaxImageBytes = std::uint64_t(1) << 31;

std::size_t parseSize(const QCommandLineParser& parser, const QString& option, std::size_t min,
                      std::size_t max)
{
  bool ok = false;
  const qulonglong value = parser.value(option).toULongLong(&ok);
  if (!ok || value < min || value > max)
    throw usageError("--" + option.toStdString() + " needs a whole number from " + std::to_string(min) +
                     " to " + std::to_string(max) + ", got '" + parser.value(option).toStdString() + "'");
  return std::size_t(value);
}

// Reads the file in chunks and computes frames as soon as their samples are in; only the samples of
// frames not yet computed are kept. Returns amplitude-corrected magnitudes, frame after frame.
std::vector<float> magnitudesOf(audio::SoundFileReader& reader, audio::Stft& stft, std::size_t& frames)
{
  const audio::StftSettings& s = stft.settings();
  const std::size_t bins = stft.binCount();
  const auto budget = availableMemoryBytes();
  std::vector<float> samples, matrix;
  frames = 0;
  bool more = true;
  while (more) {
    more = reader.readMono(samples, kReadChunkFrames) > 0;
    const std::size_t ready = audio::Stft::frameCount(samples.size(), s);
    if (ready == 0) continue;
    const std::uint64_t bytes = std::uint64_t(frames + ready) * bins * sizeof(float);
    if (bytes > kMaxImageBytes / 4 * sizeof(float) || (budget && bytes > *budget / 2))
      throw usageError("the spectrogram of this file has too many frames for memory (" +
                       std::to_string(frames + ready) + " frames of " + std::to_string(bins) +
                       " bins so far); use a larger --hop");
    matrix.resize((frames + ready) * bins);
    stft.magnitudes(samples, ready, std::span<float>(matrix).subspan(frames * bins));
    frames += ready;
    const std::size_t drop = ready * s.hop;
    samples.erase(samples.begin(), samples.begin() + std::ptrdiff_t(std::min(drop, samples.size())));
  }
  return matrix;
}

void writeCsv(OutputFile& out, const std::vector<float>& db, std::size_t frames, std::size_t bins)
{
  QByteArray row;
  char buffer[32];
  for (std::size_t f = 0; f < frames; ++f) {
    row.clear();
    for (std::size_t k = 0; k < bins; ++k) {
      const int n = std::snprintf(buffer, sizeof buffer, k ? ",%.3f" : "%.3f", double(db[f * bins + k]));
      row.append(buffer, n);
    }
    row.append('\n');
    out.write(row);
  }
}

// Right of the frames: a gap, the colormap from -range (bottom) to 0 dB (top), and a tick every 10 dB
// (every 50 dB past 200). The scale is in the PNG's "Colour bar" text too, as there is no font here.
constexpr int kBarGap = 6, kBarWidth = 16, kTickLength = 6;

void drawColourBar(QImage& image, int left, double range, const ui::Colormap& colormap)
{
  image.setText(QStringLiteral("Colour bar"),
                QStringLiteral("right of the spectrogram: top 0 dB, bottom -%1 dB, a tick every %2 dB")
                    .arg(range)
                    .arg(range > 200 ? 50 : 10));
  const int height = image.height();
  for (int y = 0; y < height; ++y) {
    auto* line = reinterpret_cast<std::uint32_t*>(image.scanLine(y));
    std::fill(line + left, line + image.width(), 0xffffffffu);
    const double t = height > 1 ? 1.0 - double(y) / (height - 1) : 1.0;
    std::fill(line + left + kBarGap, line + left + kBarGap + kBarWidth, colormap.argb(t));
  }
  const double step = range > 200 ? 50 : 10;
  for (double db = 0; db <= range + 1e-9; db += step) {
    const int y = std::clamp(int(std::lround(db / range * (height - 1))), 0, height - 1);
    auto* line = reinterpret_cast<std::uint32_t*>(image.scanLine(y));
    std::fill(line + left + kBarGap + kBarWidth, line + left + kBarGap + kBarWidth + kTickLength,
              0xff000000u);
  }
}

void writePng(OutputFile& out, const std::vector<float>& db, std::size_t frames, std::size_t bins,
              double range, const ui::Colormap& colormap, bool colourBar)
{
  const int barWidth = colourBar ? kBarGap + kBarWidth + kTickLength : 0;
  QImage image(int(frames) + barWidth, int(bins), QImage::Format_RGB32);
  if (image.isNull())
    throw runtimeFailure("no memory for a " + std::to_string(frames) + "x" + std::to_string(bins) + " image");
  for (std::size_t k = 0; k < bins; ++k) {
    // Row 0 is the top of the image: the highest bin.
    auto* line = reinterpret_cast<std::uint32_t*>(image.scanLine(int(bins - 1 - k)));
    for (std::size_t f = 0; f < frames; ++f)
      line[f] = colormap.argb(1.0 + db[f * bins + k] / range);
  }
  if (colourBar) drawColourBar(image, int(frames), range, colormap);
  out.writeImage(image, "png");
}

} // namespace

QString SpectrogramCommand::summary() const
{
  return QStringLiteral("Spectrogram of an audio file as a PNG (and optionally CSV of dB values).");
}

void SpectrogramCommand::describeOptions(QCommandLineParser& parser)
{
  parser.setApplicationDescription(QStringLiteral(
      "Short-time Fourier transform of the mono mix (mean of the channels) of IN (WAV, FLAC, Ogg Vorbis, "
      "...).\n"
      "Frame k covers samples [k*H, k*H+N), no padding at the ends; each is windowed (periodic windows as\n"
      "scipy.signal.get_window defines them). The PNG has one column per frame and N/2+1 rows, low\n"
      "frequencies at the bottom. Values are 20 log10 |X| normalised so the loudest bin of the file is 0 "
      "dB,\n"
      "clipped to [-range, 0] and mapped through the colormap. A dB colour bar stands to the right of the\n"
      "frames (0 dB at the top, a tick every 10 dB; --no-colour-bar leaves the bare frames).\n"
      "A file cut off before the end its header promises is read up to what is there (with a note on\n"
      "stderr); missing files, directories, empty files, non-audio files and absurd headers (no channels,\n"
      "a sample rate of 0, more than 24 hours) are refused with exit code 2."));
  parser.addOptions({
      QCommandLineOption(QStringLiteral("fft"),
                         QStringLiteral("FFT size N, 16..65536, any size (default 2048)."),
                         QStringLiteral("N"), QStringLiteral("2048")),
      QCommandLineOption(QStringLiteral("hop"), QStringLiteral("Hop H in samples (default 512)."),
                         QStringLiteral("H"), QStringLiteral("512")),
      QCommandLineOption(
          QStringLiteral("window"),
          QStringLiteral(
              "rectangular, hann (default), hamming, blackman, blackmanharris, flattop, "
              "kaiser[:BETA] (8.6; 0 < BETA <= 700), gaussian[:SIGMA] (N/8; 0.1 <= SIGMA <= 1e9 samples)."),
          QStringLiteral("name"), QStringLiteral("hann")),
      QCommandLineOption(QStringLiteral("range"),
                         QStringLiteral("dB range below the loudest bin (default 100)."),
                         QStringLiteral("DB"), QStringLiteral("100")),
      QCommandLineOption(QStringLiteral("colormap"),
                         QStringLiteral("viridis (default), magma, inferno, grayscale."),
                         QStringLiteral("name"), QStringLiteral("viridis")),
      QCommandLineOption(QStringLiteral("no-colour-bar"),
                         QStringLiteral("Leave out the dB colour bar right of the frames: the image is then "
                                        "exactly frames x bins.")),
      // The bar used to be asked for; it is now the default, and scripts that still ask are accepted
      // (the option does nothing; --no-colour-bar wins).
      QCommandLineOption(QStringLiteral("colour-bar"),
                         QStringLiteral("Accepted for older scripts: the colour bar is the default.")),
      QCommandLineOption(
          QStringLiteral("csv"),
          QStringLiteral("Also write the dB matrix (after normalisation and clipping): one row per "
                         "frame, one column per bin."),
          QStringLiteral("OUT.csv")),
      QCommandLineOption(QStringLiteral("backend"),
                         QStringLiteral("auto (default), fftw, naive-dft, opencl, opencl:<index|name>."),
                         QStringLiteral("name")),
  });
  parser.addPositionalArgument(QStringLiteral("IN"), QStringLiteral("Audio file."));
  parser.addPositionalArgument(QStringLiteral("OUT.png"), QStringLiteral("Image file (replaced)."));
}

SpectrogramCommand::Request SpectrogramCommand::requestFrom(const QCommandLineParser& parser)
{
  const QStringList files = parser.positionalArguments();
  if (files.size() != 2)
    throw usageError("spectrogram needs IN and OUT.png, got " + std::to_string(files.size()) +
                     " file name(s) (see spectrascope-cli spectrogram --help)");
  Request r;
  r.fft = parseSize(parser, QStringLiteral("fft"), 16, 65536);
  r.hop = parseSize(parser, QStringLiteral("hop"), 1, 1 << 24);
  r.window = parser.value(QStringLiteral("window")).toStdString();
  r.colormap = parser.value(QStringLiteral("colormap")).toStdString();
  bool ok = false;
  r.range = parser.value(QStringLiteral("range")).toDouble(&ok);
  if (!ok || !(r.range > 0) || r.range > 400)
    throw usageError("--range needs a number of dB above 0 and at most 400, got '" +
                     parser.value(QStringLiteral("range")).toStdString() + "'");
  r.csv = parser.value(QStringLiteral("csv")).toStdString();
  r.colourBar = !parser.isSet(QStringLiteral("no-colour-bar"));
  r.backend = parser.value(QStringLiteral("backend")).toStdString();
  r.input = files[0].toStdString();
  r.output = files[1].toStdString();
  if (QFileInfo(files[1]).suffix().compare(QStringLiteral("png"), Qt::CaseInsensitive) != 0)
    throw usageError("OUT must be a .png file name (the spectrogram is written as PNG), got '" + r.output +
                     "'");
  refuseToOverwriteInput(files[0], files[1]);
  checkOutputPath(files[1]);
  if (!r.csv.empty()) {
    refuseToOverwriteInput(files[0], QString::fromStdString(r.csv));
    checkOutputPath(QString::fromStdString(r.csv));
    if (QFileInfo(QString::fromStdString(r.csv)).absoluteFilePath() == QFileInfo(files[1]).absoluteFilePath())
      throw usageError("--csv and OUT are the same file, '" + r.csv + "': give each its own name");
  }
  return r;
}

int SpectrogramCommand::run(const QStringList& arguments)
{
  QCommandLineParser parser;
  describeOptions(parser);
  if (auto done = parse(parser, arguments, QStringLiteral("IN OUT.png"))) return *done;
  const Request r = requestFrom(parser);
  const auto window = audio::parseWindow(r.window);
  if (!window)
    throw usageError("unknown --window '" + r.window + "' (see spectrascope-cli spectrogram --help)");
  try {
    audio::checkWindowParameter(*window);
  } catch (const EngineError& e) {
    throw usageError("--window " + r.window + ": " + e.what());
  }
  const auto colormap = ui::Colormap::byName(r.colormap);
  if (!colormap)
    throw usageError("unknown --colormap '" + r.colormap + "': use viridis, magma, inferno or grayscale");

  audio::SoundFileReader reader(r.input); // bad files throw InvalidArgument: exit 2
  // A cut-off file is read up to its end; the user hears about it, and the command still succeeds.
  if (!reader.note().empty())
    std::cerr << "spectrascope-cli: note: " << r.input << ": " << reader.note() << "\n";
  Engine engine(r.backend);
  audio::StftSettings settings;
  settings.frameLength = r.fft;
  settings.hop = r.hop;
  settings.window = *window;
  audio::Stft stft(engine, settings);
  std::size_t frames = 0;
  const std::string noteOnOpening = reader.note();
  std::vector<float> db = magnitudesOf(reader, stft, frames);
  if (reader.note() != noteOnOpening) // a compressed stream that broke off part-way
    std::cerr << "spectrascope-cli: note: " << r.input << ": " << reader.note() << "\n";
  if (frames == 0)
    throw usageError(r.input + ": shorter than one frame of " + std::to_string(r.fft) + " samples");

  const std::size_t bins = stft.binCount();
  float loudest = 0;
  for (float m : db)
    loudest = std::max(loudest, m);
  for (float& v : db) {
    const float level = loudest > 0 ? audio::Stft::toDecibels(v / loudest) : -float(r.range);
    v = std::clamp(level, -float(r.range), 0.0f);
  }
  // Both files or neither: each is written in full beside its target before either replaces it.
  OutputFile png(QString::fromStdString(r.output));
  writePng(png, db, frames, bins, r.range, *colormap, r.colourBar);
  if (r.csv.empty()) {
    png.commit();
    return Success;
  }
  OutputFile csv(QString::fromStdString(r.csv));
  writeCsv(csv, db, frames, bins);
  OutputFile::commitTogether({&png, &csv});
  return Success;
}

} // namespace spectrascope::cli
