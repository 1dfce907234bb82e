#include "convstudio/runs/evaluated_sample.h"

#include <algorithm>
#include <iterator>

namespace convstudio {

std::vector<EvaluatedSample> samples_in_cell(const std::vector<EvaluatedSample>& samples,
                                             std::int64_t true_class,
                                             std::int64_t predicted_class) {
  std::vector<EvaluatedSample> cell;
  std::copy_if(
      samples.begin(), samples.end(), std::back_inserter(cell), [&](const EvaluatedSample& sample) {
        return sample.true_class == true_class && sample.predicted_class == predicted_class;
      });
  return cell;
}

std::vector<EvaluatedSample> misclassified_samples(const std::vector<EvaluatedSample>& samples) {
  std::vector<EvaluatedSample> wrong;
  std::copy_if(
      samples.begin(), samples.end(), std::back_inserter(wrong),
      [](const EvaluatedSample& sample) { return sample.true_class != sample.predicted_class; });
  return wrong;
}

}  // namespace convstudio
