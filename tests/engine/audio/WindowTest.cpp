// Windows against scipy.signal.get_window(name, 16) (periodic) at a few points. The reference values were
// evaluated in double precision from scipy's formulas (general_cosine on linspace(-pi, pi, N+1)[:-1],
// kaiser and gaussian of length N+1 with the last sample dropped).
#include "spectrascope/engine/audio/Window.h"
#include "spectrascope/engine/Errors.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace spectrascope::audio;

namespace {

struct Reference
{
  WindowSpec spec;
  double at0, at3, at8, at13;
};

class WindowReferenceTest : public testing::TestWithParam<Reference>
{
};

TEST_P(WindowReferenceTest, MatchesScipyPeriodicWindowOfLength16)
{
  const Reference& r = GetParam();
  const std::vector<double> w = makeWindow(r.spec, 16);
  ASSERT_EQ(w.size(), 16u);
  EXPECT_NEAR(w[0], r.at0, 1e-12);
  EXPECT_NEAR(w[3], r.at3, 1e-12);
  EXPECT_NEAR(w[8], r.at8, 1e-12);
  EXPECT_NEAR(w[13], r.at13, 1e-12);
}

INSTANTIATE_TEST_SUITE_P(
    Scipy, WindowReferenceTest,
    testing::Values(
        Reference{{WindowType::Rectangular, 0}, 1, 1, 1, 1},
        Reference{{WindowType::Hann, 0}, 0.0, 0.30865828381745514, 1.0, 0.30865828381745497},
        Reference{{WindowType::Hamming, 0}, 0.08, 0.36396562111205877, 1.0, 0.36396562111205855},
        Reference{{WindowType::Blackman, 0}, 0.0, 0.1720897413225313, 1.0, 0.17208974132253116},
        Reference{{WindowType::BlackmanHarris, 0}, 6.0e-05, 0.08278037370414673, 1.0, 0.08278037370414663},
        Reference{
            {WindowType::FlatTop, 0}, -0.000421051, -0.06269683377894208, 1.000000003, -0.06269683377894202},
        Reference{
            {WindowType::Kaiser, 8.6}, 0.0013325139979024193, 0.17238843402053308, 1.0, 0.17238843402053308},
        Reference{
            {WindowType::Gaussian, 2.5}, 0.005976022895005943, 0.1353352832366127, 1.0, 0.1353352832366127}));

TEST(WindowTest, HannIsPeriodicNotSymmetric)
{
  // Periodic: w[n] = 0.5 - 0.5 cos(2 pi n / N), so the last sample is not zero.
  const auto w = makeWindow({WindowType::Hann, 0}, 1000);
  for (std::size_t n : {0u, 1u, 250u, 999u})
    EXPECT_NEAR(w[n], 0.5 - 0.5 * std::cos(2 * M_PI * double(n) / 1000.0), 1e-14);
  EXPECT_GT(w[999], 0.0);
}

TEST(WindowTest, NamesRoundTripAndRejectNonsense)
{
  for (const auto& name : windowNames()) {
    const auto spec = parseWindow(name);
    ASSERT_TRUE(spec) << name;
    EXPECT_EQ(windowName(*spec), name);
  }
  EXPECT_EQ(parseWindow("kaiser:14")->parameter, 14.0);
  EXPECT_EQ(parseWindow("boxcar")->type, WindowType::Rectangular);
  EXPECT_FALSE(parseWindow("triangle"));
  EXPECT_FALSE(parseWindow("kaiser:abc"));
  EXPECT_FALSE(parseWindow("kaiser:-1"));
  EXPECT_FALSE(parseWindow("hann:3"));
}

} // namespace

namespace {
bool refused(const WindowSpec& spec, const char* range)
{
  try {
    makeWindow(spec, 256);
  } catch (const spectrascope::EngineError& e) {
    EXPECT_EQ(e.kind(), spectrascope::EngineError::Kind::InvalidArgument);
    EXPECT_NE(std::string(e.what()).find(range), std::string::npos) << e.what();
    return true;
  }
  return false;
}
} // namespace

// I0(beta) overflows a double just above beta = 713; a Gaussian's 2 sigma^2 underflows to 0 below about
// 1e-154, and far sooner every sample but the centre is 0. Such parameters are the caller's error.
TEST(WindowTest, ParametersThatCannotBeComputedAreRefusedNamingTheRange)
{
  EXPECT_TRUE(refused({WindowType::Kaiser, 720}, "beta from"));
  EXPECT_TRUE(refused({WindowType::Kaiser, 1e308}, "beta from"));
  EXPECT_TRUE(refused({WindowType::Gaussian, 1e-300}, "sigma from"));
  EXPECT_TRUE(refused({WindowType::Gaussian, 1e-9}, "sigma from"));
  for (const WindowSpec spec : {WindowSpec{WindowType::Kaiser, 700}, WindowSpec{WindowType::Gaussian, 0.1}}) {
    const auto w = makeWindow(spec, 256);
    for (double v : w)
      ASSERT_TRUE(std::isfinite(v) && v >= 0 && v <= 1) << windowName(spec);
    EXPECT_DOUBLE_EQ(w[128], 1.0) << windowName(spec);
  }
}
