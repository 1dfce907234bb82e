#include "amp_health.h"

namespace convstudio {

AmpStepHealth AmpHealth::observe(bool skipped, double scale_before, double scale_after) {
  AmpStepHealth health;
  ++steps_;
  if (skipped) ++skipped_;
  if (scale_after > scale_before) {
    ++growths_;
    health.scale_change = 1;
  } else if (scale_after < scale_before) {
    ++backoffs_;
    health.scale_change = -1;
  }
  if (!collapse_reported_ && scale_after < kCollapsedScale) {
    collapse_reported_ = true;
    health.warning = AmpWarning::ScaleCollapsed;
  } else if (!share_reported_ && steps_ >= kMinStepsForShare &&
             static_cast<double>(skipped_) > kSkippedShareLimit * static_cast<double>(steps_)) {
    share_reported_ = true;
    health.warning = AmpWarning::ManySkippedSteps;
  }
  return health;
}

}  // namespace convstudio
