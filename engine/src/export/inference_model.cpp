#include "convstudio/export/inference_model.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <fstream>

#include <torch/cuda.h>

#include "convstudio/io/atomic_write.h"
#include "data/image_file_types.h"
#include "export/image_batch.h"
#include "export/inference_backend.h"
#include "export/native_export.h"
#include "export/onnx_export.h"
#include "export/pt2_export.h"
#include "export/torchscript_export.h"

namespace convstudio {
namespace {

namespace fs = std::filesystem;

// Images are predicted in chunks so a large folder never needs one giant tensor.
constexpr std::size_t kChunk = 64;

InferenceModelLoad failure(Error error) {
  return {nullptr, std::move(error)};
}

InferenceModelLoad failure(const fs::path& model, std::string message) {
  return failure(Error::in_file(model.string(), std::move(message)));
}

// "N×10" for a tensor's shape, as the task check writes shapes.
std::string shape_text(const torch::Tensor& tensor) {
  std::string text = "N";
  for (std::int64_t d = 1; d < tensor.dim(); ++d) text += "\u00d7" + std::to_string(tensor.size(d));
  return text;
}

std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\n\r") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char c : text) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

}  // namespace

InferenceModelLoad InferenceModel::load_aoti_package(const fs::path& path) {
  std::unique_ptr<torch::inductor::AOTIModelPackageLoader> loader;
  try {
    // A package compiled for CUDA (export --device cuda) runs only there; said before LibTorch
    // fails to find a CUDA runner with a message about its registry.
    const auto kind =
        torch::inductor::AOTIModelPackageLoader::load_metadata_from_package(path.string(), "model");
    const auto device = kind.find("AOTI_DEVICE_KEY");
    if (device != kind.end() && device->second == "cuda" && !torch::cuda::is_available()) {
      return failure(path,
                     "was compiled for CUDA (export --format pt2-aoti --device cuda) and this "
                     "machine has no usable CUDA GPU; export it again with --device cpu");
    }
    loader = std::make_unique<torch::inductor::AOTIModelPackageLoader>(path.string());
  } catch (const std::exception& error) {
    const std::string reason = error.what();
    return failure(path, "not an AOTInductor package LibTorch " + std::string(TORCH_VERSION) +
                             " can load (an ExportedProgram .pt2 is for Python's "
                             "torch.export.load; export --format pt2-aoti for C++): " +
                             reason.substr(0, reason.find('\n')));
  }
  const auto metadata = loader->get_metadata();
  const auto contract_json = metadata.find(std::string(kPt2ContractKey));
  if (contract_json == metadata.end()) {
    return failure(path, std::string("holds no ") + kPt2ContractKey +
                             " metadata (not exported by ConvStudio, so its preprocessing is "
                             "unknown)");
  }
  PreprocessingContract contract =
      PreprocessingContract::from_json(nlohmann::json::parse(contract_json->second));
  if (!contract.input.is_image()) {
    return failure(path, "its contract has no C\u00d7H\u00d7W input shape");
  }
  return {
      std::shared_ptr<const InferenceModel>(new InferenceModel(
          std::make_unique<AotiPackageBackend>(std::move(loader)), std::move(contract), "aoti")),
      {}};
}

GraphModuleBackend::GraphModuleBackend(const TrainedModel& model)
    : module_(model.graph, model.analysis) {
  if (auto error = apply_named_tensors(*module_, model.tensors, "model")) {
    throw std::invalid_argument(error->describe());
  }
  module_->eval();
}

InferenceModel::InferenceModel(std::unique_ptr<Backend> backend, PreprocessingContract contract,
                               std::string kind)
    : backend_(std::move(backend)), contract_(std::move(contract)), kind_(std::move(kind)) {}

InferenceModel::~InferenceModel() = default;

const PreprocessingContract& InferenceModel::contract() const {
  return contract_;
}
std::string InferenceModel::kind() const {
  return kind_;
}

InferenceModelLoad InferenceModel::load(const fs::path& path) {
  std::error_code ec;
  if (!fs::exists(path, ec)) return failure(path, "does not exist");
  try {
    if (fs::is_directory(path, ec) || path.extension() == ".safetensors") {
      const bool checkpoint = fs::is_directory(path, ec);
      Result<TrainedModel> model = checkpoint ? load_trained_model(path) : NativeExport::read(path);
      if (!model) return failure(model.error());
      auto backend = std::make_unique<GraphModuleBackend>(model.value());
      return {
          std::shared_ptr<const InferenceModel>(new InferenceModel(
              std::move(backend), model.value().contract, checkpoint ? "checkpoint" : "native")),
          {}};
    }
    if (path.extension() == ".pt") {
      torch::jit::ExtraFilesMap extra{{kTorchScriptContractFile, ""}};
      torch::jit::Module module = torch::jit::load(path.string(), torch::kCPU, extra);
      if (extra[kTorchScriptContractFile].empty()) {
        return failure(path, std::string("holds no ") + kTorchScriptContractFile +
                                 " (not exported by ConvStudio, so its preprocessing is unknown)");
      }
      PreprocessingContract contract =
          PreprocessingContract::from_json(nlohmann::json::parse(extra[kTorchScriptContractFile]));
      if (!contract.input.is_image()) {
        return failure(path, "its contract has no C\u00d7H\u00d7W input shape");
      }
      return {std::shared_ptr<const InferenceModel>(
                  new InferenceModel(std::make_unique<TorchScriptBackend>(std::move(module)),
                                     std::move(contract), "torchscript")),
              {}};
    }
    if (path.extension() == ".pt2") return load_aoti_package(path);
    if (path.extension() == ".onnx") {
      Result<OnnxFile> onnx = OnnxExport::read(path);
      if (!onnx) return failure(onnx.error());
      // Built from the bytes already read and checked, not from a second read of the file.
      const std::string& bytes = onnx.value().bytes;
      cv::dnn::Net net = cv::dnn::readNetFromONNX(bytes.data(), bytes.size());
      if (net.empty()) return failure(path, "OpenCV DNN cannot build a network from it");
      return {std::shared_ptr<const InferenceModel>(
                  new InferenceModel(std::make_unique<OnnxBackend>(std::move(net)),
                                     std::move(onnx.value().contract), "onnx")),
              {}};
    }
  } catch (const cv::Exception& error) {
    return failure(path, "OpenCV DNN: " + error.msg);
  } catch (const c10::Error& error) {
    return failure(path, error.what_without_backtrace());
  } catch (const std::exception& error) {
    return failure(path, error.what());
  }
  return failure(path,
                 "not a model (expected a checkpoint folder, or a .safetensors, .pt2, .pt or "
                 ".onnx export)");
}

ImagePrediction InferenceModel::predict(const fs::path& image, int top_k,
                                        double temperature) const {
  return predict(std::vector<fs::path>{image}, top_k, temperature).front();
}

std::vector<ImagePrediction> InferenceModel::predict(const std::vector<fs::path>& images, int top_k,
                                                     double temperature,
                                                     const PredictionProgress& progress) const {
  std::vector<ImagePrediction> predictions(images.size());
  for (std::size_t i = 0; i < images.size(); ++i) predictions[i].image = images[i].string();
  if (!(temperature > 0) || !std::isfinite(temperature)) temperature = 1.0;
  const auto total = static_cast<std::int64_t>(images.size());
  for (std::size_t begin = 0; begin < images.size(); begin += kChunk) {
    if (progress && !progress(static_cast<std::int64_t>(begin), total)) return predictions;
    const std::size_t end = std::min(images.size(), begin + kChunk);
    const std::vector<fs::path> chunk(images.begin() + static_cast<std::ptrdiff_t>(begin),
                                      images.begin() + static_cast<std::ptrdiff_t>(end));
    ImageBatch batch = load_image_batch(chunk, contract_);
    for (std::size_t i = 0; i < chunk.size(); ++i) predictions[begin + i].error = batch.errors[i];
    if (batch.rows.empty()) continue;
    const torch::Tensor logits = backend_->logits(batch.input);
    if (logits.dim() != 2) {
      // A segmentation model has no top classes per image: segment() gives its masks.
      const std::string error = "the model gives " + shape_text(logits) +
                                " per-pixel logits (segmentation), not class scores";
      for (std::size_t row : batch.rows) predictions[begin + row].error = error;
      continue;
    }
    const torch::Tensor probabilities = torch::softmax(logits.to(torch::kDouble) / temperature, 1);
    const std::int64_t k = std::clamp<std::int64_t>(top_k, 1, probabilities.size(1));
    const auto [values, indices] = probabilities.topk(k, 1);
    for (std::size_t r = 0; r < batch.rows.size(); ++r) {
      ImagePrediction& prediction = predictions[begin + batch.rows[r]];
      for (std::int64_t j = 0; j < k; ++j) {
        ClassScore score;
        score.index = indices[static_cast<std::int64_t>(r)][j].item<std::int64_t>();
        score.probability = values[static_cast<std::int64_t>(r)][j].item<double>();
        const auto name = static_cast<std::size_t>(score.index);
        score.name = name < contract_.class_names.size() ? contract_.class_names[name]
                                                         : std::to_string(score.index);
        prediction.top.push_back(std::move(score));
      }
    }
  }
  if (progress) progress(total, total);
  return predictions;
}

Result<std::vector<fs::path>> image_files_under(const fs::path& folder) {
  std::error_code ec;
  if (!fs::is_directory(folder, ec))
    return Error::in_file(folder.string(), folder.string() + ": not a folder");
  std::vector<fs::path> files;
  for (auto it = fs::recursive_directory_iterator(folder, ec);
       !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (it->is_regular_file(ec) && is_image_file_name(it->path().filename().string()))
      files.push_back(it->path());
  }
  if (ec) {
    return Error::in_file(folder.string(), folder.string() + ": cannot be read: " + ec.message());
  }
  std::sort(files.begin(), files.end());
  return files;
}

std::vector<SegmentationPrediction> InferenceModel::segment(
    const std::vector<fs::path>& images, const PredictionProgress& progress) const {
  std::vector<SegmentationPrediction> predictions(images.size());
  for (std::size_t i = 0; i < images.size(); ++i) predictions[i].image = images[i].string();
  const auto total = static_cast<std::int64_t>(images.size());
  for (std::size_t begin = 0; begin < images.size(); begin += kChunk) {
    if (progress && !progress(static_cast<std::int64_t>(begin), total)) return predictions;
    const std::size_t end = std::min(images.size(), begin + kChunk);
    const std::vector<fs::path> chunk(images.begin() + static_cast<std::ptrdiff_t>(begin),
                                      images.begin() + static_cast<std::ptrdiff_t>(end));
    ImageBatch batch = load_image_batch(chunk, contract_, /*keep_pixels=*/true);
    for (std::size_t i = 0; i < chunk.size(); ++i) predictions[begin + i].error = batch.errors[i];
    if (batch.rows.empty()) continue;
    const torch::Tensor logits = backend_->logits(batch.input);
    if (logits.dim() != 4 || logits.size(2) != contract_.input.height() ||
        logits.size(3) != contract_.input.width()) {
      const std::string error = "the model gives " + shape_text(logits) +
                                " outputs, not N\u00d7C\u00d7" +
                                std::to_string(contract_.input.height()) + "\u00d7" +
                                std::to_string(contract_.input.width()) + " per-pixel logits";
      for (std::size_t row : batch.rows) predictions[begin + row].error = error;
      continue;
    }
    const std::int64_t classes = logits.size(1);
    const torch::Tensor argmax = logits.argmax(1).to(torch::kInt32).contiguous();
    for (std::size_t r = 0; r < batch.rows.size(); ++r) {
      SegmentationPrediction& prediction = predictions[begin + batch.rows[r]];
      const torch::Tensor map = argmax[static_cast<std::int64_t>(r)].flatten();
      const torch::Tensor counts = torch::bincount(map, {}, classes).to(torch::kLong).contiguous();
      prediction.classes.assign(map.data_ptr<std::int32_t>(),
                                map.data_ptr<std::int32_t>() + map.numel());
      prediction.pixel_counts.assign(counts.data_ptr<std::int64_t>(),
                                     counts.data_ptr<std::int64_t>() + counts.numel());
      prediction.fitted = std::move(batch.pixels[r]);
    }
  }
  if (progress) progress(total, total);
  return predictions;
}

FolderPrediction InferenceModel::predict_folder(const fs::path& folder, const fs::path& csv,
                                                int top_k, double temperature,
                                                const PredictionProgress& progress) const {
  FolderPrediction result;
  Result<std::vector<fs::path>> listed = image_files_under(folder);
  if (!listed) {
    result.error = listed.error().message;
    return result;
  }
  const std::vector<fs::path>& files = listed.value();
  std::string text = "file";
  for (int j = 1; j <= top_k; ++j) {
    text += ",class_" + std::to_string(j) + ",probability_" + std::to_string(j);
  }
  text += ",error\n";
  bool stopped = false;
  const PredictionProgress watch = [&](std::int64_t done, std::int64_t total) {
    stopped = progress && !progress(done, total);
    return !stopped;
  };
  const std::vector<ImagePrediction> predictions = predict(files, top_k, temperature, watch);
  if (stopped) {
    result.cancelled = true;
    result.error = "cancelled; " + csv.string() + " was not written";
    return result;
  }
  for (const ImagePrediction& prediction : predictions) {
    text += csv_field(fs::path(prediction.image).lexically_relative(folder).string());
    for (int j = 0; j < top_k; ++j) {
      if (static_cast<std::size_t>(j) < prediction.top.size()) {
        const ClassScore& score = prediction.top[static_cast<std::size_t>(j)];
        text += "," + csv_field(score.name) + "," + std::to_string(score.probability);
      } else {
        text += ",,";
      }
    }
    text += "," + csv_field(prediction.error.value_or("")) + "\n";
    ++result.images;
    if (prediction.error) ++result.failed;
  }
  if (auto error = write_file_atomically(csv, text)) result.error = error->describe();
  return result;
}

}  // namespace convstudio
