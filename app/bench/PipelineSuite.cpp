#include "PipelineSuite.h"

#include "spectrascope/engine/Engine.h"
#include "spectrascope/engine/OpenClBackend.h"
#include "spectrascope/engine/imaging/FilterPipeline.h"

#include <chrono>
#include <cstdio>
#include <iostream>
#include <random>
#include <sstream>

namespace spectrascope::bench {
namespace {

using Clock = std::chrono::steady_clock;
using imaging::FilterPipeline;

constexpr std::size_t kChannels = 3;
constexpr const char* kDefaultSizes = "1024x1024,2048x2048,4096x4096,4000x3000";
// Each repetition runs back-to-back calls for at least this long, so slow sizes are not over-sampled and
// fast ones are not dominated by the clock.
constexpr double kRepetitionMs = 100;

struct Size
{
  std::size_t width, height;
};

std::vector<Size> parsePipelineSizes(const std::string& text)
{
  std::vector<Size> sizes;
  std::stringstream list(text.empty() ? kDefaultSizes : text);
  for (std::string item; std::getline(list, item, ',');) {
    const std::size_t x = item.find('x');
    std::size_t usedW = 0, usedH = 0;
    try {
      if (x != std::string::npos) {
        const std::size_t w = std::stoul(item.substr(0, x), &usedW),
                          h = std::stoul(item.substr(x + 1), &usedH);
        if (usedW == x && usedH == item.size() - x - 1 && w > 1 && h > 1) {
          sizes.push_back({w, h});
          continue;
        }
      }
    } catch (const std::exception&) {
    }
    throw std::invalid_argument("--suite pipeline takes sizes as WxH (e.g. 2048x2048), got '" + item + "'");
  }
  return sizes;
}

// A photo-like test card: smooth gradients, an edge and noise, different per channel (the timing does not
// depend on the content; the gradients only keep the 8-bit conversion's clamping realistic).
imaging::PlanarImage syntheticImage(Size s)
{
  std::mt19937 random(7);
  std::normal_distribution<float> noise(0, 12);
  imaging::PlanarImage image{s.width, s.height, kChannels,
                             std::vector<float>(kChannels * s.width * s.height)};
  for (std::size_t c = 0; c < kChannels; ++c)
    for (std::size_t y = 0; y < s.height; ++y)
      for (std::size_t x = 0; x < s.width; ++x) {
        const float ramp = 255.0f * float((x + c * y) % s.width) / float(s.width);
        image.plane(c)[y * s.width + x] = (x > s.width / 3 ? ramp : 255 - ramp) * 0.8f + noise(random);
      }
  return image;
}

// Median milliseconds per call of `call`, after warm-up.
template <typename Call> double medianMs(Call&& call, const MeasureOptions& o)
{
  const auto first = Clock::now();
  call();
  const double firstMs = std::chrono::duration<double, std::milli>(Clock::now() - first).count();
  for (int i = 1; i < o.warmupCalls; ++i)
    call();
  const int calls = std::max(1, int(kRepetitionMs / std::max(firstMs, 1e-3)));
  std::vector<double> perCall;
  for (int rep = 0; rep < o.repetitions; ++rep) {
    const auto start = Clock::now();
    for (int i = 0; i < calls; ++i)
      call();
    perCall.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count() / calls);
  }
  return median(perCall);
}

TransformDescriptor c2r(Size s)
{
  TransformDescriptor d = TransformDescriptor::complex2d(s.width, s.height, kChannels, Direction::Inverse);
  d.kind = TransformKind::ComplexToReal;
  return d;
}

// The bare C2R of all channels, as the pipeline's plan runs it: on device buffers for OpenCL (no
// transfers), in host memory otherwise.
double bareInverseMs(const Plan& plan, const MeasureOptions& o)
{
  const TransformDescriptor& d = plan.descriptor();
  if (const auto* device = dynamic_cast<const OpenClPlan*>(&plan)) {
    OpenClBackend& backend = device->backend();
    cl::Buffer in(backend.context(), CL_MEM_READ_WRITE, d.inputFloats() * sizeof(float));
    cl::Buffer out(backend.context(), CL_MEM_READ_WRITE, d.outputFloats() * sizeof(float));
    backend.queue().enqueueFillBuffer(in, 0.5f, 0, d.inputFloats() * sizeof(float));
    return medianMs([&] { device->enqueue(in, out, nullptr), backend.queue().finish(); }, o);
  }
  std::vector<float> in(d.inputFloats(), 0.5f), out(d.outputFloats());
  // FFTW's C2R may overwrite its input; the values do not change its speed.
  return medianMs([&] { plan.execute(in, out); }, o);
}

struct Row
{
  Size size;
  std::string backend, device, where, steps;
  double updateMs = 0;  // a slider step: parametric mask (evaluated on the device on OpenCL), inverse, 8 bits
  double kernelMs = 0;  // of which device kernels (OpenCL; one profiled update)
  double paintedMs = 0; // the same update with a mask computed on the host and uploaded (painted masks)
  double bareMs = 0;    // the bare C2R of all channels
};

std::string stepSummary(const ExecutionReport& report)
{
  std::string text;
  char part[128];
  for (const KernelRecord& r : report.records) {
    std::snprintf(part, sizeof part, "%s%s %.3f", text.empty() ? "" : "; ", r.name.c_str(), r.milliseconds());
    text += part;
  }
  return text;
}

double kernelMilliseconds(const ExecutionReport& report)
{
  double ms = 0;
  for (const KernelRecord& r : report.records)
    if (r.type == KernelRecord::Type::Kernel) ms += r.milliseconds();
  return ms;
}

// A slider step as the Image tab makes it (FilterPipeline::applyParametric: on OpenCL the mask is
// evaluated on the device from its formulas), and the same update with an uploaded mask.
Row measure(Engine& engine, Size s, const MeasureOptions& o)
{
  FilterPipeline pipeline(engine, syntheticImage(s));
  imaging::MaskSpec spec;
  spec.profile = imaging::MaskProfile::Gaussian;
  spec.cutoff = 0.1;
  const std::vector<float> mask = imaging::halfPlaneMask(spec, s.width, s.height);
  Row row{s, pipeline.backendName(), engine.deviceName(), pipeline.onDevice() ? "device" : "host"};
  ExecutionReport report;
  pipeline.applyParametric(spec, false, imaging::PixelRange::Clamp, &report);
  row.steps = stepSummary(report);
  if (pipeline.onDevice()) row.kernelMs = kernelMilliseconds(report);
  // Each result is handed back once "shown", as the Image tab does (FilterPipeline::recycle).
  row.updateMs = medianMs(
      [&] { pipeline.recycle(pipeline.applyParametric(spec, false, imaging::PixelRange::Clamp)); }, o);
  row.paintedMs = medianMs([&] { pipeline.recycle(pipeline.apply(mask, imaging::PixelRange::Clamp)); }, o);
  row.bareMs = bareInverseMs(*engine.plan(c2r(s)), o);
  return row;
}

void printRow(const Row& r, bool json)
{
  const double perChannel = r.updateMs / kChannels, ratio = r.updateMs / r.bareMs;
  // The host path has no device kernels: null, not 0.
  const std::string kernelsJson = r.where == "device" ? std::to_string(r.kernelMs / kChannels) : "null";
  if (json) {
    std::printf(
        "{\"lib\":\"spectrascope\",\"suite\":\"pipeline\",\"width\":%zu,\"height\":%zu,\"channels\":%zu,"
        "\"backend\":\"%s\",\"path\":\"%s\",\"update_ms\":%.4f,\"update_ms_per_channel\":%.4f,"
        "\"kernel_ms_per_channel\":%s,\"painted_mask_update_ms\":%.4f,\"bare_c2r_ms\":%.4f,"
        "\"ratio\":%.3f}\n",
        r.size.width, r.size.height, kChannels, r.backend.c_str(), r.where.c_str(), r.updateMs, perChannel,
        kernelsJson.c_str(), r.paintedMs, r.bareMs, ratio);
  } else {
    char label[32], kernels[32];
    std::snprintf(label, sizeof label, "%zux%zu", r.size.width, r.size.height);
    std::snprintf(kernels, sizeof kernels, r.where == "device" ? "%.3f" : "-", r.kernelMs / kChannels);
    std::printf("%-12s %-7s %10.3f %12.3f %14s %12.3f %10.3f %7.2f\n  steps (one profiled update, ms): %s\n",
                label, r.where.c_str(), r.updateMs, perChannel, kernels, r.paintedMs, r.bareMs, ratio,
                r.steps.c_str());
  }
  std::fflush(stdout);
}

} // namespace

int runPipelineSuite(const std::string& backend, const std::string& sizes, const MeasureOptions& o, bool json)
{
  const std::vector<Size> list = parsePipelineSizes(sizes);
  Engine engine(backend);
  if (!json) {
    std::printf(
        "# pipeline suite: one slider step of a %zu-channel image (Gaussian low-pass: mask, multiply, C2R,\n"
        "# 8-bit pixels back on the host); on OpenCL the mask is evaluated on the device, 'kernels/ch' is\n"
        "# the device's kernel time per channel, 'painted' the same update with the mask uploaded\n"
        "# backend %s, device %s%s%s; median of %d repetitions; ratio = update / bare c2r\n",
        kChannels, engine.backendName().c_str(), engine.deviceName().c_str(),
        engine.fallbackReason().empty() ? "" : " — ", engine.fallbackReason().c_str(), o.repetitions);
    std::printf("%-12s %-7s %10s %12s %14s %12s %10s %7s\n", "size", "path", "update ms", "ms/channel",
                "kernels/ch ms", "painted ms", "bare c2r", "ratio");
  }
  for (const Size& s : list)
    printRow(measure(engine, s, o), json);
  return 0;
}

} // namespace spectrascope::bench
