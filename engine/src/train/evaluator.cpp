#include "evaluator.h"

#include "autocast_guard.h"

namespace convstudio {

Evaluation evaluate_model(GraphModule& model, BatchLoader& loader, const torch::Device& device,
                          AmpMode amp, std::int64_t classes, const std::function<bool()>& cancelled,
                          const ImageSet* images, int keep_misclassified) {
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
  Evaluation result;
  loader.start_epoch(0);
  while (auto batch = loader.next()) {
    if (cancelled && cancelled()) {
      result.cancelled = true;
      break;
    }
    torch::Tensor inputs = batch->images.to(device, batch->non_blocking);
    torch::Tensor labels = batch->labels.to(device, batch->non_blocking);
    torch::Tensor logits;
    {
      AutocastGuard autocast(device, amp);
      logits = model->forward(inputs);
    }
    logits = logits.to(torch::kFloat);
    loss_sum +=
        torch::nn::functional::cross_entropy(
            logits, labels, torch::nn::functional::CrossEntropyFuncOptions().reduction(torch::kSum))
            .to(torch::kDouble);
    const auto [top_probability, top_class] = torch::softmax(logits, 1).max(1);
    predicted.push_back(top_class);
    confidence.push_back(top_probability);
    expected.push_back(labels);
    result.samples += labels.size(0);
  }
  if (was_training) model->train();

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
      const bool keep = images != nullptr && t_data[i] != p_data[i] && i < images->size() &&
                        static_cast<int>(result.misclassified.size()) < keep_misclassified;
      if (keep) {
        MisclassifiedSample sample;
        sample.channels = images->channels;
        sample.height = images->height;
        sample.width = images->width;
        sample.pixels.assign(images->image(i), images->image(i) + images->image_bytes());
        sample.true_class = t_data[i];
        sample.predicted_class = p_data[i];
        sample.confidence = c_data[i];
        result.misclassified.push_back(std::move(sample));
      }
    }
  }
  if (result.samples > 0) {
    result.loss = loss_sum.item<double>() / static_cast<double>(result.samples);
    result.accuracy = static_cast<double>(correct) / static_cast<double>(result.samples);
  }
  return result;
}

}  // namespace convstudio
