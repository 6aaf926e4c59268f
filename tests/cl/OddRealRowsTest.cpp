// Real transforms with an odd row length on a real device (PoCL in CI), against FFTW in double: R2C and
// C2R, in place and out of place, with an odd and an even number of rows (1, 2, 3: an odd count leaves
// the last row without a partner), lengths 1, 3 and 9, rows on Rader (1009, 4801, 401, 2053 in its two
// launches, and 1067's factor 97),
// on Bluestein (1019, 4757), on one mixed-radix launch (3, 9, 15, 1023, 999, and 737 = 67 x 11 with a team
// pass) and on several (945 at passes of
// 32), in 2D and 3D with odd rows. On device buffers: nothing is written past the output, and an
// out-of-place input is left as it was.

#include "FftChecks.h"
#include "OpenClTestDevice.h"
#include "spectrascope/engine/OpenClBackend.h"
#include "spectrascope/engine/Reference.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string_view>

using namespace spectrascope;

namespace {

constexpr double kTolerance = 2e-6; // AnySizeTest's bound

struct OddCase
{
  std::string label;
  TransformDescriptor d;
  std::size_t maxPassLength = 0;
  const char* routeTag = nullptr; // a launch name the rows' route shows ("+gather": Rader)
};

void PrintTo(const OddCase& c, std::ostream* os)
{
  *os << c.label << " " << c.d.toString();
}

TransformDescriptor with(TransformDescriptor d, TransformKind kind, Placement placement)
{
  d.kind = kind;
  d.direction = kind == TransformKind::RealToComplex ? Direction::Forward : Direction::Inverse;
  d.placement = placement;
  return d;
}

std::vector<OddCase> oddCases()
{
  using D = TransformDescriptor;
  std::vector<OddCase> c;
  const auto fourWays = [&](const std::string& label, D d, std::size_t maxPass = 0,
                            const char* route = nullptr) {
    for (Placement p : {Placement::OutOfPlace, Placement::InPlace}) {
      const std::string where = p == Placement::InPlace ? "_inplace" : "";
      c.push_back({"r2c_" + label + where, with(d, TransformKind::RealToComplex, p), maxPass, route});
      c.push_back({"c2r_" + label + where, with(d, TransformKind::ComplexToReal, p), maxPass, route});
    }
  };
  const auto batches = [&](const std::string& label, std::size_t n, std::size_t maxPass = 0,
                           const char* route = nullptr) {
    for (std::size_t batch : {1u, 2u, 3u})
      fourWays(label + "_b" + std::to_string(batch), D::complex1d(n, batch), maxPass, route);
  };
  for (std::size_t n : {1u, 3u, 9u})
    batches("n" + std::to_string(n), n);
  batches("rader_n1009", 1009, 0, "+gather");
  // 1019's rows pad to 2048 either way: Bluestein's where that takes several launches (else Rader's whole
  // stage in one launch, with the pair passes around it).
  batches("bluestein_n1019", 1019, 1024, "+chirp_in");
  batches("multipass_n945", 945, 32);
  fourWays("rader_n4801_b5", D::complex1d(4801, 5), 0, "+gather");
  // 401's 400 = 16 x 25 holds 32 values a work-item on 16: one launch; 2053's 2052 = 4 x 27 x 19 would hold
  // 38 on 76, so its stage takes the two launches, the pairs read and split by them.
  fourWays("rader_n401_b3", D::complex1d(401, 3), 0, "+gather");
  fourWays("rader_two_launches_n2053_b2", D::complex1d(2053, 2), 0, "+gather");
  fourWays("rader_multipass_n1009_b3", D::complex1d(1009, 3), 64, "+gather");
  fourWays("2d_1067x300", D::complex2d(1067, 300), 0, "+gather"); // 11 x 97: Rader's on 97, then 11
  fourWays("2d_1067x7", D::complex2d(1067, 7), 0, "+gather");
  fourWays("2d_737x7", D::complex2d(737, 7)); // 11 x 67: one launch, its first pass a team pass on 67
  fourWays("2d_4757x3", D::complex2d(4757, 3), 0, "+chirp_in"); // 67 x 71: Bluestein's
  fourWays("2d_1009x3", D::complex2d(1009, 3), 0, "+gather");
  fourWays("2d_1x5", D::complex2d(1, 5, 3));
  fourWays("3d_9x7x5", D::complex3d(9, 7, 5));
  fourWays("3d_9x7x5_b2", D::complex3d(9, 7, 5, 2));
  fourWays("3d_15x4x3", D::complex3d(15, 4, 3));
  fourWays("n1023_b3", D::complex1d(1023, 3)); // 3 x 11 x 31 in one launch
  fourWays("n999_b3", D::complex1d(999, 3));   // 27 x 37 in one launch
  return c;
}

class OddRealRows : public testing::TestWithParam<OddCase>
{
protected:
  OpenClBackend* backend = nullptr;
  std::unique_ptr<Plan> plan;
  void SetUp() override
  {
    backend = test::sharedOpenClBackend(GetParam().maxPassLength);
    if (!backend) GTEST_SKIP() << "no OpenCL device: " << enumerateOpenClDevices().problem;
    plan = backend->createPlan(GetParam().d);
  }
};

TEST_P(OddRealRows, MatchesFftwDouble)
{
  const double error = test::errorAgainstReference(*plan, 41);
  std::printf("%-36s error %.3e\n", GetParam().label.c_str(), error);
  EXPECT_LE(error, kTolerance);
}

// The names of the launches one call of the plan makes.
std::vector<std::string> launchNames(const Plan& plan)
{
  std::vector<std::string> names;
  for (const KernelRecord& r : test::launchRecords(plan))
    names.push_back(r.name);
  return names;
}

bool anyNamed(const std::vector<std::string>& names, const std::string& tag)
{
  return std::any_of(names.begin(), names.end(),
                     [&](const std::string& name) { return name.find(tag) != std::string::npos; });
}

bool isPrime(std::size_t n)
{
  for (std::size_t f = 2; f * f <= n; ++f)
    if (n % f == 0) return false;
  return n > 1;
}

TEST_P(OddRealRows, RunsTheRowsOnTheirRoute)
{
  if (!GetParam().routeTag) GTEST_SKIP() << "smooth rows";
  EXPECT_TRUE(anyNamed(launchNames(*plan), GetParam().routeTag)) << "no launch named " << GetParam().routeTag;
}

// Rows on Rader's algorithm read and write the real side themselves: no pack, merge or unpack pass over
// the data, and no split where the inverse convolution FFT holds whole lines.
TEST_P(OddRealRows, PrimeRowsNeedNoPairPasses)
{
  if (!GetParam().routeTag || GetParam().routeTag != std::string_view("+gather"))
    GTEST_SKIP() << "rows not on Rader";
  const std::vector<std::string> names = launchNames(*plan);
  const bool splitStays = GetParam().d.kind == TransformKind::RealToComplex && GetParam().maxPassLength != 0;
  if (!isPrime(GetParam().d.extent[0])) {
    // Rader's on a factor, then the rest's launches: the pair passes stay around them.
    EXPECT_TRUE(anyNamed(names, GetParam().d.kind == TransformKind::RealToComplex ? "pack_real_pairs"
                                                                                  : "merge_real_pairs"));
    return;
  }
  for (const char* pass : {"pack_real_pairs", "merge_real_pairs", "unpack_real_pairs"})
    EXPECT_FALSE(anyNamed(names, pass)) << pass;
  EXPECT_EQ(anyNamed(names, "split_real_pairs"), splitStays)
      << "R2C's split stays only where the inverse convolution FFT takes more than one launch";
}

// Prime rows whose convolution fits one launch take Rader's whole stage in that launch, the pairs read
// by its gather and written by its in-order store: one launch for the rows, where the stage used to run
// as its two convolution FFTs whenever real rows came in pairs. Where that launch's registers would not
// allow it (the cases labelled two_launches), the stage's two launches read and write the pairs.
TEST_P(OddRealRows, PrimeRowsTakeRadersStageInOneLaunch)
{
  if (!GetParam().routeTag || GetParam().routeTag != std::string_view("+gather") ||
      !isPrime(GetParam().d.extent[0]) || GetParam().maxPassLength != 0)
    GTEST_SKIP() << "rows not on Rader's stage in one launch";
  const bool twoLaunches = GetParam().label.find("two_launches") != std::string::npos;
  const std::vector<std::string> names = launchNames(*plan);
  const auto rows = std::count_if(names.begin(), names.end(), [](const std::string& name) {
    return name.find("axis0") != std::string::npos;
  });
  EXPECT_EQ(rows, twoLaunches ? 2 : 1);
  EXPECT_EQ(anyNamed(names, "+gather +pairs +filter+x0+inverse+in_order"), !twoLaunches);
}

// Smooth rows of one mixed-radix launch read the two real rows (C2R: merge the half spectra) and write
// the half spectra (C2R: the two real rows) themselves; rows of several launches keep the pair passes.
TEST_P(OddRealRows, RowsOfOneMixedLaunchNeedNoPairPasses)
{
  const TransformDescriptor& d = GetParam().d;
  if (GetParam().routeTag || d.extent[0] == 1) GTEST_SKIP() << "rows not on the mixed-radix kernel";
  const std::vector<std::string> names = launchNames(*plan);
  const bool forward = d.kind == TransformKind::RealToComplex;
  if (GetParam().maxPassLength != 0) {
    EXPECT_TRUE(anyNamed(names, forward ? "pack_real_pairs" : "merge_real_pairs"));
    EXPECT_TRUE(anyNamed(names, forward ? "split_real_pairs" : "unpack_real_pairs"));
    return;
  }
  EXPECT_TRUE(anyNamed(names, "+pairs")) << "no launch takes the pairs itself";
  for (const char* pass : {"pack_real_pairs", "split_real_pairs", "merge_real_pairs", "unpack_real_pairs"})
    EXPECT_FALSE(anyNamed(names, pass)) << pass;
}

TEST_P(OddRealRows, RoundTrips)
{
  // In place, the padding floats of the real rows hold random input on the way in and none on the way out.
  if (GetParam().d.kind != TransformKind::RealToComplex || GetParam().d.placement == Placement::InPlace)
    GTEST_SKIP() << "out-of-place R2C cases run the round trip";
  const std::unique_ptr<Plan> inverse =
      backend->createPlan(with(GetParam().d, TransformKind::ComplexToReal, GetParam().d.placement));
  EXPECT_LE(test::roundTripError(*plan, *inverse, 42), kTolerance);
}

// The last pair of an odd number of rows has no second row: nothing may be written for it, past the
// output's end. Out of place, the input is only read.
TEST_P(OddRealRows, WritesOnlyTheOutputOnDeviceBuffers)
{
  const TransformDescriptor& d = plan->descriptor();
  const auto& device = dynamic_cast<const OpenClPlan&>(*plan);
  constexpr std::size_t kGuard = 4096;
  constexpr float kSentinel = -12345.5f;
  const bool inPlace = d.placement == Placement::InPlace;
  const std::size_t outFloats =
      (inPlace ? std::max(d.inputFloats(), d.outputFloats()) : d.outputFloats()) + kGuard;
  const std::vector<float> x = reference::randomSignal(d.inputFloats(), 43);
  std::vector<float> input(x), output(outFloats, kSentinel);
  if (inPlace) std::copy(x.begin(), x.end(), output.begin());
  cl::Context& context = backend->context();
  cl::CommandQueue& queue = backend->queue();
  cl::Buffer inBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, input.size() * sizeof(float),
                      input.data());
  cl::Buffer outBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, output.size() * sizeof(float),
                       output.data());
  device.enqueue(inPlace ? outBuffer : inBuffer, outBuffer, nullptr);
  queue.enqueueReadBuffer(outBuffer, CL_TRUE, 0, output.size() * sizeof(float), output.data());
  queue.enqueueReadBuffer(inBuffer, CL_TRUE, 0, input.size() * sizeof(float), input.data());
  const std::size_t written = inPlace ? std::max(d.inputFloats(), d.outputFloats()) : d.outputFloats();
  const std::size_t overwritten = std::size_t(std::count_if(
      output.begin() + std::ptrdiff_t(written), output.end(), [&](float v) { return v != kSentinel; }));
  EXPECT_EQ(overwritten, 0u) << "floats written past the output";
  if (!inPlace)
    EXPECT_EQ(std::memcmp(input.data(), x.data(), x.size() * sizeof(float)), 0) << "input changed";
  output.resize(d.outputFloats());
  const std::vector<float> expected = test::runPlan(*plan, x);
  if (d.kind == TransformKind::ComplexToReal && inPlace) {
    // The padding floats of each real row hold whatever the transform left there.
    const std::size_t row = d.realRowLength();
    for (std::size_t start = 0; start + row <= output.size(); start += row)
      std::fill(output.begin() + std::ptrdiff_t(start + d.extent[0]),
                output.begin() + std::ptrdiff_t(start + row), 0.0f);
  }
  EXPECT_EQ(output, expected) << "device buffers and the host path differ";
}

INSTANTIATE_TEST_SUITE_P(Kernels, OddRealRows, testing::ValuesIn(test::inPlaceLast(oddCases())),
                         [](const testing::TestParamInfo<OddCase>& info) { return info.param.label; });

} // namespace
