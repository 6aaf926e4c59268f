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
    db_ = cl::Buffer(context, CL_MEM_WRITE_ONLY, bins_ * 4);
    const cl::Program program = backend.programs().get("stft", "-cl-std=CL1.2");
    framesKernel_ = cl::Kernel(program, "stft_frames");
    pixelsKernel_ = cl::Kernel(program, "stft_pixels");
    decibelsKernel_ = cl::Kernel(program, "stft_decibels");
  }

  std::string backendName() const { return backend_.name(); }

  void setMapping(const ColumnMapping& mapping, const Colormap& colormap)
  {
    std::vector<cl_uint> rowBins;
    for (const auto& [first, last] : mapping.rowBins)
      rowBins.insert(rowBins.end(), {first, last});
    std::vector<cl_uint> table(256);
    for (int i = 0; i < 256; ++i)
      table[std::size_t(i)] = colormap.argbAt(std::uint8_t(i));
    cl::Context& context = backend_.context();
    rowBins_ =
        cl::Buffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, rowBins.size() * 4, rowBins.data());
    colormap_ = cl::Buffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, table.size() * 4, table.data());
    rows_ = mapping.rows();
    pixels_ = cl::Buffer(context, CL_MEM_WRITE_ONLY, maxBatch_ * rows_ * 4);
    minDb_ = float(mapping.minDb);
    rangeDb_ = float(std::max(1e-3, mapping.maxDb - mapping.minDb));
  }

  // One batch of at most maxBatch frames. False when the engine serves this batch size elsewhere (a
  // fallback to FFTW): the caller then runs it on the host.
  bool run(const float* samples, std::size_t count, std::uint32_t* pixels, float* lastDb,
           ExecutionReport* report)
  {
    const std::size_t batch = std::bit_ceil(count);
    const std::shared_ptr<const Plan> plan = engine_.plan(frameTransform(settings_.fftSize(), batch));
    const auto* fft = dynamic_cast<const OpenClPlan*>(plan.get());
    if (!fft) return false;
    try {
      enqueue(*fft, samples, count, batch, pixels, lastDb, report);
    } catch (const cl::Error& e) {
      detail::rethrowDeviceError(e, "the device spectrogram");
    }
    return true;
  }

private:
  void enqueue(const OpenClPlan& fft, const float* samples, std::size_t count, std::size_t batch,
               std::uint32_t* pixels, float* lastDb, ExecutionReport* report)
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

    events.assign(lastDb ? 4 : 2, cl::Event());
    records = {record("stft: dB + colormap", KernelRecord::Type::Kernel, rows_, count,
                      count * bins_ * 8 + count * rows_ * 4),
               record("stft: download pixels", KernelRecord::Type::Download, 0, 0, count * rows_ * 4)};
    setArgs(pixelsKernel_, spectra_, rowBins_, colormap_, pixels_, cl_uint(bins_), cl_uint(rows_),
            cl_uint(count), minDb_, rangeDb_);
    queue.enqueueNDRangeKernel(pixelsKernel_, cl::NullRange, cl::NDRange(rows_, count), cl::NullRange,
                               nullptr, &events[0]);
    queue.enqueueReadBuffer(pixels_, CL_FALSE, 0, count * rows_ * 4, pixels, nullptr, &events[1]);
    if (lastDb) {
      records.push_back(record("stft: dB column", KernelRecord::Type::Kernel, bins_, 1, bins_ * 12));
      records.push_back(record("stft: download dB column", KernelRecord::Type::Download, 0, 0, bins_ * 4));
      setArgs(decibelsKernel_, spectra_, db_, cl_uint(bins_), cl_uint(count - 1));
      queue.enqueueNDRangeKernel(decibelsKernel_, cl::NullRange, cl::NDRange(bins_), cl::NullRange, nullptr,
                                 &events[2]);
      queue.enqueueReadBuffer(db_, CL_FALSE, 0, bins_ * 4, lastDb, nullptr, &events[3]);
    }
    if (report)
      detail::appendTimedRecords(events, records, *report);
    else
      cl::Event::waitForEvents(events);
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
  float minDb_ = -120, rangeDb_ = 120;
  cl::Buffer window_, samples_, frames_, spectra_, db_, rowBins_, colormap_, pixels_;
  cl::Kernel framesKernel_, pixelsKernel_, decibelsKernel_;
};

SpectrogramPipeline::SpectrogramPipeline(Engine& engine, const StftSettings& settings)
    : engine_(engine), stft_(engine, settings), colormap_(*Colormap::byName("viridis"))
{
  const std::shared_ptr<const Plan> plan = engine.plan(frameTransform(settings.fftSize(), stft_.maxBatch()));
  if (const auto* fft = dynamic_cast<const OpenClPlan*>(plan.get())) {
    try {
      device_ = std::make_unique<Device>(engine, fft->backend(), stft_.settings(), stft_.maxBatch());
    } catch (const cl::Error& e) {
      detail::rethrowDeviceError(e, "preparing the device spectrogram");
    }
  }
  ColumnMapping mapping;
  mapping.rowBins = {{0, std::uint32_t(binCount() - 1)}};
  setMapping(mapping);
}

SpectrogramPipeline::~SpectrogramPipeline() = default;

std::string SpectrogramPipeline::backendName() const
{
  return device_ ? device_->backendName() : stft_.backendName();
}

void SpectrogramPipeline::setMapping(const ColumnMapping& mapping)
{
  const auto colormap = Colormap::byName(mapping.colormap);
  if (!colormap) throw invalidArgument("unknown colormap \"" + mapping.colormap + "\"");
  if (mapping.rowBins.empty()) throw invalidArgument("the spectrogram needs at least one display row");
  for (const auto& [first, last] : mapping.rowBins)
    if (first > last || last >= binCount())
      throw invalidArgument("a display row maps to bins outside the spectrum");
  mapping_ = mapping;
  colormap_ = *colormap;
  if (device_) {
    try {
      device_->setMapping(mapping_, colormap_);
    } catch (const cl::Error& e) {
      detail::rethrowDeviceError(e, "uploading the spectrogram mapping");
    }
  }
}

void SpectrogramPipeline::columns(std::span<const float> samples, std::size_t frames,
                                  std::span<std::uint32_t> pixels, std::span<float> lastDb,
                                  ExecutionReport* report)
{
  const std::size_t rows = mapping_.rows(), bins = binCount();
  if (samples.size() < Stft::samplesSpanned(frames, settings()))
    throw invalidArgument("spectrogram: too few samples for " + std::to_string(frames) + " frames");
  if (pixels.size() < frames * rows) throw invalidArgument("spectrogram: pixel span too small");
  if (!lastDb.empty() && lastDb.size() < bins) throw invalidArgument("spectrogram: dB span too small");
  const auto wallStart = nowNs();
  for (std::size_t first = 0; first < frames; first += maxBatch()) {
    const std::size_t count = std::min(maxBatch(), frames - first);
    const bool last = first + count == frames;
    const std::span<const float> chunk = samples.subspan(first * settings().hop);
    const std::span<std::uint32_t> out = pixels.subspan(first * rows, count * rows);
    const std::span<float> db = last ? lastDb : std::span<float>();
    if (!device_ || !device_->run(chunk.data(), count, out.data(), db.empty() ? nullptr : db.data(), report))
      hostColumns(chunk, count, out, db, report);
  }
  if (report) report->wallMs = double(nowNs() - wallStart) * 1e-6;
}

void SpectrogramPipeline::hostColumns(std::span<const float> samples, std::size_t frames,
                                      std::span<std::uint32_t> pixels, std::span<float> lastDb,
                                      ExecutionReport* report)
{
  const std::size_t bins = binCount(), rows = mapping_.rows();
  db_.resize(frames * bins);
  ExecutionReport stftReport;
  stft_.decibels(samples, frames, db_, report ? &stftReport : nullptr);
  KernelRecord step = record("stft: dB + colormap (host)", KernelRecord::Type::Host, rows, frames,
                             frames * (bins + rows) * 4);
  step.queuedNs = step.startNs = nowNs();
  for (std::size_t f = 0; f < frames; ++f)
    mapColumn(std::span<const float>(db_).subspan(f * bins, bins), mapping_, colormap_,
              pixels.data() + f * rows);
  if (!lastDb.empty()) std::copy_n(db_.end() - std::ptrdiff_t(bins), bins, lastDb.begin());
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

void SpectrogramPipeline::mapColumn(std::span<const float> db, const ColumnMapping& mapping,
                                    const Colormap& colormap, std::uint32_t* out)
{
  const double range = std::max(1e-3, mapping.maxDb - mapping.minDb);
  for (std::size_t row = 0; row < mapping.rowBins.size(); ++row) {
    const auto [first, last] = mapping.rowBins[row];
    float loudest = db[first];
    for (std::uint32_t k = first + 1; k <= last; ++k)
      loudest = std::max(loudest, db[k]);
    out[row] = colormap.argb((double(loudest) - mapping.minDb) / range);
  }
}

} // namespace spectrascope::audio
