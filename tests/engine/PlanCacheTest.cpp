// The engine's plan cache under concurrent callers (the Audio, Image and Learn workers plan at the same
// time): plans build outside the engine's lock, one build per descriptor, failed builds are not kept.
// Plans come from the real OpenCL backend (PoCL in CI; FFTW without any OpenCL device); the backend is
// wrapped only to hold a build at a gate, so the test sees what other callers can do meanwhile.

#include "OpenClTestDevice.h"
#include "spectrascope/engine/Engine.h"
#include "spectrascope/engine/FftwBackend.h"
#include "spectrascope/engine/OpenClBackend.h"
#include "spectrascope/engine/Reference.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <future>
#include <map>
#include <mutex>
#include <new>
#include <thread>
#include <vector>

using namespace spectrascope;
using namespace std::chrono_literals;

namespace {

// How long a gated build waits for the event it expects before giving up; the tests only reach it when
// the engine is broken (a build that should run beside another cannot start).
constexpr auto kPatience = 10s;

class GatedBackend : public Backend
{
public:
  GatedBackend()
  {
    if (auto device = test::preferredOpenClDevice())
      inner_ = std::make_unique<OpenClBackend>(*device);
    else
      inner_ = std::make_unique<FftwBackend>();
  }
  std::string name() const override { return inner_->name(); }
  std::string deviceName() const override { return inner_->deviceName(); }
  std::optional<std::string> cannotPlan(const TransformDescriptor& d) const override
  {
    return inner_->cannotPlan(d);
  }
  std::unique_ptr<Plan> createPlan(const TransformDescriptor& d) override
  {
    std::unique_lock lock(mutex_);
    const int call = ++builds_[d.toString()];
    changed_.notify_all();
    // A build of `waitFor` holds until `waitFor`'s own build has started (or patience runs out).
    if (waitFor && !(d == *waitFor))
      sawOverlap = changed_.wait_for(lock, kPatience, [&] { return builds_[waitFor->toString()] > 0; });
    if (holdFirstBuild && call == 1) changed_.wait_for(lock, kPatience, [&] { return released_; });
    lock.unlock();
    if (failFirstBuild && call == 1) throw std::bad_alloc(); // no backend at all could plan this time
    return inner_->createPlan(d);
  }

  int builds(const TransformDescriptor& d)
  {
    std::lock_guard lock(mutex_);
    return builds_[d.toString()];
  }
  bool waitUntilBuilding(const TransformDescriptor& d)
  {
    std::unique_lock lock(mutex_);
    return changed_.wait_for(lock, kPatience, [&] { return builds_[d.toString()] > 0; });
  }
  void release()
  {
    std::lock_guard lock(mutex_);
    released_ = true;
    changed_.notify_all();
  }

  std::optional<TransformDescriptor> waitFor;
  bool holdFirstBuild = false;
  bool failFirstBuild = false;
  std::atomic<bool> sawOverlap = false;

private:
  std::unique_ptr<Backend> inner_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::map<std::string, int> builds_;
  bool released_ = false;
};

void expectTransforms(const Plan& plan)
{
  const TransformDescriptor& d = plan.descriptor();
  const std::vector<float> input = reference::randomSignal(d.inputFloats(), 11);
  std::vector<float> output(d.outputFloats());
  plan.execute(input, output);
  EXPECT_LT(reference::relativeL2Error(output, reference::transform(d, input)), 1e-5) << d.toString();
}

} // namespace

// The first descriptor's build cannot finish until the second's has started: with the engine's lock held
// through builds, the second caller would wait behind the first and the first would give up.
TEST(PlanCache, DifferentDescriptorsBuildAtTheSameTime)
{
  auto backend = std::make_unique<GatedBackend>();
  GatedBackend& gate = *backend;
  const TransformDescriptor first = TransformDescriptor::complex1d(256, 3);
  const TransformDescriptor second = TransformDescriptor::complex1d(96, 5);
  gate.waitFor = second;
  Engine engine(std::move(backend));

  auto firstPlan = std::async(std::launch::async, [&] { return engine.plan(first); });
  ASSERT_TRUE(gate.waitUntilBuilding(first));
  const std::shared_ptr<const Plan> secondPlan = engine.plan(second);
  EXPECT_TRUE(gate.sawOverlap) << "the second descriptor's build did not start while the first was building";
  expectTransforms(*firstPlan.get());
  expectTransforms(*secondPlan);
}

// Eight callers ask for one descriptor while its build is held: one build, one plan for all of them.
TEST(PlanCache, SameDescriptorIsBuiltOnceForConcurrentCallers)
{
  auto backend = std::make_unique<GatedBackend>();
  GatedBackend& gate = *backend;
  gate.holdFirstBuild = true;
  const TransformDescriptor d = TransformDescriptor::complex1d(512, 2);
  Engine engine(std::move(backend));

  std::vector<std::future<std::shared_ptr<const Plan>>> callers;
  for (int i = 0; i < 8; ++i)
    callers.push_back(std::async(std::launch::async, [&] { return engine.plan(d); }));
  ASSERT_TRUE(gate.waitUntilBuilding(d));
  std::this_thread::sleep_for(100ms); // let the other callers reach the cache while the build is held
  gate.release();
  std::vector<std::shared_ptr<const Plan>> plans;
  for (auto& c : callers)
    plans.push_back(c.get());
  EXPECT_EQ(gate.builds(d), 1);
  for (const auto& p : plans)
    EXPECT_EQ(p.get(), plans.front().get());
  expectTransforms(*plans.front());
}

// A build that throws reaches every caller that waited for it, and is not kept: the next call builds again.
TEST(PlanCache, FailedBuildIsNotCached)
{
  auto backend = std::make_unique<GatedBackend>();
  GatedBackend& gate = *backend;
  gate.holdFirstBuild = true;
  gate.failFirstBuild = true;
  const TransformDescriptor d = TransformDescriptor::complex1d(128, 4);
  Engine engine(std::move(backend));

  auto builder = std::async(std::launch::async, [&] { return engine.plan(d); });
  ASSERT_TRUE(gate.waitUntilBuilding(d));
  auto waiter = std::async(std::launch::async, [&] { return engine.plan(d); });
  std::this_thread::sleep_for(200ms); // let the waiter reach the cache while the build is held
  gate.release();
  EXPECT_THROW(builder.get(), std::bad_alloc);
  EXPECT_THROW(waiter.get(), std::bad_alloc);
  EXPECT_EQ(gate.builds(d), 1);

  const std::shared_ptr<const Plan> plan = engine.plan(d);
  EXPECT_EQ(gate.builds(d), 2);
  EXPECT_EQ(engine.plan(d).get(), plan.get());
  expectTransforms(*plan);
}

// Past the capacity the least recently used plan goes; a plan in use by a caller stays valid.
TEST(PlanCache, EvictsTheLeastRecentlyUsedBeyondCapacity)
{
  Engine engine("fftw");
  const std::shared_ptr<const Plan> oldest = engine.plan(TransformDescriptor::complex1d(2, 1));
  for (std::size_t n = 3; n < 3 + Engine::kPlanCacheCapacity; ++n)
    engine.plan(TransformDescriptor::complex1d(n, 1));
  EXPECT_NE(engine.plan(TransformDescriptor::complex1d(2, 1)).get(), oldest.get());
  expectTransforms(*oldest);
}
