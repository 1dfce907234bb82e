#pragma once
// Turns the blocks of a trained model into ONNX nodes and initializers, one block at a time.
// Internal to OnnxExport; includes the onnx protobuf classes.

#include <map>
#include <string>
#include <vector>

#include <onnx/onnx_pb.h>

#include "export/trained_model.h"

namespace convstudio {

class OnnxGraphBuilder {
 public:
  OnnxGraphBuilder(const TrainedModel& model, onnx::GraphProto& graph);
  // Adds the graph input, every block's nodes in topological order and the graph output.
  void build();

 private:
  void add_block(const Block& block, const BlockAnalysis& shapes);
  onnx::NodeProto& node(const std::string& op, const std::string& name,
                        const std::vector<std::string>& inputs, const std::string& output);
  // Adds the block's tensor as an initializer named like the checkpoint ("conv1.weight").
  std::string initializer(const std::string& block_id, const std::string& tensor_name);
  std::string scalar(const std::string& name, float value);
  std::string int64s(const std::string& name, const std::vector<std::int64_t>& values);
  std::string value_name(const Block& block) const;
  std::vector<std::string> inputs_of(const Block& block) const;

  const TrainedModel& model_;
  onnx::GraphProto& graph_;
  std::map<std::string, std::string> value_of_;  // block id -> ONNX value carrying its output
};

}  // namespace convstudio
