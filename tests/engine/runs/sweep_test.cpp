// A sweep is typed by hand (`--set lr=0.01,0.003`) or picked in a dialog: every mistake must be
// refused naming the setting, and the grid must hold exactly the combinations asked for.

#include "convstudio/runs/sweep.h"

#include <gtest/gtest.h>

namespace convstudio {
namespace {

TEST(Sweep, ASettingAndItsValuesAreRead) {
  Result<SweepAxis> axis = parse_sweep_axis(" lr = 0.01, 0.003 ");
  ASSERT_TRUE(axis.ok()) << axis.error().describe();
  EXPECT_EQ(axis.value(), (SweepAxis{"lr", {"0.01", "0.003"}}));
}

TEST(Sweep, MistakesInTheTextAreNamed) {
  EXPECT_EQ(parse_sweep_axis("lr").error().field, "sweep");
  const Error unknown = parse_sweep_axis("learning_rate=0.1").error();
  EXPECT_EQ(unknown.field, "learning_rate");
  EXPECT_NE(unknown.message.find("batch_size"), std::string::npos);  // lists what can be swept
  EXPECT_EQ(parse_sweep_axis("device=cpu,cuda").error().field, "device");
  const Error empty = parse_sweep_axis("batch_size=").error();
  EXPECT_EQ(empty.field, "training.batch_size");
  EXPECT_NE(empty.message.find("no values"), std::string::npos);
  EXPECT_NE(parse_sweep_axis("lr=0.1,,0.2").error().message.find("empty value"), std::string::npos);
  EXPECT_NE(parse_sweep_axis("amp=off,off").error().message.find("'off' twice"), std::string::npos);
  EXPECT_EQ(parse_sweep_axis("horizontal_flip=true,false").value().setting, "horizontal_flip");
}

TEST(Sweep, AValueIsCheckedByTheProjectFilesRules) {
  Project project;
  EXPECT_FALSE(apply_sweep_value(project, "lr", "0.5"));
  EXPECT_EQ(project.training.optimizer.lr, 0.5);
  EXPECT_FALSE(apply_sweep_value(project, "amp", "bf16"));
  EXPECT_EQ(project.training.amp, AmpMode::Bf16);
  EXPECT_FALSE(apply_sweep_value(project, "memory_format", "nchw"));
  EXPECT_EQ(project.training.memory_format, MemoryFormat::Nchw);
  EXPECT_FALSE(apply_sweep_value(project, "horizontal_flip", "true"));
  EXPECT_TRUE(project.dataset.augmentation.horizontal_flip);
  EXPECT_FALSE(apply_sweep_value(project, "random_erasing", "0.25"));
  EXPECT_EQ(project.dataset.augmentation.random_erasing, 0.25);

  const Project before = project;
  const std::optional<Error> too_big = apply_sweep_value(project, "lr", "200");
  ASSERT_TRUE(too_big.has_value());
  EXPECT_EQ(too_big->field, "training.lr");
  EXPECT_NE(too_big->message.find("200"), std::string::npos);
  const std::optional<Error> word = apply_sweep_value(project, "amp", "fp8");
  ASSERT_TRUE(word.has_value());
  EXPECT_EQ(word->field, "training.amp");
  EXPECT_NE(word->message.find("fp16"), std::string::npos);  // names the choices
  const std::optional<Error> fraction = apply_sweep_value(project, "batch_size", "6.5");
  ASSERT_TRUE(fraction.has_value());
  EXPECT_EQ(fraction->message, "'6.5' must be a whole number");
  // The reader's rules across settings hold too: the largest crop under the smallest one.
  const std::optional<Error> scale = apply_sweep_value(project, "crop_max_scale", "0.05");
  ASSERT_TRUE(scale.has_value());
  EXPECT_EQ(scale->field, "dataset.augmentation.crop_min_scale");
  EXPECT_EQ(project, before);
}

TEST(Sweep, ATwoByTwoGridHoldsEveryCombinationLabelled) {
  Project project;
  project.training.epochs = 3;
  Result<std::vector<QueuedRun>> grid =
      expand_sweep(project, {{"lr", {"0.01", "0.003"}}, {"batch_size", {"64", "128"}}}, "sweep-1");
  ASSERT_TRUE(grid.ok()) << grid.error().describe();
  ASSERT_EQ(grid.value().size(), 4u);
  const std::vector<std::string> labels = {"lr=0.01, batch_size=64", "lr=0.01, batch_size=128",
                                           "lr=0.003, batch_size=64", "lr=0.003, batch_size=128"};
  const double lrs[] = {0.01, 0.01, 0.003, 0.003};
  const std::int64_t batches[] = {64, 128, 64, 128};
  for (std::size_t i = 0; i < 4; ++i) {
    const QueuedRun& run = grid.value()[i];
    EXPECT_EQ(run.label, labels[i]);
    EXPECT_EQ(run.sweep, "sweep-1");
    EXPECT_EQ(run.state, QueuedRunState::Queued);
    EXPECT_EQ(run.project.training.optimizer.lr, lrs[i]);
    EXPECT_EQ(run.project.training.batch_size, batches[i]);
    EXPECT_EQ(run.project.training.epochs, 3);  // the rest is the project's
  }
}

TEST(Sweep, AGridIsRefusedWithTheSettingToBlame) {
  const Project project;
  EXPECT_EQ(expand_sweep(project, {}, "s").error().field, "sweep");
  EXPECT_EQ(expand_sweep(project, {{"lr", {"0.1"}}, {"lr", {"0.2"}}}, "s").error().field,
            "training.lr");
  EXPECT_EQ(expand_sweep(project, {{"batch_size", {}}}, "s").error().field, "training.batch_size");
  const Error bad = expand_sweep(project, {{"lr", {"0.1"}}, {"amp", {"off", "fp9"}}}, "s").error();
  EXPECT_EQ(bad.field, "training.amp");
  EXPECT_NE(bad.message.find("fp9"), std::string::npos);
}

TEST(Sweep, ASweepIdIsNotReusedInTheQueue) {
  RunQueue queue;
  const std::string first = new_sweep_id(queue);
  QueuedRun run;
  run.sweep = first;
  QueuedRun next = run;
  next.sweep = first + "-2";
  add_to_queue(queue, {run, next});
  const std::string second = new_sweep_id(queue);
  EXPECT_NE(second, first);
  EXPECT_NE(second, first + "-2");
}

}  // namespace
}  // namespace convstudio
