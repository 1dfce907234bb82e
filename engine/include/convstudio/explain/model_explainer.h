#pragma once
// Why did the model say that: Grad-CAM, Grad-CAM++, occlusion, saliency and feature maps for
// one image at a block of the graph, and a convolution's filters. Torch-free, so the studio's
// bridge can hold one on a worker thread.

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "convstudio/data/planar_image.h"
#include "convstudio/explain/explanation.h"
#include "convstudio/result.h"
#include "convstudio/runs/message_text.h"

namespace convstudio {

// Why a request cannot run on a model, before any image is read: the Error with its place (the
// block, or the setting "block") and English message, and the same sentence as a pattern with
// its arguments, which the studio shows translated (errorText(error, text)).
struct ExplainRefusal {
  Error error;
  MessageText text;
};

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
  // The usual Grad-CAM layer: the block feeding the global pooling or flatten
  // (default_explain_block). Empty when the graph has no block with a C×H×W output.
  std::string default_block() const;

  // The model segments (every method explains one class score per image), or the block is
  // missing or its output is not C×H×W for a method that reads a block; nullopt when the
  // request can run. explain() refuses with the same Error.
  std::optional<ExplainRefusal> refusal(const ExplainRequest& request) const;
  // Errors: the image cannot be read (its file), the block is missing or its output is not
  // C×H×W (the block), the class is out of range, or `cancel` was set.
  Result<Explanation> explain(const std::filesystem::path& image, const ExplainRequest& request,
                              const ExplainProgress& progress = {},
                              ExplainCancel cancel = nullptr) const;
  // A decoded image at the model's input size (an in-memory validation sample, the studio's
  // misclassified gallery): scaled and normalised as a file would be. An Error in the setting
  // "image" when its size is not the input's.
  Result<Explanation> explain(const PlanarImage& image, const ExplainRequest& request,
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
