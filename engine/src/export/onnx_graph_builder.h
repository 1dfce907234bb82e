#pragma once
// Turns the blocks of a trained model into ONNX nodes and initializers, one block at a time:
// each block type's home emits its nodes into this builder through blocks::OnnxSink.
// Internal to OnnxExport; includes the onnx protobuf classes.

#include <map>
#include <string>
#include <vector>

#include <onnx/onnx_pb.h>

#include "blocks/onnx_sink.h"
#include "export/trained_model.h"

namespace convstudio {

class OnnxGraphBuilder final : public blocks::OnnxSink {
 public:
  OnnxGraphBuilder(const TrainedModel& model, onnx::GraphProto& graph);
  // Adds the graph input, every block's nodes in topological order and the graph output.
  void build();

  void add_node(const blocks::OnnxNode& node) override;
  std::string initializer(const std::string& block_id, const std::string& tensor) override;
  std::string reshaped_initializer(const std::string& block_id, const std::string& tensor,
                                   const std::vector<std::int64_t>& dims) override;
  std::string int64s(const std::string& name, const std::vector<std::int64_t>& values) override;
  std::string scalar(const std::string& name, float value) override;
  std::string floats(const std::string& name, const std::vector<float>& values) override;

 private:
  void add_block(const Block& block, const BlockAnalysis& shapes);
  std::vector<std::string> inputs_of(const Block& block) const;

  const TrainedModel& model_;
  onnx::GraphProto& graph_;
  std::map<std::string, std::string> value_of_;  // block id -> ONNX value carrying its output
};

}  // namespace convstudio
