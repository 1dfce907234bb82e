#include "predict_command.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <iostream>
#include <memory>
#include <set>

#include "convstudio/export/inference_model.h"
#include "convstudio/export/segmentation_masks.h"
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
  std::string out;  // a segmentation model's mask PNGs
};

namespace fs = std::filesystem;

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

// Where an image's masks go: its path under --folder (so equal names in two subfolders stay
// apart), or its file name with -2, -3… for a name already used.
std::pair<fs::path, std::string> mask_place(const fs::path& image, const PredictOptions& options,
                                            std::set<std::string>& used) {
  if (!options.folder.empty()) {
    const fs::path relative = image.lexically_relative(options.folder);
    return {fs::path(options.out) / relative.parent_path(), relative.stem().string()};
  }
  std::string stem = image.stem().string();
  for (int n = 2; !used.insert(stem).second; ++n)
    stem = image.stem().string() + "-" + std::to_string(n);
  return {options.out, stem};
}

nlohmann::ordered_json to_json(const SegmentationPrediction& prediction, const MaskFiles& files,
                               const PreprocessingContract& contract) {
  nlohmann::ordered_json json;
  json["image"] = prediction.image;
  json["mask"] = files.mask.string();
  json["colour"] = files.colour.string();
  json["height"] = prediction.height();
  json["width"] = prediction.width();
  json["classes"] = nlohmann::ordered_json::array();
  for (std::size_t index = 0; index < prediction.pixel_counts.size(); ++index) {
    json["classes"].push_back(
        {{"class", index < contract.class_names.size() ? contract.class_names[index]
                                                       : std::to_string(index)},
         {"index", index},
         {"pixels", prediction.pixel_counts[index]}});
  }
  return json;
}

// A segmentation model: a mask PNG and a colour PNG per image into --out, one JSON line each
// with the pixels of every class.
int run_segment(const InferenceModel& model, const PredictOptions& options) {
  if (options.out.empty()) {
    std::cerr << "error: a segmentation model writes mask PNGs: name the folder with --out\n";
    return kExitUsageError;
  }
  if (!options.csv.empty()) {
    std::cerr << "error: --csv is for classifiers' top classes; a segmentation model writes "
                 "masks into --out and prints one JSON line per image\n";
    return kExitUsageError;
  }
  std::vector<fs::path> files(options.images.begin(), options.images.end());
  if (!options.folder.empty()) {
    Result<std::vector<fs::path>> listed = image_files_under(options.folder);
    if (!listed) {
      std::cerr << "error: " << listed.error().message << "\n";
      return kExitUsageError;
    }
    files = std::move(listed).value();
  }
  std::set<std::string> used;
  int code = kExitOk;
  for (const SegmentationPrediction& prediction : model.segment(files)) {
    if (prediction.error) {
      std::cout << nlohmann::ordered_json{{"image", prediction.image}, {"error", *prediction.error}}
                       .dump()
                << "\n";
      code = kExitUsageError;
      continue;
    }
    const auto [folder, stem] = mask_place(prediction.image, options, used);
    std::error_code ec;
    fs::create_directories(folder, ec);
    Result<MaskFiles> written = write_mask_files(prediction, model.contract(), folder, stem);
    if (!written) {
      std::cerr << "error: " << written.error().describe() << "\n";
      return kExitFailure;
    }
    std::cout << to_json(prediction, written.value(), model.contract()).dump() << "\n";
  }
  return code;
}

int run_predict(const PredictOptions& options) {
  if (options.images.empty() == options.folder.empty()) {
    std::cerr << "error: name IMAGE files or --folder (with --csv), not both\n";
    return kExitUsageError;
  }
  const InferenceModelLoad load = InferenceModel::load(options.model);
  if (!load.model) {
    std::cerr << "error: " << load.error->describe() << "\n";
    return kExitUsageError;
  }
  if (load.model->contract().segments()) return run_segment(*load.model, options);
  if (!options.out.empty()) {
    std::cerr << "error: --out is for a segmentation model's masks; this model classifies "
                 "(--folder with --csv writes its top classes)\n";
    return kExitUsageError;
  }
  if (!options.folder.empty() && options.csv.empty()) {
    std::cerr << "error: --folder needs --csv FILE for the results\n";
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
      "predict",
      "Top-k classes of images, one JSON object per image (or a folder to CSV); a segmentation "
      "model writes each image's mask PNGs into --out and prints its pixels per class");
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
  c->add_option("--out", options->out,
                "Segmentation models: the folder for each image's NAME_mask.png (class indices) "
                "and NAME_colour.png (class colours), at the model's input size");
  c->callback([options, &exit_code] { exit_code = run_predict(*options); });
}

}  // namespace convstudio::cli
