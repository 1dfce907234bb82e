#pragma once
// What explaining one image asks for and what comes back: a heat map at the input size (Grad-CAM,
// Grad-CAM++, occlusion, saliency) or a block's feature maps, as plain values the CLI writes and
// the studio draws. Torch-free.

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace convstudio {

enum class ExplainMethod { GradCam, GradCamPlusPlus, Occlusion, Saliency, FeatureMaps };

// "gradcam", "gradcam++", "occlusion", "saliency", "features": the CLI's --method names.
std::string_view explain_method_name(ExplainMethod method);
std::optional<ExplainMethod> parse_explain_method(std::string_view name);
// The methods that read a block (Grad-CAM and feature maps); the others look at the input.
// Inline: the studio's widgets ask it and link no engine library.
inline bool explain_method_needs_block(ExplainMethod method) {
  return method == ExplainMethod::GradCam || method == ExplainMethod::GradCamPlusPlus ||
         method == ExplainMethod::FeatureMaps;
}

// Occlusion sensitivity: a patch of `fill` slides over the input (clipped at the edges); each
// pixel gets the mean drop in the class probability over the patches that cover it.
struct OcclusionSettings {
  int patch = 8;
  int stride = 4;
  float fill = 0.f;  // in the model's normalised input: 0 is the training data's mean
  int batch = 64;    // occluded images per forward pass
};

// Vanilla saliency: |d score / d input|, the largest over channels. With `samples` > 0,
// SmoothGrad (Smilkov et al. 2017): the mean over that many copies of the input with Gaussian
// noise of `noise` × (max − min of the input).
struct SaliencySettings {
  int samples = 0;
  float noise = 0.15f;
  std::uint64_t seed = 0;
};

struct ExplainRequest {
  ExplainMethod method = ExplainMethod::GradCam;
  std::string block_id;                      // Grad-CAM's target layer; the feature maps' block
  std::optional<std::int64_t> target_class;  // default: the top prediction
  OcclusionSettings occlusion;
  SaliencySettings saliency;
};

// Row-major floats, `height` × `width`.
struct HeatMap {
  std::int64_t height = 0;
  std::int64_t width = 0;
  std::vector<float> values;
};

struct FeatureMap {
  std::int64_t channel = 0;
  float mean = 0.f;  // the channel's mean activation (the sort key, largest first)
  HeatMap values;    // the block's output for this channel, unscaled
};

struct Explanation {
  std::int64_t top_class = 0;  // the prediction
  std::string top_name;        // its class name (or the index as text)
  double top_probability = 0;
  std::int64_t target_class = 0;  // the class explained
  double target_probability = 0;
  // Grad-CAM, Grad-CAM++ and saliency: 0..1; occlusion: the drop in probability (may be
  // negative). Empty for feature maps.
  HeatMap heat_map;
  std::vector<FeatureMap> feature_maps;  // FeatureMaps only, largest mean first
  // The image as the model saw it (fitted to the input), H×W×channels bytes, RGB or grey: what
  // the heat map is drawn over.
  std::int64_t image_channels = 0;
  std::int64_t image_height = 0;
  std::int64_t image_width = 0;
  std::vector<std::uint8_t> image_pixels;
  // The model's input (normalised), C×H×W, so other programs can repeat the computation.
  std::vector<float> input;
};

// A convolution's filters, each as an image: out_channels × in_channels × kh × kw floats.
struct ConvFilters {
  std::int64_t out_channels = 0;
  std::int64_t in_channels = 0;
  std::int64_t height = 0;
  std::int64_t width = 0;
  std::vector<float> weights;
};

// Told the fraction done (0..1) as the work goes; may be empty.
using ExplainProgress = std::function<void(double fraction)>;
// Set by another thread to stop the work; explain() then returns an Error saying it was cancelled.
using ExplainCancel = const std::atomic<bool>*;

}  // namespace convstudio
