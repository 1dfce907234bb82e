#include "convstudio/explain/model_explainer.h"

#include <algorithm>
#include <cmath>

#include <ATen/Context.h>

#include "convstudio/explain/default_explain_block.h"
#include "convstudio/model/input_output_blocks.h"
#include "convstudio/model/training_settings.h"
#include "explain/class_activation_map.h"
#include "explain/explain_messages.h"
#include "explain/explained_model.h"
#include "explain/input_saliency.h"
#include "explain/occlusion_map.h"
#include "export/image_batch.h"
#include "export/native_export.h"

namespace convstudio {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kConvolutionType = "Conv2d";

Error cancelled() {
  return Error::without_place("explaining was cancelled");
}

HeatMap heat_map_of(const torch::Tensor& map) {
  const torch::Tensor values = map.to(torch::kCPU, torch::kFloat).contiguous();
  HeatMap heat_map;
  heat_map.height = values.size(0);
  heat_map.width = values.size(1);
  heat_map.values.assign(values.data_ptr<float>(), values.data_ptr<float>() + values.numel());
  return heat_map;
}

// Each channel of the block's output (C×H×W), largest mean activation first.
std::vector<FeatureMap> feature_maps_of(const torch::Tensor& output) {
  std::vector<FeatureMap> maps;
  const torch::Tensor means = output.mean({1, 2}).cpu();
  for (std::int64_t c = 0; c < output.size(0); ++c) {
    maps.push_back({c, means[c].item<float>(), heat_map_of(output[c])});
  }
  std::stable_sort(maps.begin(), maps.end(),
                   [](const FeatureMap& a, const FeatureMap& b) { return a.mean > b.mean; });
  return maps;
}

// The image as the model saw it, back in bytes (H×W×C) from the normalised input.
void set_image(const torch::Tensor& input, const PreprocessingContract& contract,
               Explanation& explanation) {
  const std::int64_t channels = input.size(0);
  torch::Tensor pixels = input.to(torch::kCPU, /*non_blocking=*/false, /*copy=*/true);
  for (std::int64_t c = 0; c < channels; ++c) {
    const auto index = static_cast<std::size_t>(c);
    const float mean = index < contract.mean.size() ? contract.mean[index] : 0.f;
    const float std =
        index < contract.std.size() && contract.std[index] > 0 ? contract.std[index] : 1.f;
    pixels[c].mul_(std).add_(mean);
  }
  pixels = pixels.mul(255).round().clamp(0, 255).to(torch::kUInt8).permute({1, 2, 0}).contiguous();
  explanation.image_channels = channels;
  explanation.image_height = input.size(1);
  explanation.image_width = input.size(2);
  explanation.image_pixels.assign(pixels.data_ptr<std::uint8_t>(),
                                  pixels.data_ptr<std::uint8_t>() + pixels.numel());
  const torch::Tensor flat = input.cpu().contiguous();
  explanation.input.assign(flat.data_ptr<float>(), flat.data_ptr<float>() + flat.numel());
}

Result<TrainedModel> load_trained(const fs::path& path) {
  std::error_code ec;
  if (!fs::exists(path, ec)) return Error::in_file(path.string(), "does not exist");
  if (fs::is_directory(path, ec)) return load_trained_model(path);
  if (path.extension() == ".safetensors") return NativeExport::read(path);
  if (path.extension() == ".convstudio") return load_project_model(path);
  return Error::in_file(path.string(),
                        "explaining needs the model's graph: give a checkpoint folder, a "
                        ".safetensors export or a project with weights (import an .onnx first)");
}

// The device setting's spelling (parse_device); CUDA only when LibTorch sees that GPU.
Result<torch::Device> explain_device(const std::string& text) {
  const std::optional<DeviceChoice> choice = parse_device(text);
  if (!choice) {
    return Error::in_setting("device",
                             "\"" + text + "\" is not a device: cpu, cuda, cuda:K or auto");
  }
  const bool available = torch::cuda::is_available();
  if (!choice->uses_cuda(available)) return torch::Device(torch::kCPU);
  if (!available || choice->cuda_index() >= static_cast<int>(torch::cuda::device_count())) {
    return Error::in_setting("device", "\"" + text + "\": no such CUDA device here");
  }
  return torch::Device(torch::kCUDA, static_cast<c10::DeviceIndex>(choice->cuda_index()));
}

// The Error carries the English sentence (the CLI prints it); `text` is the same sentence as a
// pattern, which the studio translates.
ExplainRefusal refused(Error error, MessageText text) {
  error.message = text.english();
  return {std::move(error), std::move(text)};
}

ExplainRefusal no_such_block(const ModelAnalysis& analysis, const std::string& id) {
  std::string spatial;
  for (const BlockAnalysis& block : analysis.blocks) {
    if (block.output_shape.is_image()) spatial += (spatial.empty() ? "" : ", ") + block.id;
  }
  return refused(Error::in_setting("block", ""), {explain_messages::kNoSuchBlock, {id, spatial}});
}

// Every method explains one class score per image (the top class or a chosen one); a
// segmentation model has a score per pixel and class, refused before anything runs.
std::optional<ExplainRefusal> check_segmentation(const TrainedModel& trained,
                                                 const ExplainRequest& request) {
  const TensorShape output = trained.analysis.output_shape();
  if (!trained.contract.segments() && !output.is_image()) return std::nullopt;
  std::string shape = "N";
  for (std::int64_t d : output.dims) shape += "\u00d7" + std::to_string(d);
  return refused(
      Error::in_setting("method", ""),
      {explain_messages::kSegmentation, {std::string(explain_method_name(request.method)), shape}});
}

// Grad-CAM and feature maps read a block whose output is C×H×W; refused naming the block.
std::optional<ExplainRefusal> check_block(const TrainedModel& trained,
                                          const ExplainRequest& request) {
  if (auto refusal = check_segmentation(trained, request)) return refusal;
  const ModelAnalysis& analysis = trained.analysis;
  if (!explain_method_needs_block(request.method)) return std::nullopt;
  const std::string method(explain_method_name(request.method));
  if (request.block_id.empty()) {
    return refused(Error::in_setting("block", ""), {explain_messages::kNeedsBlock, {method}});
  }
  const BlockAnalysis* block = analysis.find(request.block_id);
  if (block == nullptr) return no_such_block(analysis, request.block_id);
  if (!block->output_shape.is_image()) {
    return refused(Error::in_block(block->id, block->type, "", ""),
                   {explain_messages::kNotSpatial, {block->output_shape.to_string(), method}});
  }
  return std::nullopt;
}

struct MethodRun {
  const ModelExplainer::Model& model;
  const torch::Tensor& input;  // 1×C×H×W
  const ExplainRequest& request;
  std::int64_t target_class = 0;
  const ExplainProgress& progress;
  ExplainCancel cancel;
};

// Fills the heat map or the feature maps; false when cancelled.
bool run_method(const MethodRun& run, Explanation& explanation) {
  GraphModuleImpl& module = run.model.module();
  std::optional<torch::Tensor> map;
  switch (run.request.method) {
    case ExplainMethod::GradCam:
    case ExplainMethod::GradCamPlusPlus:
      map = class_activation_map(
          module, {run.input, run.request.block_id, run.model.output_id(), run.target_class,
                   run.request.method == ExplainMethod::GradCamPlusPlus});
      break;
    case ExplainMethod::Occlusion:
      map = occlusion_map(module, run.input, run.target_class, run.request.occlusion, run.progress,
                          run.cancel);
      if (!map) return false;
      break;
    case ExplainMethod::Saliency:
      map = saliency_map(module, run.input, run.target_class, run.request.saliency, run.progress,
                         run.cancel);
      if (!map) return false;
      break;
    case ExplainMethod::FeatureMaps: {
      torch::NoGradGuard no_grad;
      explanation.feature_maps =
          feature_maps_of(module.forward_all(run.input).at(run.request.block_id)[0]);
      return true;
    }
  }
  explanation.heat_map = heat_map_of(*map);
  return true;
}

// Explanations are computed in true fp32 on either device: cuDNN and cuBLAS otherwise round
// fp32 convolutions and products to TF32 (10-bit mantissa), which moved a saliency map's pixels by
// 0.02 of its range against the CPU's on an H100. The flags are process-wide: a training run
// meanwhile loses TF32 for the explanation's milliseconds, which changes no result.
class ExactFloat32 {
 public:
  ExactFloat32()
      : cudnn_(at::globalContext().allowTF32CuDNN()),
        cublas_(at::globalContext().allowTF32CuBLAS()) {
    at::globalContext().setAllowTF32CuDNN(false);
    at::globalContext().setAllowTF32CuBLAS(false);
  }
  ~ExactFloat32() {
    at::globalContext().setAllowTF32CuDNN(cudnn_);
    at::globalContext().setAllowTF32CuBLAS(cublas_);
  }
  ExactFloat32(const ExactFloat32&) = delete;
  ExactFloat32& operator=(const ExactFloat32&) = delete;

 private:
  bool cudnn_;
  bool cublas_;
};

// The prediction and the method's map for one input row (1×C×H×W, normalised); `source` names
// it in an error.
Result<Explanation> explain_input(const ModelExplainer::Model& model, const torch::Tensor& batch,
                                  const std::string& source, const ExplainRequest& request,
                                  const ExplainProgress& progress, ExplainCancel cancel) {
  const TrainedModel& trained = model.trained();
  std::lock_guard lock(model.mutex());
  if (cancel != nullptr && cancel->load()) return cancelled();
  const ExactFloat32 exact;
  try {
    const torch::Tensor input = batch.to(model.device(), torch::kFloat);
    torch::Tensor probabilities;
    {
      torch::NoGradGuard no_grad;
      probabilities =
          torch::softmax(model.module().forward(input).to(torch::kCPU, torch::kDouble), 1)[0];
    }
    const std::int64_t classes = probabilities.size(0);
    Explanation explanation;
    explanation.top_class = probabilities.argmax().item<std::int64_t>();
    const auto name = static_cast<std::size_t>(explanation.top_class);
    explanation.top_name = name < trained.contract.class_names.size()
                               ? trained.contract.class_names[name]
                               : std::to_string(explanation.top_class);
    explanation.top_probability = probabilities[explanation.top_class].item<double>();
    explanation.target_class = request.target_class.value_or(explanation.top_class);
    if (explanation.target_class < 0 || explanation.target_class >= classes) {
      return Error::in_setting("class", "class " + std::to_string(explanation.target_class) +
                                            " is out of range: the model has " +
                                            std::to_string(classes) + " classes (0 to " +
                                            std::to_string(classes - 1) + ")");
    }
    explanation.target_probability = probabilities[explanation.target_class].item<double>();
    set_image(input[0], trained.contract, explanation);
    if (!run_method({model, input, request, explanation.target_class, progress, cancel},
                    explanation)) {
      return cancelled();
    }
    if (progress) progress(1.0);
    return explanation;
  } catch (const c10::Error& error) {
    return Error::in_file(source, error.what_without_backtrace());
  }
}

}  // namespace

ModelExplainer::Model::Model(TrainedModel trained, torch::Device device)
    : trained_(std::move(trained)), module_(trained_.graph, trained_.analysis), device_(device) {
  if (auto error = apply_named_tensors(*module_, trained_.tensors, "model")) {
    throw std::invalid_argument(error->describe());
  }
  module_->to(device_, torch::kFloat);  // fp32 whatever the training precision
  module_->eval();
  for (const Block& block : trained_.graph.blocks()) {
    if (block.type == kOutputBlockType) output_id_ = block.id;
  }
}

ModelExplainer::ModelExplainer(std::unique_ptr<Model> model) : model_(std::move(model)) {}
ModelExplainer::~ModelExplainer() = default;

Result<std::shared_ptr<ModelExplainer>> ModelExplainer::load(const fs::path& path,
                                                             const std::string& device) {
  try {
    Result<torch::Device> chosen = explain_device(device);
    if (!chosen) return chosen.error();
    Result<TrainedModel> trained = load_trained(path);
    if (!trained) return trained.error();
    return std::shared_ptr<ModelExplainer>(
        new ModelExplainer(std::make_unique<Model>(std::move(trained).value(), chosen.value())));
  } catch (const c10::Error& error) {
    return Error::in_file(path.string(), error.what_without_backtrace());
  } catch (const std::exception& error) {
    return Error::in_file(path.string(), error.what());
  }
}

std::vector<std::string> ModelExplainer::spatial_blocks() const {
  std::vector<std::string> ids;
  for (const BlockAnalysis& block : model_->trained().analysis.blocks) {
    if (block.output_shape.is_image()) ids.push_back(block.id);
  }
  return ids;
}

std::vector<std::string> ModelExplainer::class_names() const {
  return model_->trained().contract.class_names;
}

std::string ModelExplainer::default_block() const {
  return default_explain_block(model_->trained().graph, model_->trained().analysis);
}

std::optional<ExplainRefusal> ModelExplainer::refusal(const ExplainRequest& request) const {
  return check_block(model_->trained(), request);
}

Result<Explanation> ModelExplainer::explain(const fs::path& image, const ExplainRequest& request,
                                            const ExplainProgress& progress,
                                            ExplainCancel cancel) const {
  const TrainedModel& trained = model_->trained();
  if (auto refusal = check_block(trained, request)) return refusal->error;
  const ImageBatch batch = load_image_batch({image}, trained.contract);
  if (batch.rows.empty()) {
    return Error::in_file(image.string(), batch.errors.front().value_or("cannot be read"));
  }
  return explain_input(*model_, batch.input, image.string(), request, progress, cancel);
}

Result<Explanation> ModelExplainer::explain(const PlanarImage& image, const ExplainRequest& request,
                                            const ExplainProgress& progress,
                                            ExplainCancel cancel) const {
  const TrainedModel& trained = model_->trained();
  if (auto refusal = check_block(trained, request)) return refusal->error;
  const TensorShape& input = trained.contract.input;
  if (image.channels != input.channels() || image.height != input.height() ||
      image.width != input.width() ||
      image.pixels.size() !=
          static_cast<std::size_t>(input.channels() * input.height() * input.width())) {
    return Error::in_setting("image", "the image is " + std::to_string(image.channels) + "×" +
                                          std::to_string(image.height) + "×" +
                                          std::to_string(image.width) + "; the model takes " +
                                          input.to_string());
  }
  // Scaled and normalised as load_image_batch does a decoded file.
  torch::Tensor row = torch::from_blob(const_cast<std::uint8_t*>(image.pixels.data()),
                                       {image.channels, image.height, image.width}, torch::kUInt8)
                          .to(torch::kFloat)
                          .div_(255.0f);
  for (int c = 0; c < image.channels; ++c) {
    const auto index = static_cast<std::size_t>(c);
    const std::vector<float>& means = trained.contract.mean;
    const std::vector<float>& deviations = trained.contract.std;
    row[c]
        .sub_(index < means.size() ? means[index] : 0.f)
        .div_(index < deviations.size() && deviations[index] > 0 ? deviations[index] : 1.f);
  }
  return explain_input(*model_, row.unsqueeze(0), "image", request, progress, cancel);
}

Result<ConvFilters> ModelExplainer::filters(const std::string& block_id) const {
  const TrainedModel& trained = model_->trained();
  const Block* block = trained.graph.find_block(block_id);
  if (block == nullptr)
    return Error::in_block(block_id, "", "", "the model has no block with this id");
  if (block->type != kConvolutionType || !trained.has(block_id, "weight")) {
    return Error::in_block(block_id, block->type, "", "has no convolution filters to show");
  }
  const torch::Tensor weight = trained.tensor(block_id, "weight").to(torch::kFloat).contiguous();
  ConvFilters filters;
  filters.out_channels = weight.size(0);
  filters.in_channels = weight.size(1);
  filters.height = weight.size(2);
  filters.width = weight.size(3);
  filters.weights.assign(weight.data_ptr<float>(), weight.data_ptr<float>() + weight.numel());
  return filters;
}

}  // namespace convstudio
