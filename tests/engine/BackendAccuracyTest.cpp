// Every backend against FFTW in double precision on seeded random input, plus FFTW's property checks,
// for every size class the backend can plan. A backend that cannot plan a case says why and is skipped.

#include "FftChecks.h"
#include "spectrascope/engine/BackendRegistry.h"
#include "spectrascope/engine/Errors.h"

#include <gtest/gtest.h>

#include <map>

using namespace spectrascope;

namespace {

// The bar for N <= 2^20 in CI; single precision FFTs land near 1e-7.
constexpr double kTolerance = 1e-6;

struct Case {
  std::string backend;
  TransformDescriptor d;
};

void PrintTo(const Case& c, std::ostream* os) { *os << c.backend << " " << c.d.toString(); }

std::string caseName(const testing::TestParamInfo<Case>& info)
{
  std::string s = info.param.backend + "_" + info.param.d.toString();
  for (char& c : s)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return s + "_" + std::to_string(info.index);
}

Backend& backendNamed(const std::string& name)
{
  static std::map<std::string, std::unique_ptr<Backend>> backends;
  auto& b = backends[name];
  if (!b) b = createBackend(name);
  return *b;
}

TransformDescriptor withKind(TransformDescriptor d, TransformKind kind, Placement placement = Placement::OutOfPlace)
{
  d.kind = kind;
  d.direction = kind == TransformKind::ComplexToReal ? Direction::Inverse : Direction::Forward;
  d.placement = placement;
  return d;
}

std::vector<Case> complexCases(const std::string& backend, const std::vector<TransformDescriptor>& shapes)
{
  std::vector<Case> cases;
  for (TransformDescriptor d : shapes) {
    cases.push_back({backend, d});
    d.direction = Direction::Inverse;
    cases.push_back({backend, d});
  }
  return cases;
}

std::vector<TransformDescriptor> shapes1d(std::initializer_list<std::size_t> sizes, std::size_t batch)
{
  std::vector<TransformDescriptor> v;
  for (std::size_t n : sizes) v.push_back(TransformDescriptor::complex1d(n, batch));
  return v;
}

class BackendAccuracy : public testing::TestWithParam<Case> {
protected:
  std::unique_ptr<Plan> plan;

  void SetUp() override
  {
    Backend* backend = nullptr;
    try {
      backend = &backendNamed(GetParam().backend);
    } catch (const EngineError& e) {
      GTEST_SKIP() << GetParam().backend << " is not available here: " << e.what();
    }
    if (auto why = backend->cannotPlan(GetParam().d)) GTEST_SKIP() << *why;
    plan = backend->createPlan(GetParam().d);
  }
};

TEST_P(BackendAccuracy, MatchesFftwDouble)
{
  EXPECT_LE(test::errorAgainstReference(*plan, 1), kTolerance);
}

TEST_P(BackendAccuracy, SatisfiesFftwPropertyChecks)
{
  if (plan->descriptor().kind != TransformKind::ComplexToComplex) GTEST_SKIP() << "properties are checked on c2c";
  EXPECT_LE(test::impulseError(*plan, 2), kTolerance);
  EXPECT_LE(test::linearityError(*plan, 3), kTolerance);
  EXPECT_LE(test::timeShiftError(*plan, 4), kTolerance);
}

const std::vector<TransformDescriptor> kCommonShapes = [] {
  auto v = shapes1d({1, 2, 4, 8, 16, 32, 64, 128, 256, 1024, 4096}, 3);
  v.push_back(TransformDescriptor::complex2d(8, 4, 2));
  v.push_back(TransformDescriptor::complex2d(64, 32));
  v.push_back(TransformDescriptor::complex3d(16, 8, 4));
  return v;
}();

INSTANTIATE_TEST_SUITE_P(Fftw, BackendAccuracy, testing::ValuesIn([] {
  auto cases = complexCases("fftw", kCommonShapes);
  for (auto& c : complexCases("fftw", shapes1d({3, 5, 7, 12, 100, 1000, 44100, 65537, 1u << 20}, 1)))
    cases.push_back(c);
  for (auto& c : complexCases("fftw", {TransformDescriptor::complex2d(451, 300)})) cases.push_back(c);
  for (const auto& shape : {TransformDescriptor::complex1d(15, 2), TransformDescriptor::complex1d(64, 2),
                            TransformDescriptor::complex2d(9, 7), TransformDescriptor::complex2d(64, 32),
                            TransformDescriptor::complex3d(8, 4, 2)})
    for (Placement p : {Placement::OutOfPlace, Placement::InPlace})
      for (TransformKind k : {TransformKind::RealToComplex, TransformKind::ComplexToReal})
        cases.push_back({"fftw", withKind(shape, k, p)});
  return cases;
}()), caseName);

INSTANTIATE_TEST_SUITE_P(NaiveDft, BackendAccuracy, testing::ValuesIn([] {
  auto cases = complexCases("naive-dft", shapes1d({1, 2, 7, 64, 100}, 2));
  cases.push_back({"naive-dft", TransformDescriptor::complex2d(12, 5)});
  cases.push_back({"naive-dft", withKind(TransformDescriptor::complex2d(9, 6), TransformKind::RealToComplex)});
  cases.push_back({"naive-dft", withKind(TransformDescriptor::complex2d(9, 6), TransformKind::ComplexToReal)});
  return cases;
}()), caseName);

INSTANTIATE_TEST_SUITE_P(OpenCl, BackendAccuracy, testing::ValuesIn([] {
  auto cases = complexCases("opencl", kCommonShapes);
  for (auto& c : complexCases("opencl", shapes1d({65536, 1u << 20}, 1))) cases.push_back(c);
  return cases;
}()), caseName);

class RoundTrip : public testing::TestWithParam<std::string> {};

TEST_P(RoundTrip, InverseUndoesForward)
{
  std::unique_ptr<Backend> backend;
  try {
    backend = createBackend(GetParam());
  } catch (const EngineError& e) {
    GTEST_SKIP() << e.what();
  }
  for (const TransformDescriptor& d :
       {TransformDescriptor::complex1d(512, 4), TransformDescriptor::complex2d(32, 16, 2),
        TransformDescriptor::complex3d(8, 8, 8)}) {
    TransformDescriptor inverse = d;
    inverse.direction = Direction::Inverse;
    auto fwd = backend->createPlan(d), inv = backend->createPlan(inverse);
    EXPECT_LE(test::roundTripError(*fwd, *inv, 7), kTolerance) << d.toString();
    const TransformDescriptor r2c = withKind(d, TransformKind::RealToComplex);
    const TransformDescriptor c2r = withKind(d, TransformKind::ComplexToReal);
    if (backend->cannotPlan(r2c) || backend->cannotPlan(c2r)) continue;
    EXPECT_LE(test::roundTripError(*backend->createPlan(r2c), *backend->createPlan(c2r), 8), kTolerance)
        << r2c.toString();
  }
}

INSTANTIATE_TEST_SUITE_P(Backends, RoundTrip, testing::Values("fftw", "naive-dft", "opencl"));

} // namespace
