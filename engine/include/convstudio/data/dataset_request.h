#pragma once
// What data to load, as the loader needs it: the kind of dataset, where it is, the input shape
// the model wants, how images are fitted to it, whether decoded images are cached and how to
// split off validation data. Built from a project's DatasetSettings by dataset_request().

#include <cstdint>
#include <string>
#include <string_view>

#include "convstudio/data/augmentation_options.h"
#include "convstudio/model/dataset_settings.h"

namespace convstudio {

// Where Debian installs Fashion-MNIST.
inline constexpr std::string_view kFashionMnistFolder = "/usr/share/datasets/fashion-mnist";

struct DatasetRequest {
  DatasetKind kind = DatasetKind::FashionMnist;
  std::string path;  // folder (CSV: the labels file); empty means kFashionMnistFolder
  bool allow_paths_outside = false;  // CSV rows may name files outside the CSV's folder

  // Shape the images are converted to. 0 keeps the data's own: IDX images stay 1 x H x W;
  // image files take 1 channel when every sampled image is grey (else 3) and the common size
  // of a sample of them (the median when sizes differ).
  int channels = 0;
  int height = 0;
  int width = 0;
  FitMode fit = FitMode::ResizeCrop;

  CacheMode cache = CacheMode::Auto;
  std::int64_t cache_budget_bytes = 0;  // Auto's budget; 0 = a quarter of the physical memory

  // Above 0: hold out this fraction of the training data for validation, chosen by split_seed.
  // 0: validate on the dataset's test set; a dataset without one holds out 10%.
  double validation_fraction = 0.0;
  std::uint64_t split_seed = 0;

  // Folds ≥ 2 (a k-fold study's trial): validate on fold `validation_fold` of the training data
  // dealt into `folds` by `fold_seed` (stratified: each class spread evenly), train on the other
  // folds; the test set and validation_fraction are not used.
  int folds = 0;
  int validation_fold = 0;
  std::uint64_t fold_seed = 0;
  bool stratified_folds = false;

  // Segmentation data: the mask value (and the target value) of pixels no loss or metric counts.
  std::int64_t ignore_label = 255;

  // The normalisation statistics cost a pass over IDX data or a sample of image files; a
  // preview does not need them.
  bool compute_statistics = true;
};

// The request for a project's dataset settings. The model's input shape (channels, height,
// width; 0 = the data's own) wins over the settings' input override, since the images must fit
// the network.
DatasetRequest dataset_request(const DatasetSettings& settings, std::uint64_t seed,
                               int channels = 0, int height = 0, int width = 0);

// The loader's augmentation for a project's augmentation settings.
AugmentationOptions augmentation_options(const AugmentationSettings& settings);

// A .csv file is a CSV list; a folder holding *-idx3-ubyte[.gz] files is IDX; anything else is
// read as an image folder.
DatasetKind guess_dataset_kind(const std::string& path);

}  // namespace convstudio
