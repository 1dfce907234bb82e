#pragma once
// What calibration learns about one activation tensor, and the range its int8 form covers.
// Two passes over the same images: the first finds the smallest and largest value, the second
// fills a histogram over [-t, t], t the larger magnitude, from which percentile and entropy pick
// a range. onnxruntime grows its histogram batch by batch instead; fixing the range first makes
// the result independent of the batch order and is otherwise the same computation.
//
// Written here by hand: no C++ library calibrates activations for an ONNX graph we write
// ourselves (onnxruntime's calibrators are Python and run an ONNX model, TensorRT's need a GPU
// engine). The definitions follow onnxruntime's quantization/calibrate.py and NVIDIA's
// "8-bit inference with TensorRT" (GTC 2017); no code is copied.

#include <torch/torch.h>

#include <cstdint>
#include <vector>

#include "convstudio/export/int8_export.h"
#include "export/int8/activation_range.h"

namespace convstudio {

// A histogram of counts over [edges.front(), edges.back()], edges.size() == counts.size() + 1.
struct ValueHistogram {
  std::vector<double> counts;
  std::vector<float> edges;
};

class ActivationStatistics {
 public:
  static constexpr int kHistogramBins = 2048;  // TensorRT's and onnxruntime's percentile bins
  static constexpr int kQuantizedBins = 128;   // levels on one side of zero in int8

  void observe_range(const torch::Tensor& values);      // first pass
  void observe_histogram(const torch::Tensor& values);  // second pass
  bool seen() const { return seen_; }
  ActivationRange range(CalibrationMethod method, double percentile) const;

 private:
  bool seen_ = false;
  float min_ = 0;
  float max_ = 0;
  std::vector<double> counts_;
};

// onnxruntime's percentile rule: the histogram edges where the cumulative share first reaches
// (100 - p) / 200 and 1 - (100 - p) / 200, kept inside [min, max].
ActivationRange percentile_range(const ValueHistogram& histogram, float min, float max,
                                 double percentile);
// The TensorRT/onnxruntime KL rule on a histogram symmetric about zero: for every candidate
// window of i bins either side of the centre (i from quantized_bins / 2 up), the clipped
// distribution P (outliers added to its end bins) is compared with Q, P merged into
// `quantized_bins` levels and spread back over P's non-empty bins; the window with the smallest
// KL(P || Q) wins, kept inside [min, max].
ActivationRange entropy_range(const ValueHistogram& histogram, float min, float max,
                              int quantized_bins);

}  // namespace convstudio
