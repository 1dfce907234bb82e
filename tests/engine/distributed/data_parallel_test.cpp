// Data-parallel training across real worker processes (convstudio-cli-engine's --nproc-per-node
// launcher, Gloo over 127.0.0.1): the weights after K steps equal one process's with the whole
// global batch, with accumulation and fp16 loss scaling too, and a resumed run ends where an
// uninterrupted one does.

#include "data_parallel_training.h"

namespace convstudio {
namespace {

using testing::DataParallelTraining;
using testing::Finished;

TEST_F(DataParallelTraining, TwoProcessesOfBatchBEndWithTheWeightsOfOneProcessOfBatch2B) {
  const Finished one = train_finished("one", "--batch-size 16");
  const Finished two = train_finished("two", "--batch-size 8 --nproc-per-node 2");
  EXPECT_EQ(one.summary["steps"], 10);
  EXPECT_EQ(two.summary["steps"], 10);
  EXPECT_EQ(two.summary["world_size"], 2);
  EXPECT_EQ(one.summary["world_size"], 1);
  // One summary line: rank 1 prints none.
  EXPECT_EQ(std::count(two.out.begin(), two.out.end(), '\n'), 1) << two.out;
  expect_same_weights("one", "two", 1e-5);
  // Validation is sharded and summed: both see the whole split.
  EXPECT_NEAR(one.summary["val_loss"].get<double>(), two.summary["val_loss"].get<double>(), 1e-5);
  EXPECT_NEAR(one.summary["val_accuracy"].get<double>(), two.summary["val_accuracy"].get<double>(),
              1e-9);
}

TEST_F(DataParallelTraining, AccumulationTwoReducesOncePerStepAndStillMatches) {
  train_finished("one", "--batch-size 16 --accumulate 2");
  const Finished two = train_finished("two", "--batch-size 8 --accumulate 2 --nproc-per-node 2");
  EXPECT_EQ(two.summary["steps"], 6);  // 5 global batches a epoch: groups of 2, 2 and 1
  expect_same_weights("one", "two", 1e-5);
}

// Under fp16 autocast a weight gradient leaves its matrix product rounded to fp16, so a batch of
// 16 and two halves of 8 summed afterwards differ by that rounding (8e-5 here after 10 steps), in
// one process with accumulation exactly as across two processes. The fair reference is
// therefore one process accumulating the same two micro-batches: the ranks' sum, the loss
// scale and its found-inf decisions must reproduce it.
TEST_F(DataParallelTraining, Fp16LossScalingMatchesOneProcessAccumulatingTheSameMicroBatches) {
  const Finished one = train_finished("one", "--batch-size 8 --accumulate 2 --amp fp16");
  const Finished two = train_finished("two", "--batch-size 8 --amp fp16 --nproc-per-node 2");
  EXPECT_EQ(two.summary["amp"], "fp16");
  EXPECT_EQ(one.summary["skipped_steps"], two.summary["skipped_steps"]);
  expect_same_weights("one", "two", 1e-5);
}

TEST_F(DataParallelTraining, WithoutOverlapTheSumsAreTheSame) {
  train_finished("overlap", "--batch-size 8 --nproc-per-node 2");
  train_finished("after", "--batch-size 8 --nproc-per-node 2 --no-overlap");
  expect_same_weights("overlap", "after", 1e-6);
}

TEST_F(DataParallelTraining, AResumedTwoProcessRunEndsAsAnUninterruptedOne) {
  train_finished("whole", "--batch-size 8 --nproc-per-node 2");
  // Stopped mid-epoch at step 3, then resumed to the end (2 epochs) from rank 0's checkpoint:
  // every rank restores it and skips the global batches already done.
  train_finished("part", "--batch-size 8 --nproc-per-node 2 --max-steps 3");
  const Finished resumed = train("resumed", "--nproc-per-node 2 --epochs 2 --resume '" +
                                                (root_ / "part" / "last.ckpt").string() + "'");
  ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
  EXPECT_EQ(resumed.summary["steps"], 10);
  expect_same_weights("whole", "part", 1e-6);
}

TEST_F(DataParallelTraining, ResumingWithAnotherNumberOfProcessesIsRefused) {
  train_finished("two", "--batch-size 8 --nproc-per-node 2 --max-steps 3");
  const Finished one =
      train("one", "--epochs 2 --resume '" + (root_ / "two" / "last.ckpt").string() + "'");
  EXPECT_EQ(one.exit_code, 2);
  EXPECT_NE(one.err.find("was written by a run of 2 processes; resume it with 2 (this run has 1)"),
            std::string::npos)
      << one.err;
}

TEST_F(DataParallelTraining, BadLaunchSettingsAreRefusedByName) {
  const Finished node = train("node", "--nnodes 2 --node-rank 2");
  EXPECT_EQ(node.exit_code, 2);
  EXPECT_NE(node.err.find("--node-rank 2 is not below --nnodes 2"), std::string::npos) << node.err;
  const Finished master = train("master", "--nnodes 2 --node-rank 1");
  EXPECT_EQ(master.exit_code, 2);
  EXPECT_NE(master.err.find("needs --master-addr and --master-port"), std::string::npos)
      << master.err;
}

}  // namespace
}  // namespace convstudio
