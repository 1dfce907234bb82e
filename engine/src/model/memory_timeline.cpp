#include "memory_timeline.h"

#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "blocks/block_model.h"
#include "convstudio/model/optimizer_spec.h"
#include "graph_index.h"

namespace convstudio {
namespace {

// One block as the timeline sees it; bytes for the whole batch.
struct BlockMemory {
  std::vector<int> producers;  // analysis positions of the blocks feeding it
  int last_reader = -1;        // the last block reading its output in forward
  int output_freed_after = 0;  // the block whose backward frees its kept output
  std::int64_t output = 0;     // its output, and the gradient flowing back to it
  std::int64_t kept_output = 0;
  std::int64_t kept_own = 0;         // masks, indices, oneDNN's copies: freed by its own backward
  std::int64_t unfolded = 0;         // a convolution's unfolded input, forward and backward
  std::int64_t backward_copies = 0;  // oneDNN pooling's gradients in its own layout
  std::int64_t recomputed = 0;       // what it holds while backward recomputes its segment
  std::int64_t gradients = 0;        // fp32 gradients of its trained parameters
  std::int64_t cast_weights = 0;
  bool carries_gradient = false;
  // Add, Concat and views hand their inputs views of the gradient they receive, no copy.
  bool passes_gradient_on = false;
  bool is_view = false;  // its output shares its input's storage
};

// LibTorch's slow_conv2d unfolds the whole batch (C_in/groups × k² rows per output position,
// group by group); 1×1 stride-1 unpadded convolutions read the input as it is, and dilated ones
// (slow_conv_dilated2d) unfold one sample at a time.
std::int64_t unfolded_input_bytes(const Block& block, const BlockAnalysis& analysed,
                                  std::int64_t batch, std::int64_t element) {
  if (block.type != "Conv2d" || analysed.input_shapes.empty()) return 0;
  const std::int64_t k = block.int_param("kernel");
  const bool same = block.choice_param("padding_mode") == "same";
  const bool padded = !same && block.int_param("padding") > 0;
  if (k == 1 && block.int_param("stride") == 1 && !padded) return 0;
  const std::int64_t groups = std::max<std::int64_t>(block.int_param("groups"), 1);
  const TensorShape& out = analysed.output_shape;
  const std::int64_t rows = analysed.input_shapes.front().channels() / groups * k * k;
  const std::int64_t samples = block.int_param("dilation") > 1 ? 1 : batch;
  return samples * rows * out.height() * out.width() * element;
}

bool is_view(const Block& block) {
  const blocks::BlockModel* model = blocks::find_block_model(block.type);
  return model != nullptr && model->output_is_view;
}

// Forward: each block's wires and what it allocates and keeps for backward, in analysis order.
std::vector<BlockMemory> forward_memory(const Graph& graph, const ModelAnalysis& analysis,
                                        const MemoryOptions& options) {
  const std::int64_t batch = std::max<std::int64_t>(options.batch_size, 0);
  const std::int64_t element = bytes_per_element(options.precision);
  const bool autocast = options.precision != Precision::Fp32;
  const GraphIndex index(graph);
  const int count = static_cast<int>(analysis.blocks.size());
  std::map<std::string, int, std::less<>> position;
  for (int b = 0; b < count; ++b) position[analysis.blocks[b].id] = b;

  std::vector<BlockMemory> memory(analysis.blocks.size());
  for (int b = 0; b < count; ++b) {
    const BlockAnalysis& analysed = analysis.blocks[b];
    const std::optional<std::size_t> at = index.position(analysed.id);
    if (!at) continue;  // an analysis of another graph: nothing to count
    const Block& block = graph.blocks()[*at];
    BlockMemory& m = memory[b];
    for (const Connection* wire : index.inputs(*at)) {
      const auto from = position.find(wire->from);
      if (from == position.end()) continue;
      m.producers.push_back(from->second);
      memory[from->second].last_reader = std::max(memory[from->second].last_reader, b);
    }
    const bool is_input = analysed.input_shapes.empty();
    m.output = is_input ? 0 : batch * analysed.output_elements * element;
    const std::int64_t kept = MemoryEstimator::kept_for_backward(block, analysed, options);
    m.kept_output = analysed.output_saved_for_backward && (!is_input || autocast)
                        ? batch * analysed.output_elements * element
                        : 0;
    m.kept_own = kept - m.kept_output;
    m.unfolded =
        options.convolutions_unfold ? unfolded_input_bytes(block, analysed, batch, element) : 0;
    if (runs_onednn_pooling(block, options) && !is_input) {
      // Its backward makes the input's gradient in oneDNN's layout first (its output's there
      // too, the plain one freed), then the plain copy: an input-sized gradient more.
      m.backward_copies =
          batch *
          std::max<std::int64_t>(
              analysed.input_shapes.front().element_count() - analysed.output_elements, 0) *
          element;
    }
    const bool trains = block.trainable && analysed.params > 0;
    m.gradients = trains ? analysed.params * 4 : 0;
    m.cast_weights = autocast && analysed.macs > 0 ? analysed.params * 2 : 0;
    m.carries_gradient = trains;
    for (int producer : m.producers) {
      m.carries_gradient = m.carries_gradient || memory[producer].carries_gradient;
    }
    m.is_view = is_view(block);
    m.passes_gradient_on = m.is_view || block.type == "Add" || block.type == "Concat";
  }
  return memory;
}

// Recompute: what each recomputed block holds while backward recomputes its segment.
void add_recomputed_memory(const ModelAnalysis& analysis, const MemoryOptions& options,
                           std::vector<BlockMemory>& memory) {
  const std::int64_t batch = std::max<std::int64_t>(options.batch_size, 0);
  const std::int64_t element = bytes_per_element(options.precision);
  const int count = static_cast<int>(analysis.blocks.size());
  // Inside a recomputation autograd keeps what the blocks keep when nothing is recomputed (an
  // output a block saves, or a reader saves as its input); the segment's outputs are held too,
  // as the roots of its backward.
  std::vector<bool> output_kept_inside(analysis.blocks.size(), false);
  for (int b = 0; b < count; ++b) {
    const BlockAnalysis& analysed = analysis.blocks[b];
    if (analysed.saves_output) output_kept_inside[b] = true;
    for (int producer : memory[b].producers) {
      const bool other_segment =
          analysis.blocks[producer].recompute_segment != analysed.recompute_segment;
      if (analysed.saves_input || other_segment) output_kept_inside[producer] = true;
    }
  }
  for (int b = 0; b < count; ++b) {
    const BlockAnalysis& analysed = analysis.blocks[b];
    if (!analysed.recompute) continue;
    memory[b].recomputed =
        batch * ((output_kept_inside[b] ? analysed.output_elements * element : 0) +
                 analysed.saved_extra_elements * element + analysed.saved_index_bytes);
  }
}

// Backward: the block whose backward frees each block's kept output.
void add_output_frees(const ModelAnalysis& analysis, std::vector<BlockMemory>& memory) {
  const int count = static_cast<int>(analysis.blocks.size());
  std::vector<int> first_reader(analysis.blocks.size(), -1);
  for (int b = 0; b < count; ++b) {
    for (int producer : memory[b].producers) {
      int& first = first_reader[producer];
      if (first < 0 || b < first) first = b;
    }
  }
  // A block that saves its output frees it in its own backward; else the readers that keep it
  // do (one that saves it as its input, or a recomputed segment keeping its input until its
  // whole backward is done), and backward reaches the earliest of them last.
  std::map<std::string, int> segment_start;
  for (int b = count - 1; b >= 0; --b) {
    const std::string& segment = analysis.blocks[b].recompute_segment;
    if (!segment.empty()) segment_start[segment] = b;
  }
  std::vector<int> first_keeper(analysis.blocks.size(), -1);
  for (int b = 0; b < count; ++b) {
    const BlockAnalysis& reader = analysis.blocks[b];
    for (int producer : memory[b].producers) {
      int keeps_until = -1;
      if (reader.recompute) {
        if (analysis.blocks[producer].recompute_segment != reader.recompute_segment) {
          keeps_until = segment_start[reader.recompute_segment];
        }
      } else if (reader.saves_input) {
        keeps_until = b;
      }
      int& first = first_keeper[producer];
      if (keeps_until >= 0 && (first < 0 || keeps_until < first)) first = keeps_until;
    }
  }
  for (int b = 0; b < count; ++b) {
    const BlockAnalysis& analysed = analysis.blocks[b];
    const int keeper = first_keeper[b] >= 0 ? first_keeper[b] : first_reader[b];
    memory[b].output_freed_after =
        analysed.saves_output && !analysed.recompute ? b : std::max(keeper, b);
  }
}

std::vector<BlockMemory> block_memory(const Graph& graph, const ModelAnalysis& analysis,
                                      const MemoryOptions& options) {
  std::vector<BlockMemory> memory = forward_memory(graph, analysis, options);
  add_recomputed_memory(analysis, options, memory);
  add_output_frees(analysis, memory);
  return memory;
}

// The moments of one step, keeping the highest.
class StepTimeline {
 public:
  StepTimeline(const Graph& graph, const ModelAnalysis& analysis, const MemoryOptions& options)
      : analysis_(analysis), memory_(block_memory(graph, analysis, options)) {
    const std::int64_t batch = std::max<std::int64_t>(options.batch_size, 0);
    const std::int64_t params = analysis.total_params();
    OptimizerSettings optimizer;
    optimizer.kind = options.optimizer;
    optimizer.momentum = options.momentum;
    fixed_.weights_bytes = params * 4;
    fixed_.optimizer_state_bytes =
        params * optimizer_spec(options.optimizer).state_bytes_per_parameter(optimizer);
    fixed_.input_batch_bytes = batch * (analysis.input_shape.element_count() * 4 + 8);
    for (const BlockMemory& m : memory_) {
      cast_weights_ += m.cast_weights;
      all_gradients_ += m.gradients;
      largest_gradient_ = std::max(largest_gradient_, m.gradients);
    }
  }

  MemoryEstimate peak() {
    forward();
    backward();
    // The optimizer step: updates read the gradients; SGD's weight decay and Nesterov terms
    // make up to two temporaries of a parameter tensor.
    moment(MemoryPhase::OptimizerStep, -1, 0, all_gradients_, 2 * largest_gradient_, 0);
    return peak_;
  }

 private:
  void forward() {
    const int count = static_cast<int>(memory_.size());
    std::vector<std::int64_t> released_after(memory_.size(), 0);
    std::int64_t kept = 0;
    std::int64_t waiting = 0;  // outputs no one keeps, alive until their last reader
    for (int b = 0; b < count; ++b) {
      const BlockMemory& m = memory_[b];
      const std::int64_t output = m.is_view ? 0 : m.output;
      moment(MemoryPhase::Forward, b, kept, 0, waiting + output + m.unfolded, cast_weights_);
      kept += m.kept_output + m.kept_own;
      if (m.kept_output == 0 && m.last_reader > b && !m.is_view) {
        waiting += m.output;
        released_after[m.last_reader] += m.output;
      }
      waiting -= released_after[b];
    }
    kept_at_backward_ = kept;
  }

  void backward() {
    const int count = static_cast<int>(memory_.size());
    std::vector<std::int64_t> freed_after(memory_.size(), 0);
    std::map<std::string, std::pair<std::int64_t, std::int64_t>> segments;  // held, unfolded
    for (int b = 0; b < count; ++b) {
      freed_after[memory_[b].output_freed_after] += memory_[b].kept_output;
      freed_after[b] += memory_[b].kept_own;
      const std::string& segment = analysis_.blocks[b].recompute_segment;
      if (segment.empty()) continue;
      auto& [held, unfolded] = segments[segment];
      held += memory_[b].recomputed;
      unfolded = std::max(unfolded, memory_[b].unfolded);
    }
    // A segment's outputs: LibTorch calls the segment's backward with their gradients and keeps
    // those until it returns, and the recomputed outputs are the roots of its inner backward:
    // both stay until backward has passed the whole segment (nn/recomputed_block.cpp).
    std::vector<bool> segment_output(memory_.size(), false);
    std::map<std::string, int> segment_start;
    for (int b = 0; b < count; ++b) {
      const std::string& segment = analysis_.blocks[b].recompute_segment;
      if (!segment.empty() && !segment_start.contains(segment)) segment_start[segment] = b;
      if (!segment.empty() && memory_[b].last_reader < 0) segment_output[b] = true;
      for (int producer : memory_[b].producers) {
        const std::string& from = analysis_.blocks[producer].recompute_segment;
        if (!from.empty() && from != segment) segment_output[producer] = true;
      }
    }
    std::map<std::string, std::int64_t> held_until_done;
    std::int64_t held = 0;
    std::vector<std::int64_t> pending(memory_.size(), 0);  // gradients waiting at outputs
    std::int64_t waiting = 0;
    for (int b = 0; b < count; ++b) {
      if (memory_[b].last_reader < 0 && memory_[b].carries_gradient) {
        pending[b] = memory_[b].output;  // the loss's gradient of the logits
        waiting += pending[b];
      }
    }
    std::int64_t kept = kept_at_backward_;
    std::int64_t recomputed = 0;
    std::int64_t gradients = 0;
    for (int b = count - 1; b >= 0; --b) {
      const BlockMemory& m = memory_[b];
      const std::string& segment = analysis_.blocks[b].recompute_segment;
      if (!segment.empty()) {
        auto at = segments.find(segment);
        if (at != segments.end()) {  // backward reaches the segment: its forward runs again
          recomputed += at->second.first;
          moment(MemoryPhase::Backward, b, kept + recomputed, gradients,
                 waiting + held + at->second.second, cast_weights_);
          segments.erase(at);
        }
      }
      std::int64_t produced = 0;
      for (int producer : m.producers) {
        if (memory_[producer].carries_gradient && !m.passes_gradient_on) {
          produced += memory_[producer].output;
        }
      }
      gradients += m.gradients;
      moment(MemoryPhase::Backward, b, kept + recomputed, gradients,
             waiting + held + produced + m.unfolded + m.backward_copies, cast_weights_);
      if (segment_output[b]) {
        const std::int64_t stays = m.recomputed + (m.passes_gradient_on ? 0 : pending[b]);
        held_until_done[segment] += stays;
        held += stays;
      }
      hand_gradient_back(b, pending, waiting);
      kept -= freed_after[b];
      recomputed -= m.recomputed;
      if (!segment.empty() && segment_start[segment] == b) {
        held -= held_until_done[segment];
        held_until_done.erase(segment);
      }
    }
  }

  // After block b's backward: its output's gradient is freed and its producers' wait (one
  // shared tensor where b passes its gradient on; a second gradient adds into the first).
  void hand_gradient_back(int b, std::vector<std::int64_t>& pending, std::int64_t& waiting) {
    const BlockMemory& m = memory_[b];
    waiting -= pending[b];
    const std::int64_t passed = m.passes_gradient_on ? pending[b] : 0;
    pending[b] = 0;
    std::vector<int> producers = m.producers;
    std::sort(producers.begin(), producers.end());  // the earliest holds a shared one longest
    bool shared_placed = false;
    for (int producer : producers) {
      if (!memory_[producer].carries_gradient || pending[producer] > 0) continue;
      if (m.passes_gradient_on) {
        if (shared_placed) continue;
        pending[producer] = passed;
        shared_placed = true;
      } else {
        pending[producer] = memory_[producer].output;
      }
      waiting += pending[producer];
    }
  }

  void moment(MemoryPhase phase, int block, std::int64_t activations, std::int64_t gradients,
              std::int64_t workspace, std::int64_t cast_weights) {
    MemoryEstimate now = fixed_;
    now.weights_bytes += cast_weights;
    now.gradients_bytes = gradients;
    now.activations_bytes = activations;
    now.workspace_bytes = workspace;
    now.total_bytes = now.weights_bytes + now.gradients_bytes + now.optimizer_state_bytes +
                      now.activations_bytes + now.input_batch_bytes + now.workspace_bytes;
    if (now.total_bytes <= peak_.total_bytes) return;
    now.peak_phase = phase;
    if (block >= 0) now.peak_block = analysis_.blocks[block].id;
    peak_ = std::move(now);
  }

  const ModelAnalysis& analysis_;
  std::vector<BlockMemory> memory_;
  MemoryEstimate fixed_;
  MemoryEstimate peak_;
  std::int64_t cast_weights_ = 0;
  std::int64_t all_gradients_ = 0;
  std::int64_t largest_gradient_ = 0;
  std::int64_t kept_at_backward_ = 0;
};

}  // namespace

MemoryEstimate step_memory_peak(const Graph& graph, const ModelAnalysis& analysis,
                                const MemoryOptions& options) {
  if (!analysis.ok() && analysis.blocks.empty()) return {};
  return StepTimeline(graph, analysis, options).peak();
}

}  // namespace convstudio
