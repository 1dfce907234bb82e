// A study kept up to date with its run queue: an ended trial is recorded and the next one drawn
// and queued; refused trials are recorded and skipped; a study whose trial still waits draws
// nothing, so the CLI and the studio advancing the same plan never draw a trial twice.

#include "convstudio/runs/study_progress.h"

#include <gtest/gtest.h>

#include "convstudio/model/template_library.h"

namespace convstudio {
namespace {

StudyPlan lenet5_study(std::int64_t trials) {
  StudyPlan plan;
  plan.id = "study-1";
  plan.sampler = StudySampler::Random;
  plan.seed = 3;
  plan.trials = trials;
  plan.spaces = {parse_study_space("lr=log:1e-4..1").value()};
  plan.base.graph =
      *TemplateLibrary::instantiate("lenet5", TensorShape::image(1, 28, 28), 10).graph;
  return plan;
}

TEST(StudyProgress, AStudyStartsByQueueingItsFirstTrial) {
  StudyPlan plan = lenet5_study(3);
  RunQueue queue;
  const StudyProgress progress = advance_study(plan, queue, "/nowhere");
  EXPECT_EQ(progress.drawn, std::vector<std::size_t>{0});
  ASSERT_EQ(plan.drawn.size(), 1u);
  ASSERT_EQ(queue.runs.size(), 1u);
  EXPECT_EQ(plan.drawn[0].queue_id, queue.runs[0].id);
  EXPECT_EQ(queue.runs[0].sweep, "study-1");
}

TEST(StudyProgress, AWaitingTrialDrawsNothingMoreHoweverOftenItIsAsked) {
  StudyPlan plan = lenet5_study(3);
  RunQueue queue;
  advance_study(plan, queue, "/nowhere");
  // The studio's queue changes many times while the trial trains (and the CLI may look too).
  for (int i = 0; i < 3; ++i) {
    queue.runs[0].state = i == 0 ? QueuedRunState::Queued : QueuedRunState::Running;
    EXPECT_FALSE(advance_study(plan, queue, "/nowhere").changed());
  }
  EXPECT_EQ(plan.drawn.size(), 1u);
  EXPECT_EQ(queue.runs.size(), 1u);
}

TEST(StudyProgress, AnEndedTrialIsRecordedOnceAndTheNextOneQueued) {
  StudyPlan plan = lenet5_study(3);
  RunQueue queue;
  advance_study(plan, queue, "/nowhere");
  mark_queued_run(queue, plan.drawn[0].queue_id, QueuedRunState::Finished, "/nowhere/run-1");
  const StudyProgress progress = advance_study(plan, queue, "/nowhere");
  EXPECT_EQ(progress.ended, std::vector<std::size_t>{0});
  EXPECT_EQ(progress.drawn, std::vector<std::size_t>{1});
  EXPECT_EQ(plan.drawn[0].state, StudyTrialState::Finished);
  EXPECT_EQ(plan.drawn[1].state, StudyTrialState::Queued);
  EXPECT_EQ(queue.runs.size(), 2u);
  // The same ended entry seen again (another queue change, or the CLI resuming) changes nothing.
  EXPECT_FALSE(advance_study(plan, queue, "/nowhere").changed());
  EXPECT_EQ(queue.runs.size(), 2u);
}

TEST(StudyProgress, ThePlanOfAnotherProgramIsContinuedWhereItStopped) {
  // The CLI drew and queued trial 0, then was stopped; the studio trained it and ends it.
  StudyPlan plan = lenet5_study(2);
  RunQueue queue;
  advance_study(plan, queue, "/nowhere");
  StudyPlan reread = plan;  // as the studio reads the saved plan
  mark_queued_run(queue, reread.drawn[0].queue_id, QueuedRunState::Finished, "run-1");
  advance_study(reread, queue, "/nowhere");
  ASSERT_EQ(reread.drawn.size(), 2u);
  // The second trial is the one an uninterrupted study draws.
  StudyPlan uninterrupted = lenet5_study(2);
  RunQueue other;
  advance_study(uninterrupted, other, "/nowhere");
  mark_queued_run(other, uninterrupted.drawn[0].queue_id, QueuedRunState::Finished, "run-1");
  advance_study(uninterrupted, other, "/nowhere");
  EXPECT_EQ(reread.drawn[1].values, uninterrupted.drawn[1].values);
  // Both trials drawn and the last one ended: the study is complete and draws no more.
  mark_queued_run(queue, reread.drawn[1].queue_id, QueuedRunState::Finished, "run-2");
  advance_study(reread, queue, "/nowhere");
  EXPECT_TRUE(reread.complete());
  EXPECT_FALSE(advance_study(reread, queue, "/nowhere").changed());
}

TEST(StudyProgress, RefusedTrialsAreRecordedAndSkippedWithoutAQueueEntry) {
  StudyPlan plan = lenet5_study(3);
  plan.constraints.max_params = 1000;  // lenet5 has about 61 k: every trial is refused
  RunQueue queue;
  const StudyProgress progress = advance_study(plan, queue, "/nowhere");
  EXPECT_EQ(progress.drawn.size(), 3u);
  EXPECT_TRUE(queue.runs.empty());
  for (const StudyTrial& trial : plan.drawn) {
    EXPECT_EQ(trial.state, StudyTrialState::Refused);
    EXPECT_NE(trial.refusal.find("--max-params"), std::string::npos) << trial.refusal;
  }
  EXPECT_TRUE(plan.complete());
}

TEST(StudyProgress, APrunedTrialStaysPrunedWhenItsEntryEnds) {
  StudyPlan plan = lenet5_study(2);
  RunQueue queue;
  advance_study(plan, queue, "/nowhere");
  // The studio records the pruning, then stops the run: the entry ends as stopped.
  plan.drawn[0].state = StudyTrialState::Pruned;
  plan.drawn[0].score = 0.25;
  mark_queued_run(queue, plan.drawn[0].queue_id, QueuedRunState::Cancelled);
  advance_study(plan, queue, "/nowhere");
  EXPECT_EQ(plan.drawn[0].state, StudyTrialState::Pruned);
  EXPECT_EQ(plan.drawn[0].score, 0.25);
  EXPECT_EQ(plan.drawn.size(), 2u);
}

TEST(StudyProgress, AnEntryRemovedFromTheQueueEndsItsTrialAsFailed) {
  StudyPlan plan = lenet5_study(2);
  RunQueue queue;
  advance_study(plan, queue, "/nowhere");
  remove_queued_run(queue, plan.drawn[0].queue_id);
  advance_study(plan, queue, "/nowhere");
  EXPECT_EQ(plan.drawn[0].state, StudyTrialState::Failed);
  EXPECT_EQ(plan.drawn.size(), 2u);
}

}  // namespace
}  // namespace convstudio
