#pragma once
// Watches fp16 loss scaling step by step: counts skipped steps and the scale's growths and
// back-offs, and says once when the run is in trouble: the scale collapsed (gradients overflow
// fp16 even unscaled), or more than a set share of the steps were skipped (work thrown away).
// Plain arithmetic, so tests can drive it without training.

#include <cstdint>
#include <optional>

namespace convstudio {

enum class AmpWarning { ScaleCollapsed, ManySkippedSteps };

struct AmpStepHealth {
  int scale_change = 0;               // +1 grew, -1 backed off, 0 unchanged
  std::optional<AmpWarning> warning;  // at most once per kind per run
};

class AmpHealth {
 public:
  // Below this scale fp16 gradients overflow even unscaled: scaling can no longer help.
  static constexpr double kCollapsedScale = 1.0;
  // More skipped steps than this share, once at least kMinStepsForShare steps ran. A healthy run
  // skips a handful while the scale settles from its start (65536) and one per growth interval.
  static constexpr double kSkippedShareLimit = 0.05;
  static constexpr std::int64_t kMinStepsForShare = 50;

  // One optimizer step: whether it was skipped, and the scale before and after update().
  AmpStepHealth observe(bool skipped, double scale_before, double scale_after);

  std::int64_t steps() const { return steps_; }
  std::int64_t skipped_steps() const { return skipped_; }
  std::int64_t growths() const { return growths_; }
  std::int64_t backoffs() const { return backoffs_; }

 private:
  std::int64_t steps_ = 0;
  std::int64_t skipped_ = 0;
  std::int64_t growths_ = 0;
  std::int64_t backoffs_ = 0;
  bool collapse_reported_ = false;
  bool share_reported_ = false;
};

}  // namespace convstudio
