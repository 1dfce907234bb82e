// Output: the model's output. In "dense" mode (the default, and every project made before the
// mode existed) it is a Linear layer to `classes` on a flat input; in "pass-through" mode it
// adds nothing and the incoming tensor is the output: N×K class scores from any block (a
// fully-convolutional classifier ending in pooling and Flatten) or N×K×H×W per-pixel logits.
// Training uses the logits; softmax (over the class dimension) is applied only when running for
// inference. Nothing may follow it.

#include "blocks/block_model.h"
#include "blocks/param_specs.h"
#include "blocks/shared/dense_rule.h"
#include "convstudio/model/output_modes.h"

namespace convstudio::blocks::output {
namespace {

BlockSpec spec() {
  BlockSpec spec = block_spec(
      std::string(kOutputBlockType), category::kInputOutput, "output",
      QT_TRANSLATE_NOOP("BlockCatalog",
                        "The model's output. Dense: class scores from a Linear layer to "
                        "`classes` on a flat input. Pass-through: the incoming tensor as it is "
                        "(N×K scores or N×K×H×W logits). Softmax only at inference."),
      1, 1,
      {int_param("classes", QT_TRANSLATE_NOOP("BlockCatalog", "Classes"), 10, 1, 100000,
                 QT_TRANSLATE_NOOP("BlockCatalog",
                                   "Number of classes (dense mode; pass-through takes the "
                                   "incoming channels).")),
       bool_param("softmax", QT_TRANSLATE_NOOP("BlockCatalog", "Softmax at inference"), true,
                  QT_TRANSLATE_NOOP("BlockCatalog",
                                    "Apply softmax when running for inference; "
                                    "training always uses logits.")),
       choice_param("mode", QT_TRANSLATE_NOOP("BlockCatalog", "Mode"),
                    std::string(kOutputModeDense),
                    {std::string(kOutputModeDense), std::string(kOutputModePassThrough)},
                    QT_TRANSLATE_NOOP("BlockCatalog",
                                      "dense adds a Linear layer to `classes`; pass-through "
                                      "outputs the incoming tensor (its channels are the "
                                      "classes)."))});
  spec.has_consumers = false;
  return spec;
}

bool infer(ShapeRule& r) {
  if (is_pass_through_output(r.block)) {
    // The output is the producer's tensor itself; the loss (log-softmax) keeps it for
    // backward, counted at the producer as for a layer that saves its input.
    if (!r.in().is_flat() && !r.in().is_image()) {
      return r.fail("inputs[0]",
                    "pass-through expects N×K scores or N×K×H×W logits, got " + r.in().to_string());
    }
    return r.same_shape(/*saves_input=*/true, /*saves_output=*/false);
  }
  // The loss (log-softmax) keeps the logits for backward.
  if (!infer_dense(r, r.block.int_param("classes"), true)) return false;
  r.out.saves_output = true;
  return true;
}

// Dense after a flat input; pass-through now and then after a flat one (random graphs train
// classifiers, so they end in class scores).
std::optional<BlockParams> sample(ParamSampler& s) {
  if (!s.in().is_flat()) return std::nullopt;
  if (s.chance(0.2)) {
    return BlockParams{{"mode", std::string(kOutputModePassThrough)},
                       {"classes", s.in().channels()},
                       {"softmax", s.chance(0.5)}};
  }
  return BlockParams{{"classes", s.pick(2, 12)}, {"softmax", s.chance(0.5)}};
}

}  // namespace

BlockModel model_half() {
  return {.spec = spec(), .infer = infer, .sample = sample};
}

}  // namespace convstudio::blocks::output
