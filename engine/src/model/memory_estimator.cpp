#include "convstudio/model/memory_estimator.h"

#include <algorithm>
#include <optional>

#include "blocks/shared/pool_window.h"
#include "memory_timeline.h"

namespace convstudio {

std::string to_string(Precision precision) {
  switch (precision) {
    case Precision::Fp32:
      return "fp32";
    case Precision::Fp16:
      return "fp16";
    case Precision::Bf16:
      return "bf16";
  }
  return "fp32";
}

std::optional<Precision> parse_precision(std::string_view text) {
  if (text == "fp32") return Precision::Fp32;
  if (text == "fp16") return Precision::Fp16;
  if (text == "bf16") return Precision::Bf16;
  return std::nullopt;
}

AmpMode amp_of(Precision precision) {
  switch (precision) {
    case Precision::Fp32:
      return AmpMode::Off;
    case Precision::Fp16:
      return AmpMode::Fp16;
    case Precision::Bf16:
      return AmpMode::Bf16;
  }
  return AmpMode::Off;
}

Precision precision_of(AmpMode amp) {
  switch (amp) {
    case AmpMode::Off:
      return Precision::Fp32;
    case AmpMode::Fp16:
      return Precision::Fp16;
    case AmpMode::Bf16:
      return Precision::Bf16;
    case AmpMode::Auto:
      // Decided on the device when the run starts; the estimate assumes the larger, fp32.
      return Precision::Fp32;
  }
  return Precision::Fp32;
}

int bytes_per_element(Precision precision) {
  return precision == Precision::Fp32 ? 4 : 2;
}

namespace {

// LibTorch's own test for oneDNN's bf16 kernels on x86 (mkldnn_bf16_device_check): without them
// its convolutions unfold their input. fp16 needs AVX-512 FP16 or AMX (Sapphire Rapids on), which
// is not checked here: fp16 on a CPU counts as unfolding, an over-estimate on those.
bool cpu_has_onednn_kernels(Precision precision) {
  switch (precision) {
    case Precision::Fp32:
      return true;
    case Precision::Bf16:
#if defined(__x86_64__) || defined(__i386__)
      return __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl") &&
             __builtin_cpu_supports("avx512dq");
#else
      return false;
#endif
    case Precision::Fp16:
      return false;
  }
  return false;
}

}  // namespace

bool runs_onednn_pooling(const Block& block, const MemoryOptions& options) {
  return block.type == "MaxPool2d" && !options.on_cuda && !options.channels_last &&
         options.precision == Precision::Fp32 &&
         blocks::windows_do_not_overlap(blocks::pool_window(block));
}

MemoryOptions memory_options(const TrainingSettings& training, const ModelAnalysis& analysis) {
  MemoryOptions options;
  options.batch_size = training.batch_size;
  options.precision = precision_of(training.amp);
  options.optimizer = training.optimizer.kind;
  options.momentum = training.optimizer.momentum;
  const std::optional<DeviceChoice> device = parse_device(training.device);
  options.on_cuda = device && device->kind == DeviceChoice::Kind::Cuda;
  options.channels_last = memory_format_rule(training.memory_format, options.on_cuda, training.amp,
                                             analysis.convolution_work())
                              .channels_last;
  options.convolutions_unfold = !options.on_cuda && cpu_convolutions_unfold(options.precision);
  return options;
}

bool cpu_convolutions_unfold(Precision precision) {
  return !cpu_has_onednn_kernels(precision);
}

std::int64_t MemoryEstimator::kept_for_backward(const Block& block, const BlockAnalysis& analysed,
                                                const MemoryOptions& options) {
  const std::int64_t batch = std::max<std::int64_t>(options.batch_size, 0);
  const std::int64_t element = bytes_per_element(options.precision);
  const bool autocast = options.precision != Precision::Fp32;
  // The fp32 input batch is counted on its own; under autocast the first layer saves a cast copy.
  const bool is_input = analysed.input_shapes.empty();
  std::int64_t bytes = 0;
  if (analysed.output_saved_for_backward && (!is_input || autocast)) {
    bytes += analysed.output_elements * element;
  }
  if (analysed.recompute) return batch * bytes;
  if (runs_onednn_pooling(block, options) && !analysed.input_shapes.empty()) {
    // Its input in oneDNN's layout, its oneDNN output and a byte of workspace per output.
    return batch * (bytes + analysed.input_shapes.front().element_count() * element +
                    analysed.output_elements * (element + 1));
  }
  return batch * (bytes + analysed.saved_extra_elements * element + analysed.saved_index_bytes);
}

MemoryEstimate MemoryEstimator::estimate(const Graph& graph, const ModelAnalysis& analysis,
                                         const MemoryOptions& options) {
  return step_memory_peak(graph, analysis, options);
}

MemoryEstimate MemoryEstimator::estimate(const Graph& graph, const ModelAnalysis& analysis,
                                         const TrainingSettings& training) {
  return estimate(graph, analysis, memory_options(training, analysis));
}

}  // namespace convstudio
