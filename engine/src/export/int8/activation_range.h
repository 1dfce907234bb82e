#pragma once
// The range of real values one activation tensor's int8 form covers, as calibration chose it.

namespace convstudio {

struct ActivationRange {
  float low = 0;
  float high = 0;
};

}  // namespace convstudio
