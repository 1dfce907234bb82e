#include "convstudio/model/task_check.h"

#include "convstudio/model/dataset_format.h"
#include "convstudio/model/output_modes.h"
#include "convstudio/model/shape_inference.h"

namespace convstudio {
namespace {

// "N×10", "N×4×28×28".
std::string batch_text(const TensorShape& shape) {
  std::string text = "N";
  for (std::int64_t d : shape.dims) text += "\u00d7" + std::to_string(d);
  return text;
}

std::string size_text(const TensorShape& shape) {
  return std::to_string(shape.height()) + "\u00d7" + std::to_string(shape.width());
}

Error at_block(const BlockAnalysis& block, std::string message) {
  return Error::in_block(block.id, block.type, "task", std::move(message));
}

// The blocks feeding `id` along first inputs, nearest first, as far as inference reached.
std::vector<const BlockAnalysis*> chain_before(const Graph& graph, const ModelAnalysis& analysis,
                                               const std::string& id) {
  std::vector<const BlockAnalysis*> chain;
  std::string at = id;
  // Bounded by the block count, so even a graph with a cycle ends the walk.
  for (std::vector<Connection> in = graph.inputs_of(at);
       !in.empty() && chain.size() < graph.blocks().size(); in = graph.inputs_of(at)) {
    at = in.front().from;
    const BlockAnalysis* block = analysis.find(at);
    if (block == nullptr) break;
    chain.push_back(block);
  }
  return chain;
}

std::optional<Error> segmentation_problem(const Graph& graph, const ModelAnalysis& analysis,
                                          const BlockAnalysis& output) {
  const TensorShape& out = output.output_shape;
  const TensorShape& input = analysis.input_shape;
  const std::string needed = "segmentation needs N\u00d7C\u00d7" + size_text(input) + " logits";
  if (out.is_image() && out.height() == input.height() && out.width() == input.width()) {
    return std::nullopt;
  }
  const std::string named = output.type + " '" + output.id + "'";
  const Block* output_block = graph.find_block(output.id);
  if (!out.is_image() && output_block != nullptr && is_pass_through_output(*output_block)) {
    // A pass-through Output of flat scores: the block that made them flat breaks it.
    for (const BlockAnalysis* block : chain_before(graph, analysis, output.id)) {
      if (block->output_shape.is_image()) break;
      if (!block->input_shapes.empty() && block->input_shapes[0].is_image()) {
        return at_block(*block, block->type + " '" + block->id + "' turns " +
                                    batch_text(block->input_shapes[0]) + " into " +
                                    batch_text(block->output_shape) + " features; " + needed +
                                    " at the Output");
      }
    }
  }
  if (!out.is_image()) {
    return at_block(output, named + " gives " + std::to_string(out.channels()) + " class scores (" +
                                batch_text(out) + "); " + needed);
  }
  std::string why;
  for (const BlockAnalysis* block : chain_before(graph, analysis, output.id)) {
    if (block->input_shapes.empty() || !block->input_shapes[0].is_image()) continue;
    if (block->input_shapes[0].height() != block->output_shape.height() ||
        block->input_shapes[0].width() != block->output_shape.width()) {
      why = " (the last block to change H\u00d7W before it is " + block->type + " '" + block->id +
            "', " + size_text(block->input_shapes[0]) + " \u2192 " +
            size_text(block->output_shape) + ")";
      break;
    }
  }
  return at_block(output, named + " gives " + batch_text(out) + " logits; " + needed +
                              " at the input's size" + why);
}

}  // namespace

std::optional<Error> task_output_problem(ProjectTask task, const Graph& graph,
                                         const ModelAnalysis& analysis) {
  const BlockAnalysis* output = nullptr;
  for (const BlockAnalysis& block : analysis.blocks) {
    if (block.type == kOutputBlockType) output = &block;
  }
  if (output == nullptr) return std::nullopt;
  if (task == ProjectTask::Segmentation) return segmentation_problem(graph, analysis, *output);
  if (!output->output_shape.is_image()) return std::nullopt;
  return at_block(*output, output->type + " '" + output->id + "' gives " +
                               batch_text(output->output_shape) +
                               " per-pixel logits; classification needs N\u00d7K class scores "
                               "(pool and flatten before the Output, or make the project a "
                               "segmentation project)");
}

ModelAnalysis analyse_project(const Project& project) {
  ModelAnalysis analysis = ShapeInference::run(project.graph);
  if (auto problem = task_output_problem(project.task, project.graph, analysis)) {
    analysis.errors.push_back(std::move(*problem));
  }
  return analysis;
}

std::optional<Error> task_data_problem(ProjectTask task, const DatasetSettings& dataset) {
  const DatasetFormat& format = dataset_format(dataset.source);
  if (task == ProjectTask::Segmentation && !format.masks) {
    return Error::in_setting("dataset.source",
                             std::string("segmentation needs images with masks (a segmentation "
                                         "folder or list); ") +
                                 format.cli_text + " holds one label per image");
  }
  if (task == ProjectTask::Classification && format.masks) {
    return Error::in_setting("dataset.source",
                             std::string("classification needs one label per image; ") +
                                 format.cli_text + " holds masks: choose the segmentation task");
  }
  return std::nullopt;
}

}  // namespace convstudio
