#pragma once
// The layer catalog: every block type the studio offers, as data. Labels, docs and category names
// are English; widgets show them through QCoreApplication::translate(kCatalogTextContext, text).

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "convstudio/model/param_value.h"

namespace convstudio {

enum class ParamType { Int, Float, Bool, Choice };

// The translation context of every catalog text (block docs, parameter labels and docs,
// categories) in translations/*.ts.
inline constexpr const char* kCatalogTextContext = "BlockCatalog";

// One typed, ranged, documented parameter of a block type.
struct ParamSpec {
  std::string name;   // key in the project file and the graph, e.g. "kernel"
  std::string label;  // what the Properties panel shows, e.g. "Kernel size"
  ParamType type = ParamType::Int;
  ParamValue default_value;
  double min = 0;                    // inclusive; Int and Float only
  double max = 0;                    // inclusive; Int and Float only
  std::vector<std::string> choices;  // Choice only
  std::string doc;                   // one line for tooltips
};

// One block type: what the palette shows, how many wires it takes and which parameters it has.
// Every block has exactly one output.
struct BlockSpec {
  std::string type;       // "Conv2d"
  std::string category;   // "Convolution"
  std::string id_prefix;  // "conv" -> ids conv1, conv2, ...
  std::string doc;        // one line for tooltips
  int min_inputs = 1;
  int max_inputs = 1;
  bool has_consumers = true;  // false for Output: nothing may follow it
  std::vector<ParamSpec> params;

  const ParamSpec* find_param(std::string_view name) const;
};

// The fixed list of block types, in palette order. Each type lives in its own home,
// engine/src/blocks/<type>/ (catalog entry, shape rule, builder and exporters), registered by
// one line in engine/src/blocks/block_types.def.
class LayerCatalog {
 public:
  static const LayerCatalog& instance();

  const std::vector<BlockSpec>& blocks() const { return blocks_; }
  // nullptr when the type is unknown.
  const BlockSpec* find(std::string_view type) const;
  // Categories in palette order, each once.
  std::vector<std::string> categories() const;

 private:
  LayerCatalog();
  std::vector<BlockSpec> blocks_;
};

}  // namespace convstudio
