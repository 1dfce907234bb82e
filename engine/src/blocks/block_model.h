#pragma once
// The torch-free half of a block type: its catalog entry, its shape and cost rule, and how random
// test graphs pick its parameters. Each type defines one in engine/src/blocks/<home>/
// <home>_model.cpp; block_types.def registers it. Internal to the engine (convstudio_model).

#include <optional>

#include "blocks/param_sampler.h"
#include "blocks/shape_rule.h"
#include "convstudio/model/layer_catalog.h"

namespace convstudio::blocks {

struct BlockModel {
  BlockSpec spec;
  // Fills the output shape, parameter count, MACs and what autograd saves, following PyTorch's
  // rules for the module the LibTorch half builds. Reports problems with rule.fail().
  bool (*infer)(ShapeRule& rule) = nullptr;
  // Parameters for a random test graph after a block of shape sampler.in(); nullptr when the
  // defaults suit every input, std::nullopt when the type cannot follow that input.
  std::optional<BlockParams> (*sample)(ParamSampler& sampler) = nullptr;
  // How often random graphs pick this type relative to the others.
  int sample_weight = 1;
  // Merge types only: what each of their branches must keep in random graphs.
  SampleGoal branch_goal = SampleGoal::KeepShape;
  // The output is a view of the input (Flatten): what stays alive for backward is the
  // producer's storage, counted there.
  bool output_is_view = false;
};

// Every block type's model half in palette order (block_types.def).
const std::vector<BlockModel>& block_models();
// nullptr when the type is unknown.
const BlockModel* find_block_model(std::string_view type);

// The Input block (no inputs: it reads the graph input) and the Output block (nothing may
// follow it: its value is the model's output), as their catalog entries say.
bool is_model_input(const Block& block);
bool is_model_output(const Block& block);

// Runs the block's rule: `analysis.input_shapes` must be set; `graph_input` is the shape the
// model is analysed at (read by the Input block). Unknown types fail with an error.
bool infer_block(const Block& block, BlockAnalysis& analysis, std::vector<Error>& errors,
                 const std::optional<TensorShape>& graph_input = std::nullopt);

}  // namespace convstudio::blocks
