#include "convstudio/data/sample_set.h"

namespace convstudio {

Result<const std::uint8_t*> SampleSet::fetch_mask(std::int64_t index, std::uint8_t*) const {
  return Error::in_file(source(index), "this data set has no masks (it is not segmentation data)");
}

}  // namespace convstudio
