#pragma once
// Running a trained or exported model on image files: top-k classes with probabilities, a
// softmax temperature, and whole folders to CSV. Torch-free, so the GUI can hold one.

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "convstudio/error.h"
#include "convstudio/export/preprocessing_contract.h"

namespace convstudio {

struct ClassScore {
  std::int64_t index = 0;
  std::string name;  // the class name, or the index as text when the model has no names
  double probability = 0;
};

struct ImagePrediction {
  std::string image;                 // the file as given
  std::vector<ClassScore> top;       // best first
  std::optional<std::string> error;  // the image could not be read
};

struct FolderPrediction {
  std::int64_t images = 0;           // rows written
  std::int64_t failed = 0;           // files that could not be decoded (rows with an error)
  bool cancelled = false;            // the progress callback stopped it; nothing written
  std::optional<std::string> error;  // nothing written: folder or CSV problem, or cancelled
};

// Told how many images of how many are done (first with 0, then after each chunk of up to 64);
// returning false stops the work.
using PredictionProgress = std::function<bool(std::int64_t done, std::int64_t total)>;

class InferenceModel;

struct InferenceModelLoad {
  std::shared_ptr<const InferenceModel> model;
  std::optional<Error> error;  // set when model is null; its place is the model file
};

// A model ready to predict on the CPU, from a checkpoint folder (*.ckpt), a native export
// (.safetensors), an AOTInductor package (.pt2, export --format pt2-aoti), a TorchScript export
// (.pt) or an ONNX export (.onnx, run by OpenCV DNN).
// Predictions may be called from any thread.
class InferenceModel {
 public:
  static InferenceModelLoad load(const std::filesystem::path& path);
  ~InferenceModel();

  const PreprocessingContract& contract() const;
  std::string kind() const;  // "checkpoint", "native", "aoti", "torchscript" or "onnx"

  // Any image OpenCV reads, converted to the model's channels, size and normalisation as the
  // training data was. `temperature` > 0 divides the logits before the softmax.
  ImagePrediction predict(const std::filesystem::path& image, int top_k = 5,
                          double temperature = 1.0) const;
  // Stops early when `progress` returns false; the images not reached have no classes and no
  // error.
  std::vector<ImagePrediction> predict(const std::vector<std::filesystem::path>& images,
                                       int top_k = 5, double temperature = 1.0,
                                       const PredictionProgress& progress = {}) const;
  // Every .png/.jpg/.jpeg/.bmp/.tif/.tiff/.webp/.pgm/.ppm/.pnm file under `folder` (sorted), one
  // CSV row each: file,class_1,probability_1,...,class_K,probability_K,error.
  FolderPrediction predict_folder(const std::filesystem::path& folder,
                                  const std::filesystem::path& csv, int top_k = 5,
                                  double temperature = 1.0,
                                  const PredictionProgress& progress = {}) const;

  class Backend;  // how logits are computed; defined in the engine

 private:
  static InferenceModelLoad load_aoti_package(const std::filesystem::path& path);
  InferenceModel(std::unique_ptr<Backend> backend, PreprocessingContract contract,
                 std::string kind);
  std::unique_ptr<Backend> backend_;
  PreprocessingContract contract_;
  std::string kind_;
};

}  // namespace convstudio
