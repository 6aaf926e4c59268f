#pragma once
// Checks every FFT path in the test suite goes through: against FFTW in double precision on seeded
// random input, and FFTW's own randomized property checks (libbench2/verify-lib.c): impulse response,
// linearity and time shift. Each returns a relative L2 error, so a test states its tolerance.

#include "spectrascope/engine/Plan.h"

#include <algorithm>
#include <cstdint>
#include <ostream>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace spectrascope::test {

// Executes out-of-place (or in place on a copy for in-place plans) and returns the output.
std::vector<float> runPlan(const Plan& plan, std::span<const float> input);

double errorAgainstReference(const Plan& plan, std::uint64_t seed);
// x = delta at a random position p: X[k] must be prod over axes of W^(k p).
double impulseError(const Plan& plan, std::uint64_t seed);
// F(a x + b y) must equal a F(x) + b F(y) for random complex a, b.
double linearityError(const Plan& plan, std::uint64_t seed);
// Rolling the input by s along every axis multiplies X[k] by prod over axes of W^(k s).
double timeShiftError(const Plan& plan, std::uint64_t seed);
// inverse(forward(x)) must equal x.
double roundTripError(const Plan& forward, const Plan& inverse, std::uint64_t seed);

// The descriptor as another kind, direction and placement (the cases of the kernel tests).
TransformDescriptor with(TransformDescriptor d, TransformKind kind, Direction direction, Placement placement);
// One case of a parameterised kernel test: its gtest name and the transform.
struct LabelledTransform
{
  std::string label;
  TransformDescriptor d;
};
inline void PrintTo(const LabelledTransform& c, std::ostream* os)
{
  *os << c.label << " " << c.d.toString();
}
// INSTANTIATE_TEST_SUITE_P's name generator for such cases.
template <class Info> std::string labelOf(const Info& info)
{
  return info.param.label;
}

// The cases of a kernel test with every in-place case after every out-of-place one, each group in its
// order. An in-place case builds the same programs as its out-of-place sibling: listed next to it, ctest's
// parallel jobs build them twice at once on an empty kernel cache; listed later, the second finds them in
// the program cache the tests share.
template <class Case> std::vector<Case> inPlaceLast(std::vector<Case> cases)
{
  std::stable_partition(cases.begin(), cases.end(),
                        [](const Case& c) { return c.d.placement == Placement::OutOfPlace; });
  return cases;
}
// The records of one call of the plan (on zeros): which launches it made, for tests of the route taken.
std::vector<KernelRecord> launchRecords(const Plan& plan);
// Whether one of them is named with `tag` (a launch name's hook or pass marker, e.g. "+gather").
bool anyLaunchNamed(const std::vector<KernelRecord>& records, std::string_view tag);

} // namespace spectrascope::test
