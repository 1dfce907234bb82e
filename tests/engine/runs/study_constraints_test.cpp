// A study's limits refuse a trial before it trains, naming the limit and the trial's figure.

#include "convstudio/runs/study_constraints.h"

#include <gtest/gtest.h>

#include "convstudio/model/shape_inference.h"
#include "convstudio/model/template_library.h"

namespace convstudio {
namespace {

Project lenet5() {
  Project project;
  project.graph = *TemplateLibrary::instantiate("lenet5", TensorShape::image(1, 28, 28), 10).graph;
  return project;
}

StudyConstraints limits(std::optional<std::int64_t> params, std::optional<std::int64_t> macs,
                        std::optional<std::int64_t> memory) {
  StudyConstraints c;
  c.max_params = params;
  c.max_macs = macs;
  c.max_memory_bytes = memory;
  return c;
}

TEST(StudyConstraints, ATrialWithinEveryLimitIsNotRefused) {
  EXPECT_FALSE(study_constraint_refusal(lenet5(), {}));
  EXPECT_FALSE(study_constraint_refusal(lenet5(),
                                        limits(10'000'000, 10'000'000'000, std::int64_t{1} << 40)));
}

TEST(StudyConstraints, EachBrokenLimitIsRefusedByName) {
  const Project project = lenet5();
  const ModelAnalysis analysis = ShapeInference::run(project.graph);
  ASSERT_GT(analysis.total_params(), 1000);

  const auto params = study_constraint_refusal(project, limits(1000, {}, {}));
  ASSERT_TRUE(params);
  EXPECT_NE(params->find("parameters > --max-params 1 k"), std::string::npos) << *params;

  const auto macs = study_constraint_refusal(project, limits({}, 5, {}));
  ASSERT_TRUE(macs);
  EXPECT_NE(macs->find("MACs per sample > --max-macs 5"), std::string::npos) << *macs;

  const auto memory = study_constraint_refusal(project, limits({}, {}, 2048));
  ASSERT_TRUE(memory);
  EXPECT_NE(memory->find("training memory ≈ "), std::string::npos) << *memory;
  EXPECT_NE(memory->find("> --max-memory 2 KiB"), std::string::npos) << *memory;
}

TEST(StudyConstraints, TheMemoryLimitFollowsTheTrialsBatchSize) {
  // The same network fits with a small batch and not with a large one: the estimate uses the
  // trial's own settings.
  Project small = lenet5(), large = lenet5();
  small.training.batch_size = 1;
  large.training.batch_size = 4096;
  const std::int64_t limit = 64 << 20;
  EXPECT_FALSE(study_constraint_refusal(small, limits({}, {}, limit)));
  EXPECT_TRUE(study_constraint_refusal(large, limits({}, {}, limit)));
}

}  // namespace
}  // namespace convstudio
