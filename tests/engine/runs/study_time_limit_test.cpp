// A study's time per trial: the estimate scales the earlier trials' measured time by the trial's
// work (MACs × samples), the study's first trial trains without one, and a trial over
// --max-minutes is refused by name before it trains.

#include "convstudio/runs/study_time_limit.h"

#include <fstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "convstudio/model/project_file.h"
#include "convstudio/model/template_library.h"
#include "scratch_folder.h"

namespace convstudio {
namespace {

Project lenet5(std::int64_t batch_size, std::int64_t max_steps) {
  Project project;
  project.graph = *TemplateLibrary::instantiate("lenet5", TensorShape::image(1, 28, 28), 10).graph;
  project.training.batch_size = batch_size;
  project.training.max_steps = max_steps;
  return project;
}

// A run folder as a finished trial leaves it: its project, steps and training time.
std::string finished_run(const std::filesystem::path& folder, const Project& project,
                         std::int64_t steps, double seconds) {
  std::filesystem::create_directories(folder);
  const nlohmann::json run{{"format", "convstudio-run"},
                           {"state", "finished"},
                           {"project", nlohmann::json::parse(ProjectFile::serialize(project))},
                           {"wall_seconds", seconds},
                           {"summary", {{"steps", steps}, {"epochs", 1}}}};
  std::ofstream(folder / "run.json") << run.dump();
  return folder.string();
}

// A study whose first trial (batch 8, 10 steps) trained in one minute.
struct TimedStudy {
  StudyPlan plan;
  RunQueue queue;
};

TimedStudy timed_study(const std::filesystem::path& folder) {
  TimedStudy study;
  study.plan.id = "study-1";
  study.plan.trials = 3;
  study.plan.spaces = {parse_study_space("lr=log:1e-4..1").value()};
  study.plan.base = lenet5(8, 10);
  StudyTrial first;
  first.values = {0.01};
  first.state = StudyTrialState::Finished;
  first.queue_id = add_to_queue(study.queue, {QueuedRun{}}).front();
  study.queue.runs.back().run_folder = finished_run(folder / "run1", lenet5(8, 10), 10, 60);
  study.plan.drawn.push_back(first);
  return study;
}

TEST(StudyTimeLimit, TheEstimateScalesTheEarlierTrialsTimeByWork) {
  EXPECT_FALSE(estimate_trial_seconds(100, {}));  // no evidence: the first trial trains
  const std::vector<TrialTiming> earlier{{100, 10}, {300, 30}, {0, 5}};
  EXPECT_DOUBLE_EQ(*estimate_trial_seconds(200, earlier), 20);
}

TEST(StudyTimeLimit, ATrialPlansItsStepsTimesItsBatchTimesItsMacs) {
  const Project small = lenet5(8, 10);
  const double work = *planned_trial_work(small, std::nullopt);
  EXPECT_DOUBLE_EQ(*planned_trial_work(lenet5(16, 10), std::nullopt), 2 * work);
  EXPECT_DOUBLE_EQ(*planned_trial_work(lenet5(8, 30), std::nullopt), 3 * work);
  Project by_epochs = lenet5(8, 0);
  by_epochs.training.epochs = 2;
  EXPECT_FALSE(planned_trial_work(by_epochs, std::nullopt));     // an epoch's size is unknown
  EXPECT_DOUBLE_EQ(*planned_trial_work(by_epochs, 40.0), work);  // 2 × 40 samples = 10 × 8
}

TEST(StudyTimeLimit, ATrialOverTheLimitIsRefusedByNameAndNotQueued) {
  TimedStudy study = timed_study(testing::scratch_folder("runs"));
  study.plan.constraints.max_minutes = 5;
  // Ten times the steps of a one-minute trial: about ten minutes.
  EXPECT_EQ(study_time_refusal(lenet5(8, 100), study.plan, study.queue),
            "estimated 10 min > --max-minutes 5");
  EXPECT_FALSE(study_time_refusal(lenet5(8, 40), study.plan, study.queue));
  DrawnStudyTrial drawn;
  drawn.run = QueuedRun{};
  drawn.run->project = lenet5(16, 100);
  refuse_over_time_limit(drawn, study.plan, study.queue);
  EXPECT_EQ(drawn.trial.state, StudyTrialState::Refused);
  EXPECT_EQ(drawn.trial.refusal, "estimated 20 min > --max-minutes 5");
  EXPECT_FALSE(drawn.run);
}

TEST(StudyTimeLimit, WithoutALimitOrEvidenceNothingIsRefused) {
  TimedStudy study = timed_study(testing::scratch_folder("runs"));
  EXPECT_FALSE(study_time_refusal(lenet5(8, 100000), study.plan, study.queue));
  study.plan.constraints.max_minutes = 1;
  study.plan.drawn.clear();
  EXPECT_FALSE(study_time_refusal(lenet5(8, 100000), study.plan, study.queue));
}

TEST(StudyTimeLimit, TheEndReasonNamesTheLimit) {
  EXPECT_EQ(study_time_limit_reason(612, 10), "time limit: trained 10.2 min ≥ --max-minutes 10");
}

}  // namespace
}  // namespace convstudio
