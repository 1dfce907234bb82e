#pragma once
// Running a trained or exported model on image files: top-k classes with probabilities, a
// softmax temperature, and whole folders to CSV; for a segmentation model, each pixel's class
// and the pixels of each class. Torch-free, so the GUI can hold one.

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "convstudio/data/planar_image.h"
#include "convstudio/error.h"
#include "convstudio/export/preprocessing_contract.h"
#include "convstudio/result.h"

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

// A segmentation model's answer for one image, at the model's input size: the image as the
// model saw it (fitted by the contract's fit mode), each pixel's class (the argmax of the
// logits) and how many pixels each class has.
struct SegmentationPrediction {
  std::string image;                       // the file as given
  PlanarImage fitted;                      // C×H×W bytes, before scaling and normalisation
  std::vector<std::int32_t> classes;       // H×W class indices, row by row
  std::vector<std::int64_t> pixel_counts;  // per class index; they sum to H×W
  std::optional<std::string> error;        // the image could not be read (nothing else is set)

  int height() const { return fitted.height; }
  int width() const { return fitted.width; }
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

// Every .png/.jpg/.jpeg/.bmp/.tif/.tiff/.webp/.pgm/.ppm/.pnm file under `folder`, sorted; the
// error's message names the folder (not a folder, cannot be read).
Result<std::vector<std::filesystem::path>> image_files_under(const std::filesystem::path& folder);

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

  // A segmentation model (contract().segments()): each image's per-pixel classes. A model that
  // gives N×K scores instead says so as every image's error. Stops early as predict() does.
  std::vector<SegmentationPrediction> segment(const std::vector<std::filesystem::path>& images,
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
