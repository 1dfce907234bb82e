// The batch-size finder: the search on made-up trials, the CPU memory budget on real trial
// steps, and the out-of-memory path a GPU takes (injected).

#include "convstudio/train/batch_size_finder.h"

#include <gtest/gtest.h>

#include "tiny_dataset.h"
#include "train/batch_size_search.h"
#include "train/training_test_hooks.h"

namespace convstudio {
namespace {

// The CPU finder measures resident memory. AddressSanitizer keeps freed memory in quarantine
// (256 MiB by default) and pads every allocation, so under `make test-asan` the same search runs
// with budgets this much larger; the figures are asserted as they are in the normal build.
#if defined(__SANITIZE_ADDRESS__)
constexpr std::uint64_t kResidentOverhead = 8;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr std::uint64_t kResidentOverhead = 8;
#else
constexpr std::uint64_t kResidentOverhead = 1;
#endif
#else
constexpr std::uint64_t kResidentOverhead = 1;
#endif

// Input 3×64×64 → Conv2d(32) → ReLU → Flatten → Output: about 2 MB of activations and
// gradients per sample, so the batch sizes a budget of tens of MB allows are few.
Project memory_hungry_project() {
  Project project;
  Graph& g = project.graph;
  const std::string input = g.add_block("Input");
  g.set_param(input, "channels", std::int64_t{3});
  g.set_param(input, "height", std::int64_t{64});
  g.set_param(input, "width", std::int64_t{64});
  const std::string conv = g.add_block("Conv2d");
  g.set_param(conv, "out_channels", std::int64_t{32});
  g.set_param(conv, "kernel", std::int64_t{3});
  g.set_param(conv, "padding", std::int64_t{1});
  const std::string relu = g.add_block("ReLU");
  const std::string flatten = g.add_block("Flatten");
  const std::string output = g.add_block("Output");
  g.set_param(output, "classes", std::int64_t{10});
  g.connect({input, conv, 0});
  g.connect({conv, relu, 0});
  g.connect({relu, flatten, 0});
  g.connect({flatten, output, 0});
  project.training.device = "cpu";
  return project;
}

TEST(BatchSizeSearch, PredictionSparesTrialsOverTheLimit) {
  constexpr std::uint64_t kBytesPerSample = 1000;
  constexpr std::uint64_t kLimit = 100000;
  std::vector<std::int64_t> run;
  BatchSizeSearch search(8, 4096, kLimit, /*predict_memory=*/true);
  BatchSizeResult result;
  search.run(
      [&](std::int64_t batch) {
        run.push_back(batch);
        BatchSizeTrial trial;
        trial.peak_bytes = kBytesPerSample * static_cast<std::uint64_t>(batch);
        trial.samples_per_second = batch == 32 ? 500.0 : 100.0;
        return trial;
      },
      {}, result);
  EXPECT_EQ(result.largest_batch, 96);
  EXPECT_EQ(result.fastest_batch, 32);
  for (std::int64_t batch : run) {
    EXPECT_LE(kBytesPerSample * static_cast<std::uint64_t>(batch), kLimit) << batch;
  }
  ASSERT_FALSE(result.trials.empty());
  EXPECT_TRUE(result.trials.back().predicted);
}

TEST(BatchSizeSearch, StopsAtTheMaximumAndWhenCancelled) {
  BatchSizeSearch search(8, 40, UINT64_MAX, false);
  BatchSizeResult result;
  search.run([](std::int64_t) { return BatchSizeTrial{}; }, {}, result);
  EXPECT_EQ(result.largest_batch, 40);  // 8, 16, 32, then the maximum itself
  ASSERT_EQ(result.trials.size(), 4u);

  BatchSizeSearch cancelled(8, 4096, UINT64_MAX, false);
  BatchSizeResult stopped;
  cancelled.run([](std::int64_t) { return BatchSizeTrial{}; },
                [](const BatchSizeTrial& trial) { return trial.batch_size < 32; }, stopped);
  EXPECT_TRUE(stopped.cancelled);
  EXPECT_EQ(stopped.trials.size(), 3u);
}

// Issue 32, item 6: a largest batch that is only the search's upper limit is not "the largest
// that fits"; the result says larger sizes were not tried.
TEST(BatchSizeSearch, ALargestAtTheUpperLimitIsMarkedAsTheLimit) {
  BatchSizeSearch search(8, 4096, UINT64_MAX, false);
  BatchSizeResult capped;
  search.run([](std::int64_t) { return BatchSizeTrial{}; }, {}, capped);
  EXPECT_EQ(capped.largest_batch, 4096);
  EXPECT_TRUE(capped.reached_limit);

  // Memory ran out below the limit: that largest size is a real one.
  BatchSizeSearch limited(8, 4096, 100000, false);
  BatchSizeResult measured;
  limited.run(
      [](std::int64_t batch) {
        BatchSizeTrial trial;
        trial.peak_bytes = 1000 * static_cast<std::uint64_t>(batch);
        return trial;
      },
      {}, measured);
  EXPECT_EQ(measured.largest_batch, 96);
  EXPECT_FALSE(measured.reached_limit);
}

TEST(BatchSizeFinderOnCpu, RespectsTheMemoryBudgetItIsGiven) {
  BatchSizeFinderOptions options;
  options.project = memory_hungry_project();
  options.timed_steps = 1;
  options.max_batch = 1024;
  const std::uint64_t small_budget = (96ull << 20) * kResidentOverhead;
  options.memory_budget_bytes = small_budget;
  const BatchSizeResult small = find_batch_size(options);
  ASSERT_FALSE(small.error.has_value()) << small.error->describe();
  EXPECT_EQ(small.capacity_bytes, small_budget);
  EXPECT_EQ(small.limit_bytes, static_cast<std::uint64_t>(small_budget * 0.9));
  ASSERT_GT(small.largest_batch, 0);
  EXPECT_LT(small.largest_batch, 1024);
  for (const BatchSizeTrial& trial : small.trials) {
    if (trial.fits) {
      EXPECT_LE(trial.peak_bytes, small.limit_bytes) << trial.batch_size;
      EXPECT_LE(trial.batch_size, small.largest_batch);
      EXPECT_GT(trial.samples_per_second, 0) << trial.batch_size;
    } else if (!trial.out_of_memory) {
      // Over the limit, measured or predicted: never called a fit.
      EXPECT_GT(trial.peak_bytes, small.limit_bytes) << trial.batch_size;
      EXPECT_GT(trial.batch_size, small.largest_batch);
    }
  }
  EXPECT_GT(small.fastest_batch, 0);
  EXPECT_LE(small.fastest_batch, small.largest_batch);

  options.memory_budget_bytes = (384ull << 20) * kResidentOverhead;
  const BatchSizeResult large = find_batch_size(options);
  ASSERT_FALSE(large.error.has_value());
  EXPECT_GT(large.largest_batch, small.largest_batch);
}

TEST(BatchSizeFinder, OutOfMemoryStopsBelowTheFailingSize) {
  TrainingTestHooks hooks;
  hooks.out_of_memory_from_batch = 96;
  const ScopedTrainingTestHooks injected(hooks);
  BatchSizeFinderOptions options;
  options.project = testing::tiny_project("unused", 4, 8);
  options.timed_steps = 1;
  options.memory_budget_bytes = 8ull << 30;  // memory is not what stops it here
  const BatchSizeResult result = find_batch_size(options);
  ASSERT_FALSE(result.error.has_value()) << result.error->describe();
  // 8..64 fit, 128 runs out, then 96 runs out, 80 and 88 fit.
  EXPECT_EQ(result.largest_batch, 88);
  for (const BatchSizeTrial& trial : result.trials) {
    EXPECT_EQ(trial.out_of_memory, trial.batch_size >= 96) << trial.batch_size;
    EXPECT_EQ(trial.fits, trial.batch_size < 96) << trial.batch_size;
  }
  EXPECT_GE(result.fastest_batch, 8);
  EXPECT_LE(result.fastest_batch, 88);
}

TEST(BatchSizeFinder, BadOptionsNameTheSetting) {
  BatchSizeFinderOptions options;
  options.project = testing::tiny_project("unused", 4, 8);
  options.safety_margin = 1.5;
  const BatchSizeResult result = find_batch_size(options);
  ASSERT_TRUE(result.error.has_value());
  EXPECT_EQ(result.error->field, "batch_finder.safety_margin");
}

}  // namespace
}  // namespace convstudio
