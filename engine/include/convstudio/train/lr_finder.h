#pragma once
// The learning-rate range test (L. Smith; fastai's lr_find): the learning rate grows
// exponentially from tiny to huge over a few hundred optimizer steps on the project's training
// data while the loss is recorded, smoothed, and watched for divergence. Two suggestions are
// made, fastai's: where the loss falls fastest, and the valley's. The weights, optimizer state
// and random generators are put back exactly as they were afterwards. Torch-free interface.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "convstudio/error.h"
#include "convstudio/model/project.h"

namespace convstudio {

struct LrFinderOptions {
  Project project;            // its optimizer, batch size, accumulation, device and precision
  std::string start_weights;  // as RunOptions::start_weights; empty: PyTorch's initialisation
  double start_lr = 1e-6;
  double end_lr = 10;
  std::int64_t steps = 300;  // optimizer steps from start_lr to end_lr
  double smoothing = 0.95;   // EMA weight of the smoothed loss (debiased)
  // The test stops once the smoothed loss exceeds this many times its lowest value.
  double divergence_factor = 4;
};

struct LrFinderPoint {
  double lr = 0;
  double loss = 0;           // the step's training loss
  double smoothed_loss = 0;  // debiased exponential moving average up to this step
};

struct LrSuggestion {
  double lr = 0;
  std::int64_t index = -1;  // into the points
};

// fastai's two rules (lr_find's `steep` and `valley`) on the smoothed curve.
struct LrSuggestions {
  std::optional<LrSuggestion> steepest;  // where the smoothed loss falls fastest
  std::optional<LrSuggestion> valley;    // about half way along the longest descending stretch
};

struct LrFinderResult {
  std::vector<LrFinderPoint> points;
  LrSuggestions suggestions;
  // The one Apply writes: the steepest fall (the valley is the more cautious alternative).
  std::optional<double> suggested_lr;
  std::int64_t suggested_index = -1;  // into points; -1 without a suggestion
  bool diverged = false;              // stopped early: the loss ran away
  bool cancelled = false;
  std::string device;
  std::string optimizer;        // its name ("sgd", "adamw"): the suggestion is for this optimizer
  std::int64_t batch_size = 0;  // and this effective batch
  std::optional<Error> error;
};

// After every step: the new point, the steps done and planned. Returning false cancels (the
// model is still restored).
using LrFinderProgress =
    std::function<bool(const LrFinderPoint& point, std::int64_t step, std::int64_t steps)>;

// Runs the range test on the project's training data. Bad options or an unusable project come
// back as `error`, with the setting or block to fix.
LrFinderResult find_learning_rate(const LrFinderOptions& options,
                                  const LrFinderProgress& progress = {});

// Both rules on the smoothed losses, without the first tenth and the last five points (as
// fastai): the steepest fall against log(lr), and the point about half way along the longest
// stretch of ever lower losses that ends at its lowest. Neither when the curve never falls (too
// few points, or a loss that only rises).
LrSuggestions suggest_learning_rates(const std::vector<LrFinderPoint>& points);

// Why these options cannot run, or nullopt; the field is "lr_finder.NAME".
std::optional<Error> check_lr_finder_options(const LrFinderOptions& options);

}  // namespace convstudio
