#include "inspect_data_command.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <iostream>
#include <memory>
#include <sstream>

#include "convstudio/data/dataset_statistics.h"
#include "convstudio/model/training_settings.h"
#include "convstudio/model/validation_choice.h"
#include "dataset_choice.h"
#include "exit_codes.h"

namespace convstudio::cli {
namespace {

struct InspectDataOptions {
  std::string dataset;
  std::int64_t seed = TrainingSettings{}.seed;  // a new project's: the split training makes
  double validation_fraction = 0.0;             // 0: the project's own choice
  bool allow_paths_outside = false;
  bool json = false;
};

// Characters a terminal shows for UTF-8 `text` (class names may be Chinese, say).
std::size_t visible_width(const std::string& text) {
  std::size_t width = 0;
  for (unsigned char c : text) width += (c & 0xC0) != 0x80;
  return width;
}

std::string padded(const std::string& text, std::size_t width) {
  const std::size_t shown = visible_width(text);
  return text + std::string(shown < width ? width - shown : 0, ' ');
}

std::string size_text(const ImageSizeCount& size) {
  return std::to_string(size.width) + "\u00d7" + std::to_string(size.height);
}

void print_counts(const DatasetStatistics& statistics, std::ostream& out) {
  std::size_t name_width = std::string("total").size();
  for (const std::string& name : statistics.class_names) {
    name_width = std::max(name_width, visible_width(name));
  }
  out << padded("class", name_width) << std::setw(12) << "train" << std::setw(12) << "validation"
      << "\n";
  std::int64_t train = 0;
  std::int64_t validation = 0;
  for (std::size_t c = 0; c < statistics.class_names.size(); ++c) {
    out << padded(statistics.class_names[c], name_width) << std::setw(12)
        << statistics.train_counts[c] << std::setw(12) << statistics.validation_counts[c] << "\n";
    train += statistics.train_counts[c];
    validation += statistics.validation_counts[c];
  }
  // An image shows several classes of a mask: their counts do not add up to the images.
  if (!statistics.train_pixels.empty()) return;
  out << padded("total", name_width) << std::setw(12) << train << std::setw(12) << validation
      << "\n";
}

// Segmentation data: each class's share of the labelled pixels in either split.
void print_pixel_shares(const DatasetStatistics& statistics, std::ostream& out) {
  std::size_t name_width = std::string("class").size();
  for (const std::string& name : statistics.class_names) {
    name_width = std::max(name_width, visible_width(name));
  }
  out << "pixels per class (share of the labelled pixels; ignored pixels left out)\n"
      << padded("class", name_width) << std::setw(12) << "train" << std::setw(12) << "validation"
      << "\n";
  const auto percent = [](double share) {
    std::ostringstream text;
    text << std::fixed << std::setprecision(1) << 100.0 * share << " %";
    return text.str();
  };
  for (std::size_t c = 0; c < statistics.class_names.size(); ++c) {
    out << padded(statistics.class_names[c], name_width) << std::setw(12)
        << percent(pixel_share(statistics.train_pixels, c)) << std::setw(12)
        << percent(pixel_share(statistics.validation_pixels, c)) << "\n";
  }
}

void print_sizes(const ImageSizeStatistics& sizes, std::ostream& out) {
  out << "images: " << sizes.images;
  if (sizes.examined < sizes.images) out << " (sizes from a sample of " << sizes.examined << ")";
  out << "\n";
  if (sizes.unreadable > 0) out << "unreadable headers: " << sizes.unreadable << "\n";
  if (sizes.most_common.empty()) return;
  out << "sizes: smallest " << size_text(sizes.smallest) << ", median " << size_text(sizes.median)
      << ", largest " << size_text(sizes.largest) << "\n";
  out << "most common:";
  for (std::size_t i = 0; i < sizes.most_common.size(); ++i) {
    out << (i == 0 ? " " : ", ") << size_text(sizes.most_common[i]) << " ("
        << sizes.most_common[i].images << ")";
  }
  out << "\n";
  out << "grey: " << sizes.grey << ", colour: " << sizes.colour << "\n";
}

// The warning and its advice, true whichever of the two remedies the project uses.
std::string imbalance_warning(const DatasetStatistics& statistics,
                              const ClassImbalance& imbalance) {
  std::ostringstream text;
  text << "warning: the classes are imbalanced: \"" << statistics.class_names[imbalance.largest]
       << "\" has " << imbalance.largest_images << " training images, ";
  if (std::isfinite(imbalance.ratio)) {
    text << std::fixed << std::setprecision(1) << imbalance.ratio << " times the "
         << imbalance.smallest_images << " of \"" << statistics.class_names[imbalance.smallest]
         << "\"";
  } else {
    text << "\"" << statistics.class_names[imbalance.smallest] << "\" has none";
  }
  text << " (more than " << static_cast<int>(kImbalanceRatio)
       << ":1). Accuracy will hide the rare classes; weight the classes (class_weights: "
          "balanced) or draw them equally with the balanced sampler.";
  return text.str();
}

// Where the validation images come from, as `new` says it.
std::string validation_text(const DatasetStatistics& statistics, const DatasetSettings& settings,
                            std::int64_t seed) {
  if (statistics.validation_is_test_set) {
    const std::string folder = choose_validation(settings.source, settings.path).folder;
    return folder.empty() ? "the dataset's test set" : "the images in " + folder;
  }
  if (settings.validation == ValidationSplit::Fold) {
    return "fold " + std::to_string(settings.validation_fold + 1) + " of " +
           std::to_string(settings.folds) + " of the training images" +
           (settings.stratified_folds ? " (stratified)" : "") + ", dealt with seed " +
           std::to_string(settings.fold_seed);
  }
  // The share the loader held out, counted (a missing test set holds out its default).
  std::int64_t validation = 0;
  std::int64_t all = 0;
  for (std::size_t c = 0; c < statistics.class_names.size(); ++c) {
    validation += statistics.validation_counts[c];
    all += statistics.train_counts[c] + statistics.validation_counts[c];
  }
  const long percent =
      all > 0 ? std::lround(100.0 * static_cast<double>(validation) / static_cast<double>(all)) : 0;
  return std::to_string(percent) + "% of the training images, held out at random with seed " +
         std::to_string(seed);
}

int run_inspect_data(const InspectDataOptions& options) {
  Result<DatasetSettings> settings =
      dataset_settings_for(options.dataset, options.allow_paths_outside);
  if (!settings) {
    std::cerr << "error: " << settings.error().describe() << "\n";
    return kExitUsageError;
  }
  if (options.validation_fraction > 0.0) {
    settings.value().validation = ValidationSplit::Fraction;
    settings.value().validation_fraction = options.validation_fraction;
  }
  const DatasetRequest request =
      dataset_request(settings.value(), static_cast<std::uint64_t>(options.seed));
  Result<DatasetStatistics> statistics = dataset_statistics(request, progress_printer());
  if (!statistics) {
    std::cerr << "error: " << statistics.error().describe() << "\n";
    return kExitUsageError;
  }
  const DatasetStatistics& s = statistics.value();
  if (options.json) {
    std::cout << dataset_statistics_json(s).dump(2) << "\n";
    return kExitOk;
  }
  std::cout << "dataset: " << s.path << "\n"
            << "validation: " << validation_text(s, settings.value(), options.seed) << "\n\n";
  if (!s.train_pixels.empty()) std::cout << "images showing each class\n";
  print_counts(s, std::cout);
  std::cout << "\n";
  if (!s.train_pixels.empty()) {
    print_pixel_shares(s, std::cout);
    std::cout << "\n";
  }
  print_sizes(s.sizes, std::cout);
  if (s.imbalance) std::cout << "\n" << imbalance_warning(s, *s.imbalance) << "\n";
  return kExitOk;
}

}  // namespace

void add_inspect_data_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<InspectDataOptions>();
  auto* command = app.add_subcommand(
      "inspect-data",
      "Images per class in the training and validation splits (and each class's share of the "
      "pixels, for segmentation masks), image sizes, grey and colour images, and a warning when "
      "the classes are out of balance");
  command->add_option("dataset", options->dataset, "fashion-mnist, an image folder or a list file")
      ->required();
  command
      ->add_option("--seed", options->seed,
                   "Seed that holds out the validation share, as the project's seed does")
      ->capture_default_str();
  command
      ->add_option("--validation-fraction", options->validation_fraction,
                   "Hold out this share for validation instead of the data's own test split")
      ->check(CLI::Range(0.0, 0.99));
  command->add_flag("--allow-paths-outside", options->allow_paths_outside,
                    "A list's rows may name files outside its folder");
  command->add_flag("--json", options->json, "Print the statistics as one JSON object");
  command->callback([options, &exit_code] { exit_code = run_inspect_data(*options); });
}

}  // namespace convstudio::cli
