#include "OpenClStages.h"

#include "DeviceCalls.h"
#include "spectrascope/engine/Errors.h"

#include <bit>

namespace spectrascope::learn::detail {
namespace {

using Values = std::vector<std::complex<float>>;
constexpr std::size_t kBytesPerValue = sizeof(std::complex<float>);

// w[k] = exp(-2 pi i k / N), in double and then rounded, like the engine's production tables.
Values twiddleTable(std::size_t n)
{
  Values w(n);
  for (std::uint32_t k = 0; k < n; ++k)
    w[k] = std::complex<float>(Twiddle{k, std::uint32_t(n)}.value());
  return w;
}

// A record for the Timings panel; the profiling timestamps are filled in when the queue has finished.
KernelRecord record(std::string name, KernelRecord::Type type, std::size_t bytes, std::size_t global = 0,
                    std::size_t local = 0, double flops = 0)
{
  KernelRecord r;
  r.name = std::move(name);
  r.type = type;
  r.bytes = bytes;
  r.globalSize = {global, global ? 1u : 0u, global ? 1u : 0u};
  r.localSize = {local, local ? 1u : 0u, local ? 1u : 0u};
  r.flops = flops;
  return r;
}

// One launch per stage on one buffer (or two, ping-pong, for Stockham); a read after every launch.
class StageLauncher
{
public:
  StageLauncher(OpenClBackend& backend, const Schedule& schedule, std::span<const std::complex<float>> input)
      : backend_(backend), n_(schedule.n), bytes_(n_ * kBytesPerValue)
  {
    cl::Context& context = backend.context();
    const Values w = twiddleTable(n_);
    input_ = cl::Buffer(context, CL_MEM_READ_ONLY, bytes_);
    backend.queue().enqueueWriteBuffer(input_, CL_FALSE, 0, bytes_, input.data(), nullptr,
                                       &events_.emplace_back());
    records_.push_back(record("upload input", KernelRecord::Type::Upload, bytes_));
    twiddles_ = cl::Buffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes_,
                           const_cast<std::complex<float>*>(w.data()));
    work_[0] = cl::Buffer(context, CL_MEM_READ_WRITE, bytes_);
    work_[1] = cl::Buffer(context, CL_MEM_READ_WRITE, bytes_);
    program_ = backend.programs().get("learn_stages", "-cl-std=CL1.2");
    // Radix-2 DIT is the kernel gallery's book variant itself: the launches Tools > Benchmark times,
    // stopped after each stage.
    book_ = backend.programs().get("gallery_book", "-cl-std=CL1.2");
  }

  void load(Algorithm algorithm)
  {
    const int log2n = std::countr_zero(n_);
    if (algorithm == Algorithm::Radix2Dit) {
      launch(bookKernel("book_bit_reverse", input_, work_[0], cl_uint(log2n)), n_, "book_bit_reverse", 0);
    } else if (algorithm == Algorithm::Radix4) {
      launch(kernel("learn_digit_reverse", work_[0], input_, (log2n + 1) / 2, log2n % 2 ? 2 : 4), n_,
             "learn_digit_reverse", 0);
    } else {
      backend_.queue().enqueueCopyBuffer(input_, work_[0], 0, 0, bytes_, nullptr, &events_.emplace_back());
      records_.push_back(record("copy input", KernelRecord::Type::Kernel, 2 * bytes_));
    }
    readBack();
  }

  void stage(Algorithm algorithm, int s)
  {
    const int n = int(n_), log2n = std::countr_zero(n_);
    switch (algorithm) {
    case Algorithm::Radix2Dit:
      launch(bookKernel("book_butterfly", work_[current_], twiddles_, cl_uint(log2n), cl_uint(s)), n_ / 2,
             "book_butterfly", s);
      break;
    case Algorithm::Radix2Dif:
      launch(kernel("learn_dif_radix2", work_[current_], twiddles_, n, s), n_ / 2, "learn_dif_radix2", s);
      break;
    case Algorithm::Stockham:
      launch(kernel("learn_stockham_radix2", work_[current_], work_[1 - current_], twiddles_, n, s), n_ / 2,
             "learn_stockham_radix2", s);
      current_ = 1 - current_;
      break;
    case Algorithm::Radix4:
      if (2 * s > log2n) // the one radix-2 stage of an odd log2 N spans the whole array
        launch(bookKernel("book_butterfly", work_[current_], twiddles_, cl_uint(log2n), cl_uint(log2n)),
               n_ / 2, "book_butterfly", s);
      else
        launch(kernel("learn_dit_radix4", work_[current_], twiddles_, n, s), n_ / 4, "learn_dit_radix4", s);
      break;
    case Algorithm::RegisterExchange:
      throw invalidArgument("register exchange is a single launch");
    }
    readBack();
  }

  // Waits for the queue; the stages and the report of every launch and transfer.
  std::vector<Values> finish(ExecutionReport& report)
  {
    backend_.queue().finish();
    spectrascope::detail::appendTimedRecords(events_, records_, report);
    return std::move(stages_);
  }

private:
  template <typename... Args> cl::Kernel kernel(const char* name, const Args&... args)
  {
    return withArguments(cl::Kernel(program_, name), args...);
  }
  template <typename... Args> cl::Kernel bookKernel(const char* name, const Args&... args)
  {
    return withArguments(cl::Kernel(book_, name), args...);
  }
  template <typename... Args> static cl::Kernel withArguments(cl::Kernel k, const Args&... args)
  {
    cl_uint index = 0;
    (k.setArg(index++, args), ...);
    return k;
  }

  // Stage 0 is the load (a permutation, no arithmetic); a butterfly stage reads and writes every value
  // once and costs the nominal 5 N flops of a radix-2 pass (log2 N of them make 5 N log2 N).
  void launch(const cl::Kernel& k, std::size_t workItems, const char* name, int stage)
  {
    backend_.queue().enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(workItems), cl::NullRange, nullptr,
                                          &events_.emplace_back());
    const std::string label = stage ? std::string(name) + " (stage " + std::to_string(stage) + ")" : name;
    records_.push_back(
        record(label, KernelRecord::Type::Kernel, 2 * bytes_, workItems, 0, stage ? 5.0 * n_ : 0));
  }

  // Non-blocking: the in-order queue keeps each read between its stage and the next.
  void readBack()
  {
    stages_.emplace_back(n_);
    backend_.queue().enqueueReadBuffer(work_[current_], CL_FALSE, 0, bytes_, stages_.back().data(), nullptr,
                                       &events_.emplace_back());
    records_.push_back(
        record("read stage " + std::to_string(stages_.size() - 1), KernelRecord::Type::Download, bytes_));
  }

  OpenClBackend& backend_;
  std::size_t n_, bytes_;
  cl::Buffer input_, twiddles_, work_[2];
  int current_ = 0;
  cl::Program program_, book_;
  std::vector<Values> stages_;
  std::vector<cl::Event> events_;
  std::vector<KernelRecord> records_;
};

// The whole transform is one launch of one work-group; "stop after stage s" is a kernel argument, so
// stage s is its own launch from the input.
DeviceStages registerExchange(OpenClBackend& backend, const Schedule& schedule,
                              std::span<const std::complex<float>> input, std::size_t stopAfter)
{
  const std::size_t n = schedule.n, bytes = n * kBytesPerValue;
  const std::string options = "-cl-std=CL1.2 -D LOG2_N=" + std::to_string(std::countr_zero(n)) +
                              " -D LOG2_R=" + std::to_string(std::countr_zero(schedule.valuesPerItem));
  cl::Kernel kernel(backend.programs().get("learn_register_exchange", options), "learn_register_exchange");
  const cl::Device device = backend.context().getInfo<CL_CONTEXT_DEVICES>().front();
  const std::size_t limit = kernel.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(device);
  if (schedule.workItems > limit)
    throw invalidArgument("T = " + std::to_string(schedule.workItems) +
                          " work-items is more than this device runs "
                          "in one work-group with this kernel (" +
                          std::to_string(limit) + "); use fewer");
  if (bytes > backend.info().localMemBytes)
    throw invalidArgument("N = " + std::to_string(n) + " needs " + std::to_string(bytes) +
                          " bytes of local memory; the device has " +
                          std::to_string(backend.info().localMemBytes));

  const Values w = twiddleTable(n);
  cl::Context& context = backend.context();
  cl::Buffer in(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes,
                const_cast<std::complex<float>*>(input.data()));
  cl::Buffer twiddles(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes,
                      const_cast<std::complex<float>*>(w.data()));
  cl::Buffer out(context, CL_MEM_WRITE_ONLY, bytes);
  cl::Buffer holders(context, CL_MEM_WRITE_ONLY, n * sizeof(cl_int));
  kernel.setArg(0, in);
  kernel.setArg(1, out);
  kernel.setArg(2, holders);
  kernel.setArg(3, twiddles);
  kernel.setArg(4, cl::Local(bytes));

  DeviceStages result;
  std::vector<cl_int> heldBy(n);
  std::vector<cl::Event> events;
  std::vector<KernelRecord> records;
  for (std::size_t s = 0; s <= stopAfter; ++s) {
    kernel.setArg(5, cl_int(s));
    backend.queue().enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(schedule.workItems),
                                         cl::NDRange(schedule.workItems), nullptr, &events.emplace_back());
    records.push_back(record("learn_register_exchange (stop after " + std::to_string(s) + ")",
                             KernelRecord::Type::Kernel, 2 * bytes, schedule.workItems, schedule.workItems,
                             5.0 * double(n) * double(s)));
    result.stages.emplace_back(n);
    backend.queue().enqueueReadBuffer(out, CL_TRUE, 0, bytes, result.stages.back().data());
    backend.queue().enqueueReadBuffer(holders, CL_TRUE, 0, n * sizeof(cl_int), heldBy.data());
    std::vector<Holder>& stageHolders = result.holders.emplace_back(n);
    for (std::size_t p = 0; p < n; ++p)
      stageHolders[p] = {std::uint32_t(heldBy[p]) / std::uint32_t(schedule.valuesPerItem),
                         std::uint32_t(heldBy[p]) % std::uint32_t(schedule.valuesPerItem)};
  }
  return result;
}

} // namespace

DeviceStages runOnDevice(OpenClBackend& backend, const Schedule& schedule,
                         std::span<const std::complex<float>> input, std::size_t stopAfter)
{
  if (input.size() != schedule.n) throw invalidArgument("input length differs from N");
  try {
    if (schedule.algorithm == Algorithm::RegisterExchange)
      return registerExchange(backend, schedule, input, stopAfter);
    StageLauncher launcher(backend, schedule, input);
    launcher.load(schedule.algorithm);
    for (std::size_t s = 1; s <= stopAfter; ++s)
      launcher.stage(schedule.algorithm, int(s));
    DeviceStages result;
    result.stages = launcher.finish(result.report);
    return result;
  } catch (const cl::Error& e) {
    throw outOfResources(std::string("OpenCL failed while running the stages: ") + e.what() + " (" +
                         std::to_string(e.err()) + ")");
  }
}

} // namespace spectrascope::learn::detail
