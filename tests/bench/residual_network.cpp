#include "residual_network.h"

#include <algorithm>
#include <map>
#include <string>

namespace convstudio {
namespace {

using BlockParams = std::map<std::string, ParamValue, std::less<>>;

constexpr double kRow = 90;
constexpr double kBeside = 220;

class NetworkWriter {
 public:
  explicit NetworkWriter(Graph& graph) : graph_(graph) {}

  // Appends a block below the previous one on the main path and wires `from` into it.
  std::string next(const std::string& type, BlockParams params, const std::string& from,
                   double x = 0) {
    Block block;
    block.id = type + "_" + std::to_string(++count_);
    block.type = type;
    block.params = std::move(params);
    block.x = x;
    block.y = x == 0 ? (row_++) * kRow : (row_ - 1) * kRow;
    graph_.insert_block(block);
    if (!from.empty()) graph_.insert_connection({from, block.id, 0});
    return block.id;
  }
  void wire(const std::string& from, const std::string& to, int port) {
    graph_.insert_connection({from, to, port});
  }

 private:
  Graph& graph_;
  int count_ = 0;
  int row_ = 0;
};

BlockParams conv(std::int64_t channels, std::int64_t kernel, std::int64_t stride) {
  return {{"out_channels", channels},
          {"kernel", kernel},
          {"stride", stride},
          {"padding", kernel / 2},
          {"bias", false}};
}

}  // namespace

Graph residualNetwork(int blocks) {
  Graph graph;
  NetworkWriter w(graph);
  std::string last = w.next(
      "Input",
      {{"channels", std::int64_t{3}}, {"height", std::int64_t{32}}, {"width", std::int64_t{32}}},
      "");
  last = w.next("Conv2d", conv(16, 3, 1), last);
  last = w.next("BatchNorm2d", {}, last);
  last = w.next("ReLU", {}, last);
  // 7 blocks per unit, 2 more per projection (3 stages), 7 for the stem and the head.
  const int units = std::max(4, (blocks - 7 - 6) / 7);
  std::int64_t channels = 16;
  for (int unit = 0; unit < units; ++unit) {
    const bool stageStart = unit > 0 && unit % (units / 4) == 0 && channels < 128;
    const std::int64_t stride = stageStart ? 2 : 1;
    if (stageStart) channels *= 2;
    const std::string input = last;
    last = w.next("Conv2d", conv(channels, 3, stride), last);
    last = w.next("BatchNorm2d", {}, last);
    last = w.next("ReLU", {}, last);
    last = w.next("Conv2d", conv(channels, 3, 1), last);
    std::string shortcut = input;
    if (stageStart) {
      shortcut = w.next("Conv2d", conv(channels, 1, 2), input, kBeside);
      shortcut = w.next("BatchNorm2d", {}, shortcut, kBeside);
    }
    last = w.next("BatchNorm2d", {}, last);
    const std::string add = w.next("Add", {}, last);
    w.wire(shortcut, add, 1);
    last = w.next("ReLU", {}, add);
  }
  last = w.next("AdaptiveAvgPool2d", {{"output_size", std::int64_t{1}}}, last);
  last = w.next("Flatten", {}, last);
  w.next("Output", {{"classes", std::int64_t{10}}}, last);
  return graph;
}

}  // namespace convstudio
