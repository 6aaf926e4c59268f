#include "spectrascope/engine/audio/SpectrogramPipeline.h"

#include "DeviceCalls.h"
#include "spectrascope/engine/Engine.h"
#include "spectrascope/engine/Errors.h"
#include "spectrascope/engine/OpenClBackend.h"

#include <algorithm>
#include <bit>
#include <chrono>

namespace spectrascope::audio {
namespace {

TransformDescriptor frameTransform(std::size_t fftSize, std::size_t batch)
{
  TransformDescriptor d;
  d.rank = 1;
  d.extent = {fftSize, 1, 1};
  d.batch = batch;
  d.kind = TransformKind::RealToComplex;
  d.direction = Direction::Forward;
  return d;
}

std::uint64_t nowNs()
{
  return std::uint64_t(std::chrono::duration_cast<std::chrono::nanoseconds>(
                           std::chrono::steady_clock::now().time_since_epoch())
                           .count());
}

KernelRecord record(std::string name, KernelRecord::Type type, std::size_t x, std::size_t y,
                    std::uint64_t bytes)
{
  KernelRecord r;
  r.name = std::move(name);
  r.type = type;
  r.globalSize = {x, y, 1};
  r.bytes = bytes;
  return r;
}

std::vector<float> correctedWindow(const StftSettings& s)
{
  const std::vector<double> w = makeWindow(s.window, s.frameLength);
  const double correction = amplitudeCorrection(w);
  std::vector<float> out(w.size());
  for (std::size_t i = 0; i < w.size(); ++i)
    out[i] = float(w[i] / correction);
  return out;
}

} // namespace

// Device buffers sized for the largest batch, the kernels of cl/stft.cl, and the per-call sequence.
class SpectrogramPipeline::Device
{
public:
  Device(Engine& engine, OpenClBackend& backend, const StftSettings& s, std::size_t maxBatch)
      : engine_(engine), backend_(backend), settings_(s), maxBatch_(maxBatch), bins_(s.binCount())
  {
    cl::Context& context = backend.context();
    std::vector<float> window = correctedWindow(s);
    window_ = cl::Buffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, window.size() * 4, window.data());
    samples_ = cl::Buffer(context, CL_MEM_READ_ONLY, Stft::samplesSpanned(maxBatch, s) * 4);
    frames_ = cl::Buffer(context, CL_MEM_READ_WRITE, maxBatch * s.fftSize() * 4);
    spectra_ = cl::Buffer(context, CL_MEM_READ_WRITE, maxBatch * bins_ * 8);
    summary_ = cl::Buffer(context, CL_MEM_WRITE_ONLY, 3 * bins_ * 4);
    const cl::Program program = backend.programs().get("stft", "-cl-std=CL1.2");
    framesKernel_ = cl::Kernel(program, "stft_frames");
    levelsKernel_ = cl::Kernel(program, "stft_levels");
    summaryKernel_ = cl::Kernel(program, "stft_summary");
  }

  std::string backendName() const { return backend_.name(); }

  void setRows(const LevelRows& rows)
  {
    std::vector<cl_uint> rowBins;
    for (const auto& [first, last] : rows.rowBins)
      rowBins.insert(rowBins.end(), {first, last});
    if (rowBins.empty()) // one row per bin
      for (cl_uint k = 0; k < bins_; ++k)
        rowBins.insert(rowBins.end(), {k, k});
    cl::Context& context = backend_.context();
    rowBins_ =
        cl::Buffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, rowBins.size() * 4, rowBins.data());
    rows_ = rowBins.size() / 2;
    levels_ = cl::Buffer(context, CL_MEM_WRITE_ONLY, maxBatch_ * rows_ * 4);
  }

  // One batch of at most maxBatch frames. False when the engine serves this batch size elsewhere (a
  // fallback to FFTW): the caller then runs it on the host.
  bool run(const float* samples, std::size_t count, float* levels, FrameSummary* summary,
           ExecutionReport* report)
  {
    const std::size_t batch = std::bit_ceil(count);
    const std::shared_ptr<const Plan> plan = engine_.plan(frameTransform(settings_.fftSize(), batch));
    const auto* fft = dynamic_cast<const OpenClPlan*>(plan.get());
    if (!fft) return false;
    try {
      enqueue(*fft, samples, count, batch, levels, summary, report);
    } catch (const cl::Error& e) {
      detail::rethrowDeviceError(e, "the device spectrogram");
    }
    return true;
  }

private:
  void enqueue(const OpenClPlan& fft, const float* samples, std::size_t count, std::size_t batch,
               float* levels, FrameSummary* summary, ExecutionReport* report)
  {
    cl::CommandQueue& queue = backend_.queue();
    const std::size_t n = settings_.fftSize(), spanned = Stft::samplesSpanned(count, settings_);
    std::vector<cl::Event> events(2);
    std::vector<KernelRecord> records{
        record("stft: upload samples", KernelRecord::Type::Upload, 0, 0, spanned * 4),
        record("stft: window frames", KernelRecord::Type::Kernel, n, batch, (spanned + 2 * batch * n) * 4)};
    queue.enqueueWriteBuffer(samples_, CL_FALSE, 0, spanned * 4, samples, nullptr, &events[0]);
    setArgs(framesKernel_, samples_, window_, frames_, cl_uint(settings_.frameLength), cl_uint(n),
            cl_uint(settings_.hop), cl_uint(count));
    queue.enqueueNDRangeKernel(framesKernel_, cl::NullRange, cl::NDRange(n, batch), cl::NullRange, nullptr,
                               &events[1]);
    ExecutionReport fftReport;
    fft.enqueue(frames_, spectra_, report ? &fftReport : nullptr);
    if (report) detail::appendTimedRecords(events, records, *report);
    if (report) appendPrefixed(*report, fftReport, "stft: ");

    events.assign(summary ? 4 : 2, cl::Event());
    records = {record("stft: dB row maxima", KernelRecord::Type::Kernel, rows_, count,
                      count * bins_ * 8 + count * rows_ * 4),
               record("stft: download levels", KernelRecord::Type::Download, 0, 0, count * rows_ * 4)};
    setArgs(levelsKernel_, spectra_, rowBins_, levels_, cl_uint(bins_), cl_uint(rows_), cl_uint(count));
    queue.enqueueNDRangeKernel(levelsKernel_, cl::NullRange, cl::NDRange(rows_, count), cl::NullRange,
                               nullptr, &events[0]);
    queue.enqueueReadBuffer(levels_, CL_FALSE, 0, count * rows_ * 4, levels, nullptr, &events[1]);
    if (summary) {
      summaryHost_.resize(3 * bins_);
      records.push_back(record("stft: frame summary", KernelRecord::Type::Kernel, bins_, 1,
                               count * bins_ * 8 + bins_ * 12));
      records.push_back(record("stft: download summary", KernelRecord::Type::Download, 0, 0, 3 * bins_ * 4));
      setArgs(summaryKernel_, spectra_, summary_, cl_uint(bins_), cl_uint(count));
      queue.enqueueNDRangeKernel(summaryKernel_, cl::NullRange, cl::NDRange(bins_), cl::NullRange, nullptr,
                                 &events[2]);
      queue.enqueueReadBuffer(summary_, CL_FALSE, 0, 3 * bins_ * 4, summaryHost_.data(), nullptr, &events[3]);
    }
    if (report)
      detail::appendTimedRecords(events, records, *report);
    else
      cl::Event::waitForEvents(events);
    if (summary) foldSummary(count, *summary);
  }

  // The kernel's per-bin [last dB | peak dB | power sum] of this batch, folded into the caller's summary.
  void foldSummary(std::size_t count, FrameSummary& summary) const
  {
    FrameSummary batch;
    batch.frames = count;
    batch.lastDb.assign(summaryHost_.begin(), summaryHost_.begin() + std::ptrdiff_t(bins_));
    batch.peakDb.assign(summaryHost_.begin() + std::ptrdiff_t(bins_),
                        summaryHost_.begin() + std::ptrdiff_t(2 * bins_));
    batch.powerSum.assign(summaryHost_.begin() + std::ptrdiff_t(2 * bins_), summaryHost_.end());
    summary.merge(batch);
  }

  template <typename... Args> static void setArgs(cl::Kernel& kernel, const Args&... args)
  {
    cl_uint index = 0;
    (kernel.setArg(index++, args), ...);
  }

  // The plan's enqueue() leaves the report's backend and device to its caller: named here.
  void appendPrefixed(ExecutionReport& report, const ExecutionReport& from, const std::string& prefix) const
  {
    report.backend = backend_.name();
    report.device = backend_.deviceName();
    for (KernelRecord r : from.records) {
      r.name = prefix + r.name;
      report.records.push_back(std::move(r));
    }
  }

  Engine& engine_;
  OpenClBackend& backend_;
  StftSettings settings_;
  std::size_t maxBatch_, bins_, rows_ = 0;
  cl::Buffer window_, samples_, frames_, spectra_, summary_, rowBins_, levels_;
  cl::Kernel framesKernel_, levelsKernel_, summaryKernel_;
  std::vector<float> summaryHost_;
};

SpectrogramPipeline::SpectrogramPipeline(Engine& engine, const StftSettings& settings)
    : engine_(engine), stft_(engine, settings)
{
  const std::shared_ptr<const Plan> plan = engine.plan(frameTransform(settings.fftSize(), stft_.maxBatch()));
  if (const auto* fft = dynamic_cast<const OpenClPlan*>(plan.get())) {
    try {
      device_ = std::make_unique<Device>(engine, fft->backend(), stft_.settings(), stft_.maxBatch());
    } catch (const cl::Error& e) {
      detail::rethrowDeviceError(e, "preparing the device spectrogram");
    }
  }
  setRows({});
}

SpectrogramPipeline::~SpectrogramPipeline() = default;

std::string SpectrogramPipeline::backendName() const
{
  return device_ ? device_->backendName() : stft_.backendName();
}

std::size_t SpectrogramPipeline::levelsPerFrame() const
{
  return rows_.rowBins.empty() ? binCount() : rows_.rowBins.size();
}

void SpectrogramPipeline::setRows(const LevelRows& rows)
{
  for (const auto& [first, last] : rows.rowBins)
    if (first > last || last >= binCount())
      throw invalidArgument("a display row maps to bins outside the spectrum");
  rows_ = rows;
  if (device_) {
    try {
      device_->setRows(rows_);
    } catch (const cl::Error& e) {
      detail::rethrowDeviceError(e, "uploading the spectrogram rows");
    }
  }
}

void SpectrogramPipeline::levels(std::span<const float> samples, std::size_t frames, std::span<float> levels,
                                 FrameSummary* summary, ExecutionReport* report)
{
  const std::size_t rows = levelsPerFrame();
  if (samples.size() < Stft::samplesSpanned(frames, settings()))
    throw invalidArgument("spectrogram: too few samples for " + std::to_string(frames) + " frames");
  if (levels.size() < frames * rows) throw invalidArgument("spectrogram: level span too small");
  const auto wallStart = nowNs();
  for (std::size_t first = 0; first < frames; first += maxBatch()) {
    const std::size_t count = std::min(maxBatch(), frames - first);
    const std::span<const float> chunk = samples.subspan(first * settings().hop);
    const std::span<float> out = levels.subspan(first * rows, count * rows);
    if (!device_ || !device_->run(chunk.data(), count, out.data(), summary, report))
      hostLevels(chunk, count, out, summary, report);
  }
  if (report) report->wallMs = double(nowNs() - wallStart) * 1e-6;
}

void SpectrogramPipeline::hostLevels(std::span<const float> samples, std::size_t frames,
                                     std::span<float> levels, FrameSummary* summary, ExecutionReport* report)
{
  const std::size_t bins = binCount(), rows = levelsPerFrame();
  db_.resize(frames * bins);
  ExecutionReport stftReport;
  stft_.powers(samples, frames, db_, report ? &stftReport : nullptr);
  KernelRecord step = record("stft: dB row maxima (host)", KernelRecord::Type::Host, rows, frames,
                             frames * (bins + rows) * 4);
  step.queuedNs = step.startNs = nowNs();
  power_.resize(summary ? bins : 0);
  for (std::size_t f = 0; f < frames; ++f) {
    const std::span<float> frame = std::span<float>(db_).subspan(f * bins, bins);
    if (summary) std::copy(frame.begin(), frame.end(), power_.begin()); // the power itself, not back from dB
    Stft::powersToDecibels(frame);
    if (rows_.rowBins.empty())
      std::copy(frame.begin(), frame.end(), levels.begin() + std::ptrdiff_t(f * rows));
    else
      reduceRows(frame, rows_, levels.data() + f * rows);
    if (summary) summary->addFrame(frame, power_);
  }
  step.endNs = nowNs();
  if (!report) return;
  report->backend = stftReport.backend;
  report->device = stftReport.device;
  for (KernelRecord r : stftReport.records) {
    r.name = "stft: " + r.name;
    report->records.push_back(std::move(r));
  }
  report->records.push_back(step);
}

void SpectrogramPipeline::reduceRows(std::span<const float> db, const LevelRows& rows, float* out)
{
  for (std::size_t row = 0; row < rows.rowBins.size(); ++row) {
    const auto [first, last] = rows.rowBins[row];
    float loudest = db[first];
    for (std::uint32_t k = first + 1; k <= last; ++k)
      loudest = std::max(loudest, db[k]);
    out[row] = loudest;
  }
}

} // namespace spectrascope::audio
