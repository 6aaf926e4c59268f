// Every path through cl/fft_stockham.cl on a real OpenCL device (PoCL in CI): each radix and first
// radix, single launch, two and three launches (four-step), the odd-parity copy, split exchange, fewer
// lines, columns of 2D and 3D, batches, forward and inverse, in and out of place, table and on-the-fly
// twiddles. Device limits are lowered through OpenClOptions so the GPU-sized shapes run at small sizes.

#include "FftChecks.h"
#include "OpenClTestDevice.h"
#include "spectrascope/engine/BackendRegistry.h"
#include "spectrascope/engine/Errors.h"
#include "spectrascope/engine/OpenClBackend.h"

#include <gtest/gtest.h>

#include <map>
#include <tuple>

using namespace spectrascope;

namespace {

constexpr double kTolerance = 1e-6;

struct KernelCase
{
  std::string label;
  TransformDescriptor d;
  OpenClOptions options;
};

void PrintTo(const KernelCase& c, std::ostream* os)
{
  *os << c.label << " " << c.d.toString();
}

std::string caseName(const testing::TestParamInfo<KernelCase>& info)
{
  return info.param.label;
}

OpenClBackend* backendFor(const OpenClOptions& o)
{
  using Key = std::tuple<std::size_t, std::size_t, int, std::size_t>;
  static std::map<Key, std::unique_ptr<OpenClBackend>> backends;
  const Key key{o.maxPassLength, o.localMemoryBytes, int(o.twiddles), o.maxRadix};
  auto& b = backends[key];
  if (!b) {
    const auto device = test::preferredOpenClDevice();
    if (!device) return nullptr;
    b = std::make_unique<OpenClBackend>(*device, o);
  }
  return b.get();
}

KernelCase make(std::string label, TransformDescriptor d, std::size_t maxPass = 0, std::size_t localMem = 0,
                OpenClOptions::Twiddles tw = OpenClOptions::Twiddles::Table)
{
  OpenClOptions o;
  o.maxPassLength = maxPass;
  o.localMemoryBytes = localMem;
  o.twiddles = tw;
  return {std::move(label), d, o};
}

KernelCase withRadix(KernelCase c, std::size_t radix)
{
  c.options.maxRadix = radix;
  return c;
}

TransformDescriptor realForward(TransformDescriptor d)
{
  d.kind = TransformKind::RealToComplex;
  return d;
}

TransformDescriptor realInverse(TransformDescriptor d)
{
  d.kind = TransformKind::ComplexToReal;
  d.direction = Direction::Inverse;
  return d;
}

TransformDescriptor inverse(TransformDescriptor d)
{
  d.direction = Direction::Inverse;
  return d;
}

TransformDescriptor inPlace(TransformDescriptor d)
{
  d.placement = Placement::InPlace;
  return d;
}

std::vector<KernelCase> kernelCases()
{
  using D = TransformDescriptor;
  std::vector<KernelCase> c;
  // Single launch: every codelet (2, 4, 8, 16) as RADIX and as FIRST_RADIX, small N with many lines.
  for (std::size_t n : {2u, 4u, 8u, 16u, 32u, 64u, 128u, 512u, 2048u, 8192u})
    c.push_back(make("single_n" + std::to_string(n), D::complex1d(n, 5)));
  c.push_back(make("single_inverse_n256", inverse(D::complex1d(256, 3))));
  c.push_back(make("single_inplace_n1024", inPlace(D::complex1d(1024, 2))));
  // Two launches (four-step) and three launches; even and odd number of buffer switches.
  c.push_back(make("twopass_n256", D::complex1d(256, 3), 16));
  c.push_back(make("twopass_inverse_inplace_n1024", inPlace(inverse(D::complex1d(1024, 2))), 32));
  c.push_back(make("threepass_n4096", D::complex1d(4096, 2), 16));
  c.push_back(make("threepass_inplace_two_scratch_n512", inPlace(D::complex1d(512, 2)), 8));
  c.push_back(make("fourpass_n65536", D::complex1d(65536), 16));
  c.push_back(make("twopass_n2pow20", D::complex1d(1u << 20), 1024));
  // Split re/im exchange and fewer lines, as on a GPU's 48 KB of local memory.
  c.push_back(make("split_exchange_n8192", D::complex1d(8192, 2), 0, 48 * 1024));
  // 2048-long columns take the split exchange in one launch only where the pass length is held to it;
  // by default the planner splits them in two launches of short lines (below).
  c.push_back(make("split_exchange_columns", D::complex2d(64, 2048), 2048, 48 * 1024));
  c.push_back(make("tiny_local_memory_n1024", D::complex1d(1024, 3), 0, 8 * 1024));
  // 2D and 3D: rows in one launch, columns reading adjacent columns; multi-pass columns.
  c.push_back(make("2d_64x32", D::complex2d(64, 32, 2)));
  c.push_back(make("2d_inverse_inplace_128x128", inPlace(inverse(D::complex2d(128, 128)))));
  c.push_back(make("2d_multipass_columns_32x1024", D::complex2d(32, 1024), 64));
  c.push_back(make("2d_one_column_1x64", D::complex2d(1, 64, 3)));
  c.push_back(make("3d_16x8x4", D::complex3d(16, 8, 4, 2)));
  c.push_back(make("3d_multipass_32x32x32", inverse(D::complex3d(32, 32, 32)), 8));
  // With a GPU's 48 KB, one launch more where short lines pay for it: 2^21 in three launches of 128,
  // 2048-long columns in two launches (in place, inverse).
  c.push_back(make("threepass_gpu_local_memory_n2pow21", D::complex1d(1u << 21), 0, 48 * 1024));
  // Complex rows order their launches by place: 2^17 as 256 then 512, 2^22 as 1024 then 4096 (its later
  // launch one 4096-long line of the split exchange per group, with the pass twiddles).
  c.push_back(make("short_launch_first_gpu_local_memory_n2pow17", D::complex1d(1u << 17), 0, 48 * 1024));
  c.push_back(make("long_launch_last_gpu_local_memory_n2pow22", D::complex1d(1u << 22), 0, 48 * 1024));
  c.push_back(make("columns_in_two_launches_inplace_32x2048", inPlace(inverse(D::complex2d(32, 2048, 2))), 0,
                   48 * 1024));
  // Radix 32 (32 values per work-item), where the planner takes it: a split row's later 512-long launch
  // (first radix 16, with pass twiddles), strided lines of 1024 (first radix 32; twopass_n2pow20 above
  // adds pass twiddles), one launch of 8192 with the split exchange; and such lines held to radix 16.
  // 512-long columns of eight lines take radix 16 (first radix 2).
  c.push_back(make("radix32_twiddled_launch_n2pow18", D::complex1d(1u << 18), 0, 48 * 1024));
  c.push_back(make("radix16_columns_16x512", D::complex2d(16, 512, 2), 0, 48 * 1024));
  c.push_back(make("radix32_columns_inverse_16x1024", inverse(D::complex2d(16, 1024))));
  c.push_back(withRadix(make("radix16_twopass_n2pow20", D::complex1d(1u << 20), 1024), 16));
  c.push_back(make("radix32_split_exchange_n8192", inverse(D::complex1d(8192, 2)), 0, 48 * 1024));
  // Exchanges in four rounds: 16384 in one launch within 48 KB (radix 32: two first butterflies per
  // work-item; radix 16: four), in place and inverse too; and 1024 with 4 KB, where each work-item has
  // one first butterfly, so its work-item index alone tells its part.
  c.push_back(make("quarter_exchange_n16384", D::complex1d(16384, 2), 0, 48 * 1024));
  c.push_back(
      make("quarter_exchange_inverse_inplace_n16384", inPlace(inverse(D::complex1d(16384))), 0, 48 * 1024));
  c.push_back(withRadix(make("radix16_quarter_exchange_n16384", D::complex1d(16384), 0, 48 * 1024), 16));
  c.push_back(make("quarter_exchange_rows_16384x3", D::complex2d(16384, 3), 0, 48 * 1024));
  c.push_back(make("quarter_exchange_n1024", D::complex1d(1024, 3), 0, 4 * 1024));
  // 4096-long columns of four lines in one launch, exchanged in four rounds (lines fastest), and a
  // four-step of 1024 x 1024 in 12 KB (its first launch adjacent on its loads only).
  c.push_back(make("quarter_exchange_columns_8x4096", D::complex2d(8, 4096), 0, 48 * 1024));
  c.push_back(make("quarter_exchange_four_step_n2pow20", D::complex1d(1u << 20), 0, 12 * 1024));
  c.push_back(make("quarter_exchange_columns_inverse_inplace_4x4096",
                   inPlace(inverse(D::complex2d(4, 4096, 2))), 0, 48 * 1024));
  c.push_back(withRadix(make("radix16_columns_16x1024", D::complex2d(16, 1024)), 16));
  // R2C rows longer than one launch: the last launch pairs mirrored lines for the pairwise step (REAL_ROWS
  // 3), through the float2 buffer and, with a GPU's 48 KB, through the split re/im exchange.
  c.push_back(make("r2c_fused_post_twopass_n4096", realForward(D::complex1d(4096, 2)), 64));
  c.push_back(
      make("r2c_fused_post_split_exchange_n2pow20", realForward(D::complex1d(1u << 20)), 0, 48 * 1024));
  // C2R rows longer than one launch form Z from X and its mirror in their first launch (REAL_ROWS 4) when
  // it holds 16 lines or more, else in a separate pass (2^20 with a GPU's local memory); in place too.
  c.push_back(make("c2r_fused_pre_twopass_n4096", realInverse(D::complex1d(4096, 2)), 64));
  c.push_back(make("c2r_rows_inplace_n2pow20", inPlace(realInverse(D::complex1d(1u << 20))), 0, 48 * 1024));
  // R2C rows of a mixed-radix half length in one launch store X instead of Z (cl/fft_mixed.cl REAL_ROWS 1):
  // even and odd half lengths, one local pass (h = 5) and several, in place, and with the other axes.
  c.push_back(make("r2c_mixed_fused_post_n1500", realForward(D::complex1d(1500, 3))));
  c.push_back(make("r2c_mixed_fused_post_odd_half_n30", realForward(D::complex1d(30, 4))));
  c.push_back(make("r2c_mixed_fused_post_one_pass_n10", realForward(D::complex1d(10, 3))));
  c.push_back(make("r2c_mixed_fused_post_inplace_120x6", inPlace(realForward(D::complex2d(120, 6, 2)))));
  // Such rows longer than one launch: the last launch takes its lines in mirrored pairs (REAL_ROWS 3 of
  // cl/fft_mixed.cl), audio lengths with a GPU's 48 KB (in place too) and rows of a 2D array; an odd
  // number of lines in the last launch (500 as 25 x 20) keeps the separate pass.
  c.push_back(
      make("r2c_mixed_fused_post_twolaunch_n44100", realForward(D::complex1d(44100, 2)), 0, 48 * 1024));
  c.push_back(make("r2c_mixed_fused_post_twolaunch_inplace_n48000", inPlace(realForward(D::complex1d(48000))),
                   0, 48 * 1024));
  c.push_back(make("r2c_mixed_fused_post_twolaunch_1800x4", realForward(D::complex2d(1800, 4)), 64));
  c.push_back(make("r2c_mixed_separate_post_odd_lines_1000x6", realForward(D::complex2d(1000, 6)), 256));
  // Twiddles computed on the fly (kept for comparison with the double-precision tables).
  c.push_back(make("onthefly_n4096", D::complex1d(4096, 2), 0, 0, OpenClOptions::Twiddles::OnTheFly));
  c.push_back(
      make("onthefly_twopass_n4096", D::complex1d(4096, 2), 64, 0, OpenClOptions::Twiddles::OnTheFly));
  return c;
}

class KernelPath : public testing::TestWithParam<KernelCase>
{
protected:
  std::unique_ptr<Plan> plan;
  void SetUp() override
  {
    OpenClBackend* backend = backendFor(GetParam().options);
    if (!backend) GTEST_SKIP() << "no OpenCL device: " << enumerateOpenClDevices().problem;
    plan = backend->createPlan(GetParam().d);
  }
};

TEST_P(KernelPath, MatchesFftwDouble)
{
  EXPECT_LE(test::errorAgainstReference(*plan, 11), kTolerance);
}

TEST_P(KernelPath, SatisfiesFftwPropertyChecks)
{
  if (GetParam().d.kind != TransformKind::ComplexToComplex) GTEST_SKIP() << "the property checks are complex";
  EXPECT_LE(test::impulseError(*plan, 12), kTolerance);
  EXPECT_LE(test::linearityError(*plan, 13), kTolerance);
  EXPECT_LE(test::timeShiftError(*plan, 14), kTolerance);
}

INSTANTIATE_TEST_SUITE_P(Stockham, KernelPath, testing::ValuesIn(kernelCases()), caseName);

TEST(KernelTimings, EveryLaunchIsReportedWithItsShape)
{
  OpenClOptions o;
  o.maxPassLength = 32;
  OpenClBackend* backend = backendFor(o);
  if (!backend) GTEST_SKIP() << "no OpenCL device";
  auto plan = backend->createPlan(TransformDescriptor::complex1d(1024, 2));
  std::vector<float> in(plan->descriptor().inputFloats(), 0.5f), out(in.size());
  ExecutionReport report;
  plan->execute(in, out, &report);
  int kernels = 0;
  for (const KernelRecord& r : report.records) {
    EXPECT_GE(r.endNs, r.startNs) << r.name;
    if (r.type == KernelRecord::Type::Kernel && r.name != "copy") {
      ++kernels;
      EXPECT_GT(r.localSize[0], 0u);
      EXPECT_EQ(r.globalSize[0] % r.localSize[0], 0u);
      EXPECT_GT(r.flops, 0);
    }
  }
  EXPECT_EQ(kernels, 2);
  EXPECT_EQ(report.records.front().type, KernelRecord::Type::Upload);
  EXPECT_EQ(report.records.back().type, KernelRecord::Type::Download);
}

} // namespace
