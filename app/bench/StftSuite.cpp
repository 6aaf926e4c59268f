#include "StftSuite.h"

#include "spectrascope/engine/Engine.h"
#include "spectrascope/engine/audio/Overview.h"
#include "spectrascope/engine/audio/SpectrogramPipeline.h"
#if SPECTRASCOPE_HAS_SNDFILE
#include "spectrascope/engine/audio/SoundFilePrefetcher.h"
#include "spectrascope/engine/audio/SoundFileReader.h"
#endif

#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <numbers>
#include <random>
#include <stdexcept>

namespace spectrascope::bench {
namespace {

constexpr double kRate = 48000;
constexpr std::size_t kLiveFft = 8192, kLiveHop = 64, kDisplayRows = 512;
// The GUI's worker polls every 5 ms: at 750 columns/s that is 3.75 frames per call.
constexpr std::size_t kFramesPerPoll = 4;

double secondsSince(std::chrono::steady_clock::time_point start)
{
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Peak resident memory of this process (VmHWM), MiB; 0 where /proc is not there.
double peakResidentMiB()
{
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);)
    if (line.rfind("VmHWM:", 0) == 0) return std::stod(line.substr(6)) / 1024.0;
  return 0;
}

// A tone, a chirp and noise: every part of the pipeline does real work.
std::vector<float> testAudio(std::size_t samples, int channels)
{
  std::mt19937 random(1);
  std::normal_distribution<float> noise(0, 0.01f);
  std::vector<float> x(samples * std::size_t(channels));
  for (std::size_t i = 0; i < samples; ++i) {
    const double t = double(i) / kRate;
    const float v = float(0.3 * std::sin(2 * std::numbers::pi * 1000 * t) +
                          0.2 * std::sin(2 * std::numbers::pi * (100 + 5000 * t) * t));
    for (int c = 0; c < channels; ++c)
      x[i * std::size_t(channels) + std::size_t(c)] = v * (c ? 0.5f : 1.0f) + noise(random);
  }
  return x;
}

// Display rows spread logarithmically over the spectrum, top first, as the GUI's log axis maps them.
audio::LevelRows logRows(std::size_t bins)
{
  audio::LevelRows m;
  const double low = 20.0 / (kRate / 2), top = double(bins - 1);
  for (std::size_t row = 0; row < kDisplayRows; ++row) {
    const double u0 = double(kDisplayRows - 1 - row) / kDisplayRows, u1 = u0 + 1.0 / kDisplayRows;
    const auto first = std::uint32_t(std::lround(top * low * std::pow(1 / low, u0)));
    const auto last = std::uint32_t(std::lround(top * low * std::pow(1 / low, u1)));
    m.rowBins.emplace_back(first, std::max(first, last > first ? last - 1 : first));
  }
  return m;
}

struct LiveFigures
{
  std::string backend;
  double pollMsPerSecond = 0;  // analysis wall ms per second of audio, GUI-sized calls
  double batchMsPerSecond = 0; // the same in one-second calls
  ExecutionReport profile;     // one profiled GUI-sized call
};

LiveFigures measureLive(Engine& engine, const MeasureOptions& o)
{
  audio::StftSettings s;
  s.frameLength = kLiveFft;
  s.hop = kLiveHop;
  audio::SpectrogramPipeline pipeline(engine, s);
  pipeline.setRows(logRows(pipeline.binCount()));
  const std::size_t columnsPerSecond = std::size_t(kRate) / kLiveHop; // 750
  const std::vector<float> audio = testAudio(audio::Stft::samplesSpanned(columnsPerSecond, s), 1);
  std::vector<float> levels(columnsPerSecond * kDisplayRows);
  audio::FrameSummary summary; // every frame reaches the spectrum view's peaks and averages
  auto oneSecond = [&](std::size_t framesPerCall) {
    const auto start = std::chrono::steady_clock::now();
    for (std::size_t f = 0; f < columnsPerSecond; f += framesPerCall) {
      const std::size_t count = std::min(framesPerCall, columnsPerSecond - f);
      pipeline.levels(std::span<const float>(audio).subspan(f * kLiveHop), count,
                      std::span<float>(levels).subspan(f * kDisplayRows), &summary);
    }
    return secondsSince(start) * 1000;
  };
  oneSecond(kFramesPerPoll); // warm-up: plans of every batch size, kernels built
  oneSecond(columnsPerSecond);
  std::vector<double> poll, batch;
  for (int r = 0; r < o.repetitions; ++r) {
    poll.push_back(oneSecond(kFramesPerPoll));
    batch.push_back(oneSecond(columnsPerSecond));
  }
  LiveFigures f;
  f.backend = pipeline.backendName();
  f.pollMsPerSecond = median(poll);
  f.batchMsPerSecond = median(batch);
  pipeline.levels(audio, kFramesPerPoll, levels, &summary, &f.profile);
  return f;
}

struct OverviewFigures
{
  std::string source, backend;
  double audioSeconds = 0, wallSeconds = 0, engineMs = 0;
  std::size_t columns = 0, bins = 0, overviewBytes = 0;
  double peakMiB = 0;
};

// The file loader's loop: chunks of OverviewBuilder::kChunkFrames, the stereo pair mixed to mono (as the
// reader does), through the OverviewBuilder. The synthetic hour repeats one second of audio, so only the
// analysis and the mixing are timed, not the making of test data.
OverviewFigures measureSyntheticHour(Engine& engine)
{
  constexpr std::size_t kChunk = audio::OverviewBuilder::kChunkFrames;
  constexpr int kChannels = 2;
  const std::size_t total = std::size_t(kRate) * 3600;
  const std::vector<float> second = testAudio(std::size_t(kRate), kChannels);
  const std::size_t period = std::size_t(kRate);
  std::vector<float> mono;
  OverviewFigures f;
  const auto start = std::chrono::steady_clock::now();
  audio::OverviewBuilder builder(engine);
  for (std::size_t done = 0; done < total; done += kChunk) {
    const std::size_t count = std::min(kChunk, total - done);
    mono.resize(count);
    // Where in the repeated second this chunk starts; stepped without a division per sample, which
    // would cost more than the mixing it stands in for (a reader mixes its frames as it converts them).
    std::size_t j = (done % period) * kChannels;
    for (std::size_t i = 0; i < count; ++i) {
      mono[i] = 0.5f * (second[j] + second[j + 1]);
      j += kChannels;
      if (j == period * kChannels) j = 0;
    }
    builder.consume(mono);
  }
  f.wallSeconds = secondsSince(start);
  f.source = "synthetic 1 h, 48 kHz stereo";
  f.audioSeconds = double(total) / kRate;
  f.backend = builder.backendName();
  f.columns = builder.columns();
  f.bins = builder.bins();
  f.overviewBytes = builder.db().size() * sizeof(float);
  f.engineMs = builder.report().wallMs;
  f.peakMiB = peakResidentMiB();
  return f;
}

OverviewFigures measureFile(Engine& engine, const std::string& path)
{
#if SPECTRASCOPE_HAS_SNDFILE
  OverviewFigures f;
  const auto start = std::chrono::steady_clock::now();
  audio::SoundFileReader reader(path);
  audio::OverviewBuilder builder(engine);
  std::vector<float> samples;
  std::size_t frames = 0;
  { // as the GUI's loader reads: the next chunk read ahead while this one is analysed
    audio::SoundFilePrefetcher ahead(reader, audio::OverviewBuilder::kChunkFrames);
    while (const std::size_t got = ahead.next(samples)) {
      frames += got;
      builder.consume(samples);
    }
  }
  f.wallSeconds = secondsSince(start);
  f.source = path + " (" + reader.formatName() + ", " + std::to_string(reader.channels()) + " channels)";
  f.audioSeconds = double(frames) / reader.sampleRate();
  f.backend = builder.backendName();
  f.columns = builder.columns();
  f.bins = builder.bins();
  f.overviewBytes = builder.db().size() * sizeof(float);
  f.engineMs = builder.report().wallMs;
  f.peakMiB = peakResidentMiB();
  return f;
#else
  (void)engine;
  throw std::invalid_argument("--file needs a build with libsndfile (" + path + ")");
#endif
}

void printLive(const LiveFigures& f, bool json)
{
  if (json) {
    std::printf(
        "{\"suite\":\"stft\",\"case\":\"live\",\"backend\":\"%s\",\"fft\":%zu,\"hop\":%zu,\"rows\":%zu,"
        "\"poll_ms_per_s\":%.3f,\"batch_ms_per_s\":%.3f,\"kernels\":[",
        f.backend.c_str(), kLiveFft, kLiveHop, kDisplayRows, f.pollMsPerSecond, f.batchMsPerSecond);
    for (std::size_t i = 0; i < f.profile.records.size(); ++i)
      std::printf("%s{\"name\":\"%s\",\"type\":\"%s\",\"ms\":%.4f}", i ? "," : "",
                  f.profile.records[i].name.c_str(), toString(f.profile.records[i].type).c_str(),
                  f.profile.records[i].milliseconds());
    std::printf("]}\n");
    return;
  }
  std::printf("# live: 48 kHz, FFT %zu, hop %zu (750 columns/s), %zu display rows, backend %s\n", kLiveFft,
              kLiveHop, kDisplayRows, f.backend.c_str());
  std::printf(
      "  analysis per second of audio, %zu frames per call (as the GUI): %8.2f ms (%.1f%% of real time)\n",
      kFramesPerPoll, f.pollMsPerSecond, f.pollMsPerSecond / 10);
  std::printf(
      "  analysis per second of audio, 750 frames per call:            %8.2f ms (%.1f%% of real time)\n",
      f.batchMsPerSecond, f.batchMsPerSecond / 10);
  std::printf("  one %zu-frame call, step by step (wall %.3f ms):\n", kFramesPerPoll, f.profile.wallMs);
  for (const KernelRecord& r : f.profile.records)
    std::printf("    %-44s %-8s %9.4f ms\n", r.name.c_str(), toString(r.type).c_str(), r.milliseconds());
}

void printOverview(const OverviewFigures& f, bool json)
{
  if (json) {
    std::printf(
        "{\"suite\":\"stft\",\"case\":\"overview\",\"source\":\"%s\",\"backend\":\"%s\",\"audio_s\":%.1f,"
        "\"wall_s\":%.3f,\"engine_ms\":%.1f,\"columns\":%zu,\"bins\":%zu,\"overview_mib\":%.2f,"
        "\"peak_rss_mib\":%.1f}\n",
        f.source.c_str(), f.backend.c_str(), f.audioSeconds, f.wallSeconds, f.engineMs, f.columns, f.bins,
        f.overviewBytes / 1048576.0, f.peakMiB);
    return;
  }
  std::printf("# overview: %s, FFT %zu, backend %s\n", f.source.c_str(), audio::OverviewBuilder::kFftSize,
              f.backend.c_str());
  std::printf("  %.0f s of audio in %.2f s (engine calls %.2f s); %zu columns x %zu bins = %.1f MiB kept; "
              "peak resident %.0f MiB\n",
              f.audioSeconds, f.wallSeconds, f.engineMs / 1000, f.columns, f.bins,
              f.overviewBytes / 1048576.0, f.peakMiB);
}

} // namespace

int runStftSuite(const std::string& backend, const std::string& file, const MeasureOptions& o, bool json)
{
  Engine engine(backend);
  if (!json)
    std::printf("# engine backend %s, device %s%s\n", engine.backendName().c_str(),
                engine.deviceName().c_str(),
                engine.fallbackReason().empty() ? "" : (" (" + engine.fallbackReason() + ")").c_str());
  printLive(measureLive(engine, o), json);
  std::fflush(stdout);
  printOverview(file.empty() ? measureSyntheticHour(engine) : measureFile(engine, file), json);
  return 0;
}

} // namespace spectrascope::bench
