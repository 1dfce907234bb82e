#include "explain_command.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <chrono>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>

#include "convstudio/explain/model_explainer.h"
#include "exit_codes.h"

namespace convstudio::cli {
namespace {

struct ExplainOptions {
  std::string model;
  std::vector<std::string> images;
  std::string method = "gradcam";
  std::string block;
  std::optional<std::int64_t> target_class;
  std::string out = ".";
  std::string device = "cpu";
  ExplainRequest request;
};

nlohmann::ordered_json to_json(const std::string& image, const ExplainRequest& request,
                               const Explanation& explanation,
                               const std::vector<std::string>& files, double milliseconds) {
  nlohmann::ordered_json json;
  json["image"] = image;
  json["method"] = explain_method_name(request.method);
  if (!request.block_id.empty()) json["block"] = request.block_id;
  json["top"] = {{"class", explanation.top_name},
                 {"index", explanation.top_class},
                 {"probability", explanation.top_probability}};
  json["target"] = {{"index", explanation.target_class},
                    {"probability", explanation.target_probability}};
  json["files"] = files;
  json["milliseconds"] = milliseconds;  // explaining, without reading the model or writing
  return json;
}

int run_explain(ExplainOptions& options) {
  ExplainRequest& request = options.request;
  request.method = *parse_explain_method(options.method);  // CLI11 checked the name
  request.block_id = options.block;
  request.target_class = options.target_class;
  Result<std::shared_ptr<ModelExplainer>> explainer =
      ModelExplainer::load(options.model, options.device);
  if (!explainer) {
    std::cerr << "error: " << explainer.error().describe() << "\n";
    return kExitUsageError;
  }
  if (request.block_id.empty() && explain_method_needs_block(request.method)) {
    request.block_id = explainer.value()->default_block();
  }
  // Each image's files are named by its file name's stem: two images of one stem would overwrite
  // each other's maps in --out, so they are refused before anything is written.
  std::map<std::string, std::string> by_stem;
  for (const std::string& image : options.images) {
    const auto [seen, added] = by_stem.emplace(std::filesystem::path(image).stem().string(), image);
    if (!added) {
      std::cerr << "error: " << seen->second << " and " << image << " would write the same files ("
                << seen->first << ".*) in " << options.out
                << ": explain them into different --out folders\n";
      return kExitUsageError;
    }
  }
  int code = kExitOk;
  for (const std::string& image : options.images) {
    const auto start = std::chrono::steady_clock::now();
    Result<Explanation> explanation = explainer.value()->explain(image, request);
    const std::chrono::duration<double, std::milli> took = std::chrono::steady_clock::now() - start;
    Result<std::vector<std::string>> files =
        explanation ? write_explanation_files(explanation.value(), request.method, options.out,
                                              std::filesystem::path(image).stem().string())
                    : Result<std::vector<std::string>>(explanation.error());
    if (!files) {
      std::cerr << "error: " << files.error().describe() << "\n";
      code = kExitUsageError;
      continue;
    }
    std::cout << to_json(image, request, explanation.value(), files.value(), took.count()).dump()
              << "\n";
  }
  return code;
}

}  // namespace

void add_explain_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<ExplainOptions>();
  auto* c = app.add_subcommand(
      "explain",
      "Why a model predicts what it does: heat maps (.npy and PNG) per image, one JSON line each");
  c->add_option("model", options->model,
                "Checkpoint folder (*.ckpt), native export (.safetensors) or project with weights "
                "(*.convstudio, e.g. an imported ONNX model)")
      ->required()
      ->check(CLI::ExistingPath);
  c->add_option("images", options->images, "Image files (any format OpenCV reads)")->required();
  c->add_option("--method", options->method,
                "gradcam, gradcam++ (at --block), occlusion, saliency (of the input) or features "
                "(the block's output per channel)")
      ->check(CLI::IsMember({"gradcam", "gradcam++", "occlusion", "saliency", "features"}));
  c->add_option("--block", options->block,
                "Block id whose C×H×W output Grad-CAM and features read (default: the block "
                "feeding the global pooling or flatten)");
  c->add_option("--class", options->target_class,
                "Class index to explain (default: the top prediction)");
  c->add_option("--out", options->out, "Folder for the files (default: the current one)");
  c->add_option("--device", options->device,
                "cpu (default), cuda, cuda:K or auto; the CUDA path is not yet tested on a GPU");
  c->add_option("--patch", options->request.occlusion.patch, "Occlusion: patch size in pixels")
      ->check(CLI::PositiveNumber);
  c->add_option("--stride", options->request.occlusion.stride, "Occlusion: patch stride")
      ->check(CLI::PositiveNumber);
  c->add_option("--fill", options->request.occlusion.fill,
                "Occlusion: the patch's value in the normalised input (0: the training mean)");
  c->add_option("--smooth", options->request.saliency.samples,
                "Saliency: SmoothGrad over this many noisy copies (0: plain gradient)")
      ->check(CLI::NonNegativeNumber);
  c->callback([options, &exit_code] { exit_code = run_explain(*options); });
}

}  // namespace convstudio::cli
