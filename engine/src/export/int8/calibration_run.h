#pragma once
// Runs a trained model (LibTorch, eval mode, fp32, CPU) over images of its project's training
// set, preprocessed exactly as training preprocesses them, and measures every block's output:
// the activation ranges the int8 export quantizes with.

#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "convstudio/data/sample_set.h"
#include "convstudio/export/int8_export.h"
#include "convstudio/result.h"
#include "data/batch_loader.h"
#include "export/int8/activation_statistics.h"
#include "export/trained_model.h"

namespace convstudio {

// The checkpoint's project data, as training and evaluation load it.
struct ProjectImages {
  std::shared_ptr<const SampleSet> train;
  std::shared_ptr<const SampleSet> validation;
  std::uint64_t seed = 0;
};

Result<ProjectImages> load_project_images(const std::filesystem::path& checkpoint_dir,
                                          const TrainedModel& model);

// Unshuffled, unaugmented batches normalised with the statistics the model was trained with.
BatchLoaderOptions evaluation_batches(const TrainedModel& model, std::int64_t batch_size);

struct Calibration {
  std::map<std::string, ActivationRange> ranges;  // by ONNX value name (onnx_value_name)
  std::int64_t images = 0;
  bool cancelled = false;
};

// Two passes (range, then histogram) over the first `options.calibration_images` images of the
// training set in a seeded shuffled order; progress runs 0..1 over both.
Calibration calibrate_activations(const TrainedModel& model, const ProjectImages& images,
                                  const Int8ExportOptions& options);

}  // namespace convstudio
