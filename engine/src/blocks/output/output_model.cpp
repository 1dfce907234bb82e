// Output: class scores, a Linear layer to `classes` on a flat input. Training uses the logits;
// softmax is applied only when running for inference. Nothing may follow it.

#include "blocks/block_model.h"
#include "blocks/param_specs.h"
#include "blocks/shared/dense_rule.h"
#include "convstudio/model/input_output_blocks.h"

namespace convstudio::blocks::output {
namespace {

BlockSpec spec() {
  BlockSpec spec = block_spec(
      std::string(kOutputBlockType), category::kInputOutput, "output",
      QT_TRANSLATE_NOOP("BlockCatalog",
                        "Class scores: a Linear layer to `classes` on a flat "
                        "input; softmax only at inference."),
      1, 1,
      {int_param("classes", QT_TRANSLATE_NOOP("BlockCatalog", "Classes"), 10, 1, 100000,
                 QT_TRANSLATE_NOOP("BlockCatalog", "Number of classes.")),
       bool_param("softmax", QT_TRANSLATE_NOOP("BlockCatalog", "Softmax at inference"), true,
                  QT_TRANSLATE_NOOP("BlockCatalog",
                                    "Apply softmax when running for inference; "
                                    "training always uses logits."))});
  spec.has_consumers = false;
  return spec;
}

bool infer(ShapeRule& r) {
  // The loss (log-softmax) keeps the logits for backward.
  if (!infer_dense(r, r.block.int_param("classes"), true)) return false;
  r.out.saves_output = true;
  return true;
}

std::optional<BlockParams> sample(ParamSampler& s) {
  if (!s.in().is_flat()) return std::nullopt;
  return BlockParams{{"classes", s.pick(2, 12)}, {"softmax", s.chance(0.5)}};
}

}  // namespace

BlockModel model_half() {
  return {.spec = spec(), .infer = infer, .sample = sample};
}

}  // namespace convstudio::blocks::output
