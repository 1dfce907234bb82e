// MaxPool2d: the maximum over each window (see shared/pool_window for the window rules).

#include "blocks/param_specs.h"
#include "blocks/shared/pool_window.h"

namespace convstudio::blocks::max_pool2d {

BlockModel model_half() {
  return {
      .spec = block_spec("MaxPool2d", category::kPooling, "maxpool",
                         QT_TRANSLATE_NOOP("BlockCatalog", "Maximum over each window."), 1, 1,
                         pool_params()),
      .infer = [](ShapeRule& r) { return infer_pool(r, true); },
      .sample = sample_pool,
  };
}

}  // namespace convstudio::blocks::max_pool2d
