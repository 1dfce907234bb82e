// AvgPool2d: the average over each window, padded zeros included (PyTorch's count_include_pad).

#include "blocks/param_specs.h"
#include "blocks/shared/pool_window.h"

namespace convstudio::blocks::avg_pool2d {

BlockModel model_half() {
  return {
      .spec = block_spec(
          "AvgPool2d", category::kPooling, "avgpool",
          QT_TRANSLATE_NOOP("BlockCatalog", "Average over each window (padding counts as zeros)."),
          1, 1, pool_params()),
      .infer = [](ShapeRule& r) { return infer_pool(r, false); },
      .sample = sample_pool,
  };
}

}  // namespace convstudio::blocks::avg_pool2d
