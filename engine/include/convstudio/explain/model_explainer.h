#pragma once
// Why did the model say that: Grad-CAM, Grad-CAM++, occlusion, saliency and feature maps for
// one image at a block of the graph, and a convolution's filters. Torch-free, so the studio's
// bridge can hold one on a worker thread.

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "convstudio/explain/explanation.h"
#include "convstudio/result.h"

namespace convstudio {

// A trained model loaded for explaining: a checkpoint folder (*.ckpt), a native export
// (.safetensors) or a project with weights (*.convstudio, e.g. an imported ONNX model). Runs in
// fp32 eval mode whatever the training precision; never changes the weights. One explanation at
// a time per explainer (calls from several threads wait for each other).
class ModelExplainer {
 public:
  // `device`: "cpu" (the default), "cuda", "cuda:K" or "auto" (a GPU when there is one), as the
  // training setting spells it; an Error in the setting "device" when that GPU is missing.
  static Result<std::shared_ptr<ModelExplainer>> load(const std::filesystem::path& model,
                                                      const std::string& device = "cpu");
  ~ModelExplainer();

  // The blocks whose output is C×H×W (what Grad-CAM and feature maps accept), in graph order.
  std::vector<std::string> spatial_blocks() const;
  // The class names the model was trained with, by index.
  std::vector<std::string> class_names() const;
  // The last convolution block: the usual Grad-CAM layer. Empty when the graph has none.
  std::string default_block() const;

  // Errors: the image cannot be read (its file), the block is missing or its output is not
  // C×H×W (the block), the class is out of range, or `cancel` was set.
  Result<Explanation> explain(const std::filesystem::path& image, const ExplainRequest& request,
                              const ExplainProgress& progress = {},
                              ExplainCancel cancel = nullptr) const;
  // The weights of a Conv2d block; an Error naming the block for any other.
  Result<ConvFilters> filters(const std::string& block_id) const;

  class Model;  // the module and its graph; defined in the engine

 private:
  explicit ModelExplainer(std::unique_ptr<Model> model);
  std::unique_ptr<Model> model_;
};

// Writes `explanation` into `folder` as STEM.METHOD.npy (float32 H×W), STEM.METHOD.png (the heat
// map in colour), STEM.METHOD.overlay.png (over the image) and STEM.input.npy (C×H×W); feature
// maps as STEM.features.CHANNEL.npy/.png, largest mean first. Returns the file names written.
Result<std::vector<std::string>> write_explanation_files(const Explanation& explanation,
                                                         ExplainMethod method,
                                                         const std::filesystem::path& folder,
                                                         const std::string& stem);

}  // namespace convstudio
