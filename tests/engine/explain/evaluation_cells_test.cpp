// The evaluation keeps every validation sample's source with its true and predicted class: each
// confusion-matrix cell's sample list (samples_in_cell) is as long as the cell's count, holds
// only samples of that cell, and together they are the whole split.

#include <algorithm>

#include <gtest/gtest.h>

#include "convstudio/runs/evaluated_sample.h"
#include "data/in_memory_sample_set.h"
#include "nn/graph_module.h"
#include "nn/graph_tensors.h"
#include "train/evaluator.h"
#include "trained_model_factory.h"

namespace convstudio {
namespace {

constexpr int kClasses = 10;
constexpr int kImages = 50;

std::shared_ptr<const SampleSet> random_images() {
  ImageSet images;
  images.channels = 1;
  images.height = 28;
  images.width = 28;
  images.pixels.resize(kImages * images.image_bytes());
  const torch::Tensor noise =
      torch::randint(0, 256, {static_cast<std::int64_t>(images.pixels.size())},
                     torch::TensorOptions().dtype(torch::kUInt8));
  std::copy_n(noise.data_ptr<std::uint8_t>(), images.pixels.size(), images.pixels.begin());
  for (int i = 0; i < kImages; ++i) images.labels.push_back(i % kClasses);
  return std::make_shared<const InMemorySampleSet>(std::move(images));
}

TEST(EvaluationCells, EachCellsSampleListMatchesItsCountAndItsClasses) {
  torch::manual_seed(3);
  const TrainedModel trained =
      testing::random_trained_model("lenet5", TensorShape::image(1, 28, 28), 5);
  GraphModule module(trained.graph, trained.analysis);
  ASSERT_FALSE(apply_named_tensors(*module, trained.tensors, "test"));
  const std::shared_ptr<const SampleSet> set = random_images();
  BatchLoaderOptions options;
  options.batch_size = 16;
  options.workers = 0;
  options.shuffle = false;
  options.pin_memory = false;
  BatchLoader loader(set, options);
  const Evaluation evaluation =
      evaluate_model(module, loader, torch::kCPU, AmpMode::Off, kClasses, {}, set.get());

  ASSERT_EQ(evaluation.sample_list.size(), static_cast<std::size_t>(kImages));
  std::size_t listed = 0;
  for (int t = 0; t < kClasses; ++t) {
    for (int p = 0; p < kClasses; ++p) {
      const std::vector<EvaluatedSample> cell = samples_in_cell(evaluation.sample_list, t, p);
      EXPECT_EQ(static_cast<std::int64_t>(cell.size()), evaluation.confusion[t][p])
          << t << "," << p;
      for (const EvaluatedSample& sample : cell) {
        EXPECT_EQ(sample.true_class, t);
        EXPECT_EQ(sample.predicted_class, p);
        EXPECT_EQ(set->label(sample.index), t);  // the source leads back to the sample
      }
      listed += cell.size();
    }
  }
  EXPECT_EQ(listed, static_cast<std::size_t>(kImages));
}

}  // namespace
}  // namespace convstudio
