#include "spectrascope/engine/learn/RowColumnPasses.h"

#include "spectrascope/engine/Errors.h"
#include "spectrascope/engine/Reference.h"

namespace spectrascope::learn {
namespace {

using Values = std::vector<std::complex<float>>;

std::span<const float> floatsOf(const Values& v)
{
  return {reinterpret_cast<const float*>(v.data()), 2 * v.size()};
}

std::span<float> floatsOf(Values& v)
{
  return {reinterpret_cast<float*>(v.data()), 2 * v.size()};
}

// width x height (x fastest) -> height x width: column x becomes row x.
Values transposed(const Values& v, std::size_t width, std::size_t height)
{
  Values t(v.size());
  for (std::size_t y = 0; y < height; ++y)
    for (std::size_t x = 0; x < width; ++x)
      t[x * height + y] = v[y * width + x];
  return t;
}

// One batched 1D transform through a fresh plan; its records are prefixed with the pass they belong to.
Values batchedTransform(Backend& backend, const Values& rows, std::size_t length, std::size_t count,
                        const std::string& pass, ExecutionReport& report)
{
  const std::unique_ptr<Plan> plan = backend.createPlan(TransformDescriptor::complex1d(length, count));
  Values out(rows.size());
  ExecutionReport own;
  plan->execute(floatsOf(rows), floatsOf(out), &own);
  for (KernelRecord& r : own.records) {
    r.name = pass + ": " + r.name;
    report.records.push_back(std::move(r));
  }
  report.backend = own.backend;
  report.device = own.device;
  report.wallMs += own.wallMs;
  return out;
}

} // namespace

RowColumnPasses runRowColumnPasses(Backend& backend, std::span<const float> pixels, std::size_t width,
                                   std::size_t height)
{
  if (width == 0 || height == 0 || pixels.size() != width * height)
    throw invalidArgument("the image has " + std::to_string(pixels.size()) + " pixels; " +
                          std::to_string(width) + " x " + std::to_string(height) +
                          " needs exactly that many");
  RowColumnPasses r;
  r.width = width;
  r.height = height;
  r.computedOn = backend.deviceName();
  r.input.assign(pixels.begin(), pixels.end());
  r.afterRows = batchedTransform(backend, r.input, width, height, "rows", r.report);
  const Values columns =
      batchedTransform(backend, transposed(r.afterRows, width, height), height, width, "columns", r.report);
  r.afterColumns = transposed(columns, height, width);

  r.rowError = reference::relativeL2Error(
      floatsOf(r.afterRows),
      reference::transform(TransformDescriptor::complex1d(width, height), floatsOf(r.input)));
  r.fullError = reference::relativeL2Error(
      floatsOf(r.afterColumns),
      reference::transform(TransformDescriptor::complex2d(width, height), floatsOf(r.input)));
  return r;
}

} // namespace spectrascope::learn
