#include "evaluator.h"

#include <optional>

#include "autocast_guard.h"
#include "distributed/data_parallel.h"
#include "pixel_confusion.h"

namespace convstudio {
namespace {

// A sample as the evaluation saw it, with its source, so its cell can list it again.
EvaluatedSample evaluated(const SampleSet& images, std::int64_t index, std::int64_t true_class,
                          std::int64_t predicted_class, double confidence) {
  EvaluatedSample sample;
  sample.index = index;
  sample.file = images.source(index);
  sample.true_class = true_class;
  sample.predicted_class = predicted_class;
  sample.confidence = confidence;
  return sample;
}

// A wrongly classified sample's pixels, read again from the set (only the gallery's few);
// nullopt when its file cannot be read now.
std::optional<MisclassifiedSample> misclassified(const SampleSet& images,
                                                 const EvaluatedSample& seen) {
  std::vector<std::uint8_t> scratch(images.image_bytes());
  const Result<const std::uint8_t*> pixels = images.fetch(seen.index, scratch.data());
  if (!pixels) return std::nullopt;
  MisclassifiedSample sample;
  sample.channels = images.channels();
  sample.height = images.height();
  sample.width = images.width();
  sample.pixels.assign(pixels.value(), pixels.value() + images.image_bytes());
  sample.true_class = seen.true_class;
  sample.predicted_class = seen.predicted_class;
  sample.confidence = seen.confidence;
  return sample;
}

std::int64_t hit_pixels(const std::vector<std::vector<std::int64_t>>& confusion) {
  std::int64_t sum = 0;
  for (std::size_t c = 0; c < confusion.size(); ++c) sum += confusion[c][c];
  return sum;
}

std::int64_t counted_pixels(const std::vector<std::vector<std::int64_t>>& confusion) {
  std::int64_t sum = 0;
  for (const auto& row : confusion) {
    for (const std::int64_t count : row) sum += count;
  }
  return sum;
}

// The model's logits for a batch, autocast as in training, in fp32 for the loss and softmax.
torch::Tensor float_logits(GraphModule& model, const torch::Tensor& inputs,
                           const torch::Device& device, AmpMode amp) {
  torch::Tensor logits;
  {
    AutocastGuard autocast(device, amp);
    logits = model->forward(inputs);
  }
  return logits.to(torch::kFloat);
}

// The batch's summed cross-entropy, in double: over its samples, or over a segmentation's
// pixels (N×C×H×W logits) whose truth is not the ignore label.
torch::Tensor summed_loss(const torch::Tensor& logits, const torch::Tensor& labels,
                          std::int64_t ignore_label) {
  auto options = torch::nn::functional::CrossEntropyFuncOptions().reduction(torch::kSum);
  if (logits.dim() == 4) options.ignore_index(ignore_label);
  return torch::nn::functional::cross_entropy(logits, labels, options).to(torch::kDouble);
}

// A segmentation's figures from its pixel confusion: the loss and accuracy are means over the
// counted pixels (the ignored ones never reach the matrix), and stay 0 when none was counted.
void set_pixel_figures(Evaluation& result, const PixelConfusion& confusion,
                       const torch::Tensor& loss_sum) {
  result.confusion = confusion.matrix();
  result.counted = counted_pixels(result.confusion);
  if (result.counted == 0) return;
  result.loss = loss_sum.item<double>() / static_cast<double>(result.counted);
  result.accuracy =
      static_cast<double>(hit_pixels(result.confusion)) / static_cast<double>(result.counted);
}

}  // namespace

Evaluation evaluate_model(GraphModule& model, BatchLoader& loader, const torch::Device& device,
                          AmpMode amp, std::int64_t classes, const std::function<bool()>& cancelled,
                          const SampleSet* images, int keep_misclassified,
                          std::int64_t ignore_label) {
  const bool was_training = model->is_training();
  model->eval();
  torch::NoGradGuard no_grad;
  // Sums stay on the device; one read at the end instead of a sync per batch.
  torch::Tensor loss_sum = torch::zeros({}, torch::TensorOptions(device).dtype(torch::kDouble));
  // Predictions are gathered and counted on the CPU at the end: scatter-adds on CUDA are not
  // deterministic, and deterministic runs must be able to validate.
  std::vector<torch::Tensor> predicted;
  std::vector<torch::Tensor> expected;
  std::vector<torch::Tensor> confidence;
  PixelConfusion pixel_confusion(classes);  // a segmentation's
  std::vector<std::int64_t> samples;        // the set's index of each prediction
  Evaluation result;
  loader.start_epoch(0);
  while (auto batch = loader.next()) {
    if (cancelled && cancelled()) {
      result.cancelled = true;
      break;
    }
    samples.insert(samples.end(), batch->samples.begin(), batch->samples.end());
    result.skipped.insert(result.skipped.end(), batch->skipped.begin(), batch->skipped.end());
    torch::Tensor inputs = batch->images.to(device, batch->non_blocking);
    torch::Tensor labels = batch->labels.to(device, batch->non_blocking);
    const torch::Tensor logits = float_logits(model, inputs, device, amp);
    result.samples += labels.size(0);
    loss_sum += summed_loss(logits, labels, ignore_label);
    if (logits.dim() == 4) {
      result.pixels = true;
      pixel_confusion.add(pixel_cells(logits, labels, classes, ignore_label));
      continue;
    }
    const auto [top_probability, top_class] = torch::softmax(logits, 1).max(1);
    predicted.push_back(top_class);
    confidence.push_back(top_probability);
    expected.push_back(labels);
  }
  if (was_training) model->train();

  if (result.pixels) {
    set_pixel_figures(result, pixel_confusion, loss_sum);
    return result;
  }

  result.confusion.assign(classes, std::vector<std::int64_t>(classes, 0));
  std::int64_t correct = 0;
  if (!predicted.empty()) {
    const torch::Tensor p = torch::cat(predicted).to(torch::kCPU).contiguous();
    const torch::Tensor t = torch::cat(expected).to(torch::kCPU).contiguous();
    const auto* p_data = p.data_ptr<std::int64_t>();
    const auto* t_data = t.data_ptr<std::int64_t>();
    const torch::Tensor c = torch::cat(confidence).to(torch::kCPU, torch::kDouble).contiguous();
    const auto* c_data = c.data_ptr<double>();
    for (std::int64_t i = 0; i < p.numel(); ++i) {
      ++result.confusion[t_data[i]][p_data[i]];
      correct += t_data[i] == p_data[i];
      if (images == nullptr) continue;
      const std::int64_t index = samples[static_cast<std::size_t>(i)];
      result.sample_list.push_back(evaluated(*images, index, t_data[i], p_data[i], c_data[i]));
      const bool keep = t_data[i] != p_data[i] &&
                        static_cast<int>(result.misclassified.size()) < keep_misclassified;
      if (!keep) continue;
      if (auto sample = misclassified(*images, result.sample_list.back())) {
        result.misclassified.push_back(std::move(*sample));
      }
    }
  }
  result.counted = result.samples;
  if (result.samples > 0) {
    result.loss = loss_sum.item<double>() / static_cast<double>(result.samples);
    result.accuracy = static_cast<double>(correct) / static_cast<double>(result.samples);
  }
  return result;
}

void sum_evaluation_over_ranks(Evaluation& evaluation, DataParallel& parallel) {
  const auto classes = evaluation.confusion.size();
  std::vector<double> values(3 + classes * classes);
  values[0] = evaluation.loss * static_cast<double>(evaluation.counted);
  values[1] = static_cast<double>(evaluation.counted);
  values[2] = static_cast<double>(evaluation.samples);
  for (std::size_t t = 0; t < classes; ++t) {
    for (std::size_t p = 0; p < classes; ++p) {
      values[3 + t * classes + p] = static_cast<double>(evaluation.confusion[t][p]);
    }
  }
  parallel.sum_over_ranks(values);
  evaluation.counted = static_cast<std::int64_t>(values[1]);
  evaluation.samples = static_cast<std::int64_t>(values[2]);
  double correct = 0;
  for (std::size_t t = 0; t < classes; ++t) {
    for (std::size_t p = 0; p < classes; ++p) {
      evaluation.confusion[t][p] = static_cast<std::int64_t>(values[3 + t * classes + p]);
    }
    correct += values[3 + t * classes + t];
  }
  if (evaluation.counted > 0) {
    evaluation.loss = values[0] / values[1];
    evaluation.accuracy = correct / values[1];
  }
}

}  // namespace convstudio
