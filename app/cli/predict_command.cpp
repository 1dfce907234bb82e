#include "predict_command.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <iostream>
#include <memory>

#include "convstudio/export/inference_model.h"
#include "exit_codes.h"

namespace convstudio::cli {
namespace {

struct PredictOptions {
  std::string model;
  std::vector<std::string> images;
  int top_k = 5;
  double temperature = 1.0;
  std::string folder;
  std::string csv;
};

nlohmann::ordered_json to_json(const ImagePrediction& prediction) {
  nlohmann::ordered_json json;
  json["image"] = prediction.image;
  if (prediction.error) {
    json["error"] = *prediction.error;
    return json;
  }
  json["top"] = nlohmann::ordered_json::array();
  for (const ClassScore& score : prediction.top) {
    json["top"].push_back(
        {{"class", score.name}, {"index", score.index}, {"probability", score.probability}});
  }
  return json;
}

int run_predict(const PredictOptions& options) {
  if (options.images.empty() == options.folder.empty()) {
    std::cerr << "error: name IMAGE files or --folder (with --csv), not both\n";
    return kExitUsageError;
  }
  if (!options.folder.empty() && options.csv.empty()) {
    std::cerr << "error: --folder needs --csv FILE for the results\n";
    return kExitUsageError;
  }
  const InferenceModelLoad load = InferenceModel::load(options.model);
  if (!load.model) {
    std::cerr << "error: " << load.error->describe() << "\n";
    return kExitUsageError;
  }
  if (!options.folder.empty()) {
    const FolderPrediction result =
        load.model->predict_folder(options.folder, options.csv, options.top_k, options.temperature);
    if (result.error) {
      std::cerr << "error: " << *result.error << "\n";
      return kExitUsageError;
    }
    std::cout << "wrote " << options.csv << ": " << result.images << " images, " << result.failed
              << " unreadable\n";
    return result.failed > 0 ? kExitUsageError : kExitOk;
  }
  std::vector<std::filesystem::path> files(options.images.begin(), options.images.end());
  int code = kExitOk;
  for (const ImagePrediction& prediction :
       load.model->predict(files, options.top_k, options.temperature)) {
    std::cout << to_json(prediction).dump() << "\n";
    if (prediction.error) code = kExitUsageError;
  }
  return code;
}

}  // namespace

void add_predict_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<PredictOptions>();
  auto* c = app.add_subcommand(
      "predict", "Top-k classes of images, one JSON object per image (or a folder to CSV)");
  c->add_option(
       "model", options->model,
       "Checkpoint folder (*.ckpt) or export (.safetensors native, .onnx, .pt2 AOTInductor "
       "package, .pt TorchScript). A .pt2 or .pt file holds code that runs when it is loaded: "
       "open only such files you trust; prefer a checkpoint, .safetensors or .onnx from others")
      ->required()
      ->check(CLI::ExistingPath);
  c->add_option("images", options->images, "Image files (any format OpenCV reads)");
  c->add_option("--topk", options->top_k, "Classes per image")->check(CLI::PositiveNumber);
  c->add_option("--temperature", options->temperature,
                "Softmax temperature: below 1 sharpens, above 1 flattens")
      ->check(CLI::PositiveNumber);
  c->add_option("--folder", options->folder, "Predict every image under this folder")
      ->check(CLI::ExistingDirectory);
  c->add_option("--csv", options->csv, "CSV file for --folder results");
  c->callback([options, &exit_code] { exit_code = run_predict(*options); });
}

}  // namespace convstudio::cli
