#pragma once
// Runs the STFT of whatever arrives in the ring buffer, on its own thread.
//
// Threading contract: construct on the GUI thread, moveToThread() a worker thread, then call start() and
// configure() only through queued invocations (or signals). columnsReady() is emitted on the worker
// thread; connect it queued. When more than kMaxResultsInFlight results wait unconsumed (the GUI is
// busy), later results wait in the worker, joined into one, and are sent once there is room (a paused
// file's one preview must arrive however busy the GUI was): the receiver calls resultConsumed(). A stall
// of the GUI thus loses no spectrogram column up to kMaxHeldFrames frames; beyond that the oldest waiting
// frames are dropped and counted, and the views leave a gap where they were (the result's firstSample
// says where its frames belong). Every analysed frame stays in the summary the next result carries, so
// peak hold and averages see them all.
//
// The engine comes from the GUI's EngineService (useEngine(), queued): the STFT then runs on whatever
// backend the Engine menu chose, the GPU when there is one. Until one arrives (or without a service, as
// in tests) the worker makes its own FFTW engine, which needs no device enumeration.

#include "spectrascope/engine/audio/SpectrogramPipeline.h"
#include "spectrascope/ui/audio/AnalysisSettings.h"
#include "spectrascope/ui/audio/SpectrumColumns.h"

#include <QObject>
#include <QTimer>

#include <atomic>
#include <memory>
#include <optional>
#include <span>
#include <vector>

namespace spectrascope {
class Engine;
}

namespace spectrascope::audio {
class SampleRingBuffer;
} // namespace spectrascope::audio

namespace spectrascope::ui {

class AudioAnalysisWorker : public QObject
{
  Q_OBJECT

public:
  explicit AudioAnalysisWorker(std::shared_ptr<audio::SampleRingBuffer> ring, QObject* parent = nullptr);
  ~AudioAnalysisWorker() override;

  static constexpr int kMaxResultsInFlight = 4;
  // Frames one waiting result may gather (about 11 s at the default hop of 1024 at 48 kHz).
  static constexpr int kMaxHeldFrames = 512;
  // Thread-safe.
  void resultConsumed() { --inFlight_; }
  std::uint64_t droppedResults() const { return droppedResults_; }

public slots:
  void start();
  void configure(const spectrascope::ui::AnalysisSettings& settings);
  void stop();
  // Stops or resumes polling the ring buffer, keeping the pipeline (a hidden tab rests).
  void setPolling(bool on);
  // Switches to `engine` (the plans are remade on the next poll); keeps the engine alive while used.
  void useEngine(std::shared_ptr<spectrascope::Engine> engine);

signals:
  void columnsReady(const spectrascope::ui::SpectrumColumns& columns);
  void errorMessage(const QString& heading, const QString& detail);

private:
  void poll();
  void rebuild();
  // Runs the pipeline on the first `frames` pending frames; false (and reported) on failure.
  bool analyse(std::size_t frames, SpectrumColumns& columns);
  void accumulateLevel(std::span<const float> fresh);
  void takeLevel(SpectrumColumns& columns);
  // Sends `columns` with the frames summarised since the last result sent.
  void send(SpectrumColumns columns);
  // Keeps `columns` until there is room in flight, after those already waiting when it continues them.
  void hold(SpectrumColumns columns);

  std::shared_ptr<audio::SampleRingBuffer> ring_;
  QTimer* timer_ = nullptr;
  std::shared_ptr<Engine> engine_;
  std::unique_ptr<audio::SpectrogramPipeline> pipeline_;
  audio::FrameSummary summary_; // frames analysed since the last result that was sent
  std::int64_t lastReportNs_ = 0;
  AnalysisSettings settings_;
  bool dirty_ = true;
  std::uint64_t generation_ = ~std::uint64_t(0);
  std::vector<float> pending_;    // samples read but not yet covered by a whole frame
  std::int64_t pendingFirst_ = 0; // stream index of pending_[0]
  std::int64_t arrivalNs_ = 0;
  double levelSquares_ = 0;
  float levelPeak_ = 0;
  std::size_t levelCount_ = 0;
  std::optional<SpectrumColumns> held_; // results waiting for room in flight, joined
  std::atomic<int> inFlight_{0};
  std::atomic<std::uint64_t> droppedResults_{0};
};

} // namespace spectrascope::ui
